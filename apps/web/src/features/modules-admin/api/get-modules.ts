import { moduleContract } from '@painel/shared/contracts/modules';
import { useQuery } from '@tanstack/react-query';
import { moduleAdminMessages } from '@/features/modules-admin/module-admin-messages';
import { callEndpoint } from '@/lib/api-client';

/**
 * Every module query of the panel starts with 'modules' (the dashboard grid is ['modules',
 * 'active']), so invalidating allModulesKey after a change here refreshes the grid too.
 */
export const adminModulesKey = ['modules', 'admin'] as const;
export const allModulesKey = ['modules'] as const;

export async function getModules(signal?: AbortSignal) {
  const { modulos } = await callEndpoint(
    moduleContract.list,
    {},
    { fallbackError: moduleAdminMessages.loadFailed, signal },
  );
  return modulos;
}

/** The whole catalogue in its order (admin: with upstream details; reseller: read-only view). */
export function useModules() {
  return useQuery({ queryKey: adminModulesKey, queryFn: ({ signal }) => getModules(signal) });
}
