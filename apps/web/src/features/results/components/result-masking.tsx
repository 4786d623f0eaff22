import { zodResolver } from '@hookform/resolvers/zod';
import type { LookupDetail } from '@painel/shared/contracts/lookups';
import { JUSTIFICATION_MAX } from '@painel/shared/schemas/finalidades';
import { revealLookupSchema } from '@painel/shared/schemas/modules';
import { Baby, Eye, EyeOff, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';

import { FormServerError } from '@/components/form-server-error';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { ToneBadge } from '@/components/ui/tone-badge';
import { useRevealLookup } from '@/features/results/api/reveal-lookup';
import { showServerErrors } from '@/lib/show-server-errors';

/** How an answer's result is shown (docs/product/reveal-and-minors.md#what-every-answer-says). */
export interface ResultMasking {
  mascarado?: boolean;
  menor_de_idade?: boolean;
  revelavel?: boolean;
}

export const resultMaskingMessages = {
  minor: 'Menor de idade',
  masked: 'Dados mascarados',
  maskedByModule: 'por padrão deste módulo',
  maskedMinor: 'a finalidade não permite exibir dados de menor de idade',
  revealed: 'Dados revelados; a justificativa foi registrada',
  revealFailed: 'Não foi possível revelar o resultado',
} as const;

/** 'Menor de idade' beside the result's title: the result shows a person under 18. */
export function MinorBadge({ masking }: { masking: ResultMasking }) {
  if (!masking.menor_de_idade) return null;
  return (
    <ToneBadge tone="orange" data-testid="minor-badge">
      <Baby aria-hidden="true" />
      {resultMaskingMessages.minor}
    </ToneBadge>
  );
}

/**
 * What follows 'Dados mascarados': 'por padrão deste módulo.' or ': a finalidade não permite…'; null
 * when it is not masked, or for a trial (its own note says why).
 */
function maskReason(masking: ResultMasking): string | null {
  if (masking.revelavel) return ` ${resultMaskingMessages.maskedByModule}.`;
  if (masking.menor_de_idade) return `: ${resultMaskingMessages.maskedMinor}.`;
  return null;
}

/**
 * 'Dados mascarados' and why, and 'Revelar' when the server says the whole result may be asked for.
 * `onRevealed` gets the whole answer to show in place of the masked one.
 */
export function ResultMaskNotice({
  lookupId,
  masking,
  onRevealed,
}: {
  lookupId: number;
  masking: ResultMasking;
  onRevealed: (detail: LookupDetail) => void;
}) {
  const [revealing, setRevealing] = useState(false);
  const reason = maskReason(masking);
  if (!masking.mascarado || !reason) return null;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-600/30 bg-amber-400/10 p-3 text-sm dark:border-amber-400/30"
      data-testid="masked-note"
    >
      <p className="flex items-center gap-2">
        <EyeOff className="size-4 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden="true" />
        <span>
          <strong className="font-semibold">{resultMaskingMessages.masked}</strong>
          {reason}
        </span>
      </p>
      {masking.revelavel && (
        <Button type="button" size="sm" variant="outline" onClick={() => setRevealing(true)}>
          <Eye aria-hidden="true" />
          Revelar
        </Button>
      )}
      {revealing && (
        <RevealDialog
          lookupId={lookupId}
          onClose={() => setRevealing(false)}
          onRevealed={(detail) => {
            setRevealing(false);
            onRevealed(detail);
          }}
        />
      )}
    </div>
  );
}

type RevealFormInput = z.input<typeof revealLookupSchema>;
type RevealFormOutput = z.output<typeof revealLookupSchema>;

/** Asks why the whole result is needed (10 to 500 characters) and reveals it. */
export function RevealDialog({
  lookupId,
  onClose,
  onRevealed,
}: {
  lookupId: number;
  onClose: () => void;
  onRevealed: (detail: LookupDetail) => void;
}) {
  const reveal = useRevealLookup();
  const form = useForm<RevealFormInput, unknown, RevealFormOutput>({
    resolver: zodResolver(revealLookupSchema),
    defaultValues: { justificativa: '' },
  });

  const submit = form.handleSubmit(async ({ justificativa }) => {
    try {
      const detail = await reveal.mutateAsync({ lookupId, justificativa });
      toast.success(resultMaskingMessages.revealed);
      onRevealed(detail);
    } catch (error) {
      showServerErrors(form, resultMaskingMessages.revealFailed, error);
    }
  });
  const busy = form.formState.isSubmitting;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Revelar dados completos</DialogTitle>
          <DialogDescription>
            A justificativa fica registrada no histórico de auditoria. Os dados aparecem completos só agora;
            ao abrir a consulta de novo, voltam mascarados.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <FormServerError form={form} />
            <FormField
              control={form.control}
              name="justificativa"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Justificativa</FormLabel>
                  <FormControl>
                    <Textarea
                      {...field}
                      value={typeof field.value === 'string' ? field.value : ''}
                      rows={4}
                      maxLength={JUSTIFICATION_MAX}
                      autoFocus
                      placeholder="Ex.: conferência de cadastro pedida pelo cliente"
                    />
                  </FormControl>
                  <FormDescription className="text-xs tabular-nums">
                    {(typeof field.value === 'string' ? field.value : '').length}/{JUSTIFICATION_MAX}{' '}
                    caracteres
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                Cancelar
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Eye aria-hidden="true" />
                )}
                Revelar
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
