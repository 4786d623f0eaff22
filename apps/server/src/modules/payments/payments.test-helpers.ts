import type { FastifyInstance } from 'fastify';

type Headers = Record<string, string>;

export function paymentCalls(app: FastifyInstance) {
  return {
    createPix: (headers: Headers, planId: number, idempotencyKey: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/create-pix',
        headers,
        payload: { planId, idempotencyKey },
      }),
    createTopup: (headers: Headers, amount_reais: number, idempotencyKey: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/create-topup',
        headers,
        payload: { amount_reais, idempotencyKey },
      }),
    status: (headers: Headers, id: number) =>
      app.inject({ method: 'GET', url: `/api/payments/${id}/status`, headers }),
    history: (headers: Headers) => app.inject({ method: 'GET', url: '/api/payments/me/history', headers }),
    list: (headers: Headers) => app.inject({ method: 'GET', url: '/api/payments', headers }),
    batchPoll: (headers: Headers, limit = 25) =>
      app.inject({ method: 'POST', url: `/api/payments/batch-poll?limit=${limit}`, headers }),
    sandboxPay: (headers: Headers, externalId: string) =>
      app.inject({ method: 'POST', url: `/api/sandbox/pix/${externalId}/pay`, headers }),
    sandboxWebhook: (externalId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/webhook/sandbox',
        payload: { pix_id_external: externalId },
      }),
    pixSettings: (headers: Headers, payload?: object) =>
      app.inject({
        method: payload ? 'PUT' : 'GET',
        url: '/api/admin/settings/pix',
        headers,
        ...(payload ? { payload } : {}),
      }),
  };
}

/** Retries `read` until `done` holds (the sandbox webhook arrives a moment after the payment). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
