import type { ChangeEvent, Ref } from 'react';

interface NumberField {
  name: string;
  ref: Ref<HTMLInputElement>;
  value: unknown;
  onBlur: () => void;
  onChange: (value: number) => void;
}

/** A number input whose empty state is NaN, so zod answers 'Por favor, insira um valor válido'. */
export function numberInputProps(field: NumberField) {
  const value = field.value as number | undefined;
  return {
    name: field.name,
    ref: field.ref,
    onBlur: field.onBlur,
    value: value === undefined || Number.isNaN(value) ? '' : value,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value)),
  };
}
