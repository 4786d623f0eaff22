import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

import { FormErrorBox } from '@/components/form-error-box';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/notify-failure';

/**
 * A refused save shows its title and the server's reason above the form, and every field the
 * server named (400 VALIDATION_ERROR) under that field.
 */
export function useServerErrors<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, title: string) {
  return (error: unknown) => {
    form.setError('root.server', { message: failureText(title, error) });
    if (!(error instanceof ApiError)) return;
    const values = form.getValues();
    for (const [path, message] of Object.entries(error.fields)) {
      // price_cents is the form's price field; the rest share their names with the API.
      const field = path === 'price_cents' ? 'price' : path.startsWith('metadata') ? 'benefits' : path;
      if (field in values) form.setError(field as Path<T>, { message });
    }
  };
}

export function ServerErrorBox<T extends FieldValues, O>({ form }: { form: UseFormReturn<T, unknown, O> }) {
  return <FormErrorBox message={form.formState.errors.root?.server?.message} />;
}
