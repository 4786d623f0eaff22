import type { CaptchaState } from '@/features/auth/api/get-captcha';
import type { AuthForm } from '@/features/auth/hooks/use-auth-form';
import { ApiError } from '@/lib/api-client';

/**
 * After a failed login or registration: show the server's reason (or the fallback) in the red
 * box, mark the fields the server named, and bring a new captcha with an empty answer box,
 * because every failure consumes the captcha (docs/product/sessions.md#captcha).
 */
export function reportAuthFailure<Field extends string>(
  error: unknown,
  form: AuthForm<Field | 'captcha_answer'>,
  captcha: CaptchaState,
  fallback: string,
) {
  const apiError = error instanceof ApiError ? error : null;
  form.setFormError(apiError?.message || fallback);
  for (const [field, message] of Object.entries(apiError?.fields ?? {})) {
    if (form.hasField(field) && field !== 'captcha_answer') form.setFieldError(field, message);
  }
  form.resetField('captcha_answer');
  void captcha.refetch();
}
