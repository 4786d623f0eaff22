import { recordsContract } from '@painel/shared/contracts/records';
import type { RecordsPeriod } from '@painel/shared/schemas/records';
import { useQuery } from '@tanstack/react-query';

import { recordsMessages } from '@/features/records/records-messages';
import { callEndpoint } from '@/lib/api-client';

export const recordsKey = (period: RecordsPeriod) => ['records', period.de, period.ate] as const;

export function getRecords(period: RecordsPeriod, signal?: AbortSignal) {
  return callEndpoint(
    recordsContract.get,
    { query: period },
    { fallbackError: recordsMessages.loadFailed, signal },
  );
}

/**
 * The record of a period. Each reading is logged on the server, so it is read when the period
 * changes or on 'Tentar de novo', not again on every return to the window.
 */
export function useRecords(period: RecordsPeriod) {
  return useQuery({
    queryKey: recordsKey(period),
    queryFn: ({ signal }) => getRecords(period, signal),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}
