import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { plans, subscriptions } from '../../db/schema/plans.ts';
import { type UserRow, users } from '../../db/schema/users.ts';

const reseller = alias(users, 'reseller');

export interface ActiveSubscriptionRow {
  id: number;
  planId: number;
  startsAt: Date;
  endsAt: Date;
  planName: string;
  allowedConcurrentIps: number;
}

/** What responses show of a subscription, with its plan (join plans on subscriptions.plan_id). */
export const activeSubscriptionColumns = {
  id: subscriptions.id,
  planId: subscriptions.planId,
  startsAt: subscriptions.startsAt,
  endsAt: subscriptions.endsAt,
  planName: plans.name,
  allowedConcurrentIps: plans.allowedConcurrentIps,
};

export type ResellerContact = Pick<UserRow, 'nome' | 'email' | 'whatsappContato' | 'telegramContato'>;

function buildPublicUserQueries(db: Executor) {
  const userId = sql.placeholder('userId');
  return {
    user: db
      .select({
        user: users,
        reseller: {
          nome: reseller.nome,
          email: reseller.email,
          whatsappContato: reseller.whatsappContato,
          telegramContato: reseller.telegramContato,
        },
      })
      .from(users)
      .leftJoin(reseller, eq(reseller.id, users.revendedorId))
      .where(eq(users.id, userId))
      .limit(1)
      .prepare('load_public_user'),
    subscription: db
      .select(activeSubscriptionColumns)
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        and(
          eq(subscriptions.userId, userId),
          gt(subscriptions.endsAt, sql`${sql.placeholder('now')}::timestamptz`),
        ),
      )
      .orderBy(desc(subscriptions.endsAt))
      .limit(1)
      .prepare('load_active_subscription'),
  };
}

// Every signed-in page polls GET /profile every 5 s: its two queries are built once per database
// (and prepared on PostgreSQL) instead of on every call, where building them was most of the work.
const builtQueries = new WeakMap<Executor, ReturnType<typeof buildPublicUserQueries>>();

function publicUserQueries(db: Executor) {
  let queries = builtQueries.get(db);
  if (!queries) {
    queries = buildPublicUserQueries(db);
    builtQueries.set(db, queries);
  }
  return queries;
}

/** The subscription in force now (the one ending last), with its plan. */
export async function findActiveSubscription(
  db: Executor,
  userId: number,
  now: Date = new Date(),
): Promise<ActiveSubscriptionRow | null> {
  const [row] = await publicUserQueries(db).subscription.execute({ userId, now: now.toISOString() });
  return row ?? null;
}

/** The user's row and its responsible's contact (null without one), or undefined when there is no such user. */
export async function findUserWithReseller(
  db: Executor,
  userId: number,
): Promise<{ user: UserRow; reseller: ResellerContact | null } | undefined> {
  const [row] = await publicUserQueries(db).user.execute({ userId });
  return row;
}
