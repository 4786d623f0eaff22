import { MODULE_DEFAULTS, modulesListSchema } from '@painel/shared/schemas/modules';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { adminModulesKey, allModulesKey } from '@/features/modules-admin/api/get-modules';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { apiRequest } from '@/lib/api-client';

/** Sends the new order as [{id, ordem}] with ordem = position × 10 (docs/product/modules.md#module-api). */
export async function reorderModules(ids: number[]) {
  const { modulos } = await apiRequest('/modulos/reorder', {
    method: 'POST',
    body: ids.map((id, index) => ({ id, ordem: (index + 1) * MODULE_DEFAULTS.reorderStep })),
    schema: modulesListSchema,
    fallbackError: moduleAdminMessages.saveOrderFailed,
  });
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
