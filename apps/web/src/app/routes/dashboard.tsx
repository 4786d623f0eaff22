import { accessExpiry, timeLeft } from '@painel/shared/rules/time-left';
import type { PublicUser } from '@painel/shared/schemas/user';
import { History, Layers } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { ExpiryWarning, ResellerCard, TrialBanner } from '@/features/dashboard/components/dashboard-banners';
import { ModuleGrid } from '@/features/dashboard/components/module-grid';
import { SummaryCards } from '@/features/dashboard/components/summary-cards';
import { useActiveModules } from '@/features/lookups/api/get-active-modules';
import { useLookupAccess } from '@/features/lookups/hooks/use-lookup-access';
import { useSession } from '@/lib/session';
import { useNow } from '@/lib/use-now';

export function Component() {
  const session = useSession();
  if (!session) return null;
  return <Dashboard sessionUser={session.user} />;
}

/** The dashboard (docs/product/lookups.md#dashboard): banners, the three cards, module search and grid, polled every 5 s. */
function Dashboard({ sessionUser }: { sessionUser: PublicUser }) {
  const now = useNow();
  const access = useLookupAccess(sessionUser, now);
  const modules = useActiveModules();
  const { user } = access;
  const left = timeLeft(accessExpiry(user), now);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Painel</h1>
        <div className="flex flex-wrap gap-2">
          {!access.inTrial && (
            <Button asChild variant="outline" size="sm">
              <Link to="/lotes">
                <Layers aria-hidden="true" />
                Consultar em lote
              </Link>
            </Button>
          )}
          <Button asChild variant="outline" size="sm">
            <Link to="/historico">
              <History aria-hidden="true" />
              Histórico
            </Link>
          </Button>
        </div>
      </div>

      <ExpiryWarning left={left} />
      {access.inTrial && <TrialBanner remaining={access.trialRemaining} limit={access.trialLimit} />}
      {user.revendedor && <ResellerCard reseller={user.revendedor} />}

      <SummaryCards
        creditos={access.creditos}
        left={left}
        planName={user.active_subscription?.Plan.name ?? null}
      />

      <ModuleGrid
        modules={modules.data}
        loading={modules.isPending}
        failed={modules.isError}
        viewer={{ inTrial: access.inTrial, trialRemaining: access.trialRemaining, creditos: access.creditos }}
      />
    </div>
  );
}
