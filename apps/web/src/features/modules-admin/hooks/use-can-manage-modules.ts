import { can } from '@painel/shared/rules/policy';
import { useSession } from '@/lib/session';

/**
 * Only admins change the catalogue (docs/product/roles.md#role-table: resellers read modules). The server refuses
 * the rest anyway; this keeps the panel from offering what would be refused.
 */
export function useCanManageModules(): boolean {
  const session = useSession();
  return session ? can(session.user.tipo, 'manageModules') : false;
}
