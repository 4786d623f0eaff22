import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { finalidades } from './finalidades.ts';
import { modules } from './modules.ts';
import { users } from './users.ts';

export const LOTE_STATUSES = ['cotado', 'processando', 'concluido', 'cancelado', 'falhou'] as const;
export const LOTE_ROW_STATUSES = [
  'pendente',
  'em_andamento',
  'sucesso',
  'falha',
  'invalida',
  'cancelada',
] as const;

/**
 * A batch of lookups (docs/product/lotes.md): quoted when the file arrives ('cotado'), then run as a
 * job ('processando') until every valid row has its lookup ('concluido'), or stopped ('cancelado').
 * `processo_id` is the process running it now (processos.id), so another takes it over when that
 * process dies; `job_id` the job engine's job that runs it.
 */
export const lotes = pgTable(
  'lotes',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduloId: integer('modulo_id').references(() => modules.id, { onDelete: 'set null' }),
    moduloNome: text('modulo_nome').notNull(),
    cobranca: text('cobranca', { enum: ['creditos', 'quantidade'] }).notNull(),
    precoCents: integer('preco_cents').notNull(),
    finalidadeId: integer('finalidade_id').references(() => finalidades.id),
    justificativa: text('justificativa'),
    chaveApiPrefixo: varchar('chave_api_prefixo', { length: 16 }),
    arquivo: text('arquivo').notNull(),
    status: text('status', { enum: LOTE_STATUSES }).notNull().default('cotado'),
    /** Lines in the file (the header aside), and those that will be looked up. */
    linhas: integer('linhas').notNull(),
    validas: integer('validas').notNull(),
    /** `[{linha, erro}]`: the rows refused when the file was checked. */
    invalidas: jsonb('invalidas').$type<{ linha: number; erro: string }[]>().notNull(),
    processoId: integer('processo_id'),
    jobId: uuid('job_id'),
    /**
     * What the rows came to, written once the batch has ended and none is left in flight: from then
     * on it is read from here instead of being counted over its rows (lote.repository.ts).
     */
    contagem: jsonb('contagem').$type<LoteCounts>(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    iniciadoEm: timestamp('iniciado_em', { withTimezone: true }),
    concluidoEm: timestamp('concluido_em', { withTimezone: true }),
  },
  (table) => [
    index('lotes_usuario_idx').on(table.usuarioId, table.criadoEm),
    index('lotes_status_idx').on(table.status),
    check('lotes_justificativa_length', sql`char_length(${table.justificativa}) <= 500`),
  ],
);

export type LoteRow = typeof lotes.$inferSelect;

/** A finished batch's rows by outcome, and what its successes were charged (in cents). */
export interface LoteCounts {
  sucesso: number;
  falha: number;
  canceladas: number;
  cobradoCents: number;
}

/**
 * One valid row of a batch, in input order (`ordem`, from 0), with its line in the file (`linha`).
 * 'pendente' until a runner claims it ('em_andamento', stamped with the runner's process), then
 * 'sucesso' or 'falha' with its lookup (`consulta_id`); 'cancelada' when the batch stopped first.
 * The lookup carries (lote_id, lote_ordem) under a unique index, so a row is looked up at most once.
 */
export const loteLinhas = pgTable(
  'lote_linhas',
  {
    loteId: integer('lote_id')
      .notNull()
      .references(() => lotes.id, { onDelete: 'cascade' }),
    ordem: integer('ordem').notNull(),
    linha: integer('linha').notNull(),
    entrada: jsonb('entrada').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: LOTE_ROW_STATUSES }).notNull().default('pendente'),
    processoId: integer('processo_id'),
    consultaId: bigint('consulta_id', { mode: 'number' }),
    erroCodigo: text('erro_codigo'),
    /** When the row was last claimed or finished: the pace behind the batch's ETA. */
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.loteId, table.ordem] }),
    index('lote_linhas_status_idx').on(table.loteId, table.status),
  ],
);
