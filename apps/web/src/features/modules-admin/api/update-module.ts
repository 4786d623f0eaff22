import type { EndpointInput } from '@painel/shared/contracts/endpoint';
import { moduleContract } from '@painel/shared/contracts/modules';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { allModulesKey } from '@/features/modules-admin/api/get-modules';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { callEndpoint } from '@/lib/api-client';

export type UpdateModuleBody = EndpointInput<typeof moduleContract.update>['body'];

/** Partial edit; headers: a value sets one, null removes it, an absent name keeps it. */
export function updateModule({ id, body }: { id: number; body: UpdateModuleBody }) {
  return callEndpoint(
    moduleContract.update,
    { params: { id: String(id) }, body },
    { fallbackError: moduleAdminMessages.updateFailed },
  );
}

export function useUpdateModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allModulesKey }),
  });
}
