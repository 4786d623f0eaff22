import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** The panel's single settings row (id = 1). */
export const settings = pgTable(
  'settings',
  {
    id: smallint('id').primaryKey().default(1),
    trialLimit: integer('trial_limit').notNull().default(10),
    topupMinCents: integer('topup_min_cents').notNull().default(5000),
    pixApiKey: text('pix_api_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('settings_single_row', sql`${table.id} = 1`),
    check('settings_trial_limit_non_negative', sql`${table.trialLimit} >= 0`),
  ],
);

/**
 * Server-kept values: generated secrets (shared by restarts and sibling processes) and markers of
 * one-time seeding steps.
 */
export const internalState = pgTable('internal_state', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
