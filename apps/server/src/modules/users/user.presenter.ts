import { activeDaysLeft } from '@painel/shared/rules/access';
import type { PublicUser } from '@painel/shared/schemas/user';
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

/** The subscription in force now (the one ending last), with its plan. */
export async function findActiveSubscription(
  db: Executor,
  userId: number,
  now: Date = new Date(),
): Promise<ActiveSubscriptionRow | null> {
  const [row] = await publicUserQueries(db).subscription.execute({ userId, now: now.toISOString() });
  return row ?? null;
}

type ResellerContact = Pick<UserRow, 'nome' | 'email' | 'whatsappContato' | 'telegramContato'>;

export function toPublicUser(
  user: UserRow,
  subscription: ActiveSubscriptionRow | null,
  responsible: ResellerContact | null,
  now: Date = new Date(),
): PublicUser {
  return {
    id: user.id,
    nome: user.nome,
    email: user.email,
    tipo: user.tipo,
    creditos: user.creditosCents / 100,
    dias_ativos: activeDaysLeft(user.dataExpiracao, now),
    data_expiracao: user.dataExpiracao?.toISOString() ?? null,
    data_criacao: user.dataCriacao.toISOString(),
    ativo: user.ativo,
    banido: user.banido,
    motivo_banimento: user.motivoBanimento,
    whatsapp_contato: user.whatsappContato,
    telegram_contato: user.telegramContato,
    revendedor_id: user.revendedorId,
    modulos: user.modulos,
    active_subscription: subscription && {
      id: subscription.id,
      plan_id: subscription.planId,
      starts_at: subscription.startsAt.toISOString(),
      ends_at: subscription.endsAt.toISOString(),
      Plan: { name: subscription.planName },
    },
    revendedor: responsible && {
      nome: responsible.nome,
      email: responsible.email,
      whatsapp_contato: responsible.whatsappContato,
      telegram_contato: responsible.telegramContato,
    },
  };
}

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

/** A user as responses show it, or null when there is no such user. */
export async function loadPublicUser(db: Executor, userId: number): Promise<PublicUser | null> {
  const now = new Date();
  const [[row], subscription] = await Promise.all([
    publicUserQueries(db).user.execute({ userId }),
    findActiveSubscription(db, userId, now),
  ]);
  if (!row) return null;
  return toPublicUser(row.user, subscription, row.reseller, now);
}
