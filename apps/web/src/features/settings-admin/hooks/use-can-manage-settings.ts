import { settingsContract } from '@painel/shared/contracts/settings';
import { useSession } from '@/lib/session';

/**
 * Whether the signed-in role may read and change the settings: the roles of the endpoint's own
 * contract (admin only), so the screen and the server cannot disagree.
 */
export function useCanManageSettings(): boolean {
  const session = useSession();
  const { roles } = settingsContract.update['~orpc'].meta;
  return session !== null && roles !== 'public' && roles.includes(session.user.tipo);
}
