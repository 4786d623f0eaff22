import { adminContract, type LookupFinishedEvent } from '@painel/shared/contracts/admin';
import { businessToday } from '@painel/shared/schemas/metrics';
import type { FastifyPluginAsync } from 'fastify';
import { openEventStream } from '../../lib/event-stream.ts';
import { LOOKUP_FINISHED } from '../../lib/notice-bus.ts';
import { serve } from '../../plugins/serve.ts';
import { counterScopeOf } from '../auth/scope.ts';
import { countActiveUsers, countLookups, readTotals } from '../metrics/stats-counters.repository.ts';
import { seesUserActivity } from './admin.repository.ts';

export const adminRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  // Open event streams, ended before the server closes so shutdown does not wait on them.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of streams) close();
  });

  serve(app, adminContract.stats, async ({ reach }) => {
    const scope = counterScopeOf(reach.scope);
    const [totals, activeUsers, lookups, moduleRows, database, redis] = await Promise.all([
      readTotals(services.db, scope.scopeId, ['users']),
      countActiveUsers(services.db, scope),
      countLookups(services.db, scope, businessToday()),
      services.catalog.all(),
      services.database.ping().then(
        () => 'ok' as const,
        () => 'erro' as const,
      ),
      services.redis
        ? services.redis.ping().then(
            () => 'ok' as const,
            () => 'erro' as const,
          )
        : Promise.resolve('desativado' as const),
    ]);
    const provedores = { ok: 0, instavel: 0, fora: 0 };
    for (const row of moduleRows) provedores[services.health.report(row.id).estado] += 1;
    return {
      totalUsers: totals.users,
      activeUsers,
      totalConsultations: lookups.total,
      consultationsToday: lookups.today,
      totalModules: moduleRows.length,
      activeModules: moduleRows.filter((row) => row.ativo).length,
      uptimeSeconds: Math.round(process.uptime()),
      sistema: { banco: database, redis, provedores },
    };
  });

  serve(app, adminContract.events, ({ auth, reach, request, reply }) =>
    // A lookup finished: shown only when its user is within the reader's reach.
    openEventStream(
      services.notices,
      streams,
      auth.userId,
      LOOKUP_FINISHED,
      async (payload) => {
        const event = payload as LookupFinishedEvent;
        return (await seesUserActivity(services.db, reach.scope, event.userId))
          ? { event: 'consulta', data: event }
          : null;
      },
      request,
      reply,
    ),
  );
};
