import type { LookupDetail, LookupListItem } from '@painel/shared/contracts/lookups';
import type { findLookupWithResult, LookupListRow } from './lookup.repository.ts';
import { type ResultViewDeps, viewResult } from './result-view.ts';

/** A lookup as the history and the admin's lists show it. */
export function toListItem(row: LookupListRow): LookupListItem {
  return {
    id: row.id,
    status: row.status,
    usuario_id: row.usuarioId,
    trial: row.trial,
    User: row.userNome === null ? null : { nome: row.userNome, email: row.userEmail ?? '' },
    Modulo: { id: row.moduloId, nome: row.moduloNome, descricao: row.moduloDescricao },
    input: row.input,
    tipos_entrada: row.tiposEntrada ?? {},
    finalidade:
      row.finalidadeId === null || row.finalidadeNome === null || row.finalidadeBaseLegal === null
        ? null
        : { id: row.finalidadeId, nome: row.finalidadeNome, base_legal: row.finalidadeBaseLegal },
    erro: row.erroCodigo,
    data: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    // Set at reservation; it means something only for a lookup that brought a result.
    resultado_expira_em: row.status === 'sucesso' ? (row.expira?.toISOString() ?? null) : null,
    chave_api: row.chaveApi,
    lote_id: row.loteId,
  };
}

/** What a detail needs besides the row: how results are shown, and how long they are kept. */
export type DetailDeps = ResultViewDeps & { retentionDays: number };

export type StoredLookup = NonNullable<Awaited<ReturnType<typeof findLookupWithResult>>>;

/** The stored result while it is kept; null once erased (or for a lookup that brought none). */
export function keptResult(row: StoredLookup, now = Date.now()): unknown {
  const expired = row.expira !== null && row.expira.getTime() <= now;
  return expired ? null : (row.resultado ?? null);
}

/**
 * One lookup with its result as GET /consultas/{id} answers it: masked as its module, its purpose
 * and a minor's data require (result-view.ts), unless `view` is given (a reveal decided it).
 */
export async function toLookupDetail(
  deps: DetailDeps,
  row: StoredLookup,
  view?: Awaited<ReturnType<typeof viewResult>>,
): Promise<LookupDetail> {
  const resultado = keptResult(row);
  const shown =
    view ??
    (resultado === null
      ? { retorno: null, mascarado: false, menor_de_idade: false, revelavel: false }
      : await viewResult(deps, { ...row, resultado }));
  return {
    ...toListItem(row),
    justificativa: row.justificativa,
    retorno: shown.retorno ?? null,
    mascarado: shown.mascarado,
    menor_de_idade: shown.menor_de_idade,
    revelavel: shown.revelavel,
    retencao_dias: deps.retentionDays,
  };
}
