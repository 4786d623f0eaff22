import type { ModuleView } from '@painel/shared/schemas/modules';
import { Eye, LoaderCircle, Plus, Save, SquareStack } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { PageHeader } from '@/components/layouts/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useModules } from '@/features/modules-admin/api/get-modules';
import { useReorderModules } from '@/features/modules-admin/api/reorder-modules';
import { useUpdateModuleStatus } from '@/features/modules-admin/api/update-module-status';
import { ModuleFormDialog } from '@/features/modules-admin/components/module-form-dialog';
import { ModulesTable } from '@/features/modules-admin/components/modules-table';
import { useCanManageModules } from '@/features/modules-admin/hooks/use-can-manage-modules';
import { useModuleOrder } from '@/features/modules-admin/hooks/use-module-order';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { notifyFailure } from '@/lib/notify-failure';

/** /admin/modulos: the catalogue (docs/product/modules.md#module-administration). */
export function ModulesAdminPage() {
  const canManage = useCanManageModules();
  const modules = useModules();
  const order = useModuleOrder(modules.data);
  const reorder = useReorderModules();
  const status = useUpdateModuleStatus();
  const [target, setTarget] = useState<ModuleView | 'new' | null>(null);

  const saveOrder = () =>
    reorder.mutate(
      order.ordered.map((module) => module.id),
      {
        onSuccess: () => {
          order.reset();
          toast.success(moduleAdminMessages.orderSaved);
        },
        onError: (error) => notifyFailure(moduleAdminMessages.saveOrderFailed, error),
      },
    );

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Módulos"
        description={
          canManage
            ? 'Arraste as linhas para mudar a ordem do catálogo e salve.'
            : 'O catálogo de consultas, na ordem em que os usuários o veem.'
        }
        actions={<SystemIndicator online={!modules.isError} />}
      />

      {canManage ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => setTarget('new')}>
            <Plus aria-hidden="true" />
            Novo Módulo
          </Button>
          <Button variant="outline" onClick={saveOrder} disabled={!order.dirty || reorder.isPending}>
            {reorder.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            Salvar ordem
          </Button>
          {order.dirty && (
            <span className="text-sm text-muted-foreground">Ordem alterada, ainda não salva.</span>
          )}
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Eye className="size-4" aria-hidden="true" />
          Somente leitura: apenas administradores alteram os módulos.
        </p>
      )}

      <Card className="min-w-0 gap-0 py-0 max-lg:border-0 max-lg:bg-transparent max-lg:shadow-none">
        <CardContent className="px-0 sm:px-2">
          {modules.isPending ? (
            <ModulesLoading />
          ) : modules.isError ? (
            <div className="p-4">
              <LoadErrorAlert
                title={moduleAdminMessages.loadFailed}
                error={modules.error}
                onRetry={() => void modules.refetch()}
              />
            </div>
          ) : order.ordered.length === 0 ? (
            <div className="grid justify-items-center gap-2 px-4 py-12 text-center">
              <SquareStack className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">Nenhum módulo cadastrado</p>
              {canManage && (
                <p className="text-sm text-muted-foreground">Crie o primeiro em “Novo Módulo”.</p>
              )}
            </div>
          ) : (
            <ModulesTable
              modules={order.ordered}
              canManage={canManage}
              onMove={order.move}
              onEdit={setTarget}
              onToggle={(module, flag) => status.mutate({ id: module.id, flag })}
            />
          )}
        </CardContent>
      </Card>

      {canManage && <ModuleFormDialog target={target} onClose={() => setTarget(null)} />}
    </div>
  );
}

function SystemIndicator({ online }: { online: boolean }) {
  return (
    <p
      className="flex items-center gap-2 rounded-full border bg-card px-3 py-1.5 text-sm font-medium"
      role="status"
    >
      <span className="relative flex size-2.5">
        {online && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60" />
        )}
        <span
          className={
            online
              ? 'relative inline-flex size-2.5 rounded-full bg-success'
              : 'relative inline-flex size-2.5 rounded-full bg-destructive'
          }
        />
      </span>
      {online ? 'Sistema Online' : 'Sistema indisponível'}
    </p>
  );
}

function ModulesLoading() {
  return (
    <div className="grid gap-3 p-4" role="status" aria-label="Carregando módulos">
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-lg" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

export { ModulesAdminPage as Component };
