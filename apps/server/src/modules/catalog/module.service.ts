import { messages } from '@painel/shared/messages';
import type {
  createModuleSchema,
  reorderSchema,
  statusUpdateSchema,
  updateModuleSchema,
} from '@painel/shared/schemas/modules';
import { MODULE_DEFAULTS } from '@painel/shared/schemas/modules';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { ModuleRow } from '../../db/schema/modules.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type Actor, writeActionLog } from '../logs/log.repository.ts';
import { toModuleView } from './module.presenter.ts';
import {
  deleteModuleRow,
  findModule,
  insertModule,
  lockModule,
  moduleOrders,
  nextModuleOrdem,
  setModuleOrdem,
  updateModuleRow,
} from './module.repository.ts';
import type { ModuleCatalog } from './module-catalog.ts';

export interface CatalogDeps {
  db: Database;
  catalog: ModuleCatalog;
  /** Called with an image URL the module no longer uses, so the file can go. */
  onImageReleased?: (imageUrl: string) => Promise<void>;
}

type CreateInput = z.output<typeof createModuleSchema>;
type UpdateInput = z.output<typeof updateModuleSchema>;

const toCents = (credits: number) => Math.round(credits * 100);
const auditView = (row: ModuleRow) => toModuleView(row, { admin: true });

function mergeHeaders(current: Record<string, string>, changes: Record<string, string | null>) {
  const merged = { ...current };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') delete merged[name];
    else merged[name] = value;
  }
  return merged;
}

async function requireModule(db: Database, id: number): Promise<ModuleRow> {
  const row = await findModule(db, id);
  if (!row) throw notFound(messages.moduleNotFound);
  return row;
}

export async function createModule(deps: CatalogDeps, actor: Actor, input: CreateInput): Promise<ModuleRow> {
  const created = await deps.db.transaction(async (tx) => {
    // New modules go to the end of the catalogue.
    const next = await nextModuleOrdem(tx);
    const row = await insertModule(tx, {
      nome: input.nome,
      descricao: input.descricao,
      apiUrl: input.api_url,
      imagemUrl: input.imagem_url ?? null,
      tipoLimite: input.tipo_limite,
      precoCents: toCents(input.preco_por_consulta),
      timeoutSegundos: input.timeout_segundos,
      limitePadraoQuantidade: input.limite_padrao_quantidade,
      limiteEfetivoQuantidade: input.limite_efetivo_quantidade ?? null,
      ativo: input.ativo,
      manutencao: input.manutencao,
      ordem: next,
      camposEntrada: input.campos_entrada,
      headers: mergeHeaders({}, input.headers),
      mascararPorPadrao: input.mascarar_por_padrao,
    });
    if (!row) throw new Error('insert returned nothing');
    await writeActionLog(tx, actor, 'modulo_criado', { modulo_id: row.id, depois: auditView(row) });
    return row;
  });
  deps.catalog.invalidate();
  return created;
}

export async function updateModule(
  deps: CatalogDeps,
  actor: Actor,
  id: number,
  input: UpdateInput,
): Promise<ModuleRow> {
  const { before, after } = await deps.db.transaction(async (tx) => {
    const current = await lockModule(tx, id);
    if (!current) throw notFound(messages.moduleNotFound);
    const row = await updateModuleRow(tx, id, {
      nome: input.nome,
      descricao: input.descricao,
      apiUrl: input.api_url,
      imagemUrl: input.imagem_url,
      tipoLimite: input.tipo_limite,
      precoCents: input.preco_por_consulta === undefined ? undefined : toCents(input.preco_por_consulta),
      timeoutSegundos: input.timeout_segundos,
      limitePadraoQuantidade: input.limite_padrao_quantidade,
      limiteEfetivoQuantidade: input.limite_efetivo_quantidade,
      ativo: input.ativo,
      manutencao: input.manutencao,
      camposEntrada: input.campos_entrada,
      headers: input.headers ? mergeHeaders(current.headers, input.headers) : undefined,
      mascararPorPadrao: input.mascarar_por_padrao,
      updatedAt: new Date(),
    });
    if (!row) throw notFound(messages.moduleNotFound);
    await writeActionLog(tx, actor, 'modulo_editado', {
      modulo_id: id,
      antes: auditView(current),
      depois: auditView(row),
    });
    return { before: current, after: row };
  });
  deps.catalog.invalidate();
  if (before.imagemUrl && before.imagemUrl !== after.imagemUrl)
    await deps.onImageReleased?.(before.imagemUrl);
  return after;
}

export function setModuleTimeout(deps: CatalogDeps, actor: Actor, id: number, timeoutSegundos: number) {
  return updateModule(deps, actor, id, { timeout_segundos: timeoutSegundos });
}

export function setModuleStatus(
  deps: CatalogDeps,
  actor: Actor,
  id: number,
  flag: z.output<typeof statusUpdateSchema>,
) {
  return updateModule(deps, actor, id, flag);
}

/** Applies a new order; ids that are not modules are refused as a whole. */
export async function reorderModules(
  deps: CatalogDeps,
  actor: Actor,
  body: z.output<typeof reorderSchema>,
): Promise<void> {
  const items = Array.isArray(body) ? body : body.order;
  const order = items.map((item, index) =>
    typeof item === 'number' ? { id: item, ordem: (index + 1) * MODULE_DEFAULTS.reorderStep } : item,
  );
  if (new Set(order.map((item) => item.id)).size !== order.length) {
    throw new AppError('VALIDATION_ERROR', messages.reorderInvalid, {
      fields: { order: messages.reorderInvalid },
    });
  }
  await deps.db.transaction(async (tx) => {
    const existing = await moduleOrders(tx);
    const known = new Map(existing.map((row) => [row.id, row.ordem]));
    if (order.some((item) => !known.has(item.id))) throw notFound(messages.moduleNotFound);
    for (const item of order) {
      await setModuleOrdem(tx, item.id, item.ordem);
    }
    await writeActionLog(tx, actor, 'modulos_reordenados', {
      antes: order.map((item) => ({ id: item.id, ordem: known.get(item.id) })),
      depois: order,
    });
  });
  deps.catalog.invalidate();
}

export async function deleteModule(deps: CatalogDeps, actor: Actor, id: number): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const row = await deleteModuleRow(tx, id);
    if (!row) throw notFound(messages.moduleNotFound);
    await writeActionLog(tx, actor, 'modulo_deletado', { modulo_id: id, antes: auditView(row) });
    return row;
  });
  deps.catalog.invalidate();
  if (removed.imagemUrl) await deps.onImageReleased?.(removed.imagemUrl);
}

export { requireModule };
