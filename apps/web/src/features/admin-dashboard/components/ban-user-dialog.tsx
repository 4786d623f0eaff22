import { zodResolver } from '@hookform/resolvers/zod';
import { banUserSchema } from '@painel/shared/schemas/users-admin';
import { Ban, LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

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
import { adminDashboardMessages } from '@/features/admin-dashboard/admin-dashboard-messages';
import { useBanUser } from '@/features/admin-dashboard/api/ban-user';
import { failureText } from '@/lib/notify-failure';

export interface BanTarget {
  id: number;
  nome: string;
  email: string;
}

interface BanUserDialogProps {
  /** null: closed. */
  target: BanTarget | null;
  onClose: () => void;
}

type BanFormInput = z.input<typeof banUserSchema>;
type BanFormOutput = z.output<typeof banUserSchema>;

/** 'Banir' with a required reason (product.md §5) and the confirmation of product.md §5. */
export function BanUserDialog({ target, onClose }: BanUserDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Banir usuário</DialogTitle>
          <DialogDescription>
            {adminDashboardMessages.banConfirm}{' '}
            {target && (
              <>
                <strong className="font-medium text-foreground">{target.nome}</strong> ({target.email}) não
                poderá mais entrar e as sessões abertas serão encerradas.
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {target && <BanForm key={target.id} target={target} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function BanForm({ target, onDone }: { target: BanTarget; onDone: () => void }) {
  const ban = useBanUser();
  const form = useForm<BanFormInput, unknown, BanFormOutput>({
    resolver: zodResolver(banUserSchema),
    defaultValues: { motivo: '' },
  });

  const submit = form.handleSubmit(async ({ motivo }) => {
    try {
      await ban.mutateAsync({ id: target.id, motivo });
      onDone();
    } catch (error) {
      form.setError('root.server', { message: failureText(adminDashboardMessages.banFailed, error) });
    }
  });

  const busy = form.formState.isSubmitting;

  return (
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
                <Textarea
                  {...field}
                  value={typeof field.value === 'string' ? field.value : ''}
                  rows={3}
                  maxLength={500}
                  placeholder="Ex.: compartilhamento de login"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Ban aria-hidden="true" />}
            Banir
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
