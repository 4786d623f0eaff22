import { messages } from '@painel/shared/messages';
import type { CreatePurpose, Purpose, UpdatePurpose } from '@painel/shared/schemas/finalidades';
import type { Database } from '../../db/client.ts';
import type { PurposeRow } from '../../db/schema/finalidades.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type Actor, writeActionLog } from '../logs/log.repository.ts';
import {
  allPurposeRows,
  deletePurposeRow,
  hasDatabaseCode,
  insertPurpose,
  lockPurpose,
  type NewPurposeRow,
  purposeUsed,
  UNIQUE_VIOLATION,
  updatePurposeRow,
} from './purpose.repository.ts';
import type { PurposeCatalog } from './purpose-catalog.ts';

export interface PurposeDeps {
  db: Database;
  catalog: PurposeCatalog;
}

export interface PurposeCaller extends Actor {
  ip?: string | null;
}

export function toPurpose(row: PurposeRow): Purpose {
  return {
    id: row.id,
    nome: row.nome,
    base_legal: row.baseLegal,
    ativo: row.ativo,
    permite_menores: row.permiteMenores,
  };
}

/** The active purposes, for the query screen, and whether a lookup must name one. */
export async function listActivePurposes(deps: PurposeDeps) {
  const rules = await deps.catalog.rules();
  return { finalidades: [...rules.active.values()].map(toPurpose), exigir_finalidade: rules.required };
}

/** Every purpose, inactive ones too (the admin's screen). */
export async function listPurposes(deps: PurposeDeps) {
  return { finalidades: (await allPurposeRows(deps.db)).map(toPurpose) };
}

function columnsOf(input: UpdatePurpose): Partial<NewPurposeRow> {
  return {
    nome: input.nome,
    baseLegal: input.base_legal,
    ativo: input.ativo,
    permiteMenores: input.permite_menores,
  };
}

const nameInUse = () =>
  new AppError('PURPOSE_NAME_IN_USE', messages.purposeNameInUse, {
    fields: { nome: messages.purposeNameInUse },
  });

/** Runs a change that may give a purpose a name another has (in any case): 409 with `fields.nome`. */
async function namingOne<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (hasDatabaseCode(error, UNIQUE_VIOLATION)) throw nameInUse();
    throw error;
  }
}

export async function createPurpose(
  deps: PurposeDeps,
  caller: PurposeCaller,
  input: CreatePurpose,
): Promise<Purpose> {
  const purpose = await namingOne(() =>
    deps.db.transaction(async (tx) => {
      const row = await insertPurpose(tx, columnsOf(input) as NewPurposeRow);
      const created = toPurpose(row!);
      await writeActionLog(
        tx,
        caller,
        'finalidade_criada',
        { finalidade_id: created.id, antes: null, depois: created },
        caller.ip,
      );
      return created;
    }),
  );
  deps.catalog.changed();
  return purpose;
}

/**
 * Partial update; the log keeps only the fields that changed. A purpose's name and legal basis are
 * part of the record of every lookup that named it (history, titulares report, records of
 * processing read them from here): once a lookup has, they stay (409 PURPOSE_IN_USE), and the admin
 * deactivates it and creates another. Whether it is active or permits minors may change at any time.
 */
export async function updatePurpose(
  deps: PurposeDeps,
  caller: PurposeCaller,
  id: number,
  input: UpdatePurpose,
): Promise<Purpose> {
  const purpose = await namingOne(() =>
    deps.db.transaction(async (tx) => {
      const before = await lockPurpose(tx, id);
      if (!before) throw notFound(messages.purposeNotFound);
      const changes = Object.fromEntries(
        Object.entries(columnsOf(input)).filter(([, value]) => value !== undefined),
      );
      const rewritesRecord =
        (input.nome !== undefined && input.nome !== before.nome) ||
        (input.base_legal !== undefined && input.base_legal !== before.baseLegal);
      if (rewritesRecord && (await purposeUsed(tx, id))) {
        throw new AppError('PURPOSE_IN_USE', messages.purposeRecordFixed);
      }
      const row = Object.keys(changes).length === 0 ? before : await updatePurposeRow(tx, id, changes);
      const [was, is] = [toPurpose(before), toPurpose(row!)];
      const changed = (Object.keys(is) as (keyof Purpose)[]).filter((key) => was[key] !== is[key]);
      if (changed.length > 0) {
        await writeActionLog(
          tx,
          caller,
          'finalidade_alterada',
          {
            finalidade_id: id,
            antes: Object.fromEntries(changed.map((key) => [key, was[key]])),
            depois: Object.fromEntries(changed.map((key) => [key, is[key]])),
          },
          caller.ip,
        );
      }
      return is;
    }),
  );
  deps.catalog.changed();
  return purpose;
}

/**
 * A purpose a lookup named is part of that lookup's record: deleting it is refused (409) and the
 * admin deactivates it instead. One no lookup named is deleted.
 */
export async function deletePurpose(deps: PurposeDeps, caller: PurposeCaller, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockPurpose(tx, id);
    if (!before) throw notFound(messages.purposeNotFound);
    if (!(await deletePurposeRow(tx, id))) throw new AppError('PURPOSE_IN_USE', messages.purposeInUse);
    await writeActionLog(
      tx,
      caller,
      'finalidade_excluida',
      { finalidade_id: id, antes: toPurpose(before), depois: null },
      caller.ip,
    );
  });
  deps.catalog.changed();
}
