import { METRICS_RECENT_DAYS, type MetricsResponse } from '@painel/shared/schemas/metrics';
import type { Executor } from '../../db/client.ts';
import { counterScopeOf, type Scope } from '../auth/scope.ts';
import {
  countActiveUsers,
  readDailySeries,
  readResponsibles,
  readTotals,
} from './stats-counters.repository.ts';

export interface MetricsQuery {
  startDate: string;
  endDate: string;
  revendedorId?: number | undefined;
}

/**
 * GET /users/metrics: the cards, the responsibles table and the daily series, all from counters.
 * `reader` is the caller's scope; a reseller asking for another responsible's figures is refused.
 */
export async function getMetrics(db: Executor, reader: Scope, query: MetricsQuery): Promise<MetricsResponse> {
  const scope = counterScopeOf(reader, query.revendedorId);
  const [totals, activeUsers, daily, responsibles] = await Promise.all([
    readTotals(db, scope.scopeId, ['users', 'resellers']),
    countActiveUsers(db, scope),
    readDailySeries(db, scope, query.startDate, query.endDate),
    readResponsibles(db, scope, query.startDate, query.endDate, METRICS_RECENT_DAYS),
  ]);
  const usersByReseller = responsibles
    .map((row) => ({
      revendedor_id: row.revendedorId,
      revendedor: row.nome === null ? null : { nome: row.nome, email: row.email ?? '' },
      total_users: row.totalUsers,
      creation_date: row.recentDays[0]?.date ?? null,
      recent_days: row.recentDays,
    }))
    .sort(
      (a, b) =>
        b.total_users - a.total_users ||
        (a.revendedor?.nome ?? '\uffff').localeCompare(b.revendedor?.nome ?? '\uffff', 'pt-BR'),
    );
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    totalMetrics: {
      total_users: totals.users,
      active_users: activeUsers,
      total_resellers: totals.resellers,
      new_users: daily.reduce((sum, day) => sum + day.signups, 0),
      lookups: daily.reduce((sum, day) => sum + day.lookups, 0),
    },
    usersByReseller,
    daily,
  };
}
