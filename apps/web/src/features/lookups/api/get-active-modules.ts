import { moduleContract } from '@painel/shared/contracts/modules';
import type { ModuleView } from '@painel/shared/schemas/modules';
import { type QueryClient, useQuery } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

/** Modules refresh every 5 s on the dashboard (docs/product/lookups.md#dashboard), paused while the tab is hidden. */
export const MODULES_REFRESH_MS = 5_000;

export const activeModulesKey = ['modules', 'active'] as const;

export async function getActiveModules(signal?: AbortSignal): Promise<ModuleView[]> {
  const { modulos } = await callEndpoint(moduleContract.active, {}, { signal });
  // docs/product/modules.md#module-api: only ativo modules are kept, whatever the server sends.
  return modulos.filter((module) => module.ativo);
}

export function useActiveModules() {
  return useQuery({
    queryKey: activeModulesKey,
    queryFn: ({ signal }) => getActiveModules(signal),
    refetchInterval: MODULES_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/** After a successful lookup on a quantity module its 24 h count rises by one (docs/product/lookups.md#query-screen). */
export function bumpModuleUsage(queryClient: QueryClient, moduleId: number) {
  queryClient.setQueryData<ModuleView[]>(activeModulesKey, (modules) =>
    modules?.map((module) =>
      module.id === moduleId && module.tipo_limite === 'quantidade'
        ? { ...module, usado: (module.usado ?? 0) + 1 }
        : module,
    ),
  );
}
