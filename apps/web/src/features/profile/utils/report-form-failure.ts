import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

import { ApiError } from '@/lib/api-client';

/**
 * After a failed save: the screen's failure title (docs/product/errors.md#in-the-panel) with the server's reason in the form's red box, and the
 * server's per-field messages on the fields it named.
 */
export function reportFormFailure<T extends FieldValues, TOutput>(
  form: UseFormReturn<T, unknown, TOutput>,
  error: unknown,
  title: string,
) {
  const reason = error instanceof Error ? error.message : '';
  form.setError('root.server', { message: reason && reason !== title ? `${title}: ${reason}` : title });
  if (!(error instanceof ApiError)) return;
  const names = Object.keys(form.getValues());
  for (const [field, message] of Object.entries(error.fields)) {
    if (names.includes(field)) form.setError(field as Path<T>, { message });
  }
}
