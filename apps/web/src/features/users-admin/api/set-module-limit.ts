import { userMutationResponseSchema } from '@painel/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { apiRequest } from '@/lib/api-client';

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
  return apiRequest(`/users/${id}/module-limit`, {
    method: 'POST',
    body: { modulo_id: moduloId, limite },
    schema: userMutationResponseSchema,
    fallbackError: usersAdminMessages.operationFailed,
  });
}

export function useSetModuleLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setModuleLimit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
