import type { PixPayment } from '@painel/shared/schemas/payments';

/** A BR Code as the sandbox provider makes them (fictitious key). */
export const SAMPLE_BR_CODE =
  '00020101021226580014br.gov.bcb.pix0136a629532e-7693-4846-852d-1bbff817b5a8520400005303986540589.905802BR5915Painel Consulta6009Sao Paulo62070503***6304ABCD';

/** A payment as the API shows it (GET /payments/{id}/status, history). */
export function makePayment(overrides: Partial<PixPayment> = {}): PixPayment {
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  return {
    id: 41,
    user_id: 7,
    User: { nome: 'Maria Teste', email: 'maria@exemplo.com' },
    purpose: 'plan',
    plan_id: 2,
    Plan: { name: 'Mensal' },
    status: 'waiting',
    amount_cents: 8_990,
    provider: 'sandbox',
    pix_id_external: 'sbx-41',
    pix_code: SAMPLE_BR_CODE,
    createdAt,
    expires_at: new Date(Date.parse(createdAt) + 30 * 60_000).toISOString(),
    verified_at: null,
    ...overrides,
  };
}
