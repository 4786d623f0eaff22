import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { apiRequest } from '@/lib/api-client';

const sandboxPaidSchema = z.object({ pix_id_external: z.string(), status: z.literal('paid') });

/** The sandbox "bank" marks the charge paid (docs/product/plans-and-payments.md#providers); the panel learns it by the usual status read. */
export function paySandboxCharge(externalId: string) {
  return apiRequest(`/sandbox/pix/${encodeURIComponent(externalId)}/pay`, {
    method: 'POST',
    schema: sandboxPaidSchema,
  });
}

export function usePaySandboxCharge() {
  return useMutation({ mutationFn: paySandboxCharge });
}
