import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const SESSION_END_REASONS = [
  'logout',
  'evicted',
  'banned',
  'deactivated',
  'deleted',
  'password_changed',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** One row per login; a token is only good while its session has not ended. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: SESSION_END_REASONS }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('sessions_open_by_user_idx').on(table.userId, table.createdAt).where(sql`${table.endedAt} is null`),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
