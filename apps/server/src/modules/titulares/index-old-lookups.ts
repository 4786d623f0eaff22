import type { Executor } from '../../db/client.ts';
import type { DocumentHasher } from './document-hash.ts';
import {
  lookupsToIndex,
  nameIndexKey,
  readIndexState,
  restartIndex,
  saveIndexBatch,
} from './titular.repository.ts';

export interface IndexReport {
  /** Lookups read and indexed in this run. */
  indexed: number;
  /** Whether the rows made with another key were dropped and every lookup indexed anew. */
  rebuilt: boolean;
}

/**
 * Indexes the lookups written before the titulares index existed (docs/product/titulares.md#the-index):
 * run at every start, after the SQL migrations and under their lock (db/client.ts), it reads the
 * lookups from where it stopped up to the last one migration 0011 saw, in batches by id, and writes
 * each batch's rows with its progress in one transaction. Once done, a start costs one read. When
 * DOCUMENT_HASH_SECRET changed, the rows made with the old key would never match again: they are
 * dropped and every lookup is indexed anew with the new one.
 */
export async function indexOldLookups(
  db: Executor,
  documents: DocumentHasher,
  batchSize = 2000,
): Promise<IndexReport> {
  let state = await readIndexState(db);
  if (!state) throw new Error('consulta_documentos_estado has no row: migration 0011 did not run');
  let rebuilt = false;
  if (state.chave === null) {
    await nameIndexKey(db, documents.keyId);
  } else if (!state.chave.equals(documents.keyId)) {
    state = await restartIndex(db, documents.keyId);
    rebuilt = true;
  }
  let done = state.indexadoAte;
  let indexed = 0;
  while (done < state.indexarAte) {
    const batch = await lookupsToIndex(db, done, state.indexarAte, batchSize);
    const rows = batch.flatMap((lookup) =>
      documents
        .hashesOfLookup(lookup.input, lookup.tiposEntrada)
        .map((hash) => ({ hash, consultaId: lookup.id })),
    );
    // A short batch is the last: nothing is left up to indexar_ate (ids the sequence gave to no row).
    const through = batch.length < batchSize ? state.indexarAte : batch[batch.length - 1]!.id;
    await saveIndexBatch(db, rows, through);
    done = through;
    indexed += batch.length;
  }
  return { indexed, rebuilt };
}
