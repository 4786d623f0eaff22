import { messages } from '@painel/shared/messages';
import { CAPTCHA_MAX_LENGTH } from '@painel/shared/schemas/auth';
import { RefreshCw } from 'lucide-react';
import { useFormContext } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import type { useCaptcha } from '@/features/auth/api/get-captcha';
import { cn } from '@/lib/utils';

interface CaptchaFieldProps {
  captcha: ReturnType<typeof useCaptcha>;
}

/**
 * Captcha image, 'Trocar' and the answer box (product.md §2). What is typed is upper-cased as it
 * is typed and capped at 6 characters, so what the user sees is exactly what is sent.
 */
export function CaptchaField({ captcha }: CaptchaFieldProps) {
  const { control } = useFormContext<{ captcha_answer: string }>();
  const reloading = captcha.isFetching;

  return (
    <FormField
      control={control}
      name="captcha_answer"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Captcha</FormLabel>
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
                  {captcha.error.message || messages.captchaLoadFailed}
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
          <FormControl>
            <Input
              {...field}
              onChange={(event) =>
                field.onChange(event.target.value.toUpperCase().slice(0, CAPTCHA_MAX_LENGTH))
              }
              placeholder="Digite os caracteres da imagem"
              maxLength={CAPTCHA_MAX_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              className="font-mono tracking-[0.3em] placeholder:font-sans placeholder:tracking-normal"
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
