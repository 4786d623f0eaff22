import type { FormErrors, FormResult } from '@painel/shared/rules/auth-form';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';

/**
 * The state of the login and register forms, checked by the plain rules of packages/shared
 * (rules/auth-form.ts) instead of react-hook-form + zod, so the first page stays small. It keeps
 * the same habits: nothing is checked before the first submit, a field is checked again as it
 * is edited after that, the first invalid field gets the focus, and a failed submit can carry a
 * message for the whole form (the red box) and per field.
 */
export function useAuthForm<Field extends string, Data>(
  initialValues: Record<Field, string>,
  parse: (values: Record<Field, string>) => FormResult<Field, Data>,
) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const inputs = useRef(new Map<Field, HTMLInputElement>());
  const fields = Object.keys(initialValues) as Field[];

  function setValue(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!submitted.current) return;
    const result = parse(next);
    setErrors((current) => ({ ...current, [field]: result.ok ? undefined : result.errors[field] }));
  }

  /** What an AuthField needs: its value, change handler, error and a ref for the focus. */
  function field(name: Field) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
      inputRef: (element: HTMLInputElement | null) => {
        if (element) inputs.current.set(name, element);
        else inputs.current.delete(name);
      },
    };
  }

  function handleSubmit(onValid: (data: Data) => Promise<void>) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (submitting) return;
      submitted.current = true;
      setFormError(undefined);
      const result = parse(values);
      if (!result.ok) {
        setErrors(result.errors);
        inputs.current.get(fields.find((name) => result.errors[name]) as Field)?.focus();
        return;
      }
      setErrors({});
      setSubmitting(true);
      try {
        await onValid(result.data);
      } finally {
        setSubmitting(false);
      }
    };
  }

  return {
    values,
    field,
    setValue,
    handleSubmit,
    submitting,
    formError,
    setFormError,
    hasField: (name: string): name is Field => fields.includes(name as Field),
    setFieldError: (name: Field, message: string) =>
      setErrors((current) => ({ ...current, [name]: message })),
    resetField: (name: Field) => {
      setValues((current) => ({ ...current, [name]: initialValues[name] }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  };
}

export type AuthForm<Field extends string> = Pick<
  ReturnType<typeof useAuthForm<Field, unknown>>,
  'hasField' | 'setFieldError' | 'resetField' | 'setFormError'
>;
