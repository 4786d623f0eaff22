import { loteContract } from '@painel/shared/contracts/lotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { mergeLote } from '@/features/lotes/api/get-lotes';
import { callEndpoint } from '@/lib/api-client';

/** POST /lotes/{id}/cancelar: the rows under way finish, nothing more is reserved. */
export function cancelLote(id: number) {
  return callEndpoint(loteContract.cancel, { params: { id: String(id) } });
}

export function useCancelLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLote,
    onSuccess: (lote) => mergeLote(queryClient, lote),
  });
}
