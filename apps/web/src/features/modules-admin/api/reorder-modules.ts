import { moduleContract } from '@painel/shared/contracts/modules';
import { MODULE_DEFAULTS } from '@painel/shared/schemas/modules';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminModulesKey, allModulesKey } from '@/features/modules-admin/api/get-modules';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/** Sends the new order as [{id, ordem}] with ordem = position × 10 (docs/product/modules.md#module-api). */
export async function reorderModules(ids: number[]) {
  const { modulos } = await callEndpoint(
    moduleContract.reorder,
    { body: ids.map((id, index) => ({ id, ordem: (index + 1) * MODULE_DEFAULTS.reorderStep })) },
    { fallbackError: moduleAdminMessages.saveOrderFailed },
  );
  return modulos;
}

export function useReorderModules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderModules,
    onSuccess: async (modulos) => {
      queryClient.setQueryData(adminModulesKey, modulos);
      await queryClient.invalidateQueries({ queryKey: allModulesKey, refetchType: 'inactive' });
    },
  });
}
