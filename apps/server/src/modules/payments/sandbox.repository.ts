import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sandboxPixCharges } from '../../db/schema/payments.ts';

export type SandboxChargeRow = typeof sandboxPixCharges.$inferSelect;

export async function insertSandboxCharge(
  db: Executor,
  charge: { id: string; txid: string; amountCents: number; brCode: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sandboxPixCharges).values(charge);
}

export async function findSandboxCharge(db: Executor, id: string): Promise<SandboxChargeRow | undefined> {
  const [charge] = await db.select().from(sandboxPixCharges).where(eq(sandboxPixCharges.id, id));
  return charge;
}

/** Marks the charge paid while it is pending and unexpired; false when it was not. */
export async function markSandboxChargePaid(db: Executor, id: string, now: Date): Promise<boolean> {
  const [paid] = await db
    .update(sandboxPixCharges)
    .set({ status: 'paid', paidAt: now })
    .where(
      and(
        eq(sandboxPixCharges.id, id),
        eq(sandboxPixCharges.status, 'pending'),
        gt(sandboxPixCharges.expiresAt, now),
      ),
    )
    .returning({ id: sandboxPixCharges.id });
  return paid !== undefined;
}
