import { paymentContract } from '@painel/shared/contracts/payments';
import { messages } from '@painel/shared/messages';
import type { CreateTopupInput } from '@painel/shared/schemas/payments';
import { useMutation } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** POST /payments/create-topup: a credit top-up of at least the configured minimum. */
export async function createTopupPayment(input: CreateTopupInput) {
  const { pixPayment } = await callEndpoint(
    paymentContract.createTopup,
    { body: input },
    { spendsMoney: true, fallbackError: messages.pixFailed },
  );
  return pixPayment;
}

export function useCreateTopupPayment() {
  return useMutation({ mutationFn: createTopupPayment });
}
