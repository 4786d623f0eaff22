import { maskedTitularDocument, type TitularDocument } from '@painel/shared/rules/titular-documents';
import type { TitularLookups } from '@painel/shared/schemas/titulares';
import type { Database } from '../../db/client.ts';
import type { Reach } from '../auth/scope.ts';
import { type Actor, writeActionLog } from '../logs/log.repository.ts';
import type { DocumentHasher } from './document-hash.ts';
import { countTitularLookups, findTitularLookupPage, type TitularLookupRow } from './titular.repository.ts';

export interface TitularDeps {
  db: Database;
  documents: DocumentHasher;
  /** RESULT_RETENTION_DAYS, for the report to the titular. */
  retentionDays: number;
}

export interface TitularCaller extends Actor {
  ip?: string | null;
}

function toItem(row: TitularLookupRow) {
  return {
    id: row.id,
    data: row.data,
    status: row.status,
    User: { nome: row.userNome, email: row.userEmail },
    Modulo: { nome: row.moduloNome },
    finalidade:
      row.finalidadeNome === null || row.finalidadeBaseLegal === null
        ? null
        : { nome: row.finalidadeNome, base_legal: row.finalidadeBaseLegal },
    resultado_expira_em: row.status === 'sucesso' ? row.expira : null,
  };
}

/**
 * Who looked a titular up (docs/product/titulares.md): the lookups within the caller's reach whose
 * input carried the document, newest first, found through the index. Searching is itself a use of
 * the titular's data, so every search is logged (`titular_consultado`), with the document masked.
 */
export async function findTitularLookups(
  deps: TitularDeps,
  caller: TitularCaller,
  reach: Reach,
  query: { documento: TitularDocument; page: number; limit: number },
): Promise<TitularLookups> {
  const hash = deps.documents.hash(query.documento.value);
  const [rows, total] = await Promise.all([
    findTitularLookupPage(deps.db, hash, reach, query.limit, (query.page - 1) * query.limit),
    countTitularLookups(deps.db, hash, reach),
  ]);
  await writeActionLog(
    deps.db,
    caller,
    'titular_consultado',
    {
      // Never whole: the trail is kept for ever, and the search is about someone who did not ask to be in it.
      documento: maskedTitularDocument(query.documento),
      tipo_documento: query.documento.kind,
      encontradas: total,
      pagina: query.page,
    },
    caller.ip,
  );
  return {
    consultas: rows.map(toItem),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
    retencao_dias: deps.retentionDays,
  };
}
