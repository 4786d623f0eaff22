import type { PixPayment } from '@painel/shared/schemas/payments';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type PixPaymentRow, pixPaymentEvents, pixPayments } from '../../db/schema/payments.ts';
import { plans } from '../../db/schema/plans.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';

export type SettingsRow = typeof settings.$inferSelect;

export async function readSettings(db: Executor): Promise<SettingsRow> {
  const [row] = await db.select().from(settings).limit(1);
  return row!;
}

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
