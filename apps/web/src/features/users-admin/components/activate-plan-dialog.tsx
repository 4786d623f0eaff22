import { durationLabel } from '@painel/shared/rules/plan-duration';
import type { PublicUser } from '@painel/shared/schemas/user';
import { LoaderCircle, RefreshCw } from 'lucide-react';
import { useState } from 'react';
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
import { Skeleton } from '@/components/ui/skeleton';
import { useActivatePlan } from '@/features/users-admin/api/activate-plan';
import { useActivePlans } from '@/features/users-admin/api/get-active-plans';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { formatDateTime, formatMoney } from '@/lib/format';
import { failureText } from '@/lib/notify-failure';
import { cn } from '@/lib/utils';

/** Manual plan activation from the active plans (up to 100); starts after the current access ends. */
export function ActivatePlanDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const plans = useActivePlans({ enabled: true });
  const activate = useActivatePlan();
  const [planId, setPlanId] = useState<number | null>(null);
  const [error, setError] = useState<string>();

  const confirm = () => {
    if (planId === null) {
      setError('Escolha um plano.');
      return;
    }
    setError(undefined);
    activate.mutate(
      { id: user.id, planId },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onClose();
        },
        onError: (failure) => setError(failureText(usersAdminMessages.activatePlanFailed, failure)),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Ativar plano</DialogTitle>
          <DialogDescription>
            Para {user.nome}, sem cobrança.{' '}
            {user.active_subscription
              ? `Plano atual: ${user.active_subscription.Plan.name}, até ${formatDateTime(user.active_subscription.ends_at)}; o novo começa depois dele.`
              : 'O plano começa agora (ou ao fim do acesso atual).'}
          </DialogDescription>
        </DialogHeader>
        <FormErrorBox message={error} />
        {plans.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Carregando planos">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : plans.isError ? (
          <div role="alert" className="grid gap-2 text-sm text-destructive">
            <p>{usersAdminMessages.plansLoadFailed}</p>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => void plans.refetch()}>
              <RefreshCw aria-hidden="true" />
              Tentar de novo
            </Button>
          </div>
        ) : plans.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{usersAdminMessages.noPlans}</p>
        ) : (
          <fieldset className="grid max-h-80 gap-2 overflow-y-auto">
            <legend className="sr-only">Plano</legend>
            {plans.data.map((plan) => (
              <label
                key={plan.id}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                  planId === plan.id && 'border-primary bg-primary/5',
                )}
              >
                <input
                  type="radio"
                  name="plan"
                  value={plan.id}
                  checked={planId === plan.id}
                  onChange={() => setPlanId(plan.id)}
                  className="mt-0.5 accent-primary"
                />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                    <span className="font-medium">{plan.name}</span>
                    <span className="text-muted-foreground tabular-nums">
                      {durationLabel(plan.duration_value, plan.duration_unit)} ·{' '}
                      {formatMoney(plan.price_cents)}
                    </span>
                  </span>
                  {plan.description && (
                    <span className="text-xs text-muted-foreground">{plan.description}</span>
                  )}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={confirm} disabled={activate.isPending || !plans.data?.length}>
            {activate.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Ativar plano
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
