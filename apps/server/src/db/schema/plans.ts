import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    durationValue: integer('duration_value').notNull(),
    durationUnit: text('duration_unit', { enum: ['days', 'months', 'years'] }).notNull(),
    active: boolean('active').notNull().default(true),
    allowedConcurrentIps: integer('allowed_concurrent_ips').notNull().default(1),
    metadata: jsonb('metadata').$type<{ benefits?: string[] }>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('plans_price_non_negative', sql`${table.priceCents} >= 0`),
    check('plans_duration_positive', sql`${table.durationValue} > 0`),
    check('plans_concurrent_ips_positive', sql`${table.allowedConcurrentIps} >= 1`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['pix', 'manual'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriptions_user_ends_idx').on(table.userId, table.endsAt)],
);
