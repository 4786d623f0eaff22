import { messages } from '@painel/shared/messages';
import { CAPTCHA_MAX_LENGTH } from '@painel/shared/rules/auth-form';
import { RefreshCw } from 'lucide-react';
import type { Ref } from 'react';

import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { CaptchaState } from '@/features/auth/api/get-captcha';
import { AuthField } from '@/features/auth/components/auth-field';
import { cn } from '@/lib/utils';

interface CaptchaFieldProps {
  captcha: CaptchaState;
  value: string;
  error: string | undefined;
  onChange: (answer: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Captcha image, 'Trocar' and the answer box (docs/product/sessions.md#captcha). What is typed is upper-cased as it
 * is typed and capped at 6 characters, so what the user sees is exactly what is sent.
 */
export function CaptchaField({ captcha, value, error, onChange, inputRef }: CaptchaFieldProps) {
  const reloading = captcha.isFetching;

  return (
    <AuthField
      label="Captcha"
      error={error}
      inputRef={inputRef}
      name="captcha_answer"
      value={value}
      onChange={(event) => onChange(event.target.value.toUpperCase().slice(0, CAPTCHA_MAX_LENGTH))}
      placeholder="Digite os caracteres da imagem"
      maxLength={CAPTCHA_MAX_LENGTH}
      autoComplete="off"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      className="font-mono tracking-[0.3em] placeholder:font-sans placeholder:tracking-normal"
    >
      {/* The box takes the captcha's own background so the image blends in, in light and dark. */}
      <div className="flex items-stretch gap-2">
        <div className="flex h-14 min-w-0 flex-1 items-center justify-center overflow-hidden rounded-md border border-input bg-[#f4f6fb]">
          {captcha.data ? (
            <img
              src={captcha.data.image}
              alt="Imagem do captcha"
              className={cn('h-full w-auto max-w-full object-contain', reloading && 'opacity-40')}
            />
          ) : captcha.isError && !reloading ? (
            <p className="px-3 text-center text-xs text-destructive">
              {captcha.error?.message || messages.captchaLoadFailed}
            </p>
          ) : (
            <>
              <Skeleton className="size-full rounded-none bg-muted" />
              <span className="sr-only">Carregando captcha</span>
            </>
          )}
        </div>
        <Button
          type="button"
          variant="outline"
          className="h-14"
          onClick={() => void captcha.refetch()}
          disabled={reloading}
        >
          <RefreshCw className={cn(reloading && 'animate-spin')} aria-hidden="true" />
          Trocar
        </Button>
      </div>
    </AuthField>
  );
}
