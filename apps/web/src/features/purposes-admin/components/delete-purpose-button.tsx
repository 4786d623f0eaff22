import type { Purpose } from '@painel/shared/schemas/finalidades';
import { toast } from 'sonner';

import { ConfirmDeleteButton } from '@/components/confirm-delete-button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { isPurposeInUse, useDeletePurpose } from '@/features/purposes-admin/api/delete-purpose';
import { useSetPurposeActive } from '@/features/purposes-admin/api/update-purpose';
import { purposesAdminMessages } from '@/features/purposes-admin/purposes-admin-messages';

/**
 * Asks before deleting. A purpose some lookup used is kept (409 PURPOSE_IN_USE): the server's
 * reason is shown with 'Desativar', which takes it off the list new lookups choose from.
 */
export function DeletePurposeButton({ purpose }: { purpose: Purpose }) {
  const remove = useDeletePurpose();
  const setActive = useSetPurposeActive();
  const refusal = isPurposeInUse(remove.error) ? remove.error.message : null;

  const deactivate = () =>
    setActive.mutate(
      { id: purpose.id, ativo: false },
      { onSuccess: () => toast.success(purposesAdminMessages.deactivated) },
    );

  return (
    <>
      <ConfirmDeleteButton
        title={`Excluir ${purpose.nome}`}
        confirmation={purposesAdminMessages.deleteConfirm}
        label="Excluir"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(purpose.id)}
      />
      <AlertDialog open={refusal !== null} onOpenChange={(open) => !open && remove.reset()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {purposesAdminMessages.inUseTitle} {purpose.nome}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {refusal}
              {!purpose.ativo && ` ${purposesAdminMessages.alreadyInactive}`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            {purpose.ativo ? (
              <>
                <AlertDialogCancel>Cancelar</AlertDialogCancel>
                <AlertDialogAction onClick={deactivate}>Desativar</AlertDialogAction>
              </>
            ) : (
              <AlertDialogCancel>Fechar</AlertDialogCancel>
            )}
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
