import type { Purpose } from '@painel/shared/schemas/finalidades';
import { Plus, Scale } from 'lucide-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { ListSkeleton } from '@/components/layouts/list-skeleton';
import { PageHeader } from '@/components/layouts/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { usePurposes } from '@/features/purposes-admin/api/get-purposes';
import { useSetPurposeActive } from '@/features/purposes-admin/api/update-purpose';
import { PurposeFormDialog } from '@/features/purposes-admin/components/purpose-form-dialog';
import { PurposesTable } from '@/features/purposes-admin/components/purposes-table';
import { useCanManagePurposes } from '@/features/purposes-admin/hooks/use-can-manage-purposes';
import { purposesAdminMessages } from '@/features/purposes-admin/purposes-admin-messages';

/**
 * /admin/finalidades (docs/product/purposes.md): the purposes a lookup may name and their legal
 * bases. Admin only; a reseller who comes here lands on the admin dashboard.
 */
export function PurposesAdminPage() {
  if (!useCanManagePurposes()) return <Navigate to="/admin" replace />;
  return <PurposesAdmin />;
}

function PurposesAdmin() {
  const purposes = usePurposes();
  const setActive = useSetPurposeActive();
  const [target, setTarget] = useState<Purpose | 'new' | null>(null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Finalidades"
        description="Para que serve cada consulta e em que base legal da LGPD (art. 7º) ela se apoia. Uma finalidade já usada não é excluída: desative-a."
        actions={
          <Button onClick={() => setTarget('new')} className="max-sm:w-full">
            <Plus aria-hidden="true" />
            Nova finalidade
          </Button>
        }
      />

      <Card className="min-w-0 gap-0 py-0 max-lg:border-0 max-lg:bg-transparent max-lg:shadow-none">
        <CardContent className="px-0 lg:px-2">
          {purposes.isPending ? (
            <ListSkeleton label="Carregando finalidades" />
          ) : purposes.isError ? (
            <div className="p-4">
              <LoadErrorAlert
                title={purposesAdminMessages.loadFailed}
                error={purposes.error}
                onRetry={() => void purposes.refetch()}
              />
            </div>
          ) : purposes.data.length === 0 ? (
            <div className="grid justify-items-center gap-2 px-4 py-12 text-center">
              <Scale className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">Nenhuma finalidade cadastrada</p>
              <p className="text-sm text-muted-foreground">Crie a primeira em “Nova finalidade”.</p>
            </div>
          ) : (
            <PurposesTable
              purposes={purposes.data}
              onEdit={setTarget}
              onToggle={(purpose, ativo) => setActive.mutate({ id: purpose.id, ativo })}
            />
          )}
        </CardContent>
      </Card>

      <PurposeFormDialog target={target} onClose={() => setTarget(null)} />
    </div>
  );
}

export { PurposesAdminPage as Component };
