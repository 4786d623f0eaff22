import { messages } from '@painel/shared/messages';
import type { MetricsResponse } from '@painel/shared/schemas/metrics';
import { csvDate, csvDocument } from '../../lib/csv.ts';

/** The metrics of a period as a pt-BR spreadsheet opens it: one row per day, or per responsible. */
export function metricsCsv(metrics: MetricsResponse, table: 'diario' | 'revendedores'): string {
  if (table === 'diario')
    return csvDocument(['data', 'cadastros', 'consultas'], metrics.daily, (day) => [
      csvDate(day.date),
      day.signups,
      day.lookups,
    ]);
  return csvDocument(
    ['revendedor_id', 'revendedor', 'email', 'total_usuarios', 'cadastros_recentes'],
    metrics.usersByReseller,
    (row) => [
      row.revendedor_id,
      row.revendedor?.nome ?? messages.metricsNoReseller,
      row.revendedor?.email ?? null,
      row.total_users,
      row.recent_days.map((day) => `${csvDate(day.date)}: ${day.total_users}`).join(' | '),
    ],
  );
}
