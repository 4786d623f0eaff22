import { moduleContract } from '@painel/shared/contracts/modules';
import type { ModuleView } from '@painel/shared/schemas/modules';
import { useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** The dashboard's key and shape (only `ativo` modules), so both read one cache entry. */
export const activeModulesKey = ['modules', 'active'] as const;

async function getActiveModules(signal?: AbortSignal): Promise<ModuleView[]> {
  const { modulos } = await callEndpoint(moduleContract.active, {}, { signal });
  return modulos.filter((module) => module.ativo);
}

/** The modules a key may be limited to, and their names for the list. */
export function useActiveModules() {
  return useQuery({ queryKey: activeModulesKey, queryFn: ({ signal }) => getActiveModules(signal) });
}

export function moduleNamesOf(modules: ModuleView[] | undefined): ReadonlyMap<number, string> {
  return new Map((modules ?? []).map((module) => [module.id, module.nome]));
}
