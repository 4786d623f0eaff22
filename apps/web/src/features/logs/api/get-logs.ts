import {
  LOG_PAGE_SIZES,
  LOG_TYPES,
  type LogEntry,
  type LogType,
  logContract,
} from '@painel/shared/contracts/logs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { logsMessages } from '@/features/logs/logs-messages';
import { callEndpoint } from '@/lib/api-client';

/** docs/product/admin.md#logs: these types, 10/20/50/100 per page, refreshed every 30 s. */
export { LOG_PAGE_SIZES, LOG_TYPES, type LogEntry, type LogType };
export const LOG_DEFAULT_PAGE_SIZE = 10;
export const LOGS_POLL_MS = 30_000;

export interface LogsQuery {
  page: number;
  limit: number;
  tipo: LogType | null;
}

export async function getLogs({ tipo, page, limit }: LogsQuery, signal?: AbortSignal) {
  const { data } = await callEndpoint(
    logContract.list,
    { query: { tipo: tipo ?? undefined, page, limit } },
    { fallbackError: logsMessages.loadFailed, signal },
  );
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
