import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { plans, subscriptions } from './plans.ts';
import { users } from './users.ts';

export const PIX_PAYMENT_STATUSES = ['waiting', 'verified', 'expired', 'failed'] as const;
export const PIX_PROVIDER_NAMES = ['sandbox', 'mercadopago'] as const;

/**
 * A PIX charge of the panel. `applied_at` is set in the same statement that makes it verified and in
 * the same transaction as its effect (subscription or credits): the effect happens exactly once.
 */
export const pixPayments = pgTable(
  'pix_payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['credit', 'plan'] }).notNull(),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'restrict' }),
    status: text('status', { enum: PIX_PAYMENT_STATUSES }).notNull().default('waiting'),
    amountCents: integer('amount_cents').notNull(),
    provider: text('provider', { enum: PIX_PROVIDER_NAMES }).notNull(),
    /** Null only while the charge is being created at the provider. */
    pixIdExternal: text('pix_id_external'),
    pixCode: text('pix_code'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('pix_payments_user_idempotency_idx').on(table.userId, table.idempotencyKey),
    uniqueIndex('pix_payments_provider_external_idx').on(table.provider, table.pixIdExternal),
    index('pix_payments_status_checked_idx').on(table.status, table.lastCheckedAt),
    index('pix_payments_user_created_idx').on(table.userId, table.createdAt),
    index('pix_payments_created_idx').on(table.createdAt),
    check('pix_payments_amount_positive', sql`${table.amountCents} > 0`),
    check('pix_payments_plan_purpose', sql`(${table.purpose} = 'plan') = (${table.planId} is not null)`),
    check('pix_payments_status_valid', sql`${table.status} in ('waiting', 'verified', 'expired', 'failed')`),
    check('pix_payments_applied_verified', sql`${table.appliedAt} is null or ${table.status} = 'verified'`),
  ],
);
export type PixPaymentRow = typeof pixPayments.$inferSelect;

/** Every status change of a payment, with what saw it (poll, batch poll, webhook, poller). */
export const pixPaymentEvents = pgTable(
  'pix_payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => pixPayments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    source: text('source').notNull(),
    actorId: integer('actor_id'),
    detalhes: jsonb('detalhes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pix_payment_events_payment_idx').on(table.paymentId, table.createdAt)],
);

/** The sandbox provider's "bank": its own record of each charge, paid only by the sandbox switch. */
export const sandboxPixCharges = pgTable('sandbox_pix_charges', {
  id: text('id').primaryKey(),
  txid: text('txid').notNull(),
  amountCents: integer('amount_cents').notNull(),
  brCode: text('br_code').notNull(),
  status: text('status', { enum: ['pending', 'paid'] })
    .notNull()
    .default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});
