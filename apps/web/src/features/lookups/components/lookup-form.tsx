import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import {
  fieldMask,
  formatInput,
  inputMask,
  inputMaxLength,
  pastedInput,
  type QueryField,
} from '@painel/shared/rules/query-input';
import { fieldLabel as resultFieldLabel } from '@painel/shared/rules/result-display';
import { LoaderCircle, Search } from 'lucide-react';
import { type FormEvent, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormServerError } from '@/components/form-server-error';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PurposeFields } from '@/features/lookups/components/purpose-fields';
import type { PurposeChoice } from '@/features/lookups/hooks/use-purpose-choice';
import {
  blankLookupValues,
  type LookupFormValues,
  type LookupRequest,
  lookupFormSchema,
} from '@/features/lookups/utils/lookup-form-schema';
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

/**
 * The form's fields the server may name in a 400 (docs/product/errors.md#error-body): each input
 * field as 'input.<campo>', then the purpose and the justification, in the order the form shows them.
 */
function serverFieldNames(fields: QueryField[]) {
  return [
    ...fields.map((field) => `input.${field.nome}` as const),
    'finalidade_id',
    'justificativa',
  ] as const;
}

interface LookupFormProps {
  fields: QueryField[];
  /** The purposes to choose from and whether one is required. */
  purposes: PurposeChoice;
  /** Sends the validated request (masked fields as digits); rejects with the server's error. */
  onSubmit: (request: LookupRequest) => Promise<unknown>;
  busy: boolean;
  /** Why Consultar is blocked (docs/product/lookups.md#query-screen), or null. */
  blockedReason: string | null;
  compact?: boolean;
}

/**
 * The query form (docs/product/lookups.md#query-form): one input per field, the mask as placeholder and auto-format,
 * numeric keyboard for numbers, required asterisk, per-field errors cleared on edit (checked again
 * only on the next submit), the purpose (PurposeFields), and a red box for the server's reason.
 */
export function LookupForm({
  fields,
  purposes,
  onSubmit,
  busy,
  blockedReason,
  compact = false,
}: LookupFormProps) {
  const purposeRequired = purposes.required;
  const resolver = useMemo(
    () => zodResolver(lookupFormSchema(fields, { purposeRequired })),
    [fields, purposeRequired],
  );
  const form = useForm<LookupFormValues, unknown, LookupRequest>({
    resolver,
    defaultValues: blankLookupValues(fields, purposes.initialId),
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  const send = form.handleSubmit(async (request) => {
    try {
      await onSubmit(request);
    } catch (error) {
      if (error instanceof ApiError) {
        const named = serverFieldNames(fields).filter((name) => error.fields[name]);
        for (const name of named) {
          form.setError(
            name,
            { type: 'server', message: error.fields[name] },
            { shouldFocus: name === named[0] },
          );
        }
        form.setError('root.server', { message: error.message || messages.lookupFailed });
      } else {
        form.setError('root.server', { message: messages.lookupFailed });
      }
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (busy || blockedReason) return event.preventDefault();
    return send(event);
  };

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={busy}>
        <div
          className={cn(
            'grid gap-4',
            compact ? 'sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]' : 'sm:grid-cols-2',
          )}
        >
          {fields.map((queryField) => {
            // A typed identifier shows its type's mask; a mask with A slots takes letters, so the
            // full keyboard, not the numeric one. A phone's and a CPF-or-CNPJ's mask follow the value.
            const mask = fieldMask(queryField);
            const masked = inputMask(queryField, '') !== null;
            const numeric =
              queryField.tipo === 'number' ||
              queryField.tipo === 'telefone' ||
              Boolean(mask && !mask.includes('A'));
            return (
              <FormField
                key={queryField.nome}
                control={form.control}
                name={`input.${queryField.nome}`}
                render={({ field }) => (
                  <FormItem className="content-start">
                    <FormLabel>
                      {fieldLabel(queryField.nome)}
                      {queryField.obrigatorio && (
                        <span className="text-destructive" aria-hidden="true">
                          *
                        </span>
                      )}
                    </FormLabel>
                    <FormControl>
                      <Input
                        name={field.name}
                        ref={field.ref}
                        onBlur={field.onBlur}
                        type={queryField.tipo === 'email' ? 'email' : 'text'}
                        inputMode={numeric ? 'numeric' : queryField.tipo === 'email' ? 'email' : 'text'}
                        autoComplete="off"
                        spellCheck={false}
                        placeholder={mask ?? placeholderFor(queryField)}
                        maxLength={inputMaxLength(queryField)}
                        value={field.value ?? ''}
                        onChange={(event) => {
                          field.onChange(formatInput(queryField, event.target.value));
                          if (errors.input?.[queryField.nome]) form.clearErrors(`input.${queryField.nome}`);
                        }}
                        // The whole pasted text is read before the length limit could cut its
                        // tail (docs/product/lookups.md#pasting).
                        onPaste={(event) => {
                          if (!masked) return;
                          event.preventDefault();
                          const input = event.currentTarget;
                          const pasted = event.clipboardData.getData('text/plain');
                          const inserted =
                            input.value.slice(0, input.selectionStart ?? input.value.length) +
                            pasted +
                            input.value.slice(input.selectionEnd ?? input.value.length);
                          field.onChange(pastedInput(queryField, pasted, inserted));
                          if (errors.input?.[queryField.nome]) form.clearErrors(`input.${queryField.nome}`);
                        }}
                        aria-required={queryField.obrigatorio}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            );
          })}
        </div>

        <PurposeFields purposes={purposes} />

        <FormServerError form={form} />

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
    </Form>
  );
}
