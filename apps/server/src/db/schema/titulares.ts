import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { consultas } from './consultas.ts';

/**
 * The titulares index (docs/product/titulares.md, docs/decisions/0019-titulares-index.md): one row
 * per CPF or CNPJ a lookup's input carried, as the HMAC-SHA256 of its canonical form under
 * DOCUMENT_HASH_SECRET, never the document itself. Written with the lookup, in the same statement.
 * The key (hash, consulta_id) answers "which lookups carried this document" from the index alone;
 * the index on consulta_id lets a lookup deleted with its user take its rows along without a scan.
 */
export const consultaDocumentos = pgTable(
  'consulta_documentos',
  {
    hash: bytea('hash').notNull(),
    consultaId: bigint('consulta_id', { mode: 'number' })
      .notNull()
      .references(() => consultas.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.hash, table.consultaId] }),
    index('consulta_documentos_consulta_idx').on(table.consultaId),
  ],
);

/**
 * Where the index of lookups run before it stands (its one row): the lookups up to `indexar_ate`
 * (the last one when migration 0011 ran) are indexed at start, in batches by id, and `indexado_ate`
 * is how far that went; later lookups are indexed when they are written. `chave` tells which key
 * the rows were made with (an HMAC of a fixed text, not the key): another key rebuilds them all.
 */
export const consultaDocumentosEstado = pgTable(
  'consulta_documentos_estado',
  {
    id: smallint('id').primaryKey().default(1),
    chave: bytea('chave'),
    indexarAte: bigint('indexar_ate', { mode: 'number' }).notNull(),
    indexadoAte: bigint('indexado_ate', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('consulta_documentos_estado_one_row', sql`${table.id} = 1`)],
);
