import type { Plan } from '@painel/shared/schemas/plans';

/** A plan as GET /plans/active returns it. */
export function makePlan(id: number, name: string, priceCents: number, overrides: Partial<Plan> = {}): Plan {
  return {
    id,
    name,
    description: `Descrição do ${name}`,
    price_cents: priceCents,
    duration_value: 7,
    duration_unit: 'days',
    active: true,
    allowed_concurrent_ips: 1,
    metadata: { benefits: ['Todos os módulos'] },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
