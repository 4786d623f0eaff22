import { lookupContract } from '@painel/shared/contracts/lookups';
import { messages } from '@painel/shared/messages';
import { businessToday } from '@painel/shared/schemas/metrics';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { consultas } from '../../db/schema/consultas.ts';
import { notFound } from '../../lib/app-error.ts';
import { serve } from '../../plugins/serve.ts';
import { counterScopeOf } from '../auth/scope.ts';
import { countLookups } from '../metrics/stats-counters.repository.ts';
import { registerIdempotency } from './idempotency.ts';
import { toListItem, toLookupDetail } from './lookup.presenter.ts';
import {
  type Charge,
  costAndBalance,
  countLookupsWhere,
  findLookupPage,
  findLookupWithResult,
  lookupSearch,
  trialLimit,
  trialUsed,
} from './lookup.repository.ts';
import { runLookup } from './lookup.service.ts';

/** Cents as the API writes credits: '2.50' (1 credit = R$ 1,00). */
const formatCredits = (cents: number) => (cents / 100).toFixed(2);

import { revealLookup } from './reveal-lookup.ts';

export const lookupRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  /**
   * X-Custo-Creditos and X-Creditos-Restantes (docs/product/api-keys.md#headers); best effort. A
   * successful lookup brings them from its completion's statement; anything else reads them.
   */
  async function sendCostHeaders(
    reply: FastifyReply,
    userId: number,
    lookupId: number | null,
    charge: Charge | null,
  ) {
    try {
      const { costCents, balanceCents } = charge ?? (await costAndBalance(services.db, userId, lookupId));
      reply.header('x-custo-creditos', formatCredits(costCents));
      reply.header('x-creditos-restantes', formatCredits(balanceCents));
    } catch (error) {
      // The answer itself stands; with the database gone its own refusal says so.
      reply.log.warn({ err: error }, 'cost headers not read');
    }
  }

  /** One page and the total; `counted` gives the total from the maintained counters when it can. */
  async function page(
    where: SQL | undefined,
    query: { page: number; limit: number },
    counted?: Promise<number>,
  ) {
    const [rows, total] = await Promise.all([
      findLookupPage(services.db, where, query.limit, (query.page - 1) * query.limit),
      counted ?? countLookupsWhere(services.db, where),
    ]);
    return {
      consultas: rows.map(toListItem),
      total,
      page: query.page,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
      retencao_dias: services.lookups.retentionDays,
    };
  }

  // In a context of its own: the Idempotency-Key hooks (decision 0020) apply to this route alone.
  await app.register(async (scope) => {
    registerIdempotency(scope, { db: services.db, owner: () => services.lookups.writes.owner?.() ?? null });
    serve(scope, lookupContract.run, async ({ auth, body, reply }) => {
      let lookupId: number | null = null;
      let charge: Charge | null = null;
      try {
        // A key revoked a moment ago in another process is refused before any money moves.
        if (auth.apiKey) await services.apiKeys.confirmLive(auth.apiKey.prefixo);
        const outcome = await runLookup(services.lookups, auth, body, {
          onCharged: (settled) => {
            charge = settled;
          },
        });
        lookupId = outcome.id;
        return outcome;
      } finally {
        // Every lookup answer, a refusal too, says what it cost and what is left (in credits).
        await sendCostHeaders(reply, auth.userId, lookupId, charge);
      }
    });
    // Refused before the handler ran (the body's schema, the key's allowance, a key held by another
    // request): nothing was charged, and the answer still says so. A replayed answer says nothing.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.auth && !reply.hasHeader('x-custo-creditos') && !reply.hasHeader('idempotent-replayed')) {
        await sendCostHeaders(reply, request.auth.userId, null, null);
      }
      return payload;
    });
  });

  serve(app, lookupContract.history, ({ reach, query }) =>
    page(and(reach.where(consultas.usuarioId), lookupSearch(query.busca)), query),
  );

  serve(app, lookupContract.recent, ({ reach, query: { usuario_id: userId, busca, ...query } }) => {
    const inReach = reach.where(consultas.usuarioId);
    const search = lookupSearch(busca);
    if (userId !== undefined || search !== undefined) {
      const whose = userId === undefined ? undefined : eq(consultas.usuarioId, userId);
      return page(and(inReach, whose, search), query);
    }
    // The whole reach: counting a million rows per page would not scale, the counters do.
    const total = countLookups(services.db, counterScopeOf(reach.scope), businessToday()).then(
      (n) => n.total,
    );
    return page(inReach, query, total);
  });

  serve(app, lookupContract.detail, async ({ reach, params }) => {
    const row = await findLookupWithResult(services.db, params.id, reach.where(consultas.usuarioId));
    if (!row) throw notFound(messages.lookupNotFound);
    return toLookupDetail(services.lookups, row);
  });

  // Whoever may read the lookup may reveal it: the same reach as its detail.
  serve(app, lookupContract.reveal, ({ auth, reach, params, body, request }) =>
    revealLookup(
      services.lookups,
      { userId: auth.userId, ip: request.ip },
      { id: params.id, visible: reach.where(consultas.usuarioId) },
      body.justificativa,
    ),
  );

  // Polled every 5 s: kept per user until a lookup of theirs or a change of the settings.
  serve(app, lookupContract.trialUsage, ({ auth }) =>
    services.polled.get(auth.userId, 'trial-usage', 0, async () => {
      const [used, limit] = await Promise.all([trialUsed(services.db, auth.userId), trialLimit(services.db)]);
      return { trial_used: used, trial_limit: limit, trial_remaining: Math.max(0, limit - used) };
    }),
  );
};
