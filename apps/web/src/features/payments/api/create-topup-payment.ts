import { messages } from '@painel/shared/messages';
import { type CreateTopupInput, pixPaymentResponseSchema } from '@painel/shared/schemas/payments';
import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

/** POST /payments/create-topup: a credit top-up of at least the configured minimum. */
export async function createTopupPayment(input: CreateTopupInput) {
  const { pixPayment } = await apiRequest('/payments/create-topup', {
    method: 'POST',
    spendsMoney: true,
    body: input,
    schema: pixPaymentResponseSchema,
    fallbackError: messages.pixFailed,
  });
  return pixPayment;
}

export function useCreateTopupPayment() {
  return useMutation({ mutationFn: createTopupPayment });
}
