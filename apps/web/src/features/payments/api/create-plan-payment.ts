import { paymentContract } from '@painel/shared/contracts/payments';
import { messages } from '@painel/shared/messages';
import type { CreatePixInput } from '@painel/shared/schemas/payments';
import { useMutation } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** POST /payments/create-pix; the same idempotencyKey answers the same charge (double click, retry). */
export async function createPlanPayment(input: CreatePixInput) {
  const { pixPayment } = await callEndpoint(
    paymentContract.createPix,
    { body: input },
    { spendsMoney: true, fallbackError: messages.pixFailed },
  );
  return pixPayment;
}

export function useCreatePlanPayment() {
  return useMutation({ mutationFn: createPlanPayment });
}
