import { messages } from '@painel/shared/messages';
import { addPlanDuration, clampAccessEnd, planStart } from '@painel/shared/rules/plan-duration';
import { can } from '@painel/shared/rules/policy';
import type { PublicUser } from '@painel/shared/schemas/user';
import type { bulkAddTimeSchema, UserLimits } from '@painel/shared/schemas/users-admin';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { resellerIdOf, scopeOf } from '../auth/scope.ts';
import { writeActionLog } from '../logs/log.repository.ts';
import { quotaUsageByModule, resetQuotaUsage } from '../lookups/lookup.repository.ts';
import { quantityLimitFor } from '../lookups/lookup.service.ts';
import { findPlan, latestSubscriptionEnd } from '../payments/payment.repository.ts';
import { insertSubscription } from '../plans/plan.repository.ts';
import { moveCredits } from './credit-transfer.ts';
import { type Caller, requireManaged, type UsersDeps, withManagedUser } from './user-scope.ts';
import { extendAccess, findUser, patchUser } from './users.repository.ts';
import { changeUser, presentUser } from './users.service.ts';

const DAY_MS = 86_400_000;

/** POST /users/{id}/credits/add|remove: whole credits; a reseller's are a transfer (docs/product/users.md#credits). */
export async function changeCredits(
  deps: UsersDeps,
  caller: Caller,
  id: number,
  deltaCredits: number,
): Promise<PublicUser> {
  const deltaCents = deltaCredits * 100;
  await withManagedUser(
    deps.db,
    caller,
    id,
    async (tx, before) => {
      const resellerBefore = can(caller.tipo, 'serveOwnClients')
        ? await findUser(tx, caller.userId)
        : undefined;
      await moveCredits(tx, caller, id, deltaCents);
      const resellerAfter = resellerBefore && (await findUser(tx, caller.userId));
      await writeActionLog(
        tx,
        caller,
        deltaCents > 0 ? 'creditos_adicionados' : 'creditos_removidos',
        {
          targetUserId: id,
          valor: Math.abs(deltaCredits),
          antes: { creditos: before.creditosCents / 100 },
          depois: { creditos: (before.creditosCents + deltaCents) / 100 },
          ...(resellerBefore && resellerAfter
            ? {
                saldo_revendedor: {
                  antes: resellerBefore.creditosCents / 100,
                  depois: resellerAfter.creditosCents / 100,
                },
              }
            : {}),
        },
        caller.ip,
      );
    },
    { lockCaller: can(caller.tipo, 'serveOwnClients') },
  );
  // Both balances changed: the user's, and a reseller's own when it gave or took them back.
  deps.sessions.userChanged(id);
  if (can(caller.tipo, 'serveOwnClients')) deps.sessions.userChanged(caller.userId);
  return presentUser(deps, id);
}

/** POST /users/{id}/days/add|remove: adding counts from the later of now and the current expiry. */
export function changeDays(deps: UsersDeps, caller: Caller, id: number, days: number): Promise<PublicUser> {
  return changeUser(
    deps,
    caller,
    id,
    days > 0 ? 'dias_adicionados' : 'dias_removidos',
    (before) => {
      const now = Date.now();
      const current = before.dataExpiracao?.getTime() ?? null;
      if (days > 0)
        return { dataExpiracao: clampAccessEnd(new Date(Math.max(now, current ?? now) + days * DAY_MS)) };
      return { dataExpiracao: current === null ? null : clampAccessEnd(new Date(current + days * DAY_MS)) };
    },
    { detalhes: { dias: Math.abs(days) } },
  );
}

/**
 * POST /users/{id}/subscription: a manual plan, started as a paid one is (docs/product/plans-and-payments.md#plans): at the
 * later of now and the end of the time already held; data_expiracao becomes its end.
 */
export async function activatePlan(
  deps: UsersDeps,
  caller: Caller,
  id: number,
  planId: number,
): Promise<PublicUser> {
  const plan = await findPlan(deps.db, planId);
  if (!plan) throw notFound(messages.planNotFound);
  await withManagedUser(deps.db, caller, id, async (tx, before) => {
    const latestEnd = await latestSubscriptionEnd(tx, id);
    const startsAt = planStart(new Date(), latestEnd, before.dataExpiracao);
    const endsAt = addPlanDuration(startsAt, plan.durationValue, plan.durationUnit);
    const subscription = await insertSubscription(tx, {
      userId: id,
      planId: plan.id,
      startsAt,
      endsAt,
      source: 'manual',
    });
    await patchUser(tx, id, { dataExpiracao: endsAt, updatedAt: new Date() });
    await writeActionLog(
      tx,
      caller,
      'plano_ativado',
      {
        targetUserId: id,
        plano: { id: plan.id, nome: plan.name },
        assinatura: { id: subscription?.id, inicio: startsAt.toISOString(), fim: endsAt.toISOString() },
        antes: { data_expiracao: before.dataExpiracao?.toISOString() ?? null },
        depois: { data_expiracao: endsAt.toISOString() },
      },
      caller.ip,
    );
  });
  deps.sessions.userChanged(id);
  return presentUser(deps, id);
}

