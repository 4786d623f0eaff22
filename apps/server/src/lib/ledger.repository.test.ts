import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { balanceOf, insertUser } from '../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { creditLedger } from '../db/schema/ledger.ts';
import { users } from '../db/schema/users.ts';
import { adjustCredits, ledgerSum } from './ledger.repository.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
});
afterAll(async () => {
  await database.close();
});

const entriesOf = (userId: number) =>
  database.db
    .select({
      actorId: creditLedger.actorId,
      amountCents: creditLedger.amountCents,
      balanceAfterCents: creditLedger.balanceAfterCents,
      reason: creditLedger.reason,
      reference: creditLedger.reference,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.id));

describe('adjustCredits', () => {
  it('adds and removes credits, returning the new balance, each move with its ledger entry', async () => {
    const actorId = await insertUser(database.db);
    const userId = await insertUser(database.db);
    expect(
      await adjustCredits(database.db, { userId, actorId, amountCents: 1_250, reason: 'admin_adicionar' }),
    ).toBe(1_250);
    expect(
      await adjustCredits(database.db, {
        userId,
        actorId: null,
        amountCents: -250,
        reason: 'transferencia',
        reference: 'revenda:7',
      }),
    ).toBe(1_000);

    expect(await balanceOf(database.db, userId)).toEqual({ cents: 1_000, ledgerSum: 1_000 });
    expect(await entriesOf(userId)).toEqual([
      { actorId, amountCents: 1_250, balanceAfterCents: 1_250, reason: 'admin_adicionar', reference: null },
      {
        actorId: null,
        amountCents: -250,
        balanceAfterCents: 1_000,
        reason: 'transferencia',
        reference: 'revenda:7',
      },
    ]);
  });

  it('takes a balance down to exactly zero, never below: a short balance is refused and nothing moves', async () => {
    const userId = await insertUser(database.db, { creditsCents: 300 });
    const before = await database.db
      .select({ updatedAt: users.updatedAt })
      .from(users)
      .where(eq(users.id, userId));

    await expect(
      adjustCredits(database.db, { userId, actorId: null, amountCents: -301, reason: 'remover' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: 'Saldo insuficiente' });
    expect(await balanceOf(database.db, userId)).toEqual({ cents: 300, ledgerSum: 300 });
    expect(await entriesOf(userId)).toHaveLength(1);
    expect(
      await database.db.select({ updatedAt: users.updatedAt }).from(users).where(eq(users.id, userId)),
    ).toEqual(before);

    expect(
      await adjustCredits(database.db, { userId, actorId: null, amountCents: -300, reason: 'remover' }),
    ).toBe(0);
    expect(await balanceOf(database.db, userId)).toEqual({ cents: 0, ledgerSum: 0 });
  });

  it('refuses a user that does not exist without writing an entry', async () => {
    const before = await database.db.$count(creditLedger);
    await expect(
      adjustCredits(database.db, { userId: 2_147_000_000, actorId: null, amountCents: 100, reason: 'teste' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(await database.db.$count(creditLedger)).toBe(before);
  });
});

describe('ledgerSum', () => {
  it('sums one user’s entries with the given reasons and reference only', async () => {
    const userId = await insertUser(database.db);
    const otherId = await insertUser(database.db);
    const move = (id: number, amountCents: number, reason: string, reference: string | null) =>
      adjustCredits(database.db, { userId: id, actorId: null, amountCents, reason, reference });
    await move(userId, 1_000, 'transferencia_recebida', 'revenda:1');
    await move(userId, 500, 'transferencia_recebida', 'revenda:1');
    await move(userId, -200, 'transferencia_devolvida', 'revenda:1');
    await move(userId, 4_000, 'transferencia_recebida', 'revenda:2');
    await move(userId, 8_000, 'admin_adicionar', 'revenda:1');
    await move(otherId, 16_000, 'transferencia_recebida', 'revenda:1');

    const reasons = ['transferencia_recebida', 'transferencia_devolvida'];
    expect(await ledgerSum(database.db, { userId, reasons, reference: 'revenda:1' })).toBe(1_300);
    expect(
      await ledgerSum(database.db, { userId, reasons: ['transferencia_recebida'], reference: 'revenda:1' }),
    ).toBe(1_500);
    expect(await ledgerSum(database.db, { userId, reasons, reference: 'revenda:3' })).toBe(0);
  });
});
