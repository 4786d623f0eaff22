import type { Executor } from '../../db/client.ts';
import { adjustCredits } from '../../lib/ledger.ts';
import type { Caller } from './user-scope.ts';

/**
 * Moves `deltaCents` into (positive) or out of (negative) a user's balance on behalf of the caller
 * (decisions.md §5). An admin creates or destroys credits; a reseller transfers them from their own
 * balance and gets them back on removal. Every side is a ledger entry; a short balance throws
 * INSUFFICIENT_CREDITS ('Saldo insuficiente') and the caller's transaction rolls back. Both rows
 * must already be locked (lockUsers), so concurrent transfers cannot deadlock.
 */
export async function moveCredits(
  tx: Executor,
  caller: Caller,
  targetId: number,
  deltaCents: number,
): Promise<void> {
  if (deltaCents === 0) return;
  if (caller.tipo !== 'revendedor') {
    await adjustCredits(tx, {
      userId: targetId,
      actorId: caller.userId,
      amountCents: deltaCents,
      reason: deltaCents > 0 ? 'credito_admin' : 'debito_admin',
      reference: `admin:${caller.userId}`,
    });
    return;
  }
  const [from, to] = deltaCents > 0 ? [caller.userId, targetId] : [targetId, caller.userId];
  const cents = Math.abs(deltaCents);
  await adjustCredits(tx, {
    userId: from,
    actorId: caller.userId,
    amountCents: -cents,
    reason: deltaCents > 0 ? 'transferencia_para_cliente' : 'devolucao_ao_revendedor',
    reference: `usuario:${to}`,
  });
  await adjustCredits(tx, {
    userId: to,
    actorId: caller.userId,
    amountCents: cents,
    reason: deltaCents > 0 ? 'transferencia_do_revendedor' : 'devolucao_do_cliente',
    reference: `usuario:${from}`,
  });
}
