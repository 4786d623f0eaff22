import { paymentContract } from '@painel/shared/contracts/payments';
import { useQuery } from '@tanstack/react-query';

import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { callEndpoint } from '@/lib/api-client';

export const pixSettingsKey = ['settings', 'pix'] as const;

export function getPixSettings(signal?: AbortSignal) {
  return callEndpoint(
    paymentContract.pixSettings,
    {},
    { fallbackError: plansAdminMessages.pixLoadFailed, signal },
  );
}

/** The PIX configuration (admin only); secrets come back masked, never in full. */
export function usePixSettings() {
  return useQuery({ queryKey: pixSettingsKey, queryFn: ({ signal }) => getPixSettings(signal) });
}
