import { purposeContract } from '@painel/shared/contracts/finalidades';
import type { Purpose } from '@painel/shared/schemas/finalidades';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { adminPurposesKey, allPurposesKey } from '@/features/purposes-admin/api/get-purposes';
import { purposesAdminMessages } from '@/features/purposes-admin/purposes-admin-messages';
import { ApiError, callEndpoint } from '@/lib/api-client';
import { notifyFailure } from '@/lib/notify-failure';

/** Only a purpose no lookup named is deleted; a used one is refused with 409 PURPOSE_IN_USE. */
export function deletePurpose(id: number) {
  return callEndpoint(
    purposeContract.remove,
    { params: { id: String(id) } },
    { fallbackError: purposesAdminMessages.deleteFailed },
  );
}

/** The refusal of a purpose some lookup used: its row offers 'Desativar' instead. */
export function isPurposeInUse(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'PURPOSE_IN_USE';
}

export function useDeletePurpose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePurpose,
    onSuccess: async ({ message }, id) => {
      queryClient.setQueryData<Purpose[]>(adminPurposesKey, (purposes) =>
        purposes?.filter((purpose) => purpose.id !== id),
      );
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: allPurposesKey });
    },
    // A used purpose stays, and its row explains why; anything else is reported here.
    onError: (error) => {
      if (!isPurposeInUse(error)) notifyFailure(purposesAdminMessages.deleteFailed, error);
    },
  });
}
