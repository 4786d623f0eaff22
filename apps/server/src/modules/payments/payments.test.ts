import { hasValidCrc, parseEmv } from '@painel/shared/rules/brcode';
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
import { logs } from '../../db/schema/logs.ts';
import { pixPaymentEvents, pixPayments, sandboxPixCharges } from '../../db/schema/payments.ts';
import { plans, subscriptions } from '../../db/schema/plans.ts';
import { users } from '../../db/schema/users.ts';
import { eventually, paymentCalls } from './payments.test-helpers.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;
let api: ReturnType<typeof paymentCalls>;
let weekly: { id: number; priceCents: number };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, { PIX_POLL_INTERVAL_MS: '0' });
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  api = paymentCalls(app);
  const [row] = await database.db.select().from(plans).where(eq(plans.name, 'Semanal'));
  weekly = { id: row!.id, priceCents: row!.priceCents };
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const DAY = 86_400_000;

async function payAndWait(user: SignedIn, payment: { id: number; pix_id_external: string }) {
  const paid = await api.sandboxPay(user.headers, payment.pix_id_external);
  expect(paid.statusCode).toBe(200);
  return eventually(
    async () => (await api.status(user.headers, payment.id)).json().pixPayment,
    (value) => value.status !== 'waiting',
  );
}

