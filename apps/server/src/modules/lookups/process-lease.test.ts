import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres } from '../../../test/harness.ts';
import { balanceOf, insertUser } from '../../../test/users-fixtures.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { modules } from '../../db/schema/modules.ts';
import { users } from '../../db/schema/users.ts';
import { deadProcesses, LEASE_LOCK_CLASS, quotaUsed } from './lookup.repository.ts';
import { createLookupWrites } from './lookup-writes.ts';
import { acquireProcessLease } from './process-lease.ts';

const quiet = { info() {}, warn() {} };

let database: DatabaseHandle;
let creditModule: number;
let quotaModule: number;

async function insertModules(db: Database) {
  const rows = await db
    .insert(modules)
    .values([
      { nome: 'Crédito', apiUrl: 'http://127.0.0.1:9/{cpf}', tipoLimite: 'creditos', precoCents: 300 },
      {
        nome: 'Cota',
        apiUrl: 'http://127.0.0.1:9/{cpf}',
        tipoLimite: 'quantidade',
        limitePadraoQuantidade: 1,
      },
    ])
    .returning({ id: modules.id });
  return rows.map((row) => row.id) as [number, number];
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  [creditModule, quotaModule] = await insertModules(database.db);
});
afterAll(async () => {
  await database.close();
});

const lookup = (moduloId: number) => ({
  moduloId,
  moduloNome: 'Módulo',
  moduloDescricao: '',
  input: { cpf: '12345678909' },
  retentionDays: 30,
});

