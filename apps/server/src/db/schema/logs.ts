import { LOG_TYPES, type LogType } from '@painel/shared/contracts/logs';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export { LOG_TYPES, type LogType };

/** Audit trail: append-only (a trigger refuses UPDATE and DELETE). */
export const logs = pgTable(
  'logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Plain ids, no foreign keys: the trail outlives the users it names. */
    userId: integer('user_id'),
    targetUserId: integer('target_user_id'),
    tipo: text('tipo', { enum: LOG_TYPES }).notNull(),
    acao: text('acao').notNull(),
    detalhes: jsonb('detalhes').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
  },
  (table) => [
    index('logs_created_idx').on(table.createdAt),
    index('logs_tipo_created_idx').on(table.tipo, table.createdAt),
    index('logs_user_created_idx').on(table.userId, table.createdAt),
  ],
);
