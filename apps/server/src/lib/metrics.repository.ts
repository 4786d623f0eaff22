import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { deadProcesses } from '../modules/lookups/lookup.repository.ts';
import type { Backlog } from './metrics.ts';

interface OpenCount {
  count: number;
  age: number;
}

const openCount = (row: OpenCount | undefined) => ({
  count: Number(row?.count ?? 0),
  age: Math.max(0, Number(row?.age ?? 0)),
});

/**
 * What is still open, read at each scrape without reading the lookups of the hour: `consultas.status`
 * has no index (one would cost every completion its HOT update, decisions 0007 and 0009), so the
 * lookups in flight are each process's own count (lib/metrics.ts) and the database is asked only for
 * those of dead processes, and only while one is registered without its lease (a few seconds after a
 * crash, until a survivor releases them): then through the index on created_at over the last hour,
 * as the release itself does. The PIX charges still waiting come through the index on status. Each
 * with the age in seconds of the oldest (0 when none).
 */
export async function readBacklog(db: Executor): Promise<Backlog> {
  const [waiting] = rowsOf<OpenCount>(
    await db.execute(sql`
      select count(*)::int as count,
             coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
      from pix_payments
      where status = 'waiting'`),
  );
  const dead = await deadProcesses(db);
  const [orphaned] =
    dead.length === 0
      ? []
      : rowsOf<OpenCount>(
          await db.execute(sql`
            select count(*)::int as count,
                   coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
            from consultas
            where status = 'pendente' and created_at > now() - interval '1 hour'
              and processo_id in (${sql.join(
                dead.map((id) => sql`${id}`),
                sql`, `,
              )})`),
        );
  const payments = openCount(waiting);
  const reservations = openCount(orphaned);
  return {
    orphanedReservations: reservations.count,
    oldestOrphanedReservationAgeSeconds: reservations.age,
    waitingPayments: payments.count,
    oldestWaitingPaymentAgeSeconds: payments.age,
  };
}
