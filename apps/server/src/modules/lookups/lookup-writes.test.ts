import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness.ts';
import { insertCreditModule } from '../../../test/module-fixtures.ts';
import { insertUser } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { creditLedger } from '../../db/schema/ledger.ts';
import { logs } from '../../db/schema/logs.ts';
import { users } from '../../db/schema/users.ts';
import { createLookupWrites } from './lookup-writes.ts';

let database: DatabaseHandle;
let moduleId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  moduleId = await insertCreditModule(database.db, { nome: 'Lote', precoCents: 300 });
});
afterAll(async () => {
  await database.close();
});

const reservation = (userId: number) => ({
  userId,
  priceCents: 300,
  lookup: {
    moduloId: moduleId,
    moduloNome: 'Lote',
    moduloDescricao: '',
    input: { cpf: '12345678909' },
    retentionDays: 30,
  },
});

const transactionsOf = async (ids: number[]) => {
  const rows = await database.db
    .select({ tx: sql<string>`${consultas}.xmin::text` })
    .from(consultas)
    .where(inArray(consultas.id, ids));
  return new Set(rows.map((row) => row.tx)).size;
};

describe('lookup writes under load (group commit)', () => {
  it('reserves for many users in shared commits, each user exactly what their credits cover', async () => {
    const writes = createLookupWrites(database.db);
    // Each user can pay for one lookup (plus 1 cent) and asks for two, all in the same instant.
    const userIds = await Promise.all(
      Array.from({ length: 20 }, () => insertUser(database.db, { creditsCents: 301 })),
    );

    const outcomes = await Promise.all(
      userIds.flatMap((userId) => [
        writes.reserveCredits(reservation(userId)),
        writes.reserveCredits(reservation(userId)),
      ]),
    );

    const ids = outcomes.filter((id): id is number => id !== null);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    const owners = new Map(
      (
        await database.db
          .select({
            id: consultas.id,
            userId: consultas.usuarioId,
            status: consultas.status,
            valor: consultas.valorCents,
          })
          .from(consultas)
          .where(inArray(consultas.id, ids))
      ).map((row) => [row.id, row]),
    );
    // Each id went back to the request that asked for it: lookup i belongs to the user of request i.
    for (const [index, id] of outcomes.entries()) {
      if (id === null) continue;
      expect(owners.get(id)).toEqual({
        id,
        userId: userIds[Math.floor(index / 2)],
        status: 'pendente',
        valor: 300,
      });
    }
    for (const userId of userIds) {
      const [user] = await database.db
        .select({ cents: users.creditosCents })
        .from(users)
        .where(eq(users.id, userId));
      expect(user?.cents).toBe(1);
      const [ledger] = await database.db
        .select({ sum: sql<string>`sum(${creditLedger.amountCents})`, entries: sql<number>`count(*)::int` })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId));
      expect({ sum: Number(ledger?.sum), entries: ledger?.entries }).toEqual({ sum: 1, entries: 2 });
    }
    // The first two went out at once; the other eighteen waited and shared commits.
    expect(await transactionsOf(ids)).toBeLessThanOrEqual(4);

    const completed = await Promise.all(
      ids.map((id) =>
        writes.complete({
          id,
          resultJson: JSON.stringify({ nome: `Pessoa ${id}` }),
          latencyMs: 12,
          retentionDays: 30,
        }),
      ),
    );
    // Each completion says what it cost and the balance it read in the same statement.
    expect(completed).toEqual(ids.map(() => ({ costCents: 300, balanceCents: 1 })));
    const done = await database.db
      .select({
        id: consultas.id,
        status: consultas.status,
        resultado: consultas.resultado,
        latencia: consultas.latenciaMs,
      })
      .from(consultas)
      .where(inArray(consultas.id, ids));
    for (const row of done) {
      expect(row).toEqual({
        id: row.id,
        status: 'sucesso',
        resultado: { nome: `Pessoa ${row.id}` },
        latencia: 12,
      });
    }
    const logged = await database.db
      .select({ detalhes: logs.detalhes })
      .from(logs)
      .where(eq(logs.acao, 'consulta_sucesso'));
    expect(logged.map((row) => (row.detalhes as { consulta_id: number }).consulta_id).sort()).toEqual(
      [...ids].sort(),
    );
    expect(await transactionsOf(ids)).toBeLessThanOrEqual(4);

    // A lookup is completed once: a second completion finds it no longer pending.
    expect(
      await writes.complete({ id: ids[0]!, resultJson: '{}', latencyMs: 1, retentionDays: 30 }),
    ).toBeNull();
  });

  it('gives nothing to users without credits in a mixed batch, and the rest are served', async () => {
    const writes = createLookupWrites(database.db);
    const payers = await Promise.all(
      Array.from({ length: 8 }, () => insertUser(database.db, { creditsCents: 300 })),
    );
    const broke = await Promise.all(
      Array.from({ length: 8 }, () => insertUser(database.db, { creditsCents: 299 })),
    );
    const everyone = payers.flatMap((payer, index) => [payer, broke[index] as number]);

    const outcomes = await Promise.all(everyone.map((userId) => writes.reserveCredits(reservation(userId))));

    expect(outcomes.map((id) => id !== null)).toEqual(everyone.map((userId) => payers.includes(userId)));
    const balances = await database.db
      .select({ id: users.id, cents: users.creditosCents })
      .from(users)
      .where(inArray(users.id, everyone));
    for (const { id, cents } of balances) expect(cents).toBe(payers.includes(id) ? 0 : 299);
  });

  it('when the database refuses a batch, serves each lookup on its own: only the bad one fails', async () => {
    const writes = createLookupWrites(database.db);
    const userIds = await Promise.all(
      Array.from({ length: 6 }, () => insertUser(database.db, { creditsCents: 300 })),
    );
    const ids = (await Promise.all(
      userIds.map((userId) => writes.reserveCredits(reservation(userId))),
    )) as number[];

    // A NUL cannot be stored in jsonb: the statement holding it is refused as a whole.
    const results = await Promise.allSettled(
      ids.map((id, index) =>
        writes.complete({
          id,
          resultJson: JSON.stringify({ nome: index === 3 ? 'a\u0000b' : `Pessoa ${id}` }),
          latencyMs: 5,
          retentionDays: 30,
        }),
      ),
    );

    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const statuses = await database.db
      .select({ id: consultas.id, status: consultas.status })
      .from(consultas)
      .where(inArray(consultas.id, ids));
    for (const { id, status } of statuses) expect(status).toBe(id === ids[3] ? 'pendente' : 'sucesso');
  });
});

