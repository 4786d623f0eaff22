import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import type { DatabaseHandle } from './client.ts';
import { executePrepared } from './prepared.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  await database.db.execute(sql`create table prepared_probe (id int primary key, n int not null)`);
  await database.db.execute(sql`insert into prepared_probe select g, 0 from generate_series(1, 8) g`);
});

afterAll(async () => {
  await database.close();
});

const bump = (id: number, by: number) =>
  sql`update prepared_probe set n = n + ${by} where id = ${id} and n + ${by} >= 0 returning n`;

describe('executePrepared', () => {
  it('answers each call with its own values, however many times a name is reused at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, index) =>
        executePrepared<{ n: number }>(database.db, 'probe_bump', bump((index % 8) + 1, 1)),
      ),
    );
    expect(answers.every((rows) => rows.length === 1)).toBe(true);
    const totals = await executePrepared<{ id: number; n: number }>(
      database.db,
      'probe_all',
      sql`select id, n from prepared_probe order by id`,
    );
    expect(totals).toEqual(Array.from({ length: 8 }, (_, index) => ({ id: index + 1, n: 10 })));
    // A condition that fails returns no row, as the same statement run any other way would.
    expect(await executePrepared(database.db, 'probe_bump', bump(1, -1_000))).toEqual([]);
  });

  it('runs inside the transaction it is given, so a rollback undoes it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await executePrepared(tx, 'probe_bump', bump(2, 5));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const [row] = await executePrepared<{ n: number }>(
      database.db,
      'probe_one',
      sql`select n from prepared_probe where id = ${2}`,
    );
    expect(row?.n).toBe(10);
  });
});
