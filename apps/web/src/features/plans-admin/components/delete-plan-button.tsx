import { messages } from '@painel/shared/messages';
import type { Plan } from '@painel/shared/schemas/plans';
import { Trash2 } from 'lucide-react';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { useDeletePlan } from '@/features/plans-admin/api/delete-plan';

/** Asks 'Tem certeza que deseja deletar este plano?'; a plan already sold is refused (409) with why. */
export function DeletePlanButton({ plan }: { plan: Plan }) {
  const remove = useDeletePlan();

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Deletar"
          title="Deletar"
          className="text-destructive hover:text-destructive"
          disabled={remove.isPending}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Deletar {plan.name}</AlertDialogTitle>
          <AlertDialogDescription>{messages.planDeleteConfirm}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            onClick={() => remove.mutate(plan.id)}
          >
            Deletar
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
