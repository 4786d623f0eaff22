import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { finalidades } from './finalidades.ts';
import { modules } from './modules.ts';
import { users } from './users.ts';

export const CONSULTA_STATUSES = ['pendente', 'sucesso', 'falha'] as const;
export const CHARGE_KINDS = ['creditos', 'quantidade', 'trial'] as const;

/**
 * One lookup. A row is inserted as 'pendente' together with what it reserves (credits, a quota or
 * trial slot), then becomes 'sucesso' or 'falha' (the reservation released).
 */
export const consultas = pgTable(
  'consultas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduloId: integer('modulo_id').references(() => modules.id, { onDelete: 'set null' }),
    /** Snapshot, so history reads well after the module is renamed or deleted. */
    moduloNome: text('modulo_nome').notNull(),
    moduloDescricao: text('modulo_descricao').notNull().default(''),
    status: text('status', { enum: CONSULTA_STATUSES }).notNull(),
    input: jsonb('input').$type<Record<string, string>>().notNull(),
    /**
     * Snapshot of the identifier type (cpf, cnpj, placa…) of each typed input field when the lookup
     * ran, so history formats the input as it was typed even after the module's fields change.
     * Null when no field was typed (and for lookups run before types existed).
     */
    tiposEntrada: jsonb('tipos_entrada').$type<Record<string, string>>(),
    cobranca: text('cobranca', { enum: CHARGE_KINDS }).notNull(),
    valorCents: integer('valor_cents').notNull().default(0),
    /** Whether it counts towards the 24 h quota; a usage reset turns it off. */
    contaCota: boolean('conta_cota').notNull().default(true),
    trial: boolean('trial').notNull().default(false),
    resultado: jsonb('resultado'),
    /** Set when the lookup is reserved, so completing it changes no indexed column (a HOT update). */
    resultadoExpiraEm: timestamp('resultado_expira_em', { withTimezone: true }),
    erroCodigo: text('erro_codigo'),
    latenciaMs: integer('latencia_ms'),
    /** The process (processos.id) that opened it, so its reservation is released if that process dies. */
    processoId: integer('processo_id'),
    /**
     * Why it was run (docs/product/purposes.md); null for lookups run before purposes existed. No
     * index of its own: a purpose is deleted only when no lookup names it, and that rare check may scan.
     */
    finalidadeId: integer('finalidade_id').references(() => finalidades.id),
    /** What the user wrote about why, up to 500 characters. */
    justificativa: text('justificativa'),
    /**
     * The prefix of the API key it was run with (docs/product/api-keys.md); null for the panel's.
     * Kept as text, so the lookup still names its key after the key (or its owner) is gone.
     */
    chaveApiPrefixo: varchar('chave_api_prefixo', { length: 16 }),
    /** The batch (lotes.id) and its row (lote_linhas.ordem) it was run for; null for a single lookup. */
    loteId: integer('lote_id'),
    loteOrdem: integer('lote_ordem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('consultas_usuario_created_idx').on(table.usuarioId, table.createdAt),
    index('consultas_created_idx').on(table.createdAt),
    index('consultas_quota_idx').on(table.usuarioId, table.moduloId, table.createdAt),
    index('consultas_expira_idx').on(table.resultadoExpiraEm),
    // A batch's row is looked up at most once, however many processes try (docs/decisions/0023).
    uniqueIndex('consultas_lote_ordem_unique')
      .on(table.loteId, table.loteOrdem)
      .where(sql`${table.loteId} is not null`),
    check('consultas_justificativa_length', sql`char_length(${table.justificativa}) <= 500`),
  ],
);

export type ConsultaRow = typeof consultas.$inferSelect;
