import type { PublicUser } from '@painel/shared/schemas/user';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { FormErrorBox } from '@/components/form-error-box';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useDeleteUser } from '@/features/users-admin/api/delete-user';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { failureText } from '@/lib/notify-failure';

/** Admin only, never oneself: 'Tem certeza que deseja deletar o usuário ...' (docs/product/users.md#delete). */
export function DeleteUserDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const remove = useDeleteUser();

  const confirm = () =>
    remove.mutate(user.id, {
      onSuccess: ({ message }) => {
        toast.success(message);
        onClose();
      },
    });

  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Deletar usuário</AlertDialogTitle>
          <AlertDialogDescription>{usersAdminMessages.deleteConfirm(user.nome)}</AlertDialogDescription>
        </AlertDialogHeader>
        <FormErrorBox
          message={remove.isError ? failureText(usersAdminMessages.operationFailed, remove.error) : undefined}
        />
        <AlertDialogFooter>
          <AlertDialogCancel>Cancelar</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Deletar
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
