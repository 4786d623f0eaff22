import { paymentContract } from '@painel/shared/contracts/payments';
import { isPixFinal } from '@painel/shared/rules/pix-status';
import type { PixPayment } from '@painel/shared/schemas/payments';
import { useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** docs/product/plans-and-payments.md#pix-charge: a payment on screen is polled every 5 s until it leaves 'waiting'. */
export const PAYMENT_STATUS_POLL_MS = 5_000;

export const paymentStatusKey = (id: number) => ['payments', 'status', id] as const;

export async function getPaymentStatus(id: number, signal?: AbortSignal) {
  const { pixPayment } = await callEndpoint(
    paymentContract.status,
    { params: { id: String(id) } },
    { signal },
  );
  return pixPayment;
}

/** The charge on the PIX panel, starting from what its creation answered. */
export function usePaymentStatus(payment: PixPayment | null) {
  return useQuery({
    queryKey: paymentStatusKey(payment?.id ?? 0),
    queryFn: ({ signal }) => getPaymentStatus(payment!.id, signal),
    enabled: payment !== null,
    initialData: payment ?? undefined,
    staleTime: PAYMENT_STATUS_POLL_MS,
    refetchInterval: (query) =>
      query.state.data && isPixFinal(query.state.data.status) ? false : PAYMENT_STATUS_POLL_MS,
    // Payment can happen on the phone while this tab sits in the background.
    refetchIntervalInBackground: true,
  });
}
