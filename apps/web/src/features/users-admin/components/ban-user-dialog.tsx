import { zodResolver } from '@hookform/resolvers/zod';
import type { PublicUser } from '@painel/shared/schemas/user';
import { banUserSchema } from '@painel/shared/schemas/users-admin';
import { LoaderCircle } from 'lucide-react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormErrorBox } from '@/components/form-error-box';
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
import { Textarea } from '@/components/ui/textarea';
import { useBanUser } from '@/features/users-admin/api/ban-user';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { failureText } from '@/lib/notify-failure';

interface BanForm {
  motivo: string;
}

/** Ban with a required reason ('Motivo do banimento é obrigatório'); the user's sessions end. */
export function BanUserDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const ban = useBanUser();
  const form = useForm<BanForm, unknown, BanForm>({
    // The server's schema takes any input (null counts as missing); the textarea always holds a string.
    resolver: zodResolver(banUserSchema) as Resolver<BanForm, unknown, BanForm>,
    defaultValues: { motivo: '' },
  });

  const submit = form.handleSubmit(async ({ motivo }) => {
    try {
      const { message } = await ban.mutateAsync({ id: user.id, motivo });
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
          <DialogTitle>Banir {user.nome}</DialogTitle>
          <DialogDescription>
            {usersAdminMessages.banConfirm} Todas as sessões dele serão encerradas e ele não conseguirá
            entrar.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <FormErrorBox message={form.formState.errors.root?.server?.message} />
            <FormField
              control={form.control}
              name="motivo"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Motivo do banimento</FormLabel>
                  <FormControl>
                    <Textarea rows={3} maxLength={500} autoFocus {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" variant="destructive" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                Banir
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
