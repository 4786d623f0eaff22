import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { users } from './users.ts';

/**
 * A customer's API key (docs/product/api-keys.md): stored as the SHA-256 of the whole key, never
 * the key; `prefixo` (its first characters, unique) finds the row and tells keys apart in lists.
 * A revoked key keeps its row (`revogada_em`), so the lookups made with it still name it.
 * `modulos` / `ips` null: every module / any address. `limite_diario_cents` null: no daily cap.
 */
export const chavesApi = pgTable(
  'chaves_api',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nome: varchar('nome', { length: 60 }).notNull(),
    prefixo: varchar('prefixo', { length: 16 }).notNull(),
    hash: bytea('hash').notNull(),
    modulos: integer('modulos').array(),
    ips: text('ips').array(),
    limiteDiarioCents: bigint('limite_diario_cents', { mode: 'number' }),
    limitePorSegundo: integer('limite_por_segundo').notNull().default(10),
    expiraEm: timestamp('expira_em', { withTimezone: true }),
    ultimoUso: timestamp('ultimo_uso', { withTimezone: true }),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    revogadaEm: timestamp('revogada_em', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chaves_api_prefixo_unique').on(table.prefixo),
    index('chaves_api_usuario_idx').on(table.usuarioId),
    check(
      'chaves_api_limite_diario_positive',
      sql`${table.limiteDiarioCents} is null or ${table.limiteDiarioCents} > 0`,
    ),
    check('chaves_api_limite_por_segundo_range', sql`${table.limitePorSegundo} between 1 and 1000`),
  ],
);

export type ApiKeyRow = typeof chavesApi.$inferSelect;

/**
 * Credits a capped key spent, or holds for a lookup in flight, per São Paulo day
 * (docs/product/api-keys.md#daily-cap). A lookup adds its price before anything is reserved, in one
 * conditional statement that refuses to pass the cap, and gives it back if it is not charged; a
 * process that dies mid-lookup leaves its hold until the day ends (the key may spend less, never more).
 */
export const chavesApiGasto = pgTable(
  'chaves_api_gasto',
  {
    chaveId: integer('chave_id')
      .notNull()
      .references(() => chavesApi.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chaveId, table.dia] })],
);
