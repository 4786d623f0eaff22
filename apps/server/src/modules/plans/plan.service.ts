import { messages } from '@painel/shared/messages';
import type { CreatePlan, Plan, PlanListResponse, updatePlanSchema } from '@painel/shared/schemas/plans';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type Actor, writeActionLog } from '../logs/log.repository.ts';
import { type PlanRow, toPlan } from './plan.presenter.ts';
import {
  activePlanRows,
  deletePlanRow,
  insertPlan,
  lockPlan,
  type NewPlanRow,
  planInUse,
  planPage,
  updatePlanRow,
} from './plan.repository.ts';

export interface PlanCaller extends Actor {
  ip?: string | null;
}

type UpdatePlan = z.infer<typeof updatePlanSchema>;

/** Active plans, cheapest first (the /planos cards). */
export async function listActivePlans(db: Database, limit: number): Promise<Plan[]> {
  const rows = await activePlanRows(db, limit);
  return rows.map(toPlan);
}

/** Every plan, newest first, a page at a time. */
export async function listPlans(db: Database, page: number, limit: number): Promise<PlanListResponse> {
  const [rows, total] = await planPage(db, page, limit);
  return { plans: rows.map(toPlan), total, totalPages: Math.max(1, Math.ceil(total / limit)), page };
}

function columnsOf(input: Partial<CreatePlan>) {
  return {
    name: input.name,
    description: input.description,
    priceCents: input.price_cents,
    durationValue: input.duration_value,
    durationUnit: input.duration_unit,
    active: input.active,
    allowedConcurrentIps: input.allowed_concurrent_ips,
    metadata: input.metadata && { benefits: input.metadata.benefits },
  };
}

export async function createPlan(db: Database, caller: PlanCaller, input: CreatePlan): Promise<Plan> {
  return db.transaction(async (tx) => {
    const row = await insertPlan(tx, columnsOf(input) as NewPlanRow);
    const plan = toPlan(row!);
    await writeActionLog(
      tx,
      caller,
      'plano_criado',
      { plano_id: plan.id, antes: null, depois: plan },
      caller.ip,
    );
    return plan;
  });
}

/** Partial update; the log keeps only the fields that changed. */
export async function updatePlan(
  db: Database,
  caller: PlanCaller,
  id: number,
  input: UpdatePlan,
): Promise<Plan> {
  return db.transaction(async (tx) => {
    const before = await lockPlan(tx, id);
    if (!before) throw notFound(messages.planNotFound);
    const changes = Object.fromEntries(
      Object.entries(columnsOf(input)).filter(([, value]) => value !== undefined),
    );
    const row = Object.keys(changes).length === 0 ? before : await updatePlanRow(tx, id, changes);
    const [was, is] = [toPlan(before), toPlan(row as PlanRow)];
    const changed = (Object.keys(is) as (keyof Plan)[]).filter(
      (key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]),
    );
    if (changed.length > 0) {
      await writeActionLog(
        tx,
        caller,
        'plano_alterado',
        {
          plano_id: id,
          antes: Object.fromEntries(changed.map((key) => [key, was[key]])),
          depois: Object.fromEntries(changed.map((key) => [key, is[key]])),
        },
        caller.ip,
      );
    }
    return is;
  });
}

/**
 * A plan that was ever subscribed or charged is part of the money trail: deleting it is refused
 * (409) and the admin deactivates it instead. A plan nobody used is deleted.
 */
export async function deletePlan(db: Database, caller: PlanCaller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockPlan(tx, id);
    if (!before) throw notFound(messages.planNotFound);
    if (await planInUse(tx, id)) throw new AppError('PLAN_IN_USE', messages.planInUse);
    await deletePlanRow(tx, id);
    await writeActionLog(
      tx,
      caller,
      'plano_deletado',
      { plano_id: id, antes: toPlan(before), depois: null },
      caller.ip,
    );
  });
}
