import { can } from '@painel/shared/rules/policy';
import { useSession } from '@/lib/session';

/**
 * Only admins change plans, PIX settings and see every payment (docs/product/roles.md#role-table: resellers read
 * plans). The server refuses the rest anyway; this keeps the panel from offering it.
 */
export function useCanManagePlans(): boolean {
  const session = useSession();
  return session ? can(session.user.tipo, 'managePlans') : false;
}
