import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { logsMessages } from '@/features/logs/logs-messages';
import { apiRequest } from '@/lib/api-client';

/** docs/product/admin.md#logs: these types, 10/20/50/100 per page, refreshed every 30 s. */
export const LOG_TYPES = ['admin_action', 'revendedor_action', 'consulta', 'login'] as const;
export type LogType = (typeof LOG_TYPES)[number];
export const LOG_PAGE_SIZES = [10, 20, 50, 100] as const;
export const LOG_DEFAULT_PAGE_SIZE = 10;
export const LOGS_POLL_MS = 30_000;

const logEntrySchema = z.object({
  id: z.number(),
  data: z.string().optional(),
  createdAt: z.string().optional(),
  User: z.object({ nome: z.string(), email: z.string() }).nullable(),
  usuario_id: z.number().nullable().optional(),
  tipo: z.string(),
  acao: z.string(),
  detalhes: z.unknown(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

const logsPageSchema = z.object({
  data: z.object({
    logs: z.array(logEntrySchema),
    total: z.number(),
    page: z.number(),
    totalPages: z.number(),
  }),
});

export interface LogsQuery {
  page: number;
  limit: number;
  tipo: LogType | null;
}

export function logsSearch({ tipo }: Pick<LogsQuery, 'tipo'>): URLSearchParams {
  const search = new URLSearchParams();
  if (tipo) search.set('tipo', tipo);
  return search;
}

export async function getLogs(query: LogsQuery, signal?: AbortSignal) {
  const search = logsSearch(query);
  search.set('page', String(query.page));
  search.set('limit', String(query.limit));
  const { data } = await apiRequest(`/logs?${search}`, {
    schema: logsPageSchema,
    fallbackError: logsMessages.loadFailed,
    signal,
  });
  return data;
}

/** The audit trail (a reseller gets theirs and their clients': the server scopes it). */
export function useLogs(query: LogsQuery) {
  return useQuery({
    queryKey: ['logs', query],
    queryFn: ({ signal }) => getLogs(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LOGS_POLL_MS,
  });
}
