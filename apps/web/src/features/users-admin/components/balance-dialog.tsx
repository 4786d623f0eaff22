import { zodResolver } from '@hookform/resolvers/zod';
import { can } from '@painel/shared/rules/policy';
import type { PublicUser } from '@painel/shared/schemas/user';
import { creditAmountSchema, daysAmountSchema } from '@painel/shared/schemas/users-admin';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
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
import { Input } from '@/components/ui/input';
import {
  type BalanceDirection,
  type BalanceKind,
  useChangeBalance,
} from '@/features/users-admin/api/change-balance';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { expiryLabel } from '@/features/users-admin/utils/user-display';
import { formatCredits } from '@/lib/format';
import { failureText } from '@/lib/notify-failure';
import { numberInputProps } from '@/lib/number-input';
import { useSession } from '@/lib/session';

const schemas = {
  credits: z.object({ amount: creditAmountSchema.shape.amount }),
  days: z.object({ amount: daysAmountSchema.shape.days }),
};

const titles: Record<BalanceKind, Record<BalanceDirection, string>> = {
  credits: { add: 'Adicionar créditos', remove: 'Remover créditos' },
  days: { add: 'Adicionar dias', remove: 'Remover dias' },
};

interface BalanceDialogProps {
  user: PublicUser;
  kind: BalanceKind;
  direction: BalanceDirection;
  onClose: () => void;
}

/** Credits or days, added or removed: a whole number above 0 (docs/product/users.md#credits, #days). */
export function BalanceDialog({ user, kind, direction, onClose }: BalanceDialogProps) {
  const viewer = useSession()?.user;
  const change = useChangeBalance();
  const form = useForm<{ amount: number }>({
    resolver: zodResolver(schemas[kind]),
    defaultValues: { amount: Number.NaN },
  });
  const title = titles[kind][direction];

  const submit = form.handleSubmit(async ({ amount }) => {
    try {
      const { message } = await change.mutateAsync({ id: user.id, kind, direction, amount });
      toast.success(message);
      onClose();
    } catch (error) {
      form.setError('root.server', { message: failureText(usersAdminMessages.operationFailed, error) });
    }
  });

  const resellerTransfer = kind === 'credits' && viewer !== undefined && can(viewer.tipo, 'serveOwnClients');

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {user.nome} ({user.email}) —{' '}
            {kind === 'credits'
              ? `saldo atual: ${formatCredits(user.creditos)} créditos`
              : `${user.dias_ativos} dia(s) ativo(s), expira em: ${expiryLabel(user)}`}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <FormServerError form={form} />
            <FormField
              control={form.control}
              name="amount"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{kind === 'credits' ? 'Créditos' : 'Dias'}</FormLabel>
                  <FormControl>
                    <Input
                      type="number"
                      min={1}
                      step={1}
                      inputMode="numeric"
                      autoFocus
                      {...numberInputProps(field)}
                    />
                  </FormControl>
                  {resellerTransfer && (
                    <FormDescription>
                      {direction === 'add'
                        ? `Os créditos saem do seu saldo (${formatCredits(viewer.creditos)}).`
                        : 'Só os créditos que você transferiu a este cliente podem ser retirados; eles voltam para o seu saldo.'}
                    </FormDescription>
                  )}
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancelar
              </Button>
              <Button
                type="submit"
                variant={direction === 'remove' ? 'destructive' : 'default'}
                disabled={form.formState.isSubmitting}
              >
                {form.formState.isSubmitting && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                {direction === 'add' ? 'Adicionar' : 'Remover'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