async function requireModuleExists(deps: UsersDeps, moduleId: number) {
  const module = await deps.catalog.get(moduleId);
  if (!module) throw notFound(messages.moduleNotFound);
  return module;
}

/** POST /users/{id}/module-limit: the user's own 24 h limit of a module; null = unlimited. */
export async function setModuleLimit(
  deps: UsersDeps,
  caller: Caller,
  id: number,
  moduleId: number,
  limite: number | null,
): Promise<PublicUser> {
  await requireModuleExists(deps, moduleId);
  return changeUser(
    deps,
    caller,
    id,
    'limite_modulo_alterado',
    (before) => ({ modulos: { ...before.modulos, [String(moduleId)]: { limite } } }),
    { detalhes: { modulo_id: moduleId } },
  );
}

/** POST /users/{id}/modules/reset-usage: the last 24 h stop counting, for one module or all. */
export async function resetUsage(
  deps: UsersDeps,
  caller: Caller,
  id: number,
  moduleId: number | null | undefined,
): Promise<number> {
  if (moduleId) await requireModuleExists(deps, moduleId);
  const count = await withManagedUser(deps.db, caller, id, async (tx) => {
    const released = await resetQuotaUsage(tx, id, moduleId ?? undefined);
    await writeActionLog(
      tx,
      caller,
      'uso_resetado',
      { targetUserId: id, modulo_id: moduleId ?? null, consultas_liberadas: released },
      caller.ip,
    );
    return released;
  });
  deps.sessions.userChanged(id);
  return count;
}

/**
 * GET /users/{id}/limits: credits, expiry, and for each quantity module that is active, used or
 * overridden, its 24 h usage and the limit in force (null = unlimited).
 */
export async function getLimits(deps: UsersDeps, caller: Caller, id: number): Promise<UserLimits> {
  const target = requireManaged(caller, await findUser(deps.db, id));
  const [catalogue, usage] = await Promise.all([deps.catalog.all(), quotaUsageByModule(deps.db, id)]);
  const modulos: UserLimits['modulos'] = {};
  for (const module of catalogue) {
    if (module.tipoLimite !== 'quantidade') continue;
    const key = String(module.id);
    const usado = usage.get(module.id) ?? 0;
    if (!module.ativo && usado === 0 && !(key in target.modulos)) continue;
    modulos[key] = {
      nome: module.nome,
      usado,
      limite: quantityLimitFor(module, { modulos: target.modulos }),
    };
  }
  return {
    creditos: target.creditosCents / 100,
    tempo: { data_expiracao: target.dataExpiracao?.toISOString() ?? null },
    modulos,
  };
}

/** Above this many named users, sessions pick the new time up when their short cache expires. */
const NOTIFY_LIMIT = 1_000;

/**
 * POST /users/bulk/add-time: one statement. An admin reaches usuarios and revendedores, a reseller
 * their own clients; user_ids narrows either (ids outside the scope are silently skipped).
 */
export async function bulkAddTime(
  deps: UsersDeps,
  caller: Caller,
  input: z.output<typeof bulkAddTimeSchema>,
): Promise<number> {
  // Not the scope's plain client set: the whole panel here leaves admins' own time alone.
  const target = { resellerId: resellerIdOf(scopeOf(caller)), userIds: input.user_ids };
  const updated = await deps.db.transaction(async (tx) => {
    const count = await extendAccess(tx, target, input.days, input.hours);
    await writeActionLog(
      tx,
      caller,
      'tempo_adicionado_em_massa',
      { dias: input.days, horas: input.hours, user_ids: input.user_ids ?? null, atualizados: count },
      caller.ip,
    );
    return count;
  });
  if (input.user_ids && input.user_ids.length <= NOTIFY_LIMIT) {
    for (const userId of input.user_ids) deps.sessions.userChanged(userId);
  }
  return updated;
}
