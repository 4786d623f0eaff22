import type { PixPayment } from '@painel/shared/schemas/payments';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type PixPaymentRow, pixPaymentEvents, pixPayments } from '../../db/schema/payments.ts';
import { plans, subscriptions } from '../../db/schema/plans.ts';
import { users } from '../../db/schema/users.ts';

export async function findPayment(db: Executor, id: number): Promise<PixPaymentRow | undefined> {
  const [row] = await db.select().from(pixPayments).where(eq(pixPayments.id, id)).limit(1);
  return row;
}

export async function findPaymentByKey(db: Executor, userId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(pixPayments)
    .where(and(eq(pixPayments.userId, userId), eq(pixPayments.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

export async function findPaymentByExternal(
  db: Executor,
  provider: PixPaymentRow['provider'],
  externalId: string,
) {
  const [row] = await db
    .select()
    .from(pixPayments)
    .where(and(eq(pixPayments.provider, provider), eq(pixPayments.pixIdExternal, externalId)))
    .limit(1);
  return row;
}

export async function recordEvent(
  db: Executor,
  event: {
    paymentId: number;
    fromStatus: string | null;
    toStatus: string;
    source: string;
    actorId?: number | null;
    detalhes?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(pixPaymentEvents).values({
    paymentId: event.paymentId,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    source: event.source,
    actorId: event.actorId ?? null,
    detalhes: event.detalhes ?? {},
  });
}

/** Payments as the API shows them (docs/product/plans-and-payments.md#pix-charge), with the payer and the plan name. */
export async function listPaymentViews(
  db: Executor,
  where: SQL | undefined,
  limit: number,
): Promise<PixPayment[]> {
  const rows = await db
    .select({ payment: pixPayments, nome: users.nome, email: users.email, planName: plans.name })
    .from(pixPayments)
    .innerJoin(users, eq(users.id, pixPayments.userId))
    .leftJoin(plans, eq(plans.id, pixPayments.planId))
    .where(where)
    .orderBy(desc(pixPayments.createdAt), desc(pixPayments.id))
    .limit(limit);
  return rows.map(({ payment, nome, email, planName }) => ({
    id: payment.id,
    user_id: payment.userId,
    User: { nome, email },
    purpose: payment.purpose,
    plan_id: payment.planId,
    Plan: planName === null ? null : { name: planName },
    status: payment.status,
    amount_cents: payment.amountCents,
    provider: payment.provider,
    pix_id_external: payment.pixIdExternal,
    pix_code: payment.pixCode,
    createdAt: payment.createdAt.toISOString(),
    expires_at: payment.expiresAt.toISOString(),
    verified_at: payment.verifiedAt?.toISOString() ?? null,
  }));
}

export async function paymentView(db: Executor, id: number): Promise<PixPayment | undefined> {
  const [view] = await listPaymentViews(db, eq(pixPayments.id, id), 1);
  return view;
}

export type NewPaymentRow = Pick<
  typeof pixPayments.$inferInsert,
  'userId' | 'purpose' | 'planId' | 'amountCents' | 'provider' | 'idempotencyKey' | 'createdAt' | 'expiresAt'
>;

/** The row for (user, idempotency key), or undefined when another request claimed that key first. */
export async function claimPayment(db: Executor, row: NewPaymentRow): Promise<PixPaymentRow | undefined> {
  const [claimed] = await db
    .insert(pixPayments)
    .values(row)
    .onConflictDoNothing({ target: [pixPayments.userId, pixPayments.idempotencyKey] })
    .returning();
  return claimed;
}

export async function countOpenCharges(db: Executor, userId: number, now: Date): Promise<number> {
  return db.$count(
    pixPayments,
    and(eq(pixPayments.userId, userId), eq(pixPayments.status, 'waiting'), gt(pixPayments.expiresAt, now)),
  );
}

/** Claims created before `createdBefore` that never got their charge. */
export async function deleteAbandonedClaims(db: Executor, createdBefore: Date): Promise<void> {
  await db
    .delete(pixPayments)
    .where(and(isNull(pixPayments.pixCode), lt(pixPayments.createdAt, createdBefore)));
}

/** Only while the claim has no charge: a charge shown to the user is never removed. */
export async function deleteUnchargedClaim(db: Executor, id: number): Promise<void> {
  await db.delete(pixPayments).where(and(eq(pixPayments.id, id), isNull(pixPayments.pixCode)));
}

export async function findPayerEmail(db: Executor, userId: number): Promise<string | undefined> {
  const [payer] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return payer?.email;
}

export async function setCharge(db: Executor, id: number, charge: { externalId: string; code: string }) {
  await db
    .update(pixPayments)
    .set({ pixIdExternal: charge.externalId, pixCode: charge.code, updatedAt: new Date() })
    .where(eq(pixPayments.id, id));
}

export async function findPlan(db: Executor, id: number) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return plan;
}

/** Inside a transaction: the payment locked until commit. */
export async function lockPayment(tx: Executor, id: number): Promise<PixPaymentRow | undefined> {
  const [locked] = await tx.select().from(pixPayments).where(eq(pixPayments.id, id)).for('update');
  return locked;
}

/** Verified and applied, only while not applied yet and still waiting or expired; undefined otherwise. */
export async function markVerifiedOnce(
  db: Executor,
  id: number,
  now: Date,
): Promise<PixPaymentRow | undefined> {
  const [payment] = await db
    .update(pixPayments)
    .set({
      status: 'verified',
      verifiedAt: sql`coalesce(${pixPayments.verifiedAt}, now())`,
      appliedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(pixPayments.id, id),
        isNull(pixPayments.appliedAt),
        inArray(pixPayments.status, ['waiting', 'expired']),
      ),
    )
    .returning();
  return payment;
}

/** Inside a transaction: the user's access end, locked until commit. */
export async function lockUserAccessEnd(tx: Executor, userId: number) {
  const [user] = await tx
    .select({ dataExpiracao: users.dataExpiracao })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user;
}

export async function latestSubscriptionEnd(db: Executor, userId: number): Promise<Date | null | undefined> {
  const [latest] = await db
    .select({ endsAt: sql<Date | null>`max(${subscriptions.endsAt})`.mapWith(subscriptions.endsAt) })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return latest?.endsAt;
}

/** The plan bought by a payment: the subscription, the user's new access end, the payment's link to it. */
export async function recordPlanPurchase(
  tx: Executor,
  purchase: { paymentId: number; userId: number; planId: number; startsAt: Date; endsAt: Date; now: Date },
): Promise<number> {
  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      userId: purchase.userId,
      planId: purchase.planId,
      startsAt: purchase.startsAt,
      endsAt: purchase.endsAt,
      source: 'pix',
    })
    .returning({ id: subscriptions.id });
  await tx
    .update(users)
    .set({ dataExpiracao: purchase.endsAt, updatedAt: purchase.now })
    .where(eq(users.id, purchase.userId));
  await tx
    .update(pixPayments)
    .set({ subscriptionId: subscription!.id })
    .where(eq(pixPayments.id, purchase.paymentId));
  return subscription!.id;
}

/** waiting -> status, only while still waiting; undefined when something else closed it first. */
export async function closeWaitingPayment(
  db: Executor,
  id: number,
  status: 'expired' | 'failed',
): Promise<PixPaymentRow | undefined> {
  const [row] = await db
    .update(pixPayments)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(pixPayments.id, id), eq(pixPayments.status, 'waiting')))
    .returning();
  return row;
}

export async function markChecked(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(pixPayments).set({ lastCheckedAt: at }).where(eq(pixPayments.id, id));
}

/** Waiting charges with a provider id, least recently checked first. */
export async function findDuePayments(db: Executor, limit: number): Promise<PixPaymentRow[]> {
  return db
    .select()
    .from(pixPayments)
    .where(and(eq(pixPayments.status, 'waiting'), isNotNull(pixPayments.pixIdExternal)))
    .orderBy(sql`${pixPayments.lastCheckedAt} asc nulls first`, asc(pixPayments.id))
    .limit(limit);
}
