import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/harness.ts';
import { insertUser } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { creditLedger } from '../../db/schema/ledger.ts';
import { pixPaymentEvents, pixPayments } from '../../db/schema/payments.ts';
import { plans, subscriptions } from '../../db/schema/plans.ts';
import { users } from '../../db/schema/users.ts';
import type { NoticeBus } from '../../lib/notice-bus.ts';
import type { SessionGuard } from '../auth/session-guard.ts';
import { applyVerified, PAYMENT_UPDATED, type PaymentDeps } from './payment.service.ts';

/**
 * applyVerified on its own: a paid charge credits or extends access exactly once, with its event,
 * its notice and the user's sessions told. The payment tests beside this file drive it through
 * the API, the poller and the webhooks.
 */

const DAY = 86_400_000;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
});
afterAll(async () => {
  await database.close();
});

function deps() {
  const publish = vi.fn();
  const userChanged = vi.fn();
  const log = { error: vi.fn(), info: vi.fn(), warn: vi.fn() };
  const value = {
    db: database.db,
    sessions: { userChanged } as unknown as SessionGuard,
    notices: { publish } as unknown as NoticeBus,
    log: log as unknown as FastifyBaseLogger,
  } as PaymentDeps;
  return { deps: value, publish, userChanged, log };
}

