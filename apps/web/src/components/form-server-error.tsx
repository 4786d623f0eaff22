import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

import { FormErrorBox } from '@/components/form-error-box';

/**
 * A form's refused submit: the server's reason (`root.server`, set by showServerErrors) in the red
 * box above the form. It goes as soon as the user edits a field: it was about what was sent, not
 * about what is typed now. (FormErrorBox stays free of react-hook-form for the sign-in pages.)
 */
export function FormServerError<T extends FieldValues, O>({ form }: { form: UseFormReturn<T, unknown, O> }) {
  const message = form.formState.errors.root?.server?.message;
  const shown = Boolean(message);
  useEffect(() => {
    if (!shown) return;
    const subscription = form.watch((_values, { type }) => {
      if (type === 'change') form.clearErrors('root.server');
    });
    return () => subscription.unsubscribe();
  }, [form, shown]);
  return <FormErrorBox message={message} />;
}
