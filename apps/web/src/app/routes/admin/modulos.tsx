import { ModulesAdminPage } from '@/features/modules-admin/components/modules-admin-page';

export function Component() {
  return <ModulesAdminPage />;
}
