import { createHmac } from 'node:crypto';
import { hasValidCrc } from '@painel/shared/rules/brcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MercadoPagoStandIn,
  signMercadoPagoWebhook,
  startMercadoPagoStandIn,
} from '../../../test/mercadopago-standin.ts';
import {
  createMercadoPagoProvider,
  isoWithBrasiliaOffset,
  mapMercadoPagoStatus,
  verifyMercadoPagoSignature,
} from './mercadopago.provider.ts';

const SECRET = 'segredo-do-webhook-de-teste';
const NOW = 1_795_000_000_000;
const TS = String(NOW / 1000);

function sign(manifest: string, secret = SECRET) {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

const check = (overrides: Partial<Parameters<typeof verifyMercadoPagoSignature>[0]> = {}) =>
  verifyMercadoPagoSignature({
    signature: `ts=${TS},v1=${sign(`id:123456;request-id:req-abc;ts:${TS};`)}`,
    requestId: 'req-abc',
    dataId: '123456',
    secret: SECRET,
    toleranceSeconds: 600,
    now: NOW,
    ...overrides,
  });

describe('Mercado Pago webhook signature', () => {
  it('accepts the documented manifest signed with the secret', () => {
    expect(check()).toBe(true);
    // Spaces after the comma, and a ts in milliseconds, are tolerated.
    const v1 = sign(`id:123456;request-id:req-abc;ts:${NOW};`);
    expect(check({ signature: `ts=${NOW}, v1=${v1}` })).toBe(true);
  });

  it('lower-cases an alphanumeric data.id before signing', () => {
    const v1 = sign(`id:abc123def;request-id:req-abc;ts:${TS};`);
    expect(check({ dataId: 'ABC123DEF', signature: `ts=${TS},v1=${v1}` })).toBe(true);
  });

  it('leaves x-request-id out of the manifest when it is absent', () => {
    const v1 = sign(`id:123456;ts:${TS};`);
    expect(check({ requestId: undefined, signature: `ts=${TS},v1=${v1}` })).toBe(true);
  });

  it('refuses a bad v1, a wrong secret, a missing header, a missing id', () => {
    expect(check({ signature: `ts=${TS},v1=${'0'.repeat(64)}` })).toBe(false);
    expect(check({ signature: `ts=${TS},v1=nothex` })).toBe(false);
    expect(check({ secret: 'outro-segredo' })).toBe(false);
    expect(check({ signature: undefined })).toBe(false);
    expect(check({ signature: '' })).toBe(false);
    expect(check({ signature: `v1=${sign(`id:123456;request-id:req-abc;ts:${TS};`)}` })).toBe(false);
    expect(check({ dataId: undefined })).toBe(false);
  });

  it('refuses an altered id, request id or ts', () => {
    expect(check({ dataId: '123457' })).toBe(false);
    expect(check({ requestId: 'req-abd' })).toBe(false);
    const v1 = sign(`id:123456;request-id:req-abc;ts:${TS};`);
    expect(check({ signature: `ts=${Number(TS) + 1},v1=${v1}` })).toBe(false);
  });

  it('refuses a stale (replayed) or far-future delivery', () => {
    expect(check({ now: NOW + 601_000 })).toBe(false);
    expect(check({ now: NOW - 601_000 })).toBe(false);
    expect(check({ now: NOW + 599_000 })).toBe(true);
  });
});

describe('Mercado Pago status mapping and dates', () => {
  it('maps every documented status', () => {
    expect(mapMercadoPagoStatus('approved')).toBe('verified');
    for (const status of ['pending', 'in_process', 'authorized'])
      expect(mapMercadoPagoStatus(status)).toBe('waiting');
    for (const status of ['cancelled', 'expired']) expect(mapMercadoPagoStatus(status)).toBe('expired');
    for (const status of ['rejected', 'refunded', 'charged_back'])
      expect(mapMercadoPagoStatus(status)).toBe('failed');
  });

  it('writes the expiry in ISO 8601 with the Brasília offset', () => {
    expect(isoWithBrasiliaOffset(new Date('2026-11-22T05:30:00.000Z'))).toBe('2026-11-22T02:30:00.000-03:00');
  });
});

describe('Mercado Pago adapter against the local stand-in', () => {
  let standIn: MercadoPagoStandIn;
  beforeAll(async () => {
    standIn = await startMercadoPagoStandIn();
  });
  afterAll(() => standIn.close());

  const provider = () =>
    createMercadoPagoProvider({
      baseUrl: standIn.baseUrl,
      accessToken: standIn.token,
      webhookSecret: SECRET,
      toleranceSeconds: 600,
    });

  it('creates a PIX payment with the documented request and reads the copy-and-paste code', async () => {
    const expiresAt = new Date(Date.now() + 30 * 60_000);
    const request = {
      paymentId: 7,
      amountCents: 8990,
      description: 'Plano Mensal',
      payerEmail: 'comprador@teste.local',
      idempotencyKey: 'painel-chave-1',
      expiresAt,
    };
    const charge = await provider().createCharge(request);
    expect(hasValidCrc(charge.code)).toBe(true);
    const sent = standIn.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${standIn.token}`);
    expect(sent.headers['x-idempotency-key']).toBe('painel-chave-1');
    expect(JSON.parse(sent.body)).toEqual({
      transaction_amount: 89.9,
      payment_method_id: 'pix',
      description: 'Plano Mensal',
      external_reference: 'pix:7',
      payer: { email: 'comprador@teste.local' },
      date_of_expiration: isoWithBrasiliaOffset(expiresAt),
    });
    expect(await provider().fetchStatus(charge.externalId)).toEqual({ status: 'waiting', amountCents: 8990 });
    standIn.setStatus(charge.externalId, 'approved');
    expect(await provider().fetchStatus(charge.externalId)).toEqual({
      status: 'verified',
      amountCents: 8990,
    });

    // The same idempotency key returns the same payment at the provider.
    expect((await provider().createCharge(request)).externalId).toBe(charge.externalId);
  });

  it('fails on a wrong token or a server error', async () => {
    const wrong = createMercadoPagoProvider({
      baseUrl: standIn.baseUrl,
      accessToken: 'errado',
      webhookSecret: null,
      toleranceSeconds: 600,
    });
    await expect(wrong.fetchStatus('1')).rejects.toThrow(/401/);
    await expect(provider().fetchStatus('999')).rejects.toThrow(/404/);
  });

  it('verifies a webhook delivery from its query string and headers only', () => {
    const headers = signMercadoPagoWebhook(SECRET, '1300000001', 'req-1');
    expect(
      provider().verifyWebhook({ headers, query: { 'data.id': '1300000001', type: 'payment' }, body: {} }),
    ).toBe('1300000001');
    expect(provider().verifyWebhook({ headers, query: { 'data.id': '1300000002' }, body: {} })).toBeNull();
    expect(
      provider().verifyWebhook({ headers: {}, query: { 'data.id': '1300000001' }, body: {} }),
    ).toBeNull();
    // The id in the body is never trusted.
    expect(provider().verifyWebhook({ headers, query: {}, body: { data: { id: '1300000001' } } })).toBeNull();
  });
});
