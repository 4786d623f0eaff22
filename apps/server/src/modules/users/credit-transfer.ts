import { messages } from '@painel/shared/messages';
import { can } from '@painel/shared/rules/policy';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { adjustCredits, ledgerSum } from '../../lib/ledger.repository.ts';
import type { Caller } from './user-scope.ts';

/** The client's side of a reseller's transfers and take-backs, both referencing the reseller. */
const CLIENT_SIDE_OF_TRANSFERS = ['transferencia_do_revendedor', 'devolucao_ao_revendedor'] as const;

/**
 * What a reseller may still take back from a client: what it transferred to that client less
 * what it already took back (docs/decisions/0008-take-back-deactivation-offline.md). Credits the
 * client bought or an admin gave never count. Exact while the client's row is locked.
 */
export function takeBackAllowance(tx: Executor, resellerId: number, clientId: number): Promise<number> {
  return ledgerSum(tx, {
    userId: clientId,
    reasons: CLIENT_SIDE_OF_TRANSFERS,
    reference: `usuario:${resellerId}`,
  });
}

/**
 * Moves `deltaCents` into (positive) or out of (negative) a user's balance on behalf of the caller
 * (docs/decisions/0003-users-and-resellers.md). An admin creates or destroys credits; a reseller
 * transfers them from their own balance and takes back at most what it transferred. Every side is
 * a ledger entry; a short balance throws INSUFFICIENT_CREDITS ('Saldo insuficiente'), a take-back
 * over the allowance TAKE_BACK_LIMIT, and the caller's transaction rolls back. Both rows must
 * already be locked (lockUsers), so concurrent transfers cannot deadlock.
 */
export async function moveCredits(
  tx: Executor,
  caller: Caller,
  targetId: number,
  deltaCents: number,
): Promise<void> {
  if (deltaCents === 0) return;
  if (!can(caller.tipo, 'serveOwnClients')) {
    await adjustCredits(tx, {
      userId: targetId,
      actorId: caller.userId,
      amountCents: deltaCents,
      reason: deltaCents > 0 ? 'credito_admin' : 'debito_admin',
      reference: `admin:${caller.userId}`,
    });
    return;
  }
  const cents = Math.abs(deltaCents);
  if (deltaCents < 0) {
    const allowance = await takeBackAllowance(tx, caller.userId, targetId);
    if (cents > allowance) {
      throw new AppError('TAKE_BACK_LIMIT', messages.takeBackLimit(Math.max(0, allowance) / 100));
    }
  }
  const [from, to] = deltaCents > 0 ? [caller.userId, targetId] : [targetId, caller.userId];
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