describe('create-pix', () => {
  it('opens a waiting charge with a real BR Code for the plan price, expiring in 30 minutes', async () => {
    const user = await registerUser(app);
    const response = await api.createPix(user.headers, weekly.id, `u${user.userId}-p${weekly.id}-1`);
    expect(response.statusCode).toBe(200);
    const payment = response.json().pixPayment;
    expect(payment).toMatchObject({
      user_id: user.userId,
      purpose: 'plan',
      plan_id: weekly.id,
      Plan: { name: 'Semanal' },
      status: 'waiting',
      amount_cents: weekly.priceCents,
      provider: 'sandbox',
      verified_at: null,
    });
    expect(Date.parse(payment.expires_at) - Date.parse(payment.createdAt)).toBe(30 * 60_000);
    expect(hasValidCrc(payment.pix_code)).toBe(true);
    const fields = parseEmv(payment.pix_code);
    expect(fields).toMatchObject({
      '01': '12',
      '54': '29.90',
      '58': 'BR',
      '59': 'Painel Consulta',
      '60': 'Sao Paulo',
    });
    expect(parseEmv(fields['62']!)['05']).toMatch(/^[A-Za-z0-9]{1,25}$/);
    const events = await database.db
      .select()
      .from(pixPaymentEvents)
      .where(eq(pixPaymentEvents.paymentId, payment.id));
    expect(events).toMatchObject([{ fromStatus: null, toStatus: 'waiting', source: 'create' }]);
  });

  it('returns the same payment for the same idempotencyKey, even when sent concurrently', async () => {
    const user = await registerUser(app);
    const key = `u${user.userId}-p${weekly.id}-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => api.createPix(user.headers, weekly.id, key)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(responses.map((r) => r.json().pixPayment.id));
    expect(ids.size).toBe(1);
    expect(new Set(responses.map((r) => r.json().pixPayment.pix_code)).size).toBe(1);
    expect(await database.db.$count(pixPayments, eq(pixPayments.userId, user.userId))).toBe(1);
    expect(await database.db.$count(sandboxPixCharges)).toBeGreaterThan(0);

    const other = await api.createPix(user.headers, weekly.id, `${key}-outra`);
    expect(ids.has(other.json().pixPayment.id)).toBe(false);
    // The same key from another user is another payment.
    const stranger = await registerUser(app);
    const theirs = await api.createPix(stranger.headers, weekly.id, key);
    expect(ids.has(theirs.json().pixPayment.id)).toBe(false);
    // A replay still answers after the plan stops being sold.
    await database.db.update(plans).set({ active: false }).where(eq(plans.id, weekly.id));
    const replay = await api.createPix(user.headers, weekly.id, key);
    await database.db.update(plans).set({ active: true }).where(eq(plans.id, weekly.id));
    expect(ids.has(replay.json().pixPayment.id)).toBe(true);
    // The same key for something else is refused.
    const reused = await api.createTopup(user.headers, 60, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
  });

  it('refuses an unknown or inactive plan and a missing key', async () => {
    const user = await registerUser(app);
    expect((await api.createPix(user.headers, 999_999, 'k1')).statusCode).toBe(404);
    const [inactive] = await database.db
      .insert(plans)
      .values({ name: 'Inativo', priceCents: 100, durationValue: 1, durationUnit: 'days', active: false })
      .returning();
    const refused = await api.createPix(user.headers, inactive!.id, 'k2');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Este plano não está disponível no momento.');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/payments/create-pix',
      headers: user.headers,
      payload: { planId: weekly.id },
    });
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { idempotencyKey: 'Chave de idempotência obrigatória' },
    });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/payments/create-pix',
          payload: { planId: 1, idempotencyKey: 'x' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('create-topup', () => {
  it('enforces the configured minimum with its message, formatted pt-BR', async () => {
    const user = await registerUser(app);
    const low = await api.createTopup(user.headers, 49.99, 't1');
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Valor mínimo para recarga é R$ 50,00',
      fields: { amount_reais: 'Valor mínimo para recarga é R$ 50,00' },
    });
    await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { topup_min_reais: 1234.5 },
    });
    expect((await api.createTopup(user.headers, 100, 't2')).json().error).toBe(
      'Valor mínimo para recarga é R$ 1.234,50',
    );
    await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { topup_min_reais: 50 },
    });

    const ok = await api.createTopup(user.headers, 50, 't3');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().pixPayment).toMatchObject({
      purpose: 'credit',
      plan_id: null,
      amount_cents: 5000,
      Plan: null,
    });
    expect((await api.createTopup(user.headers, 50.005, 't4')).statusCode).toBe(400);
    expect((await api.createTopup(user.headers, -5, 't5')).statusCode).toBe(400);
  });

  it('refuses more than the configured maximum with its message and keeps no payment; a replay still answers', async () => {
    const user = await registerUser(app);
    const paymentsOf = () =>
      database.db.select().from(pixPayments).where(eq(pixPayments.userId, user.userId));
    for (const amount of [5_000.01, 100_000, 1e12]) {
      const high = await api.createTopup(user.headers, amount, `alta-${amount}`);
      expect(high.statusCode).toBe(400);
      expect(high.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: 'Valor máximo para recarga é R$ 5.000,00',
        fields: { amount_reais: 'Valor máximo para recarga é R$ 5.000,00' },
      });
    }
    expect(await paymentsOf()).toHaveLength(0);

    const atMost = await api.createTopup(user.headers, 5_000, 'no-limite');
    expect(atMost.statusCode).toBe(200);
    expect(atMost.json().pixPayment.amount_cents).toBe(500_000);

    const lowered = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { topup_max_reais: 150 },
    });
    expect(lowered.statusCode).toBe(200);
    expect((await api.createTopup(user.headers, 150.01, 'acima')).json().error).toBe(
      'Valor máximo para recarga é R$ 150,00',
    );
    // The same key answers the charge it opened, whatever the maximum became since.
    const replay = await api.createTopup(user.headers, 5_000, 'no-limite');
    expect(replay.json().pixPayment.id).toBe(atMost.json().pixPayment.id);
    expect(await paymentsOf()).toHaveLength(1);
    await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { topup_max_reais: 5_000 },
    });
  });
});

describe('open charges', () => {
  it('limits a user to 10 unpaid charges at once; replays of an existing key still answer', async () => {
    const user = await registerUser(app);
    for (let index = 0; index < 10; index += 1) {
      expect((await api.createTopup(user.headers, 60, `aberta-${index}`)).statusCode).toBe(200);
    }
    const refused = await api.createTopup(user.headers, 60, 'aberta-10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(
      'Você já tem muitas cobranças PIX em aberto. Pague uma delas ou aguarde expirarem.',
    );
    expect((await api.createTopup(user.headers, 60, 'aberta-3')).statusCode).toBe(200);
  });
});

describe('an interrupted creation', () => {
  it('drops a claim left without its charge, so the same key can open it again', async () => {
    const user = await registerUser(app);
    const long = new Date(Date.now() - 5 * 60_000);
    await database.db.insert(pixPayments).values({
      userId: user.userId,
      purpose: 'credit',
      amountCents: 6000,
      provider: 'sandbox',
      idempotencyKey: 'interrompida',
      createdAt: long,
      expiresAt: new Date(long.getTime() + 30 * 60_000),
    });
    expect((await api.history(user.headers)).json().payments).toEqual([]);
    const reopened = await api.createTopup(user.headers, 60, 'interrompida');
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().pixPayment.pix_code).toEqual(expect.any(String));
    expect(await database.db.$count(pixPayments, eq(pixPayments.userId, user.userId))).toBe(1);
  });
});

describe('paying with the sandbox', () => {
  it('credits a top-up once, with one ledger entry, after the bank is paid', async () => {
    const user = await registerUser(app);
    const seen: unknown[] = [];
    const stop = app.services.notices.subscribe('payment-updated', (notice) => seen.push(notice));
    const payment = (await api.createTopup(user.headers, 75.5, 'recarga-1')).json().pixPayment;

    // Nothing happens until the bank is paid.
    expect((await api.status(user.headers, payment.id)).json().pixPayment.status).toBe('waiting');
    const verified = await payAndWait(user, payment);
    expect(verified.status).toBe('verified');
    expect(verified.verified_at).not.toBeNull();
    stop();

    const [row] = await database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.creditosCents).toBe(7550);
    const entries = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.userId));
    expect(entries).toMatchObject([
      { amountCents: 7550, reason: 'recarga_pix', reference: `pix:${payment.id}` },
    ]);
    expect(seen).toContainEqual({ paymentId: payment.id, userId: user.userId, status: 'verified' });

    // Paying again, polling again, batch polling again: nothing moves.
    expect((await api.sandboxPay(user.headers, payment.pix_id_external)).statusCode).toBe(200);
    await api.status(user.headers, payment.id);
    await api.batchPoll(admin.headers);
    await api.sandboxWebhook(payment.pix_id_external);
    expect(await database.db.$count(creditLedger, eq(creditLedger.userId, user.userId))).toBe(1);
    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    expect(profile.json().user.creditos).toBe(75.5);
  });

  it('starts a plan from the later of now and the current end, keeping data_expiracao and active_subscription equal', async () => {
    const user = await registerUser(app);
    const paidUntil = new Date(Date.now() + 10 * DAY);
    await database.db.update(users).set({ dataExpiracao: paidUntil }).where(eq(users.id, user.userId));

    const first = (await api.createPix(user.headers, weekly.id, 'plano-1')).json().pixPayment;
    expect((await payAndWait(user, first)).status).toBe('verified');
    const [subscription] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.userId));
    expect(subscription!.startsAt.toISOString()).toBe(paidUntil.toISOString());
    expect(subscription!.endsAt.getTime()).toBe(paidUntil.getTime() + 7 * DAY);
    expect(subscription!.source).toBe('pix');

    const second = (await api.createPix(user.headers, weekly.id, 'plano-2')).json().pixPayment;
    expect((await payAndWait(user, second)).status).toBe('verified');
    const profile = (await app.inject({ method: 'GET', url: '/api/profile', headers: user.headers })).json()
      .user;
    expect(profile.data_expiracao).toBe(new Date(paidUntil.getTime() + 14 * DAY).toISOString());
    expect(profile.active_subscription).toMatchObject({
      ends_at: profile.data_expiracao,
      Plan: { name: 'Semanal' },
    });
    expect(await database.db.$count(subscriptions, eq(subscriptions.userId, user.userId))).toBe(2);
  });

  it('expires a charge after 30 minutes; the bank then refuses it', async () => {
    const user = await registerUser(app);
    const payment = (await api.createTopup(user.headers, 60, 'velha')).json().pixPayment;
    const past = new Date(Date.now() - 31 * 60_000);
    await database.db
      .update(pixPayments)
      .set({ createdAt: past, expiresAt: new Date(past.getTime() + 30 * 60_000) })
      .where(eq(pixPayments.id, payment.id));
    await database.db
      .update(sandboxPixCharges)
      .set({ expiresAt: new Date(past.getTime() + 30 * 60_000) })
      .where(eq(sandboxPixCharges.id, payment.pix_id_external));
    expect((await api.status(user.headers, payment.id)).json().pixPayment.status).toBe('expired');
    const late = await api.sandboxPay(user.headers, payment.pix_id_external);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PIX_CHARGE_EXPIRED');
    expect((await database.db.select().from(users).where(eq(users.id, user.userId)))[0]!.creditosCents).toBe(
      0,
    );
  });

  it('lets the admin batch poll expire old charges and apply paid ones', async () => {
    const user = await registerUser(app);
    const old = (await api.createTopup(user.headers, 60, 'lote-velha')).json().pixPayment;
    await database.db
      .update(pixPayments)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(pixPayments.id, old.id));
    const paid = (await api.createTopup(user.headers, 70, 'lote-paga')).json().pixPayment;
    await database.db
      .update(sandboxPixCharges)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(sandboxPixCharges.id, paid.pix_id_external));
    const result = await api.batchPoll(admin.headers, 100);
    expect(result.statusCode).toBe(200);
    expect(result.json().checked).toBeGreaterThanOrEqual(2);
    const statuses = await database.db
      .select({ id: pixPayments.id, status: pixPayments.status })
      .from(pixPayments)
      .where(eq(pixPayments.userId, user.userId));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [old.id]: 'expired',
      [paid.id]: 'verified',
    });
    const events = await database.db
      .select()
      .from(pixPaymentEvents)
      .where(and(eq(pixPaymentEvents.paymentId, paid.id), eq(pixPaymentEvents.toStatus, 'verified')));
    expect(events).toMatchObject([{ fromStatus: 'waiting', source: 'batch-poll' }]);
    expect(await database.db.$count(logs, eq(logs.acao, 'pix_batch_poll'))).toBeGreaterThan(0);
  });
});

describe('reading payments', () => {
  it("shows a user's own payments only; another user's is 404", async () => {
    const owner = await registerUser(app);
    const other = await registerUser(app);
    const payment = (await api.createTopup(owner.headers, 55, 'minha')).json().pixPayment;
    const foreign = await api.status(other.headers, payment.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', error: 'Pagamento não encontrado' });
    expect((await api.status(owner.headers, 99_999_999)).statusCode).toBe(404);
    const history = (await api.history(owner.headers)).json().payments;
    expect(history.map((p: { id: number }) => p.id)).toEqual([payment.id]);
    expect((await api.history(other.headers)).json().payments).toEqual([]);
  });

  it('lists every payment with its User for the admin', async () => {
    const response = await api.list(admin.headers);
    expect(response.statusCode).toBe(200);
    const payments = response.json().payments;
    expect(payments.length).toBeGreaterThan(3);
    expect(payments.length).toBeLessThanOrEqual(50);
    expect(payments[0].User).toMatchObject({ nome: expect.any(String), email: expect.any(String) });
  });
});

describe('roles (docs/product/roles.md#role-table)', () => {
  it('keeps usuario and revendedor away from all payments, batch poll and PIX settings', async () => {
    const usuario = await registerUser(app);
    const reseller = await registerUser(app);
    await database.db.update(users).set({ tipo: 'revendedor' }).where(eq(users.id, reseller.userId));
    const revendedor = await signIn(app, reseller.email, reseller.senha);
    for (const who of [usuario, revendedor]) {
      expect((await api.list(who.headers)).statusCode).toBe(403);
      expect((await api.batchPoll(who.headers)).statusCode).toBe(403);
      expect((await api.pixSettings(who.headers)).statusCode).toBe(403);
      expect((await api.pixSettings(who.headers, { pix_provider: 'sandbox' })).statusCode).toBe(403);
    }
  });
});

describe('PIX settings and the sandbox switch', () => {
  it('keeps secrets masked, needs a key for Mercado Pago, and closes the sandbox switch under it', async () => {
    const user = await registerUser(app);
    const payment = (await api.createTopup(user.headers, 60, 'troca')).json().pixPayment;

    expect((await api.pixSettings(admin.headers)).json()).toEqual({
      pix_provider: 'sandbox',
      easy_pix_api_key: null,
      pix_webhook_secret: null,
      webhook_path: '/api/payments/webhook/mercadopago',
      sandbox_switch: true,
    });
    const noKey = await api.pixSettings(admin.headers, { pix_provider: 'mercadopago' });
    expect(noKey.statusCode).toBe(400);
    const saved = await api.pixSettings(admin.headers, {
      pix_provider: 'mercadopago',
      easy_pix_api_key: 'APP_USR-1234567890-abcd',
      pix_webhook_secret: 'segredo-webhook-wxyz',
    });
    expect(saved.json()).toMatchObject({
      pix_provider: 'mercadopago',
      easy_pix_api_key: '••••••••abcd',
      pix_webhook_secret: '••••••••wxyz',
    });
    expect(saved.body).not.toContain('1234567890');
    const kept = await api.pixSettings(admin.headers, { easy_pix_api_key: '••••••••abcd' });
    expect(kept.json().easy_pix_api_key).toBe('••••••••abcd');
    const legacy = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.headers });
    expect(legacy.json().easy_pix_api_key).toBe('••••••••abcd');

    const refused = await api.sandboxPay(user.headers, payment.pix_id_external);
    expect(refused.statusCode).toBe(404);

    const back = await api.pixSettings(admin.headers, { pix_provider: 'sandbox' });
    expect(back.json().pix_provider).toBe('sandbox');
    expect((await api.sandboxPay(user.headers, payment.pix_id_external)).statusCode).toBe(200);
    expect((await api.sandboxPay(user.headers, 'sbxdoesnotexist')).statusCode).toBe(404);
  });

  it('has no sandbox switch in production', async () => {
    const production = await createTestApp(database, {
      NODE_ENV: 'production',
      CAPTCHA_TEST_ANSWER: '',
      PIX_POLL_INTERVAL_MS: '0',
    });
    try {
      const user = await signIn(app, ADMIN.email, ADMIN.senha);
      const pay = await production.inject({
        method: 'POST',
        url: '/api/sandbox/pix/sbx0/pay',
        headers: user.headers,
      });
      expect(pay.statusCode).toBe(404);
      expect(pay.json().code).toBe('ROUTE_NOT_FOUND');
      const hook = await production.inject({
        method: 'POST',
        url: '/api/payments/webhook/sandbox',
        payload: { pix_id_external: 'sbx0' },
      });
      expect(hook.statusCode).toBe(404);
      // Sandbox charges could never be paid there, so none is offered.
      const charge = await production.inject({
        method: 'POST',
        url: '/api/payments/create-topup',
        headers: user.headers,
        payload: { amount_reais: 60, idempotencyKey: 'producao' },
      });
      expect(charge.statusCode).toBe(503);
      expect(charge.json().code).toBe('PIX_NOT_CONFIGURED');
    } finally {
      await production.close();
    }
  });
});
