import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Dispatcher, request } from 'undici';
import { z } from 'zod';
import { headerOf, type PixProvider, type ProviderStatus } from './pix-provider.ts';

export interface MercadoPagoConfig {
  baseUrl: string;
  accessToken: string;
  webhookSecret: string | null;
  toleranceSeconds: number;
  dispatcher?: Dispatcher;
  timeoutMs?: number;
}

/** Mercado Pago payment statuses as the panel's (docs/product/plans-and-payments.md#statuses). */
export function mapMercadoPagoStatus(status: string): ProviderStatus {
  switch (status) {
    case 'approved':
      return 'verified';
    case 'cancelled':
    case 'expired':
      return 'expired';
    case 'rejected':
    case 'refunded':
    case 'charged_back':
      return 'failed';
    default:
      // pending, in_process, authorized, and anything new: keep asking.
      return 'waiting';
  }
}

/** ISO 8601 in Brasília time (UTC−03:00, no daylight saving since 2019), as Mercado Pago expects. */
export function isoWithBrasiliaOffset(date: Date): string {
  const shifted = new Date(date.getTime() - 3 * 3_600_000);
  return `${shifted.toISOString().slice(0, 23)}-03:00`;
}

export interface SignatureCheck {
  signature: string | undefined;
  requestId: string | undefined;
  dataId: string | undefined;
  secret: string;
  toleranceSeconds: number;
  now?: number;
}

/**
 * Mercado Pago's webhook signature: x-signature "ts=…,v1=…", v1 = HMAC-SHA256(secret) of the
 * manifest `id:{data.id};request-id:{x-request-id};ts:{ts};` (data.id from the query string,
 * lower-cased when alphanumeric), compared in constant time. A ts outside the tolerance is a replay.
 */
export function verifyMercadoPagoSignature(check: SignatureCheck): boolean {
  if (!check.signature || !check.dataId || !check.secret) return false;
  const parts = new Map<string, string>();
  for (const part of check.signature.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const ts = parts.get('ts');
  const v1 = parts.get('v1');
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const tsMs = Number(ts) > 1e12 ? Number(ts) : Number(ts) * 1000;
  if (Math.abs((check.now ?? Date.now()) - tsMs) > check.toleranceSeconds * 1000) return false;
  const dataId = /^[a-z0-9]+$/i.test(check.dataId) ? check.dataId.toLowerCase() : check.dataId;
  const manifest = `id:${dataId};${check.requestId ? `request-id:${check.requestId};` : ''}ts:${ts};`;
  const expected = createHmac('sha256', check.secret).update(manifest).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

const createdSchema = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string(),
  point_of_interaction: z.object({ transaction_data: z.object({ qr_code: z.string().min(1) }) }),
});

const paymentSchema = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string(),
  transaction_amount: z.number().optional(),
});

export class ProviderCallError extends Error {}

export function createMercadoPagoProvider(config: MercadoPagoConfig): PixProvider {
  const base = config.baseUrl.replace(/\/+$/, '');

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${config.accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        ...(config.dispatcher ? { dispatcher: config.dispatcher } : {}),
      });
    } catch (error) {
      throw new ProviderCallError(`mercadopago ${method} ${path} failed: ${String(error)}`);
    }
    const text = await response.body.text();
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new ProviderCallError(`mercadopago ${method} ${path} answered ${response.statusCode}`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProviderCallError(`mercadopago ${method} ${path} answered non-JSON`);
    }
  }

  return {
    name: 'mercadopago',
    async createCharge(charge) {
      const answer = createdSchema.safeParse(
        await call(
          'POST',
          '/v1/payments',
          {
            transaction_amount: charge.amountCents / 100,
            payment_method_id: 'pix',
            description: charge.description,
            external_reference: `pix:${charge.paymentId}`,
            payer: { email: charge.payerEmail },
            date_of_expiration: isoWithBrasiliaOffset(charge.expiresAt),
          },
          { 'x-idempotency-key': charge.idempotencyKey },
        ),
      );
      if (!answer.success) throw new ProviderCallError('mercadopago create answered an unexpected body');
      return {
        externalId: String(answer.data.id),
        code: answer.data.point_of_interaction.transaction_data.qr_code,
      };
    },
    async fetchStatus(externalId) {
      const answer = paymentSchema.safeParse(
        await call('GET', `/v1/payments/${encodeURIComponent(externalId)}`),
      );
      if (!answer.success) throw new ProviderCallError('mercadopago status answered an unexpected body');
      const status = mapMercadoPagoStatus(answer.data.status);
      return answer.data.transaction_amount === undefined
        ? { status }
        : { status, amountCents: Math.round(answer.data.transaction_amount * 100) };
    },
    verifyWebhook(delivery) {
      const dataId = delivery.query['data.id'];
      if (typeof dataId !== 'string' || !/^[\w-]{1,64}$/.test(dataId) || !config.webhookSecret) return null;
      const valid = verifyMercadoPagoSignature({
        signature: headerOf(delivery, 'x-signature'),
        requestId: headerOf(delivery, 'x-request-id'),
        dataId,
        secret: config.webhookSecret,
        toleranceSeconds: config.toleranceSeconds,
      });
      return valid ? dataId : null;
    },
  };
}
