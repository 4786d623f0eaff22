import { moduleContract } from '@painel/shared/contracts/modules';
import type { ModuleView } from '@painel/shared/schemas/modules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';

import { adminModulesKey, allModulesKey } from '@/features/modules-admin/api/get-modules';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { callEndpoint } from '@/lib/api-client';
import { notifyFailure } from '@/lib/notify-failure';

export function deleteModule(id: number) {
  return callEndpoint(
    moduleContract.remove,
    { params: { id: String(id) } },
    { fallbackError: moduleAdminMessages.deleteFailed },
  );
}

export function useDeleteModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModule,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<ModuleView[]>(adminModulesKey, (modules) =>
        modules?.filter((module) => module.id !== id),
      );
      toast.success(moduleAdminMessages.deleted);
      await queryClient.invalidateQueries({ queryKey: allModulesKey });
    },
    // The row (and its confirmation) may be gone by then, so the hook reports, not the caller.
    onError: (error) => notifyFailure(moduleAdminMessages.deleteFailed, error),
  });
}
