import type { PublicUser } from '@painel/shared/schemas/user';
import { useEffect, useRef } from 'react';

import { usePaymentHistory } from '@/features/payments/api/get-payment-history';
import { usePaymentOptions } from '@/features/payments/api/get-payment-options';
import { PaymentHistory } from '@/features/payments/components/payment-history';
import { PaymentsPrintButton } from '@/features/payments/components/payments-print';
import { PixPanel } from '@/features/payments/components/pix-panel';
import { TopupCard } from '@/features/payments/components/topup-card';
import { usePixCheckout } from '@/features/payments/hooks/use-pix-checkout';
import { useActivePlans } from '@/features/plans/api/get-active-plans';
import { PlanCards } from '@/features/plans/components/plan-cards';
import { PlansHeader } from '@/features/plans/components/plans-header';
import { useProfile } from '@/lib/get-profile';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';

export function Component() {
  const session = useSession();
  if (!session) return null;
  return <PlansPage sessionUser={session.user} />;
}

/**
 * /planos (docs/product/plans-and-payments.md#plans-page): plans and credit top-up on one side, the sticky PIX panel on the other
 * (on a phone it comes first, once there is a charge to show), the payment history below.
 */
function PlansPage({ sessionUser }: { sessionUser: PublicUser }) {
  const user = useProfile(sessionUser.id).data ?? sessionUser;
  const plans = useActivePlans();
  const options = usePaymentOptions();
  const history = usePaymentHistory();
  const checkout = usePixCheckout(user.id);
  const panelRef = useRef<HTMLDivElement>(null);
  const shownId = checkout.payment?.id ?? null;

  // A new charge out of sight (a phone, a long page) is brought into view.
  useEffect(() => {
    const panel = panelRef.current;
    if (shownId === null || !panel?.scrollIntoView) return;
    const { top } = panel.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight / 2) panel.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [shownId]);

  const buyingPlanId = checkout.creating?.startsWith('plan:') ? Number(checkout.creating.slice(5)) : null;

  return (
    <div className="grid gap-6">
      <PlansHeader user={user} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div
          ref={panelRef}
          className={cn(
            'scroll-mt-44 lg:sticky lg:top-24 lg:order-2 lg:scroll-mt-24',
            checkout.payment === null && 'hidden lg:block',
          )}
        >
          <PixPanel
            payment={checkout.payment}
            sandboxSwitch={options.data?.sandbox_switch ?? false}
            onClose={checkout.close}
            onRefresh={checkout.refresh}
          />
        </div>
        <div className="grid min-w-0 gap-6 lg:order-1">
          <section aria-labelledby="plans-title" className="grid gap-4">
            <h2 id="plans-title" className="text-lg font-semibold">
              Escolha seu plano
            </h2>
            <PlanCards
              plans={plans.data}
              loading={plans.isPending}
              failed={plans.isError}
              buyingPlanId={buyingPlanId}
              onSubscribe={(plan) => void checkout.buyPlan(plan.id)}
            />
          </section>
          <TopupCard
            limits={
              options.data && {
                minReais: options.data.topup_min_reais,
                maxReais: options.data.topup_max_reais,
              }
            }
            busy={checkout.creating !== null}
            onTopUp={checkout.topUp}
          />
          <PaymentHistory
            payments={history.data}
            loading={history.isPending}
            failed={history.isError}
            onShow={checkout.show}
            shownId={shownId}
            action={
              <PaymentsPrintButton user={user} current={checkout.payment} payments={history.data ?? []} />
            }
          />
        </div>
      </div>
    </div>
  );
}
