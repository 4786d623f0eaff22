import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
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

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    email: text('email').notNull(),
    senhaHash: text('senha_hash').notNull(),
    tipo: text('tipo', { enum: ['usuario', 'revendedor', 'admin'] })
      .notNull()
      .default('usuario'),
    /** Balance in cents of a credit (1 credit = R$ 1,00); only the ledger moves it. */
    creditosCents: bigint('creditos_cents', { mode: 'number' }).notNull().default(0),
    dataExpiracao: timestamp('data_expiracao', { withTimezone: true }),
    ativo: boolean('ativo').notNull().default(true),
    banido: boolean('banido').notNull().default(false),
    motivoBanimento: text('motivo_banimento'),
    whatsappContato: text('whatsapp_contato'),
    telegramContato: text('telegram_contato'),
    revendedorId: integer('revendedor_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Per-module overrides: module id -> { limite } (null limite = unlimited). */
    modulos: jsonb('modulos').$type<Record<string, { limite: number | null }>>().notNull().default({}),
    trialUsed: integer('trial_used').notNull().default(0),
    dataCriacao: timestamp('data_criacao', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_revendedor_idx').on(table.revendedorId),
    // Substring search by name or email (GET /users?q=) at a million users: trigram GIN indexes
    // serve `like '%q%'` (the migration creates the pg_trgm extension first).
    index('users_nome_trgm_idx').using('gin', sql`lower(${table.nome}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    check('users_creditos_non_negative', sql`${table.creditosCents} >= 0`),
    check('users_tipo_valid', sql`${table.tipo} in ('usuario', 'revendedor', 'admin')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
