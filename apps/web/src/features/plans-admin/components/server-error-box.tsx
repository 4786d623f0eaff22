import type { FieldValues, UseFormReturn } from 'react-hook-form';

import { FormServerError } from '@/components/form-server-error';
import { showServerErrors } from '@/lib/show-server-errors';

// price_cents is the form's price field; the rest share their names with the API.
const planFieldOf = (apiField: string) =>
  apiField === 'price_cents' ? 'price' : apiField.startsWith('metadata') ? 'benefits' : apiField;

/** The plans forms' refused saves (showServerErrors, with the plan's field names). */
export function useServerErrors<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, title: string) {
  return (error: unknown) => showServerErrors(form, title, error, planFieldOf);
}

export function ServerErrorBox<T extends FieldValues, O>({ form }: { form: UseFormReturn<T, unknown, O> }) {
  return <FormServerError form={form} />;
}
