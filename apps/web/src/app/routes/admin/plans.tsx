import { messages } from '@painel/shared/messages';
import { PLAN_DEFAULT_PAGE_SIZE, PLAN_PAGE_SIZES, type Plan } from '@painel/shared/schemas/plans';
import { CreditCard, Eye } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ListSkeleton } from '@/components/layouts/list-skeleton';
import { PageHeader } from '@/components/layouts/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PaginationBar } from '@/components/pagination-bar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePlans } from '@/features/plans-admin/api/get-plans';
import { useTogglePlanActive } from '@/features/plans-admin/api/update-plan';
import { PixPaymentsTable } from '@/features/plans-admin/components/pix-payments-table';
import { PixSettingsCard } from '@/features/plans-admin/components/pix-settings-card';
import { PlanCreateForm } from '@/features/plans-admin/components/plan-create-form';
import { PlansTable } from '@/features/plans-admin/components/plans-table';
import { useCanManagePlans } from '@/features/plans-admin/hooks/use-can-manage-plans';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';

/** /admin/plans (docs/product/plans-and-payments.md#plans-administration): create, PIX settings, plans, payments. */
export function PlansAdminPage() {
  const canManage = useCanManagePlans();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(PLAN_DEFAULT_PAGE_SIZE);
  const [editingId, setEditingId] = useState<number | null>(null);
  const titleId = useId();
  const plans = usePlans(page, limit);
  const toggle = useTogglePlanActive();
  const totalPages = plans.data?.totalPages ?? 1;

  // Deleting the last plan of the last page leaves that page empty: show the one before.
  useEffect(() => {
    if (plans.data && page > plans.data.totalPages) setPage(plans.data.totalPages);
  }, [plans.data, page]);

  const onToggle = (plan: Plan, active: boolean) => toggle.mutate({ id: plan.id, active });

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Planos"
        description={
          canManage
            ? 'Planos de assinatura oferecidos em /planos, a configuração PIX e os pagamentos recebidos.'
            : 'Os planos de assinatura do painel.'
        }
      />

      {canManage ? (
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <PlanCreateForm onCreated={() => setPage(1)} />
          <PixSettingsCard />
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Eye className="size-4" aria-hidden="true" />
          Somente leitura: apenas administradores alteram os planos.
        </p>
      )}

      <Card role="region" aria-labelledby={titleId} className="min-w-0 gap-4 pb-0">
        <CardHeader>
          <CardTitle>
            <h2 id={titleId}>Planos cadastrados</h2>
          </CardTitle>
          <CardDescription>Do mais novo ao mais antigo.</CardDescription>
        </CardHeader>
        <CardContent className="px-0 max-lg:px-4 lg:px-2">
          {plans.isPending ? (
            <ListSkeleton label="Carregando planos" />
          ) : plans.isError ? (
            <div className="p-4">
              <LoadErrorAlert
                title={plansAdminMessages.loadFailed}
                error={plans.error}
                onRetry={() => void plans.refetch()}
              />
            </div>
          ) : plans.data.plans.length === 0 ? (
            <div className="grid justify-items-center gap-2 px-4 py-12 text-center">
              <CreditCard className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">{messages.noPlansRegistered}</p>
              {canManage && <p className="text-sm text-muted-foreground">Crie o primeiro em “Novo plano”.</p>}
            </div>
          ) : (
            <PlansTable
              plans={plans.data.plans}
              canManage={canManage}
              editingId={editingId}
              onEdit={setEditingId}
              onToggle={onToggle}
            />
          )}
        </CardContent>
        {plans.data && plans.data.total > 0 && (
          <div className="border-t px-4 py-3">
            <PaginationBar
              label="Paginação dos planos"
              page={page}
              totalPages={totalPages}
              total={plans.data.total}
              limit={limit}
              sizes={PLAN_PAGE_SIZES}
              busy={plans.isFetching}
              onPage={setPage}
              onLimit={(next) => {
                setLimit(next);
                setPage(1);
              }}
            />
          </div>
        )}
      </Card>

      {canManage && <PixPaymentsTable />}
    </div>
  );
}

export { PlansAdminPage as Component };
