import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';

/**
 * How many rows the tables a refused request must never touch hold, as one comparable text:
 * users, ledger entries, payments, subscriptions, plans and modules.
 */
export async function rowCounts(db: Database): Promise<string> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select
      (select count(*) from users) as users,
      (select count(*) from credit_ledger) as ledger,
      (select count(*) from pix_payments) as payments,
      (select count(*) from subscriptions) as subscriptions,
      (select count(*) from plans) as plans,
      (select count(*) from modulos) as modules`),
  );
  return JSON.stringify(row);
}
