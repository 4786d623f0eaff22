import { paymentContract } from '@painel/shared/contracts/payments';
import { useMutation } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** The sandbox "bank" marks the charge paid (docs/product/plans-and-payments.md#providers); the panel learns it by the usual status read. */
export function paySandboxCharge(externalId: string) {
  return callEndpoint(paymentContract.sandboxPay, { params: { pix_id_external: externalId } });
}

export function usePaySandboxCharge() {
  return useMutation({ mutationFn: paySandboxCharge });
}
