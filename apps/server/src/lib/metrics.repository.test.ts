import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { insertCreditModule } from '../../test/module-fixtures.ts';
import { insertUser } from '../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createLookupWrites } from '../modules/lookups/lookup-writes.ts';
import { acquireProcessLease } from '../modules/lookups/process-lease.ts';
import { readBacklog } from './metrics.repository.ts';
import { createMetrics } from './metrics.ts';

const quiet = { info() {}, warn() {} };

let database: DatabaseHandle;
let moduleId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  moduleId = await insertCreditModule(database.db, { precoCents: 100 });
});
afterAll(async () => {
  await database.close();
});

const lookup = () => ({
  moduloId: moduleId,
  moduloNome: 'Módulo',
  moduloDescricao: '',
  input: { cpf: '12345678909' },
  retentionDays: 30,
});

describe('readBacklog', () => {
  it("shows what a dead process left reserved until a survivor releases it, never a living one's", async () => {
    const dying = await acquireProcessLease(database, { log: quiet });
    const living = await acquireProcessLease(database, { log: quiet });
    const dyingWrites = createLookupWrites(database.db, { owner: dying.owner });
    const livingWrites = createLookupWrites(database.db, { owner: living.owner });
    const payer = await insertUser(database.db, { creditsCents: 1000 });
    for (let i = 0; i < 2; i += 1)
      expect(
        await dyingWrites.reserveCredits({ userId: payer, priceCents: 100, lookup: lookup() }),
      ).not.toBeNull();
    expect(
      await livingWrites.reserveCredits({ userId: payer, priceCents: 100, lookup: lookup() }),
    ).not.toBeNull();
    expect(await readBacklog(database.db)).toMatchObject({
      orphanedReservations: 0,
      oldestOrphanedReservationAgeSeconds: 0,
    });

    // Its lease's connection ends, as when the process dies.
    await dying.close();
    const orphaned = await readBacklog(database.db);
    expect(orphaned.orphanedReservations).toBe(2);
    expect(orphaned.oldestOrphanedReservationAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(orphaned.oldestOrphanedReservationAgeSeconds).toBeLessThan(60);

    // Seen dead twice on PostgreSQL (once on PGlite): released, and no longer shown.
    await living.releaseDeadOwners();
    await living.releaseDeadOwners();
    expect(await readBacklog(database.db)).toMatchObject({
      orphanedReservations: 0,
      oldestOrphanedReservationAgeSeconds: 0,
    });
    await living.close();
  });

  it('counts the lookups a release failed as failures INTERRUPTED of their module, where they were released', async () => {
    const metrics = createMetrics({ enabled: true });
    // A module of its own: what earlier tests left pending is released here too.
    const own = await insertCreditModule(database.db, { nome: 'Outro', precoCents: 100 });
    const dying = await acquireProcessLease(database, { log: quiet });
    const living = await acquireProcessLease(database, { log: quiet, onReleased: metrics.lookupsReleased });
    const dyingWrites = createLookupWrites(database.db, { owner: dying.owner });
    const payer = await insertUser(database.db, { creditsCents: 1000 });
    for (let i = 0; i < 3; i += 1)
      await dyingWrites.reserveCredits({
        userId: payer,
        priceCents: 100,
        lookup: { ...lookup(), moduloId: own },
      });
    await dying.close();
    await living.releaseDeadOwners();
    await living.releaseDeadOwners();
    const text = await metrics.scrape({
      breakerOpen: () => false,
      pool: () => null,
      backlog: () => readBacklog(database.db),
      onBacklogError: () => {},
    });
    expect(text).toContain(
      `painel_lookups_total{modulo_id="${own}",status="falha",error_code="INTERRUPTED"} 3`,
    );
    await living.close();
  });
});
