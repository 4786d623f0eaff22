import { purposeContract } from '@painel/shared/contracts/finalidades';
import type { CreatePurposeInput } from '@painel/shared/schemas/finalidades';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { allPurposesKey } from '@/features/purposes-admin/api/get-purposes';
import { purposesAdminMessages } from '@/features/purposes-admin/purposes-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** Refused with 409 PURPOSE_NAME_IN_USE (on `nome`) when another purpose has the name, whatever its case. */
export function createPurpose(body: CreatePurposeInput) {
  return callEndpoint(
    purposeContract.create,
    { body },
    { fallbackError: purposesAdminMessages.createFailed },
  );
}

export function useCreatePurpose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPurpose,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allPurposesKey }),
  });
}
