import { purposeContract } from '@painel/shared/contracts/finalidades';
import { useSession } from '@/lib/session';

/**
 * Whether the signed-in role may read and change the purposes: the roles of the endpoint's own
 * contract (admin only), so the screen and the server cannot disagree.
 */
export function useCanManagePurposes(): boolean {
  const session = useSession();
  const { roles } = purposeContract.list['~orpc'].meta;
  return session !== null && roles !== 'public' && roles.includes(session.user.tipo);
}