let keys = 0;
async function charge(fields: {
  userId: number;
  amountCents: number;
  purpose?: 'credit' | 'plan';
  planId?: number | null;
  status?: 'waiting' | 'expired' | 'failed' | 'verified';
}) {
  keys += 1;
  const [row] = await database.db
    .insert(pixPayments)
    .values({
      userId: fields.userId,
      purpose: fields.purpose ?? 'credit',
      planId: fields.planId ?? null,
      status: fields.status ?? 'waiting',
      amountCents: fields.amountCents,
      provider: 'sandbox',
      idempotencyKey: `chave-${keys}`,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    .returning();
  return row!;
}

const paymentRow = async (id: number) =>
  (await database.db.select().from(pixPayments).where(eq(pixPayments.id, id)))[0]!;
const eventsOf = (id: number) =>
  database.db
    .select({
      fromStatus: pixPaymentEvents.fromStatus,
      toStatus: pixPaymentEvents.toStatus,
      source: pixPaymentEvents.source,
      detalhes: pixPaymentEvents.detalhes,
    })
    .from(pixPaymentEvents)
    .where(eq(pixPaymentEvents.paymentId, id))
    .orderBy(asc(pixPaymentEvents.id));
const creditsOf = async (userId: number) =>
  (await database.db.select({ cents: users.creditosCents }).from(users).where(eq(users.id, userId)))[0]!
    .cents;

describe('applyVerified, a top-up', () => {
  it('credits the amount once, with its ledger entry, event, notice and session refresh', async () => {
    const userId = await insertUser(database.db, { creditsCents: 1_000 });
    const payment = await charge({ userId, amountCents: 2_550 });
    const { deps: first, publish, userChanged, log } = deps();

    expect(
      await applyVerified(first, payment.id, 'webhook', { status: 'verified', amountCents: 2_550 }),
    ).toBe(true);
    expect(await creditsOf(userId)).toBe(3_550);
    const ledger = await database.db
      .select({
        amount: creditLedger.amountCents,
        reason: creditLedger.reason,
        reference: creditLedger.reference,
      })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(asc(creditLedger.id));
    expect(ledger.at(-1)).toEqual({ amount: 2_550, reason: 'recarga_pix', reference: `pix:${payment.id}` });
    const row = await paymentRow(payment.id);
    expect(row.status).toBe('verified');
    expect(row.appliedAt).toBeInstanceOf(Date);
    expect(row.verifiedAt).toBeInstanceOf(Date);
    expect(await eventsOf(payment.id)).toEqual([
      {
        fromStatus: 'waiting',
        toStatus: 'verified',
        source: 'webhook',
        detalhes: { creditos: 25.5, antes: { creditos: 10 }, depois: { creditos: 35.5 } },
      },
    ]);
    expect(publish).toHaveBeenCalledWith(PAYMENT_UPDATED, {
      paymentId: payment.id,
      userId,
      status: 'verified',
    });
    expect(userChanged).toHaveBeenCalledWith(userId);
    expect(log.info).toHaveBeenCalledWith(
      { paymentId: payment.id, userId, source: 'webhook' },
      'PIX payment verified and applied',
    );

    const again = deps();
    expect(await applyVerified(again.deps, payment.id, 'poller', { status: 'verified' })).toBe(false);
    expect(await creditsOf(userId)).toBe(3_550);
    expect(await eventsOf(payment.id)).toHaveLength(1);
    expect(again.publish).not.toHaveBeenCalled();
    expect(again.userChanged).not.toHaveBeenCalled();
  });

  it('applies a charge the panel had expired, when the bank says it was paid after all', async () => {
    const userId = await insertUser(database.db);
    const payment = await charge({ userId, amountCents: 700, status: 'expired' });
    expect(await applyVerified(deps().deps, payment.id, 'batch-poll', { status: 'verified' })).toBe(true);
    expect(await creditsOf(userId)).toBe(700);
    expect((await eventsOf(payment.id))[0]).toMatchObject({ fromStatus: 'expired', source: 'batch-poll' });
  });

  it('leaves a failed or unknown charge alone', async () => {
    const userId = await insertUser(database.db);
    const failed = await charge({ userId, amountCents: 700, status: 'failed' });
    const { deps: first, publish } = deps();
    expect(await applyVerified(first, failed.id, 'status', { status: 'verified' })).toBe(false);
    expect(await applyVerified(first, 2_147_000_000, 'status', { status: 'verified' })).toBe(false);
    expect(await creditsOf(userId)).toBe(0);
    expect((await paymentRow(failed.id)).status).toBe('failed');
    expect(publish).not.toHaveBeenCalled();
  });

  it('refuses an amount that differs from the charge, logging it, and still applies the right one later', async () => {
    const userId = await insertUser(database.db);
    const payment = await charge({ userId, amountCents: 5_000 });
    const { deps: first, log, publish } = deps();
    expect(
      await applyVerified(first, payment.id, 'webhook', { status: 'verified', amountCents: 4_999 }),
    ).toBe(false);
    expect(log.error).toHaveBeenCalledWith(
      { paymentId: payment.id, expected: 5_000, paid: 4_999 },
      'PIX paid amount differs from the charge; not applied',
    );
    expect(await creditsOf(userId)).toBe(0);
    expect((await paymentRow(payment.id)).status).toBe('waiting');
    expect(await eventsOf(payment.id)).toEqual([]);
    expect(publish).not.toHaveBeenCalled();

    expect(
      await applyVerified(first, payment.id, 'webhook', { status: 'verified', amountCents: 5_000 }),
    ).toBe(true);
    expect(await creditsOf(userId)).toBe(5_000);
  });
});

describe('applyVerified, a plan', () => {
  it('starts the plan at the later of now and the current end, and moves data_expiracao to its end', async () => {
    const [plan] = await database.db
      .insert(plans)
      .values({ name: 'Mensal', priceCents: 3_000, durationValue: 1, durationUnit: 'months' })
      .returning();
    const paidUntil = new Date(Math.ceil((Date.now() + 10 * DAY) / 1000) * 1000);
    const userId = await insertUser(database.db, { dataExpiracao: paidUntil });
    const payment = await charge({ userId, amountCents: 3_000, purpose: 'plan', planId: plan!.id });
    const { deps: first, userChanged } = deps();

    expect(await applyVerified(first, payment.id, 'status', { status: 'verified' })).toBe(true);
    const [subscription] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    const expectedEnd = new Date(paidUntil);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(subscription).toMatchObject({ planId: plan!.id, source: 'pix' });
    expect(subscription!.startsAt.toISOString()).toBe(paidUntil.toISOString());
    const [user] = await database.db
      .select({ end: users.dataExpiracao })
      .from(users)
      .where(eq(users.id, userId));
    expect(user!.end!.toISOString()).toBe(subscription!.endsAt.toISOString());
    expect((await paymentRow(payment.id)).subscriptionId).toBe(subscription!.id);
    expect(await creditsOf(userId)).toBe(0);
    expect((await eventsOf(payment.id))[0]?.detalhes).toEqual({
      assinatura: {
        id: subscription!.id,
        plano: 'Mensal',
        inicio: paidUntil.toISOString(),
        fim: subscription!.endsAt.toISOString(),
      },
      antes: { data_expiracao: paidUntil.toISOString() },
      depois: { data_expiracao: subscription!.endsAt.toISOString() },
    });
    expect(userChanged).toHaveBeenCalledWith(userId);

    const second = await charge({ userId, amountCents: 3_000, purpose: 'plan', planId: plan!.id });
    expect(await applyVerified(first, second.id, 'status', { status: 'verified' })).toBe(true);
    const both = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.id));
    expect(both[1]!.startsAt.toISOString()).toBe(both[0]!.endsAt.toISOString());
  });

  it('starts now for a user with no time left, recording that there was none', async () => {
    const [plan] = await database.db
      .insert(plans)
      .values({ name: 'Semanal', priceCents: 1_000, durationValue: 7, durationUnit: 'days' })
      .returning();
    const userId = await insertUser(database.db);
    const payment = await charge({ userId, amountCents: 1_000, purpose: 'plan', planId: plan!.id });
    const before = Date.now();
    expect(await applyVerified(deps().deps, payment.id, 'status', { status: 'verified' })).toBe(true);
    const [subscription] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    expect(subscription!.startsAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(subscription!.endsAt.getTime() - subscription!.startsAt.getTime()).toBe(7 * DAY);
    expect((await eventsOf(payment.id))[0]?.detalhes).toMatchObject({ antes: { data_expiracao: null } });
  });

  it('starts after a running subscription even when data_expiracao says less', async () => {
    const [plan] = await database.db
      .insert(plans)
      .values({ name: 'Quinzenal', priceCents: 2_000, durationValue: 15, durationUnit: 'days' })
      .returning();
    const subscriptionEnd = new Date(Math.ceil((Date.now() + 20 * DAY) / 1000) * 1000);
    const userId = await insertUser(database.db, { dataExpiracao: new Date(Date.now() + 5 * DAY) });
    await database.db.insert(subscriptions).values({
      userId,
      planId: plan!.id,
      startsAt: new Date(Date.now() - DAY),
      endsAt: subscriptionEnd,
      source: 'manual',
    });
    const payment = await charge({ userId, amountCents: 2_000, purpose: 'plan', planId: plan!.id });
    expect(await applyVerified(deps().deps, payment.id, 'status', { status: 'verified' })).toBe(true);
    const [bought] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.id))
      .limit(1);
    expect(bought!.source).toBe('pix');
    expect(bought!.startsAt.toISOString()).toBe(subscriptionEnd.toISOString());
  });
});
