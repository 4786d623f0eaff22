import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

import type { useCaptcha } from '@/features/auth/api/get-captcha';
import { ApiError } from '@/lib/api-client';

interface AuthFormValues extends FieldValues {
  captcha_answer: string;
}

/**
 * After a failed login or registration: show the server's reason (or the fallback) in the red
 * box, mark the fields the server named, and bring a new captcha with an empty answer box,
 * because every failure consumes the captcha (decisions.md §4).
 */
export function reportAuthFailure<T extends AuthFormValues, TOutput>(
  error: unknown,
  form: UseFormReturn<T, unknown, TOutput>,
  captcha: ReturnType<typeof useCaptcha>,
  fallback: string,
) {
  const apiError = error instanceof ApiError ? error : null;
  form.setError('root.server', { message: apiError?.message || fallback });
  const fieldNames = Object.keys(form.getValues());
  for (const [field, message] of Object.entries(apiError?.fields ?? {})) {
    if (fieldNames.includes(field) && field !== 'captcha_answer')
      form.setError(field as Path<T>, { message });
  }
  form.resetField('captcha_answer' as Path<T>);
  void captcha.refetch();
}
