import type { Executor } from '../../db/client.ts';
import { type LogType, logs } from '../../db/schema/logs.ts';

export interface LogEntry {
  tipo: LogType;
  acao: string;
  userId: number | null;
  targetUserId?: number | null;
  detalhes?: Record<string, unknown>;
  ip?: string | null;
}

/** Appends one entry to the audit trail; pass the transaction so it lands with what it describes. */
export async function writeLog(db: Executor, entry: LogEntry): Promise<void> {
  await db.insert(logs).values({
    tipo: entry.tipo,
    acao: entry.acao,
    userId: entry.userId,
    targetUserId: entry.targetUserId ?? null,
    detalhes: entry.detalhes ?? {},
    ip: entry.ip ?? null,
  });
}

export interface Actor {
  userId: number;
  tipo: 'usuario' | 'revendedor' | 'admin';
}

/** An admin or reseller mutation, with what changed (decisions.md §5). */
export function writeActionLog(
  db: Executor,
  actor: Actor,
  acao: string,
  change: { targetUserId?: number | null; antes?: unknown; depois?: unknown; [key: string]: unknown },
  ip?: string | null,
): Promise<void> {
  const { targetUserId = null, ...detalhes } = change;
  return writeLog(db, {
    tipo: actor.tipo === 'admin' ? 'admin_action' : 'revendedor_action',
    acao,
    userId: actor.userId,
    targetUserId,
    detalhes,
    ip: ip ?? null,
  });
}
