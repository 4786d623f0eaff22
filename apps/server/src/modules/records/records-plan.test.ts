import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres } from '../../../test/harness.ts';
import { insertUser } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { readRecordGroups, recordGroupsQuery } from './records.repository.ts';

/**
 * docs/product/records.md: a record of a short period reads only that period's lookups, through the
 * index on consultas.created_at, not the whole table. The plan PostgreSQL (and PGlite, the same
 * planner) picks on a table of 20 000 lookups spread over a year.
 */
const LOOKUPS = 20_000;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  const reseller = await insertUser(database.db, { tipo: 'revendedor' });
  const clients = await Promise.all(
    Array.from({ length: 40 }, () => insertUser(database.db, { revendedorId: reseller })),
  );
  const first = Math.min(...clients);
  // One lookup every 26 minutes, back from 2020-12-31 23:00 in São Paulo: about a year.
  await database.db.execute(sql`
    insert into consultas (usuario_id, modulo_nome, status, input, cobranca, finalidade_id, created_at)
    select ${first}::int + i % 40, 'CPF', 'sucesso', jsonb_build_object('cpf', i::text), 'quantidade',
           1 + i % 4, timestamptz '2021-01-01T02:00:00Z' - i * interval '26 minutes'
    from generate_series(0, ${LOOKUPS - 1}::int) as i`);
  await database.db.execute(sql`analyze`);
});
afterAll(async () => {
  await database?.close();
});

async function planOf(de: string, ate: string) {
  const result = await database.db.execute(sql`explain ${recordGroupsQuery(de, ate)}`);
  return rowsOf<{ 'QUERY PLAN': string }>(result)
    .map((row) => row['QUERY PLAN'])
    .join('\n');
}

describe(`the record's plan (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('reads a day or a week through the index on created_at, never a scan of consultas', async () => {
    for (const [de, ate] of [
      ['2020-12-31', '2020-12-31'],
      ['2020-12-01', '2020-12-07'],
    ] as const) {
      const plan = await planOf(de, ate);
      expect(plan).toMatch(/(Index Scan using|Bitmap Index Scan on) consultas_created_idx/);
      expect(plan).not.toMatch(/Seq Scan on consultas/);
    }
    // 2020-12-31 in São Paulo: 23:00 back to 00:00, a lookup every 26 minutes.
    const day = await readRecordGroups(database.db, '2020-12-31', '2020-12-31');
    expect(day.reduce((sum, group) => sum + group.consultas, 0)).toBe(Math.floor((23 * 60) / 26) + 1);
  });
});
