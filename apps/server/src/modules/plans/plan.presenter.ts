import type { Plan } from '@painel/shared/schemas/plans';
import type { plans } from '../../db/schema/plans.ts';

export type PlanRow = typeof plans.$inferSelect;

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price_cents: row.priceCents,
    duration_value: row.durationValue,
    duration_unit: row.durationUnit,
    active: row.active,
    allowed_concurrent_ips: row.allowedConcurrentIps,
    metadata: { benefits: row.metadata.benefits ?? [] },
    createdAt: row.createdAt.toISOString(),
  };
}
