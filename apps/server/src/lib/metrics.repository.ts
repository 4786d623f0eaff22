import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { Backlog } from './metrics.ts';

/**
 * Reserved lookups are searched in the last hour only, through the index on created_at (status has
 * no index: a partial one would cost every completion its HOT update), as the crash release does;
 * older ones are the stale sweep's (retention.job.ts, 10 min), and one missed would show as an age
 * near this bound.
 */
const PENDING_WINDOW = sql`interval '1 hour'`;

/**
 * What is still open, read at each scrape in one statement: the lookups reserved and not finished
 * (a dead process's show here until a survivor releases them) and the PIX charges still waiting
 * (through the index on status), with the age in seconds of the oldest of each (0 when none).
 */
export async function readBacklog(db: Executor): Promise<Backlog> {
  const [row] = rowsOf<{
    pending: number;
    pending_age: number;
    waiting: number;
    waiting_age: number;
  }>(
    await db.execute(sql`
      select p.pending, p.pending_age, w.waiting, w.waiting_age
      from (select count(*)::int as pending,
                   coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as pending_age
            from consultas
            where status = 'pendente' and created_at > now() - ${PENDING_WINDOW}) p,
           (select count(*)::int as waiting,
                   coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as waiting_age
            from pix_payments
            where status = 'waiting') w`),
  );
  return {
    pendingReservations: Number(row?.pending ?? 0),
    oldestReservationAgeSeconds: Math.max(0, Number(row?.pending_age ?? 0)),
    waitingPayments: Number(row?.waiting ?? 0),
    oldestWaitingPaymentAgeSeconds: Math.max(0, Number(row?.waiting_age ?? 0)),
  };
}
