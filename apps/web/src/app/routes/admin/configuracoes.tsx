import { Navigate } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { SettingsPanel } from '@/features/settings-admin/components/settings-form';
import { useCanManageSettings } from '@/features/settings-admin/hooks/use-can-manage-settings';

/**
 * /admin/configuracoes (docs/product/admin.md#settings): the trial limit, the top-up limits and
 * whether every lookup must name a purpose (docs/product/purposes.md).
 * Admin only; a reseller who follows 'Configurações' lands on the admin dashboard, as before.
 */
export function SettingsPage() {
  if (!useCanManageSettings()) return <Navigate to="/admin" replace />;
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Configurações"
        description="Teste gratuito, limites da recarga de créditos e finalidade das consultas. Cada alteração fica registrada nos logs."
      />
      <SettingsPanel />
    </div>
  );
}

export { SettingsPage as Component };
