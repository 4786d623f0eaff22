import type { Database } from '../../db/client.ts';
import type { ModuleRow } from '../../db/schema/modules.ts';
import { listModules } from './module.repository.ts';

/**
 * Modules are read on every lookup and every dashboard poll but change rarely: this process keeps
 * them for a second, and drops them at once when it changes one itself.
 */
export interface ModuleCatalog {
  all(): Promise<ModuleRow[]>;
  get(id: number): Promise<ModuleRow | undefined>;
  /**
   * Goes up whenever the rows `all()` gives differ from the ones before (a change here, or one
   * another process made, seen at the next reload): what was built from the catalog is stale.
   */
  version(): number;
  invalidate(): void;
}

const TTL_MS = 1_000;

export function createModuleCatalog(db: Database): ModuleCatalog {
  let cached: { at: number; rows: ModuleRow[]; byId: Map<number, ModuleRow> } | null = null;
  let loading: Promise<ModuleRow[]> | null = null;
  // A load that started before a change must not store what it read.
  let generation = 0;
  let version = 0;
  let fingerprint = '';

  async function load(): Promise<ModuleRow[]> {
    const started = generation;
    const rows = await listModules(db);
    if (started === generation) {
      const loaded = JSON.stringify(rows);
      if (loaded !== fingerprint) {
        fingerprint = loaded;
        version += 1;
      }
      cached = { at: Date.now(), rows, byId: new Map(rows.map((row) => [row.id, row])) };
    }
    return rows;
  }

  async function all(): Promise<ModuleRow[]> {
    if (cached && Date.now() - cached.at < TTL_MS) return cached.rows;
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  }

  return {
    all,
    async get(id) {
      const rows = await all();
      return cached?.byId.get(id) ?? rows.find((row) => row.id === id);
    },
    version: () => version,
    invalidate() {
      generation += 1;
      version += 1;
      cached = null;
      loading = null;
    },
  };
}
