import { paymentContract } from '@painel/shared/contracts/payments';
import { BATCH_POLL_DEFAULT_LIMIT } from '@painel/shared/schemas/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminPaymentsKey } from '@/features/plans-admin/api/get-payments';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** Asks the provider about the 25 waiting charges least recently checked ('Rodar Poll'). */
export function batchPollPayments() {
  return callEndpoint(
    paymentContract.batchPoll,
    { query: { limit: BATCH_POLL_DEFAULT_LIMIT } },
    { fallbackError: plansAdminMessages.batchPollFailed },
  );
}

export function useBatchPollPayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchPollPayments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPaymentsKey }),
  });
}
