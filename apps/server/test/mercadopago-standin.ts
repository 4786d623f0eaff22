import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildBrCode } from '@painel/shared/rules/brcode';

/**
 * A local stand-in for Mercado Pago's payments API, answering as its documentation describes:
 * POST /v1/payments (Bearer token, X-Idempotency-Key: a repeated key returns the same payment) and
 * GET /v1/payments/{id}. Tests move a payment's status with setStatus.
 */
export interface MercadoPagoStandIn {
  baseUrl: string;
  token: string;
  payments: Map<string, StandInPayment>;
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  setStatus(id: string, status: string): void;
  /** Next create calls answer with this HTTP status (e.g. 500) until cleared with null. */
  failCreatesWith: number | null;
  close(): Promise<void>;
}

interface StandInPayment {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  description: string;
  payment_method_id: string;
  date_of_expiration: string;
  external_reference: string | null;
  payer: { email: string };
  point_of_interaction: {
    type: string;
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
}

export async function startMercadoPagoStandIn(token = 'APP_USR-teste-123'): Promise<MercadoPagoStandIn> {
  const payments = new Map<string, StandInPayment>();
  const byKey = new Map<string, string>();
  const requests: MercadoPagoStandIn['requests'] = [];
  let nextId = 1_300_000_000;
  const standIn = { failCreatesWith: null as number | null };

  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = request.url ?? '/';
      requests.push({ method: request.method ?? 'GET', url, headers: request.headers, body });
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.headers.authorization !== `Bearer ${token}`) {
        return json(401, { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] });
      }
      if (request.method === 'POST' && url === '/v1/payments') {
        if (standIn.failCreatesWith)
          return json(standIn.failCreatesWith, { message: 'internal_error', status: 500 });
        const key = request.headers['x-idempotency-key'];
        if (typeof key !== 'string' || key.length === 0) {
          return json(400, { message: "header X-Idempotency-Key can't be null", status: 400 });
        }
        const existing = byKey.get(key);
        if (existing) return json(201, payments.get(existing));
        const input = JSON.parse(body) as {
          transaction_amount: number;
          payment_method_id: string;
          description: string;
          payer: { email: string };
          date_of_expiration: string;
          external_reference?: string;
        };
        if (input.payment_method_id !== 'pix' || !(input.transaction_amount > 0) || !input.payer?.email) {
          return json(400, { message: 'invalid parameters', status: 400 });
        }
        nextId += 1;
        const id = nextId;
        const payment: StandInPayment = {
          id,
          status: 'pending',
          status_detail: 'pending_waiting_transfer',
          transaction_amount: input.transaction_amount,
          description: input.description,
          payment_method_id: 'pix',
          date_of_expiration: input.date_of_expiration,
          external_reference: input.external_reference ?? null,
          payer: { email: input.payer.email },
          point_of_interaction: {
            type: 'OPENPLATFORM',
            transaction_data: {
              qr_code: buildBrCode({
                pixKey: randomUUID(),
                merchantName: 'MERCADO PAGO',
                merchantCity: 'SAO PAULO',
                amountCents: Math.round(input.transaction_amount * 100),
                txid: `mpqrinter${id}`,
                singleUse: true,
              }),
              qr_code_base64: 'iVBORw0KGgo=',
              ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket`,
            },
          },
        };
        payments.set(String(id), payment);
        byKey.set(key, String(id));
        return json(201, payment);
      }
      const found = /^\/v1\/payments\/(\d+)$/.exec(url);
      if (request.method === 'GET' && found) {
        const payment = payments.get(found[1]!);
        return payment ? json(200, payment) : json(404, { message: 'Payment not found', status: 404 });
      }
      return json(404, { message: 'resource not found', status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    payments,
    requests,
    setStatus(id: string, status: string) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no payment ${id}`);
      payment.status = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** Signs a webhook delivery as Mercado Pago does (x-signature: ts=…,v1=HMAC-SHA256 of the manifest). */
export function signMercadoPagoWebhook(
  secret: string,
  dataId: string,
  requestId: string,
  ts = Math.floor(Date.now() / 1000),
) {
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
  const v1 = createHmac('sha256', secret).update(manifest).digest('hex');
  return { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId };
}
