import { purposeContract } from '@painel/shared/contracts/finalidades';
import { useQuery } from '@tanstack/react-query';

import { purposesAdminMessages } from '@/features/purposes-admin/purposes-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/**
 * Every purpose query of the panel starts with 'purposes' (the query screen's active list too), so
 * invalidating allPurposesKey after a change here refreshes what new lookups are offered.
 */
export const allPurposesKey = ['purposes'] as const;
export const adminPurposesKey = ['purposes', 'admin'] as const;

export async function getPurposes(signal?: AbortSignal) {
  const { finalidades } = await callEndpoint(
    purposeContract.list,
    {},
    { fallbackError: purposesAdminMessages.loadFailed, signal },
  );
  return finalidades;
}

/** Every purpose, inactive ones too, by name (admin only). */
export function usePurposes() {
  return useQuery({ queryKey: adminPurposesKey, queryFn: ({ signal }) => getPurposes(signal) });
}
