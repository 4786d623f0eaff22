import { messages } from '@painel/shared/messages';
import { applyMask } from '@painel/shared/rules/documents';
import { type QueryField, validateQueryInput } from '@painel/shared/rules/query-input';
import { fieldLabel as resultFieldLabel } from '@painel/shared/rules/result-display';
import { LoaderCircle, Search } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FormErrorBox } from '@/components/form-error-box';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';

const FIELD_LABELS: Record<string, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  cep: 'CEP',
  rg: 'RG',
  cns: 'CNS',
  nis: 'NIS',
  pis: 'PIS',
  titulo: 'Título de eleitor',
  renavam: 'Renavam',
  email: 'Email',
};

export function fieldLabel(name: string): string {
  return FIELD_LABELS[name.toLowerCase()] ?? resultFieldLabel(name);
}

function placeholderFor(field: QueryField): string {
  if (field.tipo === 'email') return 'nome@exemplo.com';
  const label = fieldLabel(field.nome);
  return `Digite ${label === label.toUpperCase() ? label : label.toLowerCase()}`;
}

/** Server field errors come as 'input.<campo>' (docs/product/errors.md#error-body); the form shows them on the field. */
export function fieldErrorsFromServer(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key.startsWith('input.'))
      .map(([key, text]) => [key.slice('input.'.length), text]),
  );
}

interface LookupFormProps {
  fields: QueryField[];
  /** Sends the validated values (masked fields as digits); rejects with the server's error. */
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
  busy: boolean;
  /** Why Consultar is blocked (docs/product/lookups.md#query-screen), or null. */
  blockedReason: string | null;
  compact?: boolean;
}

/**
 * The query form (docs/product/lookups.md#query-form): one input per field, the mask as placeholder and auto-format,
 * numeric keyboard for numbers, required asterisk, per-field errors cleared on edit, and a red box
 * for the server's reason.
 */
export function LookupForm({ fields, onSubmit, busy, blockedReason, compact = false }: LookupFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const focusFirstError = (failed: Record<string, string>) => {
    const first = fields.find((field) => failed[field.nome]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first.nome}"]`)?.focus();
  };

  const change = (field: QueryField, raw: string) => {
    const value = field.mascara ? applyMask(raw, field.mascara) : raw;
    setValues((current) => ({ ...current, [field.nome]: value }));
    setErrors((current) => {
      if (!(field.nome in current)) return current;
      const { [field.nome]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || blockedReason) return;
    const checked = validateQueryInput(fields, values);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      setFormError(null);
      focusFirstError(checked.errors);
      return;
    }
    setFormError(null);
    try {
      await onSubmit(checked.values);
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldErrors = fieldErrorsFromServer(error.fields);
        setErrors(fieldErrors);
        setFormError(error.message || messages.lookupFailed);
        focusFirstError(fieldErrors);
      } else {
        setFormError(messages.lookupFailed);
      }
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4" aria-busy={busy}>
      <div
        className={cn(
          'grid gap-4',
          compact ? 'sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]' : 'sm:grid-cols-2',
        )}
      >
        {fields.map((field) => {
          const inputId = `${id}-${field.nome}`;
          const error = errors[field.nome];
          const numeric = field.tipo === 'number' || Boolean(field.mascara);
          return (
            <div key={field.nome} className="grid content-start gap-2">
              <Label htmlFor={inputId}>
                {fieldLabel(field.nome)}
                {field.obrigatorio && (
                  <span className="text-destructive" aria-hidden="true">
                    *
                  </span>
                )}
              </Label>
              <Input
                id={inputId}
                name={field.nome}
                type={field.tipo === 'email' ? 'email' : 'text'}
                inputMode={numeric ? 'numeric' : field.tipo === 'email' ? 'email' : 'text'}
                autoComplete="off"
                spellCheck={false}
                placeholder={field.mascara ?? placeholderFor(field)}
                maxLength={field.mascara ? field.mascara.length : 200}
                value={values[field.nome] ?? ''}
                onChange={(event) => change(field, event.target.value)}
                aria-required={field.obrigatorio}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${inputId}-error` : undefined}
              />
              {error && (
                <p id={`${inputId}-error`} className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>

      <FormErrorBox message={formError} />

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy || blockedReason !== null} className="w-full sm:w-auto">
          {busy ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Search aria-hidden="true" />
          )}
          {busy ? 'Consultando...' : 'Consultar'}
        </Button>
        {blockedReason && <p className="text-sm text-muted-foreground">{blockedReason}</p>}
      </div>
    </form>
  );
}
