import { zodResolver } from '@hookform/resolvers/zod';
import { type PublicUser, ROLES, type Role, roleLabels } from '@painel/shared/schemas/user';
import { changeRoleSchema } from '@painel/shared/schemas/users-admin';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
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
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { useChangeRole } from '@/features/users-admin/api/change-role';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { failureText } from '@/lib/notify-failure';

/** Admin only: any role to any of usuario, revendedor, admin ('Role inválido' otherwise). */
export function ChangeRoleDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const changeRole = useChangeRole();
  const form = useForm<{ tipo: Role }>({
    resolver: zodResolver(changeRoleSchema),
    defaultValues: { tipo: user.tipo },
  });

  const submit = form.handleSubmit(async ({ tipo }) => {
    try {
      const { message } = await changeRole.mutateAsync({ id: user.id, tipo });
      toast.success(message);
      onClose();
    } catch (error) {
      form.setError('root.server', { message: failureText(usersAdminMessages.operationFailed, error) });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Alterar role</DialogTitle>
          <DialogDescription>
            {user.nome} é hoje {roleLabels[user.tipo]}. A mudança vale no próximo pedido dele ao servidor.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <FormServerError form={form} />
            <FormField
              control={form.control}
              name="tipo"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Role</FormLabel>
                  <FormControl>
                    <NativeSelect {...field}>
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {roleLabels[role]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                Salvar
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
