import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { apiRequest } from '@/lib/api-client';

/** POST /modulos/{id}/testar: one upstream call, never charged, no consulta recorded. */
export const moduleTestResultSchema = z.object({
  ok: z.boolean(),
  status_code: z.number().optional(),
  latencia_ms: z.number(),
  resposta: z.unknown().optional(),
  erro: z.string().optional(),
  codigo: z.string().optional(),
});
export type ModuleTestResult = z.infer<typeof moduleTestResultSchema>;

export function testModule({ id, input }: { id: number; input: Record<string, string> }) {
  return apiRequest(`/modulos/${id}/testar`, {
    method: 'POST',
    body: { input },
    schema: moduleTestResultSchema,
    fallbackError: moduleAdminMessages.testFailed,
  });
}

export function useTestModule() {
  return useMutation({ mutationFn: testModule });
}
