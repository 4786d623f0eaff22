import { legalBasisText } from '@painel/shared/rules/legal-bases';
import { JUSTIFICATION_MAX } from '@painel/shared/schemas/finalidades';
import { MessageSquarePlus, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { PurposeChoice } from '@/features/lookups/hooks/use-purpose-choice';
import type { LookupFormValues } from '@/features/lookups/utils/lookup-form-schema';

/** The hint under the select: the chosen purpose's legal basis, or why there is nothing to choose. */
function purposeHint(purposes: PurposeChoice, chosenId: string): string {
  const chosen = purposes.list?.find((purpose) => String(purpose.id) === chosenId);
  if (chosen) return `Base legal: ${legalBasisText(chosen.base_legal)}`;
  if (purposes.list?.length === 0) {
    return purposes.required
      ? 'Nenhuma finalidade ativa. Peça ao administrador que cadastre uma.'
      : 'Nenhuma finalidade ativa: a consulta segue sem finalidade.';
  }
  return 'Por que esta consulta é feita, com a base legal da LGPD (art. 7º).';
}

/**
 * The lookup's purpose and its optional justification (docs/product/purposes.md#a-purpose-on-every-lookup):
 * a select of the active purposes, the chosen one's legal basis under it, required while
 * `exigir_finalidade` is on; the justification behind 'Adicionar justificativa'.
 */
export function PurposeFields({ purposes }: { purposes: PurposeChoice }) {
  const form = useFormContext<LookupFormValues>();
  const { errors } = form.formState;
  const justification = form.watch('justificativa');
  const [justifying, setJustifying] = useState(false);
  const { list, initialId } = purposes;

  // The list arrives after the form: the user's last purpose is chosen then, unless they chose
  // already; a choice no longer offered is dropped.
  useEffect(() => {
    if (!list) return;
    const current = form.getValues('finalidade_id');
    if (current !== '' && !list.some((purpose) => String(purpose.id) === current)) {
      form.setValue('finalidade_id', '');
    } else if (current === '' && initialId !== null && !form.getFieldState('finalidade_id').isDirty) {
      form.setValue('finalidade_id', String(initialId));
    }
  }, [form, list, initialId]);

  const showJustification = justifying || Boolean(errors.justificativa) || justification !== '';
  useEffect(() => {
    if (justifying) form.setFocus('justificativa');
  }, [form, justifying]);

  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:gap-x-4">
      <FormField
        control={form.control}
        name="finalidade_id"
        render={({ field }) => (
          <FormItem className="content-start">
            <FormLabel>
              Finalidade
              {purposes.required && (
                <span className="text-destructive" aria-hidden="true">
                  *
                </span>
              )}
            </FormLabel>
            <FormControl>
              <NativeSelect
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  if (errors.finalidade_id) form.clearErrors('finalidade_id');
                }}
                aria-required={purposes.required}
                className="max-sm:h-11"
              >
                <option value="" disabled={purposes.required && Boolean(list?.length)}>
                  {purposes.loading
                    ? 'Carregando finalidades...'
                    : purposes.required
                      ? 'Selecione a finalidade'
                      : 'Sem finalidade'}
                </option>
                {list?.map((purpose) => (
                  <option key={purpose.id} value={String(purpose.id)}>
                    {purpose.nome}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            {purposes.failed ? (
              <div className="flex flex-wrap items-center gap-x-3 text-sm text-destructive">
                <p role="alert">Não foi possível carregar as finalidades.</p>
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto px-0 has-[>svg]:px-0"
                  onClick={purposes.retry}
                >
                  <RefreshCw aria-hidden="true" />
                  Tentar de novo
                </Button>
              </div>
            ) : (
              <FormDescription className="text-xs">{purposeHint(purposes, field.value)}</FormDescription>
            )}
            <FormMessage />
          </FormItem>
        )}
      />

      {showJustification ? (
        <FormField
          control={form.control}
          name="justificativa"
          render={({ field }) => (
            <FormItem className="content-start sm:col-span-2">
              <FormLabel>Justificativa (opcional)</FormLabel>
              <FormControl>
                <Textarea
                  {...field}
                  rows={3}
                  maxLength={JUSTIFICATION_MAX}
                  placeholder="Por que esta consulta, em poucas palavras"
                  onChange={(event) => {
                    field.onChange(event);
                    if (errors.justificativa) form.clearErrors('justificativa');
                  }}
                />
              </FormControl>
              <FormDescription className="text-xs tabular-nums">
                {field.value.length}/{JUSTIFICATION_MAX} caracteres
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      ) : (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto w-fit px-0 has-[>svg]:px-0 sm:col-span-2"
          onClick={() => setJustifying(true)}
        >
          <MessageSquarePlus aria-hidden="true" />
          Adicionar justificativa
        </Button>
      )}
    </div>
  );
}
