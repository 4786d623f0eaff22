import { errorBodySchema } from '@painel/shared/schemas/common';
import { businessToday } from '@painel/shared/schemas/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOOKUP_FINISHED } from '../../lib/notice-bus.ts';
import { authOf, requireRole } from '../../plugins/auth.ts';
import { scopeOf } from '../auth/scope.ts';
import { countActiveUsers, countLookups, readTotals, statsScopeOf } from '../metrics/stats-counters.ts';
import { seesUserActivity } from './admin.repository.ts';

const statsSchema = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  totalConsultations: z.number(),
  consultationsToday: z.number(),
  totalModules: z.number(),
  activeModules: z.number(),
  uptimeSeconds: z.number(),
  sistema: z.object({
    banco: z.enum(['ok', 'erro']),
    redis: z.enum(['ok', 'erro', 'desativado']),
    provedores: z.object({ ok: z.number(), instavel: z.number(), fora: z.number() }),
  }),
});

const HEARTBEAT_MS = 20_000;

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const adminOrReseller = requireRole('admin', 'revendedor');
  // Open event streams, ended before the server closes so shutdown does not wait on them.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of streams) close();
  });

  app.get(
    '/admin/stats',
    {
      onRequest: adminOrReseller,
      schema: {
        tags: ['admin'],
        summary: 'Números do painel (revendedor: os seus clientes) e estado do sistema',
        security: [{ bearer: [] }],
        response: { 200: statsSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const scope = statsScopeOf(authOf(request));
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
    },
  );

  app.get(
    '/admin/events',
    {
      onRequest: adminOrReseller,
      schema: {
        tags: ['admin'],
        summary:
          'Eventos ao vivo (Server-Sent Events): "consulta" a cada consulta concluída no escopo do leitor. Leia com fetch + Authorization.',
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const scope = scopeOf(authOf(request));
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      out.write(': conectado\n\n');
      const unsubscribe = services.notices.subscribe(LOOKUP_FINISHED, (payload) => {
        const event = payload as { id: number; userId: number; moduleId: number; status: string };
        void seesUserActivity(services.db, scope, event.userId)
          .then((visible) => {
            if (visible && !out.writableEnded)
              out.write(`event: consulta\ndata: ${JSON.stringify(event)}\n\n`);
          })
          .catch(() => {});
      });
      const heartbeat = setInterval(() => out.write(': ping\n\n'), HEARTBEAT_MS);
      const close = () => {
        streams.delete(close);
        clearInterval(heartbeat);
        unsubscribe();
        if (!out.writableEnded) out.end();
      };
      streams.add(close);
      request.raw.on('close', close);
    },
  );
};
