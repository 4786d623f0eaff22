import { recordsContract } from '@painel/shared/contracts/records';
import { useSession } from '@/lib/session';

/**
 * Whether the signed-in role may read the records of processing: the roles of the endpoint's own
 * contract (admin only), so the screen and the server cannot disagree.
 */
export function useCanReadRecords(): boolean {
  const session = useSession();
  const { roles } = recordsContract.get['~orpc'].meta;
  return session !== null && roles !== 'public' && roles.includes(session.user.tipo);
}
