import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** The panel's single settings row (id = 1). */
export const settings = pgTable(
  'settings',
  {
    id: smallint('id').primaryKey().default(1),
    trialLimit: integer('trial_limit').notNull().default(10),
    topupMinCents: integer('topup_min_cents').notNull().default(5000),
    /** The most one top-up may be (R$ 5.000,00 by default), never below the minimum. */
    topupMaxCents: integer('topup_max_cents').notNull().default(500000),
    pixApiKey: text('pix_api_key'),
    /** Which PIX provider new charges use (docs/product/plans-and-payments.md#providers); sandbox works offline. */
    pixProvider: text('pix_provider', { enum: ['sandbox', 'mercadopago'] })
      .notNull()
      .default('sandbox'),
    /** Mercado Pago's webhook secret (x-signature HMAC key); write-only like the access token. */
    pixWebhookSecret: text('pix_webhook_secret'),
    /** Every lookup must name an active purpose (docs/product/purposes.md). */
    exigirFinalidade: boolean('exigir_finalidade').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('settings_single_row', sql`${table.id} = 1`),
    check('settings_trial_limit_non_negative', sql`${table.trialLimit} >= 0`),
    check(
      'settings_topup_range',
      sql`${table.topupMinCents} >= 0 and ${table.topupMinCents} <= ${table.topupMaxCents} and ${table.topupMaxCents} <= 10000000`,
    ),
    check('settings_pix_provider_valid', sql`${table.pixProvider} in ('sandbox', 'mercadopago')`),
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
