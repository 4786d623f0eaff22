import { metricsContract } from '@painel/shared/contracts/metrics';
import type { MetricsResponse } from '@painel/shared/schemas/metrics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { metricsMessages } from '@/features/metrics/metrics-messages';
import { callEndpoint } from '@/lib/api-client';

/** The filters as applied ('Aplicar Filtros'); absent ones are left to the server's defaults. */
export interface AppliedMetricsFilters {
  startDate?: string;
  endDate?: string;
  revendedorId?: number;
}

export type { MetricsResponse };

export function getMetrics(
  { startDate, endDate, revendedorId }: AppliedMetricsFilters,
  signal?: AbortSignal,
) {
  return callEndpoint(
    metricsContract.get,
    { query: { startDate, endDate, revendedorId } },
    { fallbackError: metricsMessages.loadFailed, signal },
  );
}

export function useMetrics(filters: AppliedMetricsFilters) {
  return useQuery({
    queryKey: ['metrics', filters],
    queryFn: ({ signal }) => getMetrics(filters, signal),
    placeholderData: keepPreviousData,
  });
}
