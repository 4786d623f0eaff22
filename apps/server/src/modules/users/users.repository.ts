import { ACCESS_END_MAX } from '@painel/shared/rules/plan-duration';
import type { PublicUser, Role } from '@painel/shared/schemas/user';
import { and, asc, desc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { substringPattern } from '../../db/like-pattern.ts';
import { creditLedger } from '../../db/schema/ledger.ts';
import { plans, subscriptions } from '../../db/schema/plans.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { type ActiveSubscriptionRow, activeSubscriptionColumns } from './public-user.repository.ts';
import { toPublicUser } from './user.presenter.ts';

const reseller = alias(users, 'reseller');
const counterpart = alias(users, 'counterpart');
const resellerContact = {
  nome: reseller.nome,
  email: reseller.email,
  whatsappContato: reseller.whatsappContato,
  telegramContato: reseller.telegramContato,
};

/** Locks these user rows in id order, so two transactions touching the same pair never deadlock. */
export async function lockUsers(tx: Executor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  await tx.execute(
    sql`select id from ${users} where ${inArray(users.id, unique)} order by ${users.id} for update`,
  );
}

export async function findUser(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export type NewUserRow = typeof users.$inferInsert;

/** The new user's row, or undefined when the email is already taken. */
export async function insertUserIfEmailFree(db: Executor, values: NewUserRow): Promise<UserRow | undefined> {
  const [created] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return created;
}

/** The new user's id, or undefined when the email is already taken. */
export async function insertUserIdIfEmailFree(db: Executor, values: NewUserRow): Promise<number | undefined> {
  const [created] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created?.id;
}

/** What signing in checks of the account with this email. */
export async function findLoginAccount(db: Executor, email: string) {
  const [user] = await db
    .select({
      id: users.id,
      senhaHash: users.senhaHash,
      banido: users.banido,
      motivoBanimento: users.motivoBanimento,
      ativo: users.ativo,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return user;
}

export async function patchUser(tx: Executor, id: number, changes: Partial<NewUserRow>): Promise<void> {
  await tx.update(users).set(changes).where(eq(users.id, id));
}

/** The same update as patchUser, answering the row as it now is. */
export async function patchUserReturning(
  tx: Executor,
  id: number,
  changes: Partial<NewUserRow>,
): Promise<UserRow | undefined> {
  const [after] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
  return after;
}

export async function deleteUserRow(tx: Executor, id: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}

/**
 * Adds days and hours to the access of many users in one statement, from the later of now and the
 * current expiry, capped at ACCESS_END_MAX. `resellerId` null reaches usuarios and revendedores
 * (never admins), otherwise that reseller's clients; `userIds` narrows either. Answers how many
 * rows changed.
 */
export async function extendAccess(
  tx: Executor,
  target: { resellerId: number | null; userIds?: number[] | undefined },
  days: number,
  hours: number,
): Promise<number> {
  const conditions: SQL[] = [
    target.resellerId === null
      ? inArray(users.tipo, ['usuario', 'revendedor'])
      : eq(users.revendedorId, target.resellerId),
  ];
  if (target.userIds) conditions.push(inArray(users.id, target.userIds));
  const result = await tx.execute(sql`
      update ${users}
      set data_expiracao = least(
            greatest(coalesce(data_expiracao, now()), now())
              + make_interval(days => ${days}::int, hours => ${hours}::int),
            ${ACCESS_END_MAX.toISOString()}::timestamptz),
          updated_at = now()
      where ${and(...conditions)}`);
  return affectedRows(result);
}

export interface UserListFilter {
  /** Only this reseller's clients (docs/product/roles.md#reseller-scope); null for an admin. */
  resellerId: number | null;
  q?: string | undefined;
  tipo?: Role | null | undefined;
}

function listConditions(filter: UserListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.resellerId !== null) conditions.push(eq(users.revendedorId, filter.resellerId));
  if (filter.tipo) conditions.push(eq(users.tipo, filter.tipo));
  const q = filter.q?.trim();
  if (q) {
    const pattern = substringPattern(q);
    // Same expressions as the trigram indexes (users_nome_trgm_idx, users_email_trgm_idx).
    const matches = [sql`lower(${users.nome}) like ${pattern}`, sql`${users.email} like ${pattern}`];
    if (/^\d{1,9}$/.test(q)) matches.push(sql`${users.id} = ${Number(q)}`);
    conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * One page, newest first. Page 1 (the default view and every new search) reads the count and the
 * rows at once; pages past the middle are read from the other end (ascending, smaller offset) and
 * turned around, so the last page costs what the first does.
 */
export async function listUsers(
  db: Executor,
  filter: UserListFilter,
  page: number,
  limit: number,
): Promise<{ users: PublicUser[]; total: number }> {
  const where = listConditions(filter);
  const readPage = (fromEnd: boolean, take: number, offset: number) =>
    db
      .select({ user: users, reseller: resellerContact })
      .from(users)
      .leftJoin(reseller, eq(reseller.id, users.revendedorId))
      .where(where)
      .orderBy(fromEnd ? asc(users.id) : desc(users.id))
      .limit(take)
      .offset(offset);
  const counting = db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where)
    .then(([row]) => Number(row?.total ?? 0));

  if (page === 1) {
    const [total, rows] = await Promise.all([counting, readPage(false, limit, 0)]);
    return { users: await presentUsers(db, rows), total };
  }
  const total = await counting;
  const offset = (page - 1) * limit;
  if (offset >= total) return { users: [], total };
  const fromEnd = offset > total / 2;
  const take = Math.min(limit, total - offset);
  const rows = await readPage(fromEnd, take, fromEnd ? total - offset - take : offset);
  if (fromEnd) rows.reverse();
  return { users: await presentUsers(db, rows), total };
}

/** Active subscriptions of many users at once: the one ending last, per user. */
async function activeSubscriptions(db: Executor, userIds: number[]) {
  const bySubscriber = new Map<number, ActiveSubscriptionRow>();
  if (userIds.length === 0) return bySubscriber;
  const rows = await db
    .selectDistinctOn([subscriptions.userId], {
      userId: subscriptions.userId,
      ...activeSubscriptionColumns,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(inArray(subscriptions.userId, userIds), gt(subscriptions.endsAt, new Date())))
    .orderBy(subscriptions.userId, desc(subscriptions.endsAt));
  for (const { userId, ...subscription } of rows) bySubscriber.set(userId, subscription);
  return bySubscriber;
}

type ResellerContactRow = {
  nome: string;
  email: string;
  whatsappContato: string | null;
  telegramContato: string | null;
};

async function presentUsers(
  db: Executor,
  rows: { user: UserRow; reseller: ResellerContactRow | null }[],
): Promise<PublicUser[]> {
  const subscribed = await activeSubscriptions(
    db,
    rows.map((row) => row.user.id),
  );
  const now = new Date();
  return rows.map((row) => toPublicUser(row.user, subscribed.get(row.user.id) ?? null, row.reseller, now));
}

/** Number of rows a raw update touched, on PGlite and node-postgres alike. */
export function affectedRows(result: unknown): number {
  const { rowCount, affectedRows: affected } = result as { rowCount?: number | null; affectedRows?: number };
  return Number(rowCount ?? affected ?? 0);
}

/** Whether a database error is a unique violation (drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A user's credit ledger, newest first, with the balance now. */
export async function creditStatement(db: Executor, userId: number, page: number, limit: number) {
  const [[counted], entries, [balance]] = await Promise.all([
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId)),
    db
      .select({ entry: creditLedger, counterpartName: counterpart.nome })
      .from(creditLedger)
      // A transfer's reference names the other account ('usuario:7'): its name is shown, not the id.
      .leftJoin(
        counterpart,
        sql`${counterpart.id} = case when ${creditLedger.reference} ~ '^usuario:[0-9]{1,9}$'
              then split_part(${creditLedger.reference}, ':', 2)::int end`,
      )
      .where(eq(creditLedger.userId, userId))
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ cents: users.creditosCents }).from(users).where(eq(users.id, userId)),
  ]);
  const total = Number(counted?.total ?? 0);
  return {
    creditos: (balance?.cents ?? 0) / 100,
    lancamentos: entries.map(({ entry, counterpartName }) => ({
      id: entry.id,
      data: entry.createdAt.toISOString(),
      valor: entry.amountCents / 100,
      saldo_apos: entry.balanceAfterCents / 100,
      motivo: entry.reason,
      referencia: entry.reference,
      referencia_nome: counterpartName ?? null,
      autor_id: entry.actorId,
    })),
    total,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    page,
  };
}

/** The filtered list in pages of `batch` rows (newest first, by id), for a streamed export. */
export async function* eachUserBatch(db: Executor, filter: UserListFilter, batch = 5_000) {
  let before: number | null = null;
  for (;;) {
    const where = listConditions(filter);
    const rows: UserRow[] = await db
      .select()
      .from(users)
      .where(before === null ? where : and(where, lt(users.id, before)))
      .orderBy(desc(users.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}
