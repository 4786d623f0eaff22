import type { ApiKey } from '@painel/shared/schemas/api-keys';
import type { ApiKeyRow } from '../../db/schema/api-keys.ts';

/** A key as its owner and managers see it: the prefix, never the key or its hash. */
export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    nome: row.nome,
    prefixo: row.prefixo,
    modulos: row.modulos ?? null,
    ips: row.ips ?? null,
    limite_diario_creditos: row.limiteDiarioCents === null ? null : row.limiteDiarioCents / 100,
    limite_por_segundo: row.limitePorSegundo,
    expira_em: row.expiraEm?.toISOString() ?? null,
    ultimo_uso: row.ultimoUso?.toISOString() ?? null,
    criada_em: row.criadaEm.toISOString(),
  };
}

/** What the audit trail keeps of a key: what it may do, never the key. */
export function keyAuditView(row: ApiKeyRow): Record<string, unknown> {
  const { id, nome, prefixo, modulos, ips, limite_diario_creditos, limite_por_segundo, expira_em } =
    toApiKey(row);
  return { id, nome, prefixo, modulos, ips, limite_diario_creditos, limite_por_segundo, expira_em };
}
