import type { LegalBasis } from '@painel/shared/rules/legal-bases';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { endOfDay, startOfDay } from '../metrics/stats-counters.repository.ts';

/**
 * Failures the panel ended before the provider was asked anything (docs/product/records.md#what-is-counted):
 * the provider was resting after repeated failures, or its address is not allowed. Their input
 * never left the panel, so they are no processing to record.
 */
export const NEVER_SENT_FAILURES = ['UPSTREAM_UNAVAILABLE', 'UPSTREAM_BLOCKED'] as const;

/** One module, purpose and responsible of the period. */
export interface RecordGroupRow {
  moduloNome: string;
  finalidadeId: number | null;
  finalidadeNome: string | null;
  baseLegal: LegalBasis | null;
  /** The users' responsible (users.revendedor_id); null for users without one. */
  revendedorId: number | null;
  revendedorNome: string | null;
  consultas: number;
  usuarios: number;
}

interface RawRow {
  modulo_nome: string;
  finalidade_id: number | null;
  finalidade_nome: string | null;
  base_legal: LegalBasis | null;
  revendedor_id: number | null;
  revendedor_nome: string | null;
  consultas: number | string;
  usuarios: number | string;
}

/**
 * The lookups of a period (São Paulo days, both included) that reached the provider, grouped by
 * module name (as recorded when they ran), purpose and the user's current responsible. A user has
 * one responsible, so the distinct users of a module and purpose are the sum over its responsibles.
 * The period is a range on consultas.created_at, read through consultas_created_idx
 * (records-plan.test.ts).
 */
export function recordGroupsQuery(de: string, ate: string): SQL {
  return sql`
    select c.modulo_nome, c.finalidade_id, f.nome as finalidade_nome, f.base_legal,
           u.revendedor_id, r.nome as revendedor_nome,
           count(*)::int as consultas, count(distinct c.usuario_id)::int as usuarios
    from consultas c
    join users u on u.id = c.usuario_id
    left join users r on r.id = u.revendedor_id
    left join finalidades f on f.id = c.finalidade_id
    where c.created_at >= ${startOfDay(de)} and c.created_at < ${endOfDay(ate)}
      and c.status in ('sucesso', 'falha')
      and not (c.status = 'falha' and coalesce(c.erro_codigo, '') in (${sql.join(
        NEVER_SENT_FAILURES.map((code) => sql`${code}`),
        sql`, `,
      )}))
    group by c.modulo_nome, c.finalidade_id, f.nome, f.base_legal, u.revendedor_id, r.nome`;
}

export async function readRecordGroups(db: Executor, de: string, ate: string): Promise<RecordGroupRow[]> {
  const result = await db.execute(recordGroupsQuery(de, ate));
  return rowsOf<RawRow>(result).map((row) => ({
    moduloNome: row.modulo_nome,
    finalidadeId: row.finalidade_id,
    finalidadeNome: row.finalidade_nome,
    baseLegal: row.base_legal,
    revendedorId: row.revendedor_id,
    revendedorNome: row.revendedor_nome,
    consultas: Number(row.consultas),
    usuarios: Number(row.usuarios),
  }));
}
