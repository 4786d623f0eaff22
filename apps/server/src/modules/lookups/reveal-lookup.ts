import type { LookupDetail } from '@painel/shared/contracts/lookups';
import { messages } from '@painel/shared/messages';
import type { SQL } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeLog } from '../logs/log.repository.ts';
import { type DetailDeps, keptResult, toLookupDetail } from './lookup.presenter.ts';
import { findLookupWithResult } from './lookup.repository.ts';
import { judgeResult, presentResult } from './result-view.ts';

export interface RevealCaller {
  userId: number;
  ip: string | null;
}

/**
 * 'Revelar' (docs/product/reveal-and-minors.md#justified-reveal): the whole result of one lookup the
 * caller may read, for a reason written to the audit trail. A trial's result and a minor's data its
 * purpose does not permit stay masked; a result that is not masked is answered as it is, and logged.
 */
export async function revealLookup(
  deps: DetailDeps,
  caller: RevealCaller,
  lookup: { id: number; visible: SQL | undefined },
  justificativa: string,
): Promise<LookupDetail> {
  const row = await findLookupWithResult(deps.db, lookup.id, lookup.visible);
  if (!row) throw notFound(messages.lookupNotFound);
  if (row.status !== 'sucesso') throw notFound(messages.lookupWithoutResult);
  const resultado = keptResult(row);
  if (resultado === null) throw notFound(messages.lookupResultExpired);

  const stored = { ...row, resultado };
  const judged = await judgeResult(deps, stored);
  if (judged.reason === 'trial') throw new AppError('FORBIDDEN', messages.revealTrial);
  if (judged.reason === 'minor') throw new AppError('FORBIDDEN', messages.revealMinor);

  // Nothing else is written, so the entry needs no transaction of its own.
  await writeLog(deps.db, {
    tipo: 'consulta',
    acao: 'revelacao',
    userId: caller.userId,
    targetUserId: row.usuarioId,
    detalhes: {
      consulta_id: row.id,
      modulo_id: row.moduloId,
      modulo: row.moduloNome,
      justificativa,
      estava_mascarada: judged.reason === 'module',
    },
    ip: caller.ip,
  });
  return toLookupDetail(deps, row, presentResult(stored, judged, true));
}
