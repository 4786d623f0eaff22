import { hasValidCrc } from '@painel/shared/rules/brcode';
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
import {
  type MercadoPagoStandIn,
  signMercadoPagoWebhook,
  startMercadoPagoStandIn,
} from '../../../test/mercadopago-standin.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { creditLedger } from '../../db/schema/ledger.ts';
import { pixPaymentEvents, pixPayments } from '../../db/schema/payments.ts';
import { plans, subscriptions } from '../../db/schema/plans.ts';
import { users } from '../../db/schema/users.ts';
import { paymentCalls } from './payments.test-helpers.ts';

const SECRET = 'webhook-secret-de-teste-0001';
let standIn: MercadoPagoStandIn;
let database: DatabaseHandle;
let first: FastifyInstance;
let second: FastifyInstance;
let admin: SignedIn;
let api: ReturnType<typeof paymentCalls>;

beforeAll(async () => {
  standIn = await startMercadoPagoStandIn();
  database = await createTestDatabase();
  const env = { MERCADOPAGO_API_URL: standIn.baseUrl, PIX_POLL_INTERVAL_MS: '0' };
  first = await createTestApp(database, env);
  second = await createTestApp(database, env);
  admin = await signIn(first, ADMIN.email, ADMIN.senha);
  api = paymentCalls(first);
  const saved = await api.pixSettings(admin.headers, {
    pix_provider: 'mercadopago',
    easy_pix_api_key: standIn.token,
    pix_webhook_secret: SECRET,
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => {
  await first.close();
  await second.close();
  await database.close();
  await standIn.close();
});

let deliveries = 0;
function webhook(app: FastifyInstance, dataId: string, headers?: Record<string, string>) {
  deliveries += 1;
  return app.inject({
    method: 'POST',
    url: `/api/payments/webhook/mercadopago?data.id=${dataId}&type=payment`,
    headers: headers ?? signMercadoPagoWebhook(SECRET, dataId, `req-${deliveries}`),
    payload: {
      action: 'payment.updated',
      api_version: 'v1',
      data: { id: dataId },
      type: 'payment',
      live_mode: false,
    },
  });
}

describe('Mercado Pago through the panel', () => {
  it('opens a charge at the provider and shows its copy-and-paste code', async () => {
    const user = await registerUser(first);
    const response = await api.createTopup(user.headers, 50, 'mp-1');
    expect(response.statusCode).toBe(200);
    const payment = response.json().pixPayment;
    expect(payment).toMatchObject({ provider: 'mercadopago', status: 'waiting', amount_cents: 5000 });
    const remote = standIn.payments.get(payment.pix_id_external)!;
    expect(remote.point_of_interaction.transaction_data.qr_code).toBe(payment.pix_code);
    expect(hasValidCrc(payment.pix_code)).toBe(true);
    expect(remote).toMatchObject({
      transaction_amount: 50,
      payer: { email: user.email },
      external_reference: `pix:${payment.id}`,
    });
    expect(remote.date_of_expiration).toMatch(/-03:00$/);
    expect(Date.parse(remote.date_of_expiration)).toBe(Date.parse(payment.expires_at));
  });

  it('refuses webhooks that do not verify, and never trusts a webhook body', async () => {
    const user = await registerUser(first);
    const payment = (await api.createTopup(user.headers, 60, 'mp-2')).json().pixPayment;
    const id = payment.pix_id_external as string;
    const refusals = [
      await webhook(first, id, {}),
      await webhook(first, id, { 'x-signature': 'ts=1,v1=abc', 'x-request-id': 'r' }),
      await webhook(first, id, signMercadoPagoWebhook('outro-segredo', id, 'req-x')),
      await webhook(first, id, signMercadoPagoWebhook(SECRET, '999', 'req-y')),
      await webhook(
        first,
        id,
        signMercadoPagoWebhook(SECRET, id, 'req-z', Math.floor(Date.now() / 1000) - 3_600),
      ),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 'WEBHOOK_INVALID', error: 'Assinatura do webhook inválida' });
    }
    // A valid delivery while the provider still says pending changes nothing.
    expect((await webhook(first, id)).statusCode).toBe(200);
    expect((await api.status(user.headers, payment.id)).json().pixPayment.status).toBe('waiting');
    expect((await database.db.select().from(users).where(eq(users.id, user.userId)))[0]!.creditosCents).toBe(
      0,
    );
  });

  it('maps rejected to failed and cancelled to expired', async () => {
    const user = await registerUser(first);
    const rejected = (await api.createTopup(user.headers, 60, 'mp-3')).json().pixPayment;
    const cancelled = (await api.createTopup(user.headers, 60, 'mp-4')).json().pixPayment;
    standIn.setStatus(rejected.pix_id_external, 'rejected');
    standIn.setStatus(cancelled.pix_id_external, 'cancelled');
    expect((await api.status(user.headers, rejected.id)).json().pixPayment.status).toBe('failed');
    expect((await webhook(first, cancelled.pix_id_external)).statusCode).toBe(200);
    expect((await api.status(user.headers, cancelled.id)).json().pixPayment.status).toBe('expired');
  });

  it('answers "Falha ao gerar PIX" when the provider fails, and the same key works on retry', async () => {
    const user = await registerUser(first);
    standIn.failCreatesWith = 500;
    const failed = await api.createTopup(user.headers, 60, 'mp-5');
    standIn.failCreatesWith = null;
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ code: 'PIX_PROVIDER_ERROR', error: 'Falha ao gerar PIX' });
    expect(await database.db.$count(pixPayments, eq(pixPayments.userId, user.userId))).toBe(0);
    const retried = await api.createTopup(user.headers, 60, 'mp-5');
    expect(retried.statusCode).toBe(200);
  });

  it('applies an approved plan once while fifty signed duplicate webhooks, polls and batch polls race on two instances', async () => {
    const user = await registerUser(first);
    const [weekly] = await database.db.select().from(plans).where(eq(plans.name, 'Semanal'));
    const payment = (await api.createPix(user.headers, weekly!.id, 'mp-plano')).json().pixPayment;
    standIn.setStatus(payment.pix_id_external, 'approved');

    const apps = [first, second];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const app = apps[index % 2]!;
        if (index % 5 < 3) return webhook(app, payment.pix_id_external);
        if (index % 5 === 3) return paymentCalls(app).status(user.headers, payment.id);
        return paymentCalls(app).batchPoll(admin.headers);
      }),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(await database.db.$count(subscriptions, eq(subscriptions.userId, user.userId))).toBe(1);
    expect(
      await database.db.$count(
        pixPaymentEvents,
        and(eq(pixPaymentEvents.paymentId, payment.id), eq(pixPaymentEvents.toStatus, 'verified')),
      ),
    ).toBe(1);
    const profile = (await first.inject({ method: 'GET', url: '/api/profile', headers: user.headers })).json()
      .user;
    expect(profile.active_subscription).toMatchObject({
      Plan: { name: 'Semanal' },
      ends_at: profile.data_expiracao,
    });
  });

  it('applies an approved top-up once, late, even after the panel expired the charge', async () => {
    const user = await registerUser(first);
    const payment = (await api.createTopup(user.headers, 90, 'mp-tarde')).json().pixPayment;
    await database.db
      .update(pixPayments)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(pixPayments.id, payment.id));
    expect((await api.status(user.headers, payment.id)).json().pixPayment.status).toBe('expired');
    standIn.setStatus(payment.pix_id_external, 'approved');
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => webhook(apps(index), payment.pix_id_external)),
    );
    expect((await api.status(user.headers, payment.id)).json().pixPayment.status).toBe('verified');
    const entries = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.userId));
    expect(entries).toMatchObject([
      { amountCents: 9000, reason: 'recarga_pix', reference: `pix:${payment.id}` },
    ]);
  });
});

const apps = (index: number) => (index % 2 ? second : first);
