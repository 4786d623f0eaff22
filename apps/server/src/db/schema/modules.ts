import type { QueryField } from '@painel/shared/rules/query-input';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** A module's input field (jsonb): the shared query field, typed identifiers included. */
export type InputField = QueryField;

/** A lookup the panel sells, wired by the admin to an upstream API. */
export const modules = pgTable(
  'modulos',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    descricao: text('descricao').notNull().default(''),
    apiUrl: text('api_url').notNull(),
    imagemUrl: text('imagem_url'),
    tipoLimite: text('tipo_limite', { enum: ['quantidade', 'creditos'] }).notNull(),
    /** Price of one lookup in cents of a credit (credit modules). */
    precoCents: integer('preco_cents').notNull().default(100),
    timeoutSegundos: integer('timeout_segundos').notNull().default(30),
    ativo: boolean('ativo').notNull().default(true),
    manutencao: boolean('manutencao').notNull().default(false),
    limitePadraoQuantidade: integer('limite_padrao_quantidade').notNull().default(1000),
    limiteEfetivoQuantidade: integer('limite_efetivo_quantidade'),
    ordem: integer('ordem').notNull().default(0),
    camposEntrada: jsonb('campos_entrada').$type<InputField[]>().notNull().default([]),
    /** Upstream headers (a provider's token): stored here, never shown to a non-admin. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /**
     * Results stored whole but shown masked until revealed with a justification
     * (docs/product/reveal-and-minors.md#justified-reveal).
     */
    mascararPorPadrao: boolean('mascarar_por_padrao').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('modulos_ordem_idx').on(table.ordem, table.id),
    check('modulos_timeout_range', sql`${table.timeoutSegundos} between 5 and 300`),
    check('modulos_preco_non_negative', sql`${table.precoCents} >= 0`),
    check('modulos_limite_padrao_positive', sql`${table.limitePadraoQuantidade} >= 1`),
  ],
);

export type ModuleRow = typeof modules.$inferSelect;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Uploaded module images, kept in the database so every server process can serve them. */
export const moduleImages = pgTable('module_images', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
