import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import {
  ADMIN,
  createTestApp,
  createTestDatabase,
  registerUser,
  type SignedIn,
  signIn,
} from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { plans } from '../../db/schema/plans.ts';
import { eventually, paymentCalls } from './payments.test-helpers.ts';

/** What /planos needs beyond the purchase calls: options, the receipt and the live event stream. */
let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;
let api: ReturnType<typeof paymentCalls>;
let base: string;
let weeklyId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, { PIX_POLL_INTERVAL_MS: '0' });
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  api = paymentCalls(app);
  const [row] = await database.db.select().from(plans).where(eq(plans.name, 'Semanal'));
  weeklyId = row!.id;
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, who?: SignedIn) => app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

async function openPlanCharge(user: SignedIn, key: string) {
  const response = await api.createPix(user.headers, weeklyId, key);
  expect(response.statusCode).toBe(200);
  return response.json().pixPayment as { id: number; pix_id_external: string };
}

async function payAndWait(user: SignedIn, payment: { id: number; pix_id_external: string }) {
  expect((await api.sandboxPay(user.headers, payment.pix_id_external)).statusCode).toBe(200);
  return eventually(
    async () => (await api.status(user.headers, payment.id)).json().pixPayment,
    (value) => value.status !== 'waiting',
  );
}

/** The payments stream as `who` reads it (none: signed out). */
const openStream = (who: SignedIn | null) =>
  openEventStream(`${base}/api/payments/events`, who?.headers ?? {});

describe('GET /api/payments/options', () => {
  it('tells any signed-in user the top-up minimum and maximum and that the sandbox switch exists', async () => {
    const user = await registerUser(app);
    expect((await get('/api/payments/options', user)).json()).toEqual({
      topup_min_reais: 50,
      topup_max_reais: 5000,
      sandbox_switch: true,
    });

    const changed = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { topup_min_reais: 75.5 },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/payments/options', user)).json().topup_min_reais).toBe(75.5);
    await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { topup_min_reais: 50 },
    });

    expect((await get('/api/payments/options')).statusCode).toBe(401);
  });
});

describe('GET /api/payments/:id/receipt', () => {
  it('shows the owner a verified plan payment with the period it bought', async () => {
    const user = await registerUser(app, { nome: 'Recibo Teste' });
    const payment = await openPlanCharge(user, 'recibo-plano-1');
    const before = (await get(`/api/payments/${payment.id}/receipt`, user)).json();
    expect(before.pixPayment).toMatchObject({ id: payment.id, status: 'waiting' });
    expect(before.subscription).toBeNull();

    expect((await payAndWait(user, payment)).status).toBe('verified');

    const response = await get(`/api/payments/${payment.id}/receipt`, user);
    expect(response.statusCode).toBe(200);
    const receipt = response.json();
    expect(receipt.pixPayment).toMatchObject({
      id: payment.id,
      status: 'verified',
      purpose: 'plan',
      Plan: { name: 'Semanal' },
      User: { nome: 'Recibo Teste', email: user.email },
      pix_id_external: payment.pix_id_external,
    });
    expect(receipt.pixPayment.verified_at).not.toBeNull();
    const days =
      (Date.parse(receipt.subscription.ends_at) - Date.parse(receipt.subscription.starts_at)) / 86_400_000;
    expect(days).toBe(7);
    const profile = (await get('/api/profile', user)).json();
    expect(profile.user.data_expiracao).toBe(receipt.subscription.ends_at);
  });

  it("answers 404 for another user's payment and for one that does not exist, 401 anonymous", async () => {
    const owner = await registerUser(app);
    const stranger = await registerUser(app);
    const payment = await openPlanCharge(owner, 'recibo-alheio-1');

    const foreign = await get(`/api/payments/${payment.id}/receipt`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Pagamento não encontrado' });
    expect(foreign.body).not.toContain(payment.pix_id_external);
    expect((await get('/api/payments/999999/receipt', owner)).statusCode).toBe(404);
    expect((await get(`/api/payments/${payment.id}/receipt`, admin)).statusCode).toBe(404);
    expect((await get(`/api/payments/${payment.id}/receipt`)).statusCode).toBe(401);
  });
});

describe('GET /api/payments/events', () => {
  it("delivers the reader's own payment updates and never another user's", async () => {
    const buyer = await registerUser(app);
    const other = await registerUser(app);
    const buyerStream = await openStream(buyer);
    const otherStream = await openStream(other);
    expect(buyerStream.response.status).toBe(200);
    expect(buyerStream.response.headers.get('content-type')).toContain('text/event-stream');
    await buyerStream.read((t) => t.includes('conectado'));
    await otherStream.read((t) => t.includes('conectado'));

    const mine = await openPlanCharge(buyer, 'eventos-1');
    const theirs = await openPlanCharge(other, 'eventos-2');
    await payAndWait(buyer, mine);

    const buyerText = await buyerStream.read((t) => t.includes(`"paymentId":${mine.id}`));
    expect(buyerText).toContain(
      `event: payment-updated\ndata: {"paymentId":${mine.id},"status":"verified"}\n\n`,
    );
    const otherText = await otherStream.read((t) => t.includes(`"paymentId":${mine.id}`), 1000);
    expect(otherText).toContain('conectado');
    expect(otherText).not.toContain('payment-updated');

    await payAndWait(other, theirs);
    expect(await otherStream.read((t) => t.includes(`"paymentId":${theirs.id}`))).toContain(
      `{"paymentId":${theirs.id},"status":"verified"}`,
    );
    expect(await buyerStream.read(() => false, 600)).not.toContain(`"paymentId":${theirs.id}`);
    buyerStream.stop();
    otherStream.stop();
  });

  it('refuses an anonymous reader with 401', async () => {
    const anonymous = await openStream(null);
    expect(anonymous.response.status).toBe(401);
    expect(await anonymous.response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const forged = await fetch(`${base}/api/payments/events`, { headers: { authorization: 'Bearer nope' } });
    expect(forged.status).toBe(401);
  });
});
