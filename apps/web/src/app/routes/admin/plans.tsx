import { PlansAdminPage } from '@/features/plans-admin/components/plans-admin-page';

export function Component() {
  return <PlansAdminPage />;
}
