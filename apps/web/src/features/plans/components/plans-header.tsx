import { accessExpiry, timeLeft } from '@painel/shared/rules/time-left';
import { type PublicUser, roleLabels } from '@painel/shared/schemas/user';
import { ArrowLeft, Clock, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCredits } from '@/lib/format';
import { useNow } from '@/lib/use-now';

/** The top of /planos: welcome, role, credits and the current access (docs/product/plans-and-payments.md#plans-page). */
export function PlansHeader({ user, actions }: { user: PublicUser; actions?: ReactNode }) {
  const now = useNow();
  const left = timeLeft(accessExpiry(user), now);
  const plan = user.active_subscription?.Plan.name;
  const access =
    left.kind === 'days'
      ? `${left.value} ${left.value === '1' ? 'dia restante' : 'dias restantes'}`
      : left.kind === 'hours'
        ? `${left.value.slice(0, 5)} h restantes`
        : left.value;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="outline" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Voltar
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold tracking-tight">Planos e créditos</h1>
        <div className="ml-auto">{actions}</div>
      </div>
      <section
        aria-label="Sua conta"
        className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-xl border bg-card px-4 py-3 text-sm shadow-sm"
      >
        <p className="flex items-center gap-2 font-medium">
          Olá, {user.nome}
          <Badge variant="secondary">{roleLabels[user.tipo]}</Badge>
        </p>
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <Wallet className="size-4" aria-hidden="true" />
          Créditos:
          <span className="font-semibold text-foreground tabular-nums" data-testid="plans-credits">
            {formatCredits(user.creditos)}
          </span>
        </p>
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <Clock className="size-4" aria-hidden="true" />
          {plan ? `Plano ${plan}:` : 'Acesso:'}
          <span
            className={
              left.kind === 'expired' ? 'font-semibold text-destructive' : 'font-semibold text-foreground'
            }
          >
            {access}
          </span>
        </p>
      </section>
    </div>
  );
}
