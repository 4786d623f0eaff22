import { paymentContract } from '@painel/shared/contracts/payments';
import { PAYMENT_ADMIN_LIMIT } from '@painel/shared/schemas/payments';
import { useQuery } from '@tanstack/react-query';

import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { callEndpoint } from '@/lib/api-client';

export const adminPaymentsKey = ['payments', 'admin'] as const;
/** Payment lists are re-read every 30 s (docs/product/plans-and-payments.md#plans-administration). */
export const PAYMENTS_REFRESH_MS = 30_000;

export async function getPayments(signal?: AbortSignal) {
  const { payments } = await callEndpoint(
    paymentContract.list,
    { query: { limit: PAYMENT_ADMIN_LIMIT } },
    { fallbackError: plansAdminMessages.paymentsLoadFailed, signal },
  );
  return payments;
}

/** The latest 50 PIX payments of every user (admin). */
export function usePayments() {
  return useQuery({
    queryKey: adminPaymentsKey,
    queryFn: ({ signal }) => getPayments(signal),
    refetchInterval: PAYMENTS_REFRESH_MS,
  });
}