async function lookupsById(db: Database, ids: number[]) {
  const rows = await db
    .select({ id: consultas.id, status: consultas.status, erro: consultas.erroCodigo })
    .from(consultas)
    .where(inArray(consultas.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Users whose balance is not the sum of their ledger entries (there must be none). */
async function unbalancedUsers(db: Database) {
  const result = await db.execute(sql`
    select u.id from users u
    where u.creditos_cents <> (select coalesce(sum(amount_cents), 0) from credit_ledger l where l.user_id = u.id)`);
  return rowsOf<{ id: number }>(result);
}

async function trialUsed(db: Database, userId: number) {
  const [row] = await db.select({ used: users.trialUsed }).from(users).where(eq(users.id, userId));
  return row?.used;
}

describe('process leases', () => {
  it("releases a dead process's reservations (credits, trial and quota slots) and leaves a living one's alone", async () => {
    const dying = await acquireProcessLease(database, { log: quiet });
    const living = await acquireProcessLease(database, { log: quiet });
    const dyingWrites = createLookupWrites(database.db, { owner: dying.owner });
    const livingWrites = createLookupWrites(database.db, { owner: living.owner });
    const payer = await insertUser(database.db, { creditsCents: 1000 });
    const trialUser = await insertUser(database.db);
    const quotaUser = await insertUser(database.db);

    const dead = [
      await dyingWrites.reserveCredits({ userId: payer, priceCents: 300, lookup: lookup(creditModule) }),
      await dyingWrites.reserveTrial(trialUser, 10, lookup(quotaModule)),
      await dyingWrites.reserveQuota(quotaUser, 1, lookup(quotaModule)),
    ] as number[];
    // The same user has a lookup in flight on the living process too.
    const alive = (await livingWrites.reserveCredits({
      userId: payer,
      priceCents: 300,
      lookup: lookup(creditModule),
    })) as number;
    expect([...dead, alive].every((id) => typeof id === 'number')).toBe(true);
    expect((await balanceOf(database.db, payer)).cents).toBe(400);

    // Its lease's connection ends, as when the process dies.
    await dying.close();
    if (database.dialect === 'postgres') {
      // Seen dead once: it may only have lost its connection, and be taking its lock back.
      expect(await living.releaseDeadOwners()).toBe(0);
    }
    expect(await living.releaseDeadOwners()).toBe(3);

    const after = await lookupsById(database.db, [...dead, alive]);
    for (const id of dead) expect(after.get(id)).toMatchObject({ status: 'falha', erro: 'INTERRUPTED' });
    expect(after.get(alive)?.status).toBe('pendente');
    expect(await balanceOf(database.db, payer)).toEqual({ cents: 700, ledgerSum: 700 });
    expect(await trialUsed(database.db, trialUser)).toBe(0);
    expect(await quotaUsed(database.db, quotaUser, quotaModule)).toBe(0);
    expect(await livingWrites.reserveQuota(quotaUser, 1, lookup(quotaModule))).toEqual(expect.any(Number));
    expect(await deadProcesses(database.db)).not.toContain(dying.owner());

    // Nothing more to release, and the living lookup completes as usual.
    expect(await living.releaseDeadOwners()).toBe(0);
    expect(
      await livingWrites.complete({ id: alive, resultJson: '{"ok":true}', latencyMs: 5, retentionDays: 30 }),
    ).toEqual({ costCents: 300, balanceCents: 700 });
    expect(await balanceOf(database.db, payer)).toEqual({ cents: 700, ledgerSum: 700 });
    expect(await unbalancedUsers(database.db)).toEqual([]);
    await living.close();
  });

  it.skipIf(!usingPostgres)(
    'keeps the lookups of a process that lost its connection and took its lock back (PostgreSQL only: PGlite has one connection)',
    async () => {
      const flaky = await acquireProcessLease(database, { log: quiet, retryMs: 2_000 });
      const living = await acquireProcessLease(database, { log: quiet });
      const writes = createLookupWrites(database.db, { owner: flaky.owner });
      const payer = await insertUser(database.db, { creditsCents: 300 });
      const id = (await writes.reserveCredits({
        userId: payer,
        priceCents: 300,
        lookup: lookup(creditModule),
      })) as number;
      const owner = flaky.owner();
      const lockHolders = async () =>
        rowsOf<{ pid: number }>(
          await database.db.execute(sql`
            select pid from pg_locks
            where locktype = 'advisory' and classid = ${LEASE_LOCK_CLASS} and objid = ${owner}::int::oid and granted`),
        );

      await database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and classid = ${LEASE_LOCK_CLASS} and objid = ${owner}::int::oid`);
      await until(async () => (await lockHolders()).length === 0);
      await living.releaseDeadOwners();
      await until(async () => (await lockHolders()).length === 1);
      await living.releaseDeadOwners();

      expect(flaky.owner()).toBe(owner);
      expect((await lookupsById(database.db, [id])).get(id)?.status).toBe('pendente');
      expect(await writes.complete({ id, resultJson: '{}', latencyMs: 1, retentionDays: 30 })).toEqual({
        costCents: 300,
        balanceCents: 0,
      });
      expect(await balanceOf(database.db, payer)).toEqual({ cents: 0, ledgerSum: 0 });
      await flaky.close();
      await living.close();
    },
  );

  it('a start on PGlite releases what the previous run left pending', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'painel-lease-'));
    try {
      const first = await openDatabase({ dataDir });
      await first.migrate();
      const [moduleId] = await insertModules(first.db);
      const payer = await insertUser(first.db, { creditsCents: 500 });
      const lease = await acquireProcessLease(first, { log: quiet });
      const id = await createLookupWrites(first.db, { owner: lease.owner }).reserveCredits({
        userId: payer,
        priceCents: 300,
        lookup: lookup(moduleId),
      });
      // The process ends without closing its lease (a crash, a kill).
      await first.close();

      const second = await openDatabase({ dataDir });
      try {
        await second.migrate();
        const restarted = await acquireProcessLease(second, { log: quiet });
        expect(await restarted.releaseDeadOwners()).toBe(1);
        expect((await lookupsById(second.db, [id as number])).get(id as number)).toMatchObject({
          status: 'falha',
          erro: 'INTERRUPTED',
        });
        expect(await balanceOf(second.db, payer)).toEqual({ cents: 500, ledgerSum: 500 });
        await restarted.close();
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('lookup writes the database missed', () => {
  it('fails the lookup (and gives back what it holds) once the database answers again', async () => {
    const payer = await insertUser(database.db, { creditsCents: 300 });
    let reachable = true;
    // The completion's statement never reaches the database, as in an outage.
    const flakyDb = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key === 'execute' && !reachable) return () => Promise.reject(new Error('Connection terminated'));
        return Reflect.get(target, key, receiver);
      },
    });
    const writes = createLookupWrites(flakyDb, { maxBatch: 1 });
    const id = (await writes.reserveCredits({
      userId: payer,
      priceCents: 300,
      lookup: lookup(creditModule),
    })) as number;
    reachable = false;
    await expect(writes.fail(id, 'UPSTREAM_ERROR')).rejects.toThrow('Connection terminated');
    await expect(writes.settle()).rejects.toThrow('Connection terminated');
    expect((await lookupsById(database.db, [id])).get(id)?.status).toBe('pendente');

    reachable = true;
    expect(await writes.settle()).toBe(1);
    expect((await lookupsById(database.db, [id])).get(id)).toMatchObject({
      status: 'falha',
      erro: 'UPSTREAM_ERROR',
    });
    expect(await balanceOf(database.db, payer)).toEqual({ cents: 300, ledgerSum: 300 });
    expect(await writes.settle()).toBe(0);
  });
});

async function until(condition: () => Promise<boolean>, deadlineMs = 15_000) {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
