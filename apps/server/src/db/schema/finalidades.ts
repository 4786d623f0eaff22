import { LEGAL_BASES } from '@painel/shared/rules/legal-bases';
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Why a lookup may be run, each under one LGPD art. 7 legal basis (docs/product/purposes.md). A
 * purpose a lookup used is kept (consultas.finalidade_id refers to it); it is deactivated instead.
 */
export const finalidades = pgTable(
  'finalidades',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    /** The clause of LGPD art. 7, 'I' to 'X' (packages/shared/src/rules/legal-bases.ts). */
    baseLegal: text('base_legal', { enum: LEGAL_BASES }).notNull(),
    ativo: boolean('ativo').notNull().default(true),
    /** Whether its lookups may show the data of a person under 18. */
    permiteMenores: boolean('permite_menores').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('finalidades_nome_unique').on(sql`lower(${table.nome})`),
    check(
      'finalidades_base_legal_valid',
      sql.raw(`"base_legal" in (${LEGAL_BASES.map((basis) => `'${basis}'`).join(', ')})`),
    ),
  ],
);

export type PurposeRow = typeof finalidades.$inferSelect;
