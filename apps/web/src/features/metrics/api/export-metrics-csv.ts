import { metricsContract } from '@painel/shared/contracts/metrics';
import type { METRICS_EXPORT_TABLES } from '@painel/shared/schemas/metrics';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';

import type { AppliedMetricsFilters } from '@/features/metrics/api/get-metrics';
import { metricsMessages } from '@/features/metrics/metrics-messages';
import { endpointPath } from '@/lib/api-client';
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
  const query = {
    startDate: filters.startDate,
    endDate: filters.endDate,
    revendedorId: filters.revendedorId,
    tabela,
  };
  return downloadFile(endpointPath(metricsContract.exportCsv, { query }), {
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
