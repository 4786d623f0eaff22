import { loteContract } from '@painel/shared/contracts/lotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { mergeLote } from '@/features/lotes/api/get-lotes';
import { callEndpoint } from '@/lib/api-client';

/** POST /lotes/{id}/confirmar: the batch starts and its rows reserve what they cost. */
export function confirmLote(id: number) {
  return callEndpoint(loteContract.confirm, { params: { id: String(id) } }, { spendsMoney: true });
}

export function useConfirmLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmLote,
    onSuccess: (lote) => {
      mergeLote(queryClient, lote);
      // Credits and quota counters move as the rows run.
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
