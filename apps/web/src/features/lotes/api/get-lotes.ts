import { loteContract } from '@painel/shared/contracts/lotes';
import type { Lote, LoteList } from '@painel/shared/schemas/lotes';
import { type QueryClient, useQuery } from '@tanstack/react-query';

import { isFinished } from '@/features/lotes/utils/lote-display';
import { callEndpoint } from '@/lib/api-client';

/** The caller's batches, newest first, as GET /lotes answers; every live update is merged in here. */
export const lotesKey = ['lotes'] as const;

export function getLotes(signal?: AbortSignal) {
  return callEndpoint(loteContract.list, {}, { signal });
}

function newestFirst(lotes: Lote[]): Lote[] {
  return [...lotes].sort((a, b) => b.id - a.id);
}

export function useLotes() {
  return useQuery({
    queryKey: lotesKey,
    queryFn: ({ signal }) => getLotes(signal),
    select: (data: LoteList) => newestFirst(data.lotes),
    staleTime: 30_000,
  });
}

/**
 * One batch as an answer or an event gave it, put in the list: in place of its older self, or at
 * the top when the list did not have it yet. An older progress never replaces a newer one, nor a
 * running batch one that has ended (answers read at once may arrive in any order).
 */
export function mergeLote(queryClient: QueryClient, lote: Lote) {
  queryClient.setQueryData<LoteList>(lotesKey, (list) => {
    const lotes = list?.lotes ?? [];
    const index = lotes.findIndex((candidate) => candidate.id === lote.id);
    if (index === -1) return { lotes: [lote, ...lotes] };
    const current = lotes[index] as Lote;
    if (isFinished(current.status) && !isFinished(lote.status)) return list;
    if (
      current.status !== 'cotado' &&
      lote.status === current.status &&
      lote.processadas < current.processadas
    )
      return list;
    return { lotes: lotes.map((candidate, at) => (at === index ? lote : candidate)) };
  });
}
