import { paymentContract } from '@painel/shared/contracts/payments';
import type { UpdatePixSettingsInput } from '@painel/shared/schemas/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { pixSettingsKey } from '@/features/plans-admin/api/get-pix-settings';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** Absent secrets stay as stored; null removes one (decisions 0002, Providers). */
export function updatePixSettings(body: UpdatePixSettingsInput) {
  return callEndpoint(
    paymentContract.updatePixSettings,
    { body },
    { fallbackError: plansAdminMessages.pixSaveFailed },
  );
}

export function useUpdatePixSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePixSettings,
    onSuccess: (settings) => queryClient.setQueryData(pixSettingsKey, settings),
  });
}
