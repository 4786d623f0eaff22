import { settingsContract } from '@painel/shared/contracts/settings';
import type { UpdateSettingsInput } from '@painel/shared/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { settingsKey } from '@/features/settings-admin/api/get-settings';
import { settingsAdminMessages } from '@/features/settings-admin/settings-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/**
 * What the new values change elsewhere in this tab: the top-up limits on /planos and the trial
 * counters (the keys of GET /payments/options and GET /profile/trial-usage).
 */
const DEPENDENT_KEYS = [['payments', 'options'], ['trial-usage']] as const;

/** PUT /admin/settings: fields left out stay as they are. */
export function updateSettings(body: UpdateSettingsInput) {
  return callEndpoint(settingsContract.update, { body }, { fallbackError: settingsAdminMessages.saveFailed });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey, settings);
      for (const queryKey of DEPENDENT_KEYS) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
