import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createTestApp,
  createTestDatabase,
  registerUser,
  type SignedIn,
  signIn,
} from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { creditLedger } from '../../db/schema/ledger.ts';
import { pixPaymentEvents, pixPayments, sandboxPixCharges } from '../../db/schema/payments.ts';
import { plans, subscriptions } from '../../db/schema/plans.ts';
import { users } from '../../db/schema/users.ts';
import { paymentCalls } from './payments.test-helpers.ts';

/**
 * Exactly once (docs/product/plans-and-payments.md#applying-a-payment): fifty status polls, batch polls and duplicate webhooks, sent to
 * two app instances on one database (as two server processes would be) while both background
 * pollers run, race on one payment the bank has just confirmed.
 */
let database: DatabaseHandle;
let first: FastifyInstance;
let second: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await createTestApp(database, { PIX_POLL_INTERVAL_MS: '15' });
  second = await createTestApp(database, { PIX_POLL_INTERVAL_MS: '15' });
  admin = await signIn(first, ADMIN.email, ADMIN.senha);
});
afterAll(async () => {
  await first.close();
  await second.close();
  await database.close();
});

async function markPaidAtTheBank(externalId: string) {
  await database.db
    .update(sandboxPixCharges)
    .set({ status: 'paid', paidAt: new Date() })
    .where(eq(sandboxPixCharges.id, externalId));
}

function race(user: SignedIn, payment: { id: number; pix_id_external: string }) {
  const apps = [paymentCalls(first), paymentCalls(second)];
  return Promise.all(
    Array.from({ length: 50 }, (_, index) => {
      const api = apps[index % 2]!;
      switch (index % 5) {
        case 0:
        case 1:
          return api.status(user.headers, payment.id);
        case 2:
          return api.batchPoll(admin.headers);
        default:
          return api.sandboxWebhook(payment.pix_id_external);
      }
    }),
  );
}

async function verifiedEvents(paymentId: number) {
  return database.db.$count(
    pixPaymentEvents,
    and(eq(pixPaymentEvents.paymentId, paymentId), eq(pixPaymentEvents.toStatus, 'verified')),
  );
}

describe('a verified payment is applied exactly once', () => {
  it('top-up: the balance and the ledger move once', async () => {
    const user = await registerUser(first);
    const payment = (await paymentCalls(first).createTopup(user.headers, 123.45, 'corrida-recarga')).json()
      .pixPayment;
    await markPaidAtTheBank(payment.pix_id_external);

    const responses = await race(user, payment);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);

    const [row] = await database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.creditosCents).toBe(12_345);
    const entries = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.userId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      amountCents: 12_345,
      balanceAfterCents: 12_345,
      reference: `pix:${payment.id}`,
    });
    expect(await verifiedEvents(payment.id)).toBe(1);
    const [stored] = await database.db.select().from(pixPayments).where(eq(pixPayments.id, payment.id));
    expect(stored).toMatchObject({ status: 'verified' });
    expect(stored!.appliedAt).not.toBeNull();

    // Retries after the fact change nothing either.
    await race(user, payment);
    expect(await database.db.$count(creditLedger, eq(creditLedger.userId, user.userId))).toBe(1);
  });

  it('plan: one subscription, and data_expiracao equals its end', async () => {
    const user = await registerUser(second);
    const [monthly] = await database.db.select().from(plans).where(eq(plans.name, 'Mensal'));
    const payment = (await paymentCalls(second).createPix(user.headers, monthly!.id, 'corrida-plano')).json()
      .pixPayment;
    await markPaidAtTheBank(payment.pix_id_external);

    const responses = await race(user, payment);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);

    const rows = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(rows).toHaveLength(1);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.dataExpiracao?.toISOString()).toBe(rows[0]!.endsAt.toISOString());
    expect(await verifiedEvents(payment.id)).toBe(1);
    for (const app of [first, second]) {
      const profile = (await app.inject({ method: 'GET', url: '/api/profile', headers: user.headers })).json()
        .user;
      expect(profile.active_subscription.ends_at).toBe(profile.data_expiracao);
    }
  });

  it('the same idempotencyKey sent to both instances at once opens one charge', async () => {
    const user = await registerUser(first);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        paymentCalls(index % 2 ? first : second).createTopup(user.headers, 80, 'chave-dupla'),
      ),
    );
    expect(new Set(responses.map((response) => response.json().pixPayment.id)).size).toBe(1);
    expect(await database.db.$count(pixPayments, eq(pixPayments.userId, user.userId))).toBe(1);
  });

  it('the background poller applies a paid charge that nobody asks about', async () => {
    const user = await registerUser(first);
    const payment = (await paymentCalls(first).createTopup(user.headers, 51, 'sozinha')).json().pixPayment;
    await markPaidAtTheBank(payment.pix_id_external);
    const started = Date.now();
    let status = 'waiting';
    while (status === 'waiting' && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      [{ status }] = (await database.db
        .select({ status: pixPayments.status })
        .from(pixPayments)
        .where(eq(pixPayments.id, payment.id))) as [{ status: string }];
    }
    expect(status).toBe('verified');
    const [event] = await database.db
      .select()
      .from(pixPaymentEvents)
      .where(and(eq(pixPaymentEvents.paymentId, payment.id), eq(pixPaymentEvents.toStatus, 'verified')));
    expect(event!.source).toBe('poller');
    expect((await database.db.select().from(users).where(eq(users.id, user.userId)))[0]!.creditosCents).toBe(
      5100,
    );
  });
});
