import { moduleContract } from '@painel/shared/contracts/modules';
import type { ModuleView } from '@painel/shared/schemas/modules';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminModulesKey, allModulesKey } from '@/features/modules-admin/api/get-modules';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { callEndpoint } from '@/lib/api-client';
import { notifyFailure } from '@/lib/notify-failure';

/** Exactly one flag per call (PUT /modulos/{id}/status). */
export type StatusFlag = { ativo: boolean } | { manutencao: boolean };

export function updateModuleStatus({ id, flag }: { id: number; flag: StatusFlag }) {
  return callEndpoint(
    moduleContract.setStatus,
    { params: { id: String(id) }, body: flag },
    { fallbackError: moduleAdminMessages.statusFailed },
  );
}

function withFlag(module: ModuleView, flag: StatusFlag): ModuleView {
  const next = { ...module, ...flag };
  return { ...next, status: !next.ativo ? 'inativo' : next.manutencao ? 'manutencao' : 'online' };
}

/** Toggles show at once (optimistic) and go back, with 'Erro ao atualizar status', if refused. */
export function useUpdateModuleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModuleStatus,
    onMutate: async ({ id, flag }) => {
      await queryClient.cancelQueries({ queryKey: adminModulesKey });
      const previous = queryClient.getQueryData<ModuleView[]>(adminModulesKey);
      queryClient.setQueryData<ModuleView[]>(adminModulesKey, (modules) =>
        modules?.map((module) => (module.id === id ? withFlag(module, flag) : module)),
      );
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(adminModulesKey, context.previous);
      notifyFailure(moduleAdminMessages.statusFailed, error);
    },
    onSuccess: (module) => {
      queryClient.setQueryData<ModuleView[]>(adminModulesKey, (modules) =>
        modules?.map((current) => (current.id === module.id ? module : current)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: allModulesKey }),
  });
}
