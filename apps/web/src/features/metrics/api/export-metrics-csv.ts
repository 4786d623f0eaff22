import { metricsContract } from '@painel/shared/contracts/metrics';
import type { METRICS_EXPORT_TABLES } from '@painel/shared/schemas/metrics';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';

import type { AppliedMetricsFilters } from '@/features/metrics/api/get-metrics';
import { metricsMessages } from '@/features/metrics/metrics-messages';
import { downloadFile } from '@/lib/download-file';

export type MetricsExportTable = (typeof METRICS_EXPORT_TABLES)[number];

/**
 * GET /users/metrics/export.csv (path from its contract) with the applied filters; `tabela` picks
 * the daily series or resellers.
 */
export function exportMetricsCsv({
  filters,
  tabela,
}: {
  filters: AppliedMetricsFilters;
  tabela: MetricsExportTable;
}) {
  const search = new URLSearchParams();
  if (filters.startDate) search.set('startDate', filters.startDate);
  if (filters.endDate) search.set('endDate', filters.endDate);
  if (filters.revendedorId !== undefined) search.set('revendedorId', String(filters.revendedorId));
  search.set('tabela', tabela);
  const { path } = metricsContract.exportCsv['~orpc'].route;
  return downloadFile(`${path}?${search}`, {
    fallbackName: `metricas-${tabela}.csv`,
    fallbackError: metricsMessages.exportFailed,
  });
}

export function useExportMetricsCsv() {
  return useMutation({
    mutationFn: exportMetricsCsv,
    onError: (error) => {
      const reason = error instanceof Error ? error.message : '';
      toast.error(metricsMessages.exportFailed, {
        description: reason && reason !== metricsMessages.exportFailed ? reason : undefined,
      });
    },
  });
}
