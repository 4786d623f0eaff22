import { moduleContract } from '@painel/shared/contracts/modules';
import { useMutation } from '@tanstack/react-query';

import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { callEndpoint } from '@/lib/api-client';

export type { ModuleTestResult } from '@painel/shared/contracts/modules';

/** POST /modulos/{id}/testar: one upstream call, never charged, no consulta recorded. */
export function testModule({ id, input }: { id: number; input: Record<string, string> }) {
  return callEndpoint(
    moduleContract.test,
    { params: { id: String(id) }, body: { input } },
    { fallbackError: moduleAdminMessages.testFailed },
  );
}

export function useTestModule() {
  return useMutation({ mutationFn: testModule });
}
