import { arrayMove } from '@dnd-kit/sortable';
import type { ModuleView } from '@painel/shared/schemas/modules';
import { useCallback, useMemo, useState } from 'react';

/**
 * The order the admin is arranging. Until 'Salvar ordem' it lives here only (dirty); modules
 * created or deleted meanwhile still show up or go away.
 */
export function useModuleOrder(modules: ModuleView[] | undefined) {
  const [order, setOrder] = useState<number[] | null>(null);

  const ordered = useMemo(() => {
    if (!modules) return [];
    if (!order) return modules;
    const byId = new Map(modules.map((module) => [module.id, module]));
    const kept = order.flatMap((id) => byId.get(id) ?? []);
    const added = modules.filter((module) => !order.includes(module.id));
    return [...kept, ...added];
  }, [modules, order]);

  const move = useCallback(
    (activeId: number, overId: number) => {
      const ids = ordered.map((module) => module.id);
      const from = ids.indexOf(activeId);
      const to = ids.indexOf(overId);
      if (from < 0 || to < 0 || from === to) return;
      setOrder(arrayMove(ids, from, to));
    },
    [ordered],
  );

  const reset = useCallback(() => setOrder(null), []);

  return { ordered, dirty: order !== null, move, reset };
}
