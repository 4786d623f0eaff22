import { userContract } from '@painel/shared/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** The user's own 24 h limit of one module; null = unlimited. */
export function setModuleLimit({
  id,
  moduloId,
  limite,
}: {
  id: number;
  moduloId: number;
  limite: number | null;
}) {
  return callEndpoint(
    userContract.setModuleLimit,
    { params: { id: String(id) }, body: { modulo_id: moduloId, limite } },
    { fallbackError: usersAdminMessages.operationFailed },
  );
}

export function useSetModuleLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setModuleLimit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
