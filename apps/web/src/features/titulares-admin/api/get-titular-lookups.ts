import { titularContract } from '@painel/shared/contracts/titulares';
import type { TitularLookups } from '@painel/shared/schemas/titulares';
import { useQuery } from '@tanstack/react-query';

import {
  REPORT_MAX_PAGES,
  REPORT_PAGE_SIZE,
  titularesMessages,
} from '@/features/titulares-admin/titulares-messages';
import { callEndpoint } from '@/lib/api-client';

export interface TitularSearch {
  /** The document as the user typed it; the server reads any punctuation. */
  documento: string;
  page: number;
  limit: number;
}

export function getTitularLookups(search: TitularSearch, signal?: AbortSignal) {
  return callEndpoint(
    titularContract.lookups,
    { query: search },
    { fallbackError: titularesMessages.loadFailed, signal },
  );
}

/**
 * One page of a titular's lookups; nothing is asked before a document is searched. Each search is
 * logged on the server, so a page is read when asked for, not again on every return to the window.
 */
export function useTitularLookups(search: TitularSearch | null) {
  return useQuery({
    queryKey: ['titulares', 'lookups', search] as const,
    queryFn: ({ signal }) => getTitularLookups(search as TitularSearch, signal),
    enabled: search !== null,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
    // While another page of the same document loads, its last page stays; another document starts blank.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2]?.documento === search?.documento ? previous : undefined,
  });
}

/**
 * Every lookup of a titular, for the report: pages of 100 read in turn, up to 50 of them (5 000
 * lookups, far more than any one person's), the first page's totals kept.
 */
export async function getAllTitularLookups(documento: string): Promise<TitularLookups> {
  const first = await getTitularLookups({ documento, page: 1, limit: REPORT_PAGE_SIZE });
  const consultas = [...first.consultas];
  const last = Math.min(first.totalPages, REPORT_MAX_PAGES);
  for (let page = 2; page <= last; page += 1) {
    const next = await getTitularLookups({ documento, page, limit: REPORT_PAGE_SIZE });
    consultas.push(...next.consultas);
  }
  return { ...first, consultas, page: 1, totalPages: 1 };
}
