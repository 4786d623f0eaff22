import { settingsContract } from '@painel/shared/contracts/settings';
import { useQuery } from '@tanstack/react-query';

import { settingsAdminMessages } from '@/features/settings-admin/settings-admin-messages';
import { callEndpoint } from '@/lib/api-client';

export const settingsKey = ['settings', 'panel'] as const;

export function getSettings(signal?: AbortSignal) {
  return callEndpoint(settingsContract.get, {}, { fallbackError: settingsAdminMessages.loadFailed, signal });
}

/** The panel's settings (admin only): trial limit, top-up minimum and maximum, whether lookups need a purpose. */
export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => getSettings(signal) });
}
