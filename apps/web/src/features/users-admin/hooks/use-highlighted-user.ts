import type { PublicUser } from '@painel/shared/schemas/user';
import { useEffect, useRef } from 'react';

import { useUser } from '@/features/users-admin/api/get-user';

/** ?highlight=<id>: a positive whole number, else nothing is highlighted. */
export function parseHighlight(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

interface HighlightOptions {
  highlightId: number | null;
  /** The rows on screen, once the page asked for has loaded (undefined while loading). */
  rows: PublicUser[] | undefined;
  /** Narrows the list to the highlighted user when it is not on the page shown. */
  onSearch: (text: string) => void;
}

/**
 * The user named by ?highlight= (the admin dashboard's 'Ver Usuário'): its row is scrolled into
 * view once; when it is not on the page shown, the list is searched by its email so it is.
 */
export function useHighlightedUser({ highlightId, rows, onSearch }: HighlightOptions) {
  const onPage = highlightId !== null && (rows?.some((user) => user.id === highlightId) ?? false);
  const searchedFor = useRef<number | null>(null);
  const scrolledTo = useRef<number | null>(null);
  const needsLookup =
    highlightId !== null && rows !== undefined && !onPage && searchedFor.current !== highlightId;
  const target = useUser(needsLookup ? highlightId : null);

  useEffect(() => {
    if (!target.data || searchedFor.current === target.data.id) return;
    searchedFor.current = target.data.id;
    onSearch(target.data.email);
  }, [target.data, onSearch]);

  useEffect(() => {
    if (!onPage || highlightId === null || scrolledTo.current === highlightId) return;
    scrolledTo.current = highlightId;
    const row = document.querySelector(`tr[data-user-id="${highlightId}"]`);
    row?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [onPage, highlightId]);

  return { notFound: needsLookup && target.isError ? target.error : null };
}
