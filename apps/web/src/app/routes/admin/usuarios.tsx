import { UsersAdminPage } from '@/features/users-admin/components/users-admin-page';

export function Component() {
  return <UsersAdminPage />;
}
