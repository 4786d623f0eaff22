import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { users } from './users.ts';

/**
 * One `Idempotency-Key` a user sent with POST /consultas (docs/decisions/0020-lookup-idempotency.md):
 * the body it came with (its SHA-256), and, once the lookup answered, that answer as it was sent.
 * `status_http` null means the first request is still running, under the claim `dono` of the
 * process `processo_id` (its lease, decision 0009): a key whose process is gone, or that has run
 * for over ten minutes, may be taken again. Kept 24 h (`expira_em`), then erased by the retention job.
 */
export const chavesIdempotencia = pgTable(
  'chaves_idempotencia',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chave: varchar('chave', { length: 255 }).notNull(),
    corpoHash: bytea('corpo_hash').notNull(),
    dono: uuid('dono').notNull(),
    processoId: integer('processo_id'),
    statusHttp: smallint('status_http'),
    resposta: text('resposta'),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.usuarioId, table.chave] }),
    index('chaves_idempotencia_expira_idx').on(table.expiraEm),
  ],
);
