import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/notify-failure';

/**
 * A refused save: its title and the server's reason above the form (`root.server`, shown by
 * FormErrorBox), and every field the server named (400 VALIDATION_ERROR) under that field.
 * `fieldOf` maps an API field to the form's own name where the two differ.
 */
export function showServerErrors<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  title: string,
  error: unknown,
  fieldOf: (apiField: string) => string = (apiField) => apiField,
) {
  form.setError('root.server', { message: failureText(title, error) });
  if (!(error instanceof ApiError)) return;
  const values = form.getValues();
  for (const [apiField, message] of Object.entries(error.fields)) {
    const field = fieldOf(apiField);
    if (field in values) form.setError(field as Path<T>, { message });
  }
}
