import { type MetricsResponse, metricsResponseSchema } from '@painel/shared/schemas/metrics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { metricsMessages } from '@/features/metrics/metrics-messages';
import { apiRequest } from '@/lib/api-client';

/** The filters as applied ('Aplicar Filtros'); absent ones are left to the server's defaults. */
export interface AppliedMetricsFilters {
  startDate?: string;
  endDate?: string;
  revendedorId?: number;
}

export type { MetricsResponse };

export function metricsSearch(filters: AppliedMetricsFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.startDate) search.set('startDate', filters.startDate);
  if (filters.endDate) search.set('endDate', filters.endDate);
  if (filters.revendedorId !== undefined) search.set('revendedorId', String(filters.revendedorId));
  return search;
}

export function getMetrics(filters: AppliedMetricsFilters, signal?: AbortSignal) {
  const search = metricsSearch(filters);
  return apiRequest(`/users/metrics${search.size > 0 ? `?${search}` : ''}`, {
    schema: metricsResponseSchema,
    fallbackError: metricsMessages.loadFailed,
    signal,
  });
}

export function useMetrics(filters: AppliedMetricsFilters) {
  return useQuery({
    queryKey: ['metrics', filters],
    queryFn: ({ signal }) => getMetrics(filters, signal),
    placeholderData: keepPreviousData,
  });
}
