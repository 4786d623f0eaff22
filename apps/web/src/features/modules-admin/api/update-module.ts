import { moduleSchema, type updateModuleSchema } from '@painel/shared/schemas/modules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { allModulesKey } from '@/features/modules-admin/api/get-modules';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { apiRequest } from '@/lib/api-client';

export type UpdateModuleBody = z.input<typeof updateModuleSchema>;

/** Partial edit; headers: a value sets one, null removes it, an absent name keeps it. */
export function updateModule({ id, body }: { id: number; body: UpdateModuleBody }) {
  return apiRequest(`/modulos/${id}`, {
    method: 'PUT',
    body,
    schema: moduleSchema,
    fallbackError: moduleAdminMessages.updateFailed,
  });
}

export function useUpdateModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allModulesKey }),
  });
}
