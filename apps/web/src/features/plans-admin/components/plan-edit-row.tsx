import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@painel/shared/messages';
import type { Plan } from '@painel/shared/schemas/plans';
import { Check, LoaderCircle, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';

import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TableCell, TableRow } from '@/components/ui/table';
import { useUpdatePlan } from '@/features/plans-admin/api/update-plan';
import { PlanFormFields } from '@/features/plans-admin/components/plan-form-fields';
import { ServerErrorBox, useServerErrors } from '@/features/plans-admin/components/server-error-box';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import {
  formToChanges,
  type PlanFormInput,
  type PlanFormOutput,
  planFormSchema,
  planToForm,
} from '@/features/plans-admin/utils/plan-form-schema';

interface PlanEditRowProps {
  plan: Plan;
  columns: number;
  onDone: () => void;
}

/** The row itself turns into the plan's fields; only what changed is sent (PUT is partial). */
export function PlanEditRow({ plan, columns, onDone }: PlanEditRowProps) {
  const update = useUpdatePlan();
  const form = useForm<PlanFormInput, unknown, PlanFormOutput>({
    resolver: zodResolver(planFormSchema),
    defaultValues: planToForm(plan),
  });
  const reportServerError = useServerErrors(form, plansAdminMessages.updateFailed);

  const submit = form.handleSubmit(async (values) => {
    const changes = formToChanges(plan, values);
    if (Object.keys(changes).length === 0) return onDone();
    try {
      await update.mutateAsync({ id: plan.id, changes });
      toast.success(messages.planUpdated);
      onDone();
    } catch (error) {
      reportServerError(error);
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <TableRow
      data-plan-id={plan.id}
      aria-label={`Editando ${plan.name}`}
      className="bg-muted/40 hover:bg-muted/40 max-lg:block max-lg:rounded-lg max-lg:border! max-lg:p-3 max-lg:[&>td]:p-0"
    >
      <TableCell colSpan={columns} className="whitespace-normal max-lg:block">
        <Form {...form}>
          <form onSubmit={submit} noValidate aria-label={`Editar ${plan.name}`} className="grid gap-4 py-2">
            <ServerErrorBox form={form} />
            <PlanFormFields className="lg:grid-cols-4" />
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
                <X aria-hidden="true" />
                Cancelar
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Check aria-hidden="true" />
                )}
                {busy ? 'Salvando...' : 'Salvar'}
              </Button>
            </div>
          </form>
        </Form>
      </TableCell>
    </TableRow>
  );
}
