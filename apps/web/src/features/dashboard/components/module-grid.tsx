import type { ModuleView } from '@painel/shared/schemas/modules';
import { PackageOpen, Search, SearchX } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ModuleCard, type ModuleViewer } from '@/features/dashboard/components/module-card';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Modules whose name or description holds every word typed, accents and case ignored. */
export function filterModules(modules: ModuleView[], search: string): ModuleView[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return modules;
  return modules.filter((module) => {
    const text = fold(`${module.nome} ${module.descricao}`);
    return words.every((word) => text.includes(word));
  });
}

function EmptyState({ icon: Icon, title, hint }: { icon: typeof Search; title: string; hint: string }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-xl border border-dashed bg-card/50 px-4 py-12 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}

interface ModuleGridProps {
  modules: ModuleView[] | undefined;
  loading: boolean;
  failed: boolean;
  viewer: ModuleViewer;
}

/** Search box and module grid of the dashboard (docs/product/lookups.md#dashboard), with its empty states. */
export function ModuleGrid({ modules, loading, failed, viewer }: ModuleGridProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  // Credit modules are hidden in trial (docs/product/lookups.md#trial).
  const visible = useMemo(
    () => (modules ?? []).filter((module) => !viewer.inTrial || module.tipo_limite === 'quantidade'),
    [modules, viewer.inTrial],
  );
  const shown = useMemo(() => filterModules(visible, deferredSearch), [visible, deferredSearch]);

  return (
    <section aria-labelledby={`${searchId}-title`} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${searchId}-title`} className="text-lg font-semibold">
            Módulos de consulta
          </h2>
          <p className="text-sm text-muted-foreground">Escolha um serviço para consultar.</p>
        </div>
        <div className="relative w-full sm:w-72">
          <label htmlFor={searchId} className="sr-only">
            Buscar módulo
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Buscar módulo..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>

      {loading ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Carregando módulos">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={index}>
              <Skeleton className="h-36 rounded-xl" />
            </li>
          ))}
        </ul>
      ) : visible.length === 0 ? (
        <EmptyState
          icon={PackageOpen}
          title="Nenhum serviço disponível"
          hint={failed ? 'Não foi possível carregar os módulos. Tentando de novo...' : 'Volte mais tarde.'}
        />
      ) : shown.length === 0 ? (
        <EmptyState icon={SearchX} title="Nenhum módulo encontrado" hint="Tente outro nome ou descrição." />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((module) => (
            <li key={module.id}>
              <ModuleCard module={module} viewer={viewer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
