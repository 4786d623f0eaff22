import { resultHasMinor } from '@painel/shared/rules/minors';
import { businessToday } from '@painel/shared/schemas/metrics';
import type { Database } from '../../db/client.ts';
import type { ModuleCatalog } from '../catalog/module-catalog.ts';
import type { PurposeCatalog } from '../purposes/purpose-catalog.ts';
import { purposePermitsMinors } from './result-view.repository.ts';
import { maskTrialResult } from './trial-mask.ts';

/**
 * How a stored result is shown (docs/product/reveal-and-minors.md): results are stored whole (a
 * trial's, masked) and masked here, when answering, so the hot path stores and the reads decide.
 */
export interface ResultView {
  retorno: unknown;
  /** `retorno` is masked: a trial's, a module that masks by default, a minor's data. */
  mascarado: boolean;
  /** The result shows a person under 18 on the day of the lookup. */
  menor_de_idade: boolean;
  /** POST /consultas/{id}/revelar would show it whole: masked only by its module's default. */
  revelavel: boolean;
}

/** Why a result is masked, if it is. 'trial' and 'minor' are never revealed; 'module' is, with a reason. */
export type MaskReason = 'trial' | 'minor' | 'module' | null;

export interface ResultViewDeps {
  db: Database;
  catalog: ModuleCatalog;
  purposes: PurposeCatalog;
}

/** What of a lookup decides how its result is shown. */
export interface StoredResult {
  resultado: unknown;
  trial: boolean;
  moduloId: number | null;
  finalidadeId: number | null;
  createdAt: Date;
}

/** Whether the lookup's purpose lets it show a minor's data; a lookup without one does not. */
async function minorsPermitted(deps: ResultViewDeps, purposeId: number | null): Promise<boolean> {
  if (purposeId === null) return false;
  // An active purpose is in memory; one deactivated since the lookup is read.
  const active = (await deps.purposes.rules()).active.get(purposeId);
  return active ? active.permiteMenores : purposePermitsMinors(deps.db, purposeId);
}

/** Whether the module masks its results by default now; a deleted module's lookups show as they are. */
async function maskedByModule(deps: ResultViewDeps, moduleId: number | null): Promise<boolean> {
  if (moduleId === null) return false;
  return (await deps.catalog.get(moduleId))?.mascararPorPadrao ?? false;
}

/** Whether the result shows someone under 18, and why it is masked when it is. */
export async function judgeResult(
  deps: ResultViewDeps,
  lookup: StoredResult,
): Promise<{ minor: boolean; reason: MaskReason }> {
  const minor = resultHasMinor(lookup.resultado, businessToday(lookup.createdAt));
  if (lookup.trial) return { minor, reason: 'trial' };
  if (minor && !(await minorsPermitted(deps, lookup.finalidadeId))) return { minor, reason: 'minor' };
  return { minor, reason: (await maskedByModule(deps, lookup.moduloId)) ? 'module' : null };
}

/**
 * The result as the caller may see it. `revealed`: a justified reveal was logged for this answer,
 * which lifts the module's default and nothing else.
 */
export function presentResult(
  lookup: Pick<StoredResult, 'resultado'>,
  judged: { minor: boolean; reason: MaskReason },
  revealed = false,
): ResultView {
  const { minor, reason } = judged;
  // A trial's result was masked before it was stored.
  if (reason === 'trial')
    return { retorno: lookup.resultado, mascarado: true, menor_de_idade: minor, revelavel: false };
  if (reason === 'minor' || (reason === 'module' && !revealed)) {
    return {
      retorno: maskTrialResult(lookup.resultado),
      mascarado: true,
      menor_de_idade: minor,
      revelavel: reason === 'module',
    };
  }
  return { retorno: lookup.resultado, mascarado: false, menor_de_idade: minor, revelavel: false };
}

/** The result of one lookup as its answer shows it. */
export async function viewResult(deps: ResultViewDeps, lookup: StoredResult): Promise<ResultView> {
  return presentResult(lookup, await judgeResult(deps, lookup));
}
