import { moduleContract } from '@painel/shared/contracts/modules';
import type { CreateModuleInput } from '@painel/shared/schemas/modules';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { allModulesKey } from '@/features/modules-admin/api/get-modules';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { callEndpoint } from '@/lib/api-client';

export function createModule(body: CreateModuleInput) {
  return callEndpoint(moduleContract.create, { body }, { fallbackError: moduleAdminMessages.createFailed });
}

export function useCreateModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allModulesKey }),
  });
}
