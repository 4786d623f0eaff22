import { messages } from '@painel/shared/messages';
import type { Plan } from '@painel/shared/schemas/plans';

import { ConfirmDeleteButton } from '@/components/confirm-delete-button';
import { useDeletePlan } from '@/features/plans-admin/api/delete-plan';

/** Asks 'Tem certeza que deseja deletar este plano?'; a plan already sold is refused (409) with why. */
export function DeletePlanButton({ plan }: { plan: Plan }) {
  const remove = useDeletePlan();

  return (
    <ConfirmDeleteButton
      title={`Deletar ${plan.name}`}
      confirmation={messages.planDeleteConfirm}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(plan.id)}
    />
  );
}
