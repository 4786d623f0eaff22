import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { pixPayments } from '../../db/schema/payments.ts';
import { plans, subscriptions } from '../../db/schema/plans.ts';
import type { PlanRow } from './plan.presenter.ts';

export type NewPlanRow = typeof plans.$inferInsert;

/** Active plans, cheapest first. */
export function activePlanRows(db: Executor, limit: number): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(eq(plans.active, true))
    .orderBy(asc(plans.priceCents), asc(plans.id))
    .limit(limit);
}

/** One page of every plan, newest first, and how many plans there are. */
export function planPage(
  db: Executor,
  page: number,
  limit: number,
): Promise<[rows: PlanRow[], total: number]> {
  return Promise.all([
    db
      .select()
      .from(plans)
      .orderBy(desc(plans.createdAt), desc(plans.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.$count(plans),
  ]);
}

export async function insertPlan(tx: Executor, values: NewPlanRow): Promise<PlanRow | undefined> {
  const [row] = await tx.insert(plans).values(values).returning();
  return row;
}

/** The plan's row, locked until the transaction ends. */
export async function lockPlan(tx: Executor, id: number): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
  return row;
}

export async function updatePlanRow(
  tx: Executor,
  id: number,
  changes: Partial<NewPlanRow>,
): Promise<PlanRow | undefined> {
  const [row] = await tx.update(plans).set(changes).where(eq(plans.id, id)).returning();
  return row;
}

/** Whether any subscription or charge names the plan (it is then part of the money trail). */
export async function planInUse(tx: Executor, id: number): Promise<boolean> {
  const [usage] = rowsOf<{ used: boolean }>(
    await tx.execute(sql`
        select exists (select 1 from ${subscriptions} where ${subscriptions.planId} = ${id})
            or exists (select 1 from ${pixPayments} where ${pixPayments.planId} = ${id}) as used`),
  );
  return Boolean(usage?.used);
}

export async function deletePlanRow(tx: Executor, id: number): Promise<void> {
  await tx.delete(plans).where(eq(plans.id, id));
}

/** A new subscription; its id, or undefined if the insert returned nothing. */
export async function insertSubscription(
  tx: Executor,
  values: typeof subscriptions.$inferInsert,
): Promise<{ id: number } | undefined> {
  const [subscription] = await tx.insert(subscriptions).values(values).returning({ id: subscriptions.id });
  return subscription;
}

/** When a subscription starts and ends; undefined when there is no such subscription. */
export async function subscriptionPeriod(
  db: Executor,
  id: number,
): Promise<{ startsAt: Date; endsAt: Date } | undefined> {
  const [period] = await db
    .select({ startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(eq(subscriptions.id, id))
    .limit(1);
  return period;
}
