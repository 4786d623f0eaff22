import { bigint, date, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Counters behind the admin figures, kept exact by triggers (migration 0005, docs/decisions/0004):
 * the admin dashboard, metrics and logs never count a million rows.
 *
 * scope_id: 0 is the whole panel; a positive id is that responsible user's clients (users whose
 * revendedor_id it is, and what they did); -1 is users without a responsible (and log entries of
 * no existing user). Every row counted is in scope 0 and in exactly one other scope.
 * metric: 'users', 'resellers', 'lookups', 'logs:<tipo>'.
 * shard: concurrent writers add to different rows (by backend), so a popular counter never makes
 * lookups wait for each other; readers sum the shards.
 */
export const statsTotals = pgTable(
  'stats_totals',
  {
    scopeId: integer('scope_id').notNull(),
    metric: text('metric').notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.scopeId, table.metric, table.shard] })],
);

/** The same per São Paulo calendar day ('users' = sign-ups that day, 'lookups'). */
export const statsDaily = pgTable(
  'stats_daily',
  {
    scopeId: integer('scope_id').notNull(),
    metric: text('metric').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.scopeId, table.metric, table.day, table.shard] })],
);

/**
 * Users whose access lasts longer through a subscription than through data_expiracao (an admin cut
 * the expiry short after a plan): few, so "active users" is an index count of data_expiracao plus
 * these. Kept by deferred triggers on subscriptions and on expiry cuts (migration 0005).
 */
export const statsAccessGaps = pgTable('stats_access_gaps', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The end of the user's last subscription. */
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});