describe('lookup writes: each kind of reservation and how it ends', () => {
  const lookupRow = async (id: number) =>
    (await database.db.select().from(consultas).where(eq(consultas.id, id)))[0]!;
  const userRow = async (id: number) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('opens trial lookups up to the limit, stamped with the process that opened them', async () => {
    const writes = createLookupWrites(database.db, { owner: () => 77 });
    const userId = await insertUser(database.db);
    const lookup = reservation(userId).lookup;
    const first = await writes.reserveTrial(userId, 2, lookup);
    const second = await writes.reserveTrial(userId, 2, lookup);
    expect(await writes.reserveTrial(userId, 2, lookup)).toBeNull();
    expect((await userRow(userId)).trialUsed).toBe(2);
    expect(await lookupRow(first!)).toMatchObject({
      cobranca: 'trial',
      trial: true,
      processoId: 77,
      status: 'pendente',
    });

    await writes.fail(second!, 'UPSTREAM_ERROR');
    expect(await lookupRow(second!)).toMatchObject({ status: 'falha', erroCodigo: 'UPSTREAM_ERROR' });
    expect((await userRow(userId)).trialUsed).toBe(1);
  });

  it('opens quota lookups up to the limit, none without one', async () => {
    const writes = createLookupWrites(database.db, { owner: () => 78 });
    const userId = await insertUser(database.db);
    const lookup = reservation(userId).lookup;
    const id = await writes.reserveQuota(userId, 1, lookup);
    expect(await lookupRow(id!)).toMatchObject({ cobranca: 'quantidade', processoId: 78, usuarioId: userId });
    expect(await writes.reserveQuota(userId, 1, lookup)).toBeNull();
    expect(await writes.reserveQuota(userId, null, lookup)).toEqual(expect.any(Number));
  });

  it('gives the credits back when a lookup fails', async () => {
    const writes = createLookupWrites(database.db);
    const userId = await insertUser(database.db, { creditsCents: 300 });
    const id = await writes.reserveCredits(reservation(userId));
    expect((await userRow(userId)).creditosCents).toBe(0);
    await writes.fail(id!, 'UPSTREAM_TIMEOUT');
    expect((await userRow(userId)).creditosCents).toBe(300);
    expect(await lookupRow(id!)).toMatchObject({ status: 'falha', erroCodigo: 'UPSTREAM_TIMEOUT' });
  });

  it('lets two lookups of one user share an instant: each is debited', async () => {
    const writes = createLookupWrites(database.db);
    const userIds = await Promise.all(
      Array.from({ length: 10 }, () => insertUser(database.db, { creditsCents: 600 })),
    );
    const outcomes = await Promise.all(
      userIds.flatMap((userId) => [
        writes.reserveCredits(reservation(userId)),
        writes.reserveCredits(reservation(userId)),
      ]),
    );
    expect(outcomes.every((id) => id !== null)).toBe(true);
    const balances = await database.db
      .select({ cents: users.creditosCents })
      .from(users)
      .where(inArray(users.id, userIds));
    expect(balances.map((row) => row.cents)).toEqual(userIds.map(() => 0));
  });

  it('stores a result too large for a shared statement, once', async () => {
    const writes = createLookupWrites(database.db);
    const userId = await insertUser(database.db, { creditsCents: 300 });
    const id = await writes.reserveCredits(reservation(userId));
    const large = JSON.stringify({ texto: 'x'.repeat(300 * 1024) });
    expect(await writes.complete({ id: id!, resultJson: large, latencyMs: 3, retentionDays: 30 })).toEqual({
      costCents: 300,
      balanceCents: 0,
    });
    expect((await lookupRow(id!)).status).toBe('sucesso');
    expect(await writes.complete({ id: id!, resultJson: large, latencyMs: 3, retentionDays: 30 })).toBeNull();
  });

  it('settles a completion that could not be written as interrupted, giving the credits back, once', async () => {
    const writes = createLookupWrites(database.db);
    const userId = await insertUser(database.db, { creditsCents: 300 });
    const id = await writes.reserveCredits(reservation(userId));
    const bad = JSON.stringify({ nome: 'a\u0000b' });
    await expect(
      writes.complete({ id: id!, resultJson: bad, latencyMs: 2, retentionDays: 30 }),
    ).rejects.toThrow();
    expect((await lookupRow(id!)).status).toBe('pendente');

    expect(await writes.settle()).toBe(1);
    expect(await lookupRow(id!)).toMatchObject({ status: 'falha', erroCodigo: 'INTERRUPTED' });
    expect((await userRow(userId)).creditosCents).toBe(300);
    expect(await writes.settle()).toBe(0);
  });
});
