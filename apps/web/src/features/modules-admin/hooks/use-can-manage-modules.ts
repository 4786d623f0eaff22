import { useSession } from '@/lib/session';

/**
 * Only admins change the catalogue (decisions.md §5: resellers read modules). The server refuses
 * the rest anyway; this keeps the panel from offering what would be refused.
 */
export function useCanManageModules(): boolean {
  return useSession()?.user.tipo === 'admin';
}
