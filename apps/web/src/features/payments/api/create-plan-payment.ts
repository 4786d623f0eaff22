import { messages } from '@painel/shared/messages';
import { type CreatePixInput, pixPaymentResponseSchema } from '@painel/shared/schemas/payments';
import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

/** POST /payments/create-pix; the same idempotencyKey answers the same charge (double click, retry). */
export async function createPlanPayment(input: CreatePixInput) {
  const { pixPayment } = await apiRequest('/payments/create-pix', {
    method: 'POST',
    spendsMoney: true,
    body: input,
    schema: pixPaymentResponseSchema,
    fallbackError: messages.pixFailed,
  });
  return pixPayment;
}

export function useCreatePlanPayment() {
  return useMutation({ mutationFn: createPlanPayment });
}
