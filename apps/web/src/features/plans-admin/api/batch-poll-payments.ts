import { BATCH_POLL_DEFAULT_LIMIT, batchPollResponseSchema } from '@painel/shared/schemas/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminPaymentsKey } from '@/features/plans-admin/api/get-payments';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { apiRequest } from '@/lib/api-client';

/** Asks the provider about the 25 waiting charges least recently checked ('Rodar Poll'). */
export function batchPollPayments() {
  return apiRequest(`/payments/batch-poll?limit=${BATCH_POLL_DEFAULT_LIMIT}`, {
    method: 'POST',
    schema: batchPollResponseSchema,
    fallbackError: plansAdminMessages.batchPollFailed,
  });
}

export function useBatchPollPayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchPollPayments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPaymentsKey }),
  });
}
