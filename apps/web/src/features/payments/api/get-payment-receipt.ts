import { paymentContract } from '@painel/shared/contracts/payments';
import { useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

export const paymentReceiptKey = (id: number) => ['payments', 'receipt', id] as const;

export function getPaymentReceipt(id: number, signal?: AbortSignal) {
  return callEndpoint(paymentContract.receipt, { params: { id: String(id) } }, { signal });
}

/** One's own payment and what it bought; another user's is 404 on the server. */
export function usePaymentReceipt(id: number) {
  return useQuery({
    queryKey: paymentReceiptKey(id),
    queryFn: ({ signal }) => getPaymentReceipt(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
