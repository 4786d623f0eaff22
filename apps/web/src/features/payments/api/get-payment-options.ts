import { paymentContract } from '@painel/shared/contracts/payments';
import { useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

export const paymentOptionsKey = ['payments', 'options'] as const;

export function getPaymentOptions(signal?: AbortSignal) {
  return callEndpoint(paymentContract.options, {}, { signal });
}

/** The top-up minimum and maximum (settings) and whether the sandbox 'Simular pagamento' switch exists. */
export function usePaymentOptions() {
  return useQuery({
    queryKey: paymentOptionsKey,
    queryFn: ({ signal }) => getPaymentOptions(signal),
    staleTime: 60_000,
  });
}
