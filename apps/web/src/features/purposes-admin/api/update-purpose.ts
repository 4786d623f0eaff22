import { purposeContract } from '@painel/shared/contracts/finalidades';
import type { Purpose, UpdatePurposeInput } from '@painel/shared/schemas/finalidades';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminPurposesKey, allPurposesKey } from '@/features/purposes-admin/api/get-purposes';
import { purposesAdminMessages } from '@/features/purposes-admin/purposes-admin-messages';
import { callEndpoint } from '@/lib/api-client';
import { notifyFailure } from '@/lib/notify-failure';

/** PUT /admin/finalidades/{id}: fields left out stay as they are. */
export function updatePurpose({ id, body }: { id: number; body: UpdatePurposeInput }) {
  return callEndpoint(
    purposeContract.update,
    { params: { id: String(id) }, body },
    { fallbackError: purposesAdminMessages.updateFailed },
  );
}

function replaceIn(purposes: Purpose[] | undefined, purpose: Purpose) {
  return purposes?.map((current) => (current.id === purpose.id ? purpose : current));
}

/** The edit dialog's save. */
export function useUpdatePurpose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePurpose,
    onSuccess: (purpose) => {
      queryClient.setQueryData<Purpose[]>(adminPurposesKey, (purposes) => replaceIn(purposes, purpose));
      return queryClient.invalidateQueries({ queryKey: allPurposesKey });
    },
  });
}

/**
 * The Ativa/Inativa switch (and 'Desativar' for a purpose that cannot be deleted): shown at once
 * (optimistic), and back, with 'Erro ao atualizar status', if refused.
 */
export function useSetPurposeActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ativo }: { id: number; ativo: boolean }) => updatePurpose({ id, body: { ativo } }),
    onMutate: async ({ id, ativo }) => {
      await queryClient.cancelQueries({ queryKey: adminPurposesKey });
      const previous = queryClient.getQueryData<Purpose[]>(adminPurposesKey);
      queryClient.setQueryData<Purpose[]>(adminPurposesKey, (purposes) =>
        purposes?.map((purpose) => (purpose.id === id ? { ...purpose, ativo } : purpose)),
      );
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(adminPurposesKey, context.previous);
      notifyFailure(purposesAdminMessages.statusFailed, error);
    },
    onSuccess: (purpose) => {
      queryClient.setQueryData<Purpose[]>(adminPurposesKey, (purposes) => replaceIn(purposes, purpose));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: allPurposesKey }),
  });
}
