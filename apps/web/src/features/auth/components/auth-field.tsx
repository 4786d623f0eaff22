import { type ComponentProps, type ReactNode, type Ref, useId } from 'react';

import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface AuthFieldProps extends Omit<ComponentProps<'input'>, 'ref'> {
  label: string;
  error: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown between the label and the input (the captcha image). */
  children?: ReactNode;
}

/**
 * A labelled input with its error underneath, wired for screen readers the way the shadcn Form
 * parts do it (aria-invalid, aria-describedby), without react-hook-form.
 */
export function AuthField({ label, error, inputRef, children, id, ...input }: AuthFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const messageId = `${generatedId}-message`;

  return (
    <div data-slot="form-item" className="grid content-start gap-2">
      <Label htmlFor={inputId} data-error={!!error} className="data-[error=true]:text-destructive">
        {label}
      </Label>
      {children}
      <Input
        {...input}
        ref={inputRef}
        id={inputId}
        aria-invalid={!!error}
        aria-describedby={error ? messageId : undefined}
      />
      {error && (
        <p id={messageId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
