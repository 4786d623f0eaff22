import { paymentContract } from '@painel/shared/contracts/payments';
import { useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** docs/product/plans-and-payments.md#plans-page: the payment history is re-read silently every 30 s. */
export const PAYMENT_HISTORY_REFRESH_MS = 30_000;

export const paymentHistoryKey = ['payments', 'me', 'history'] as const;

export async function getPaymentHistory(signal?: AbortSignal) {
  const { payments } = await callEndpoint(paymentContract.history, {}, { signal });
  return payments;
}

/** The user's 20 latest payments, newest first. */
export function usePaymentHistory() {
  return useQuery({
    queryKey: paymentHistoryKey,
    queryFn: ({ signal }) => getPaymentHistory(signal),
    refetchInterval: PAYMENT_HISTORY_REFRESH_MS,
  });
}
