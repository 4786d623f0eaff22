import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './client.ts';
import { rowsOf } from './rows.ts';

const dialect = new PgDialect();

/**
 * Runs a statement the hot path repeats on every request. On PostgreSQL it is a named prepared
 * statement, parsed and planned once per pooled connection instead of on every call; on PGlite,
 * or inside a transaction, it runs as any other statement. `query` must render the same text on
 * every call (values only as parameters), since the name stands for that text.
 */
export async function executePrepared<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await client.query({ name, text, values: params });
    return result.rows as T[];
  }
  return rowsOf<T>(await db.execute(query));
}
