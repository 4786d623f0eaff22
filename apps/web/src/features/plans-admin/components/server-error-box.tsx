import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

import { ApiError } from '@/lib/api-client';

/**
 * A refused save shows its title and the server's reason above the form, and every field the
 * server named (400 VALIDATION_ERROR) under that field.
 */
export function useServerErrors<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, title: string) {
  return (error: unknown) => {
    const reason = error instanceof Error ? error.message : '';
    form.setError('root.server', { message: reason && reason !== title ? `${title}: ${reason}` : title });
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
  const message = form.formState.errors.root?.server?.message;
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {message}
    </p>
  );
}
