import { zodResolver } from '@hookform/resolvers/zod';
import { banUserSchema } from '@painel/shared/schemas/users-admin';
import { Ban, LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
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
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { failureText } from '@/lib/notify-failure';

export interface BanTarget {
  id: number;
  nome: string;
  email: string;
}

interface BanUserDialogProps {
  target: BanTarget;
  /** Sends the ban; the dialog closes when it resolves and shows why when it throws. */
  onBan: (motivo: string) => Promise<unknown>;
  /** Title of the error box, e.g. 'Erro ao banir usuário'. */
  failureTitle: string;
  onClose: () => void;
}

type BanFormInput = z.input<typeof banUserSchema>;
type BanFormOutput = z.output<typeof banUserSchema>;

/**
 * 'Banir' with a required reason ('Motivo do banimento é obrigatório') and the confirmation of
 * docs/product/users.md#ban; the server ends every session of the user. The users list and the admin
 * dashboard each send it their own way (what they refresh and announce afterwards).
 */
export function BanUserDialog({ target, onBan, failureTitle, onClose }: BanUserDialogProps) {
  const form = useForm<BanFormInput, unknown, BanFormOutput>({
    resolver: zodResolver(banUserSchema),
    defaultValues: { motivo: '' },
  });

  const submit = form.handleSubmit(async ({ motivo }) => {
    try {
      await onBan(motivo);
      onClose();
    } catch (error) {
      form.setError('root.server', { message: failureText(failureTitle, error) });
    }
  });

  const busy = form.formState.isSubmitting;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Banir {target.nome}</DialogTitle>
          <DialogDescription>
            Tem certeza que deseja banir este usuário?{' '}
            <strong className="font-medium text-foreground">{target.nome}</strong> ({target.email}) não poderá
            mais entrar e as sessões abertas serão encerradas.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <FormServerError form={form} />
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
                      autoFocus
                      placeholder="Ex.: compartilhamento de login"
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
                Cancelar
              </Button>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <Ban aria-hidden="true" />
                )}
                Banir
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
