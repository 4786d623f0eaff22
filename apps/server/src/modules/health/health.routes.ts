import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../lib/outage.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  code: z.string().optional(),
  /** Present only when Redis is configured and down: the panel still answers, each process on its own. */
  redis: z.literal('unavailable').optional(),
});

const quietLevels = new Set(['fatal', 'error', 'silent']);

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Load balancers poll this often: log it at warn, unless the app is already quieter than that.
  const logLevel = quietLevels.has(app.services.env.LOG_LEVEL) ? app.services.env.LOG_LEVEL : 'warn';
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary:
          'Pronto para atender: banco migrado e alcançável (Redis fora do ar não tira o processo do balanceador)',
        response: { 200: healthSchema, 503: healthSchema },
      },
      logLevel,
    },
    async (request, reply) => {
      try {
        await app.services.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'health check failed');
        reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ status: 'unavailable' as const, code: 'SERVICE_UNAVAILABLE' });
      }
      // Every process shares the one Redis: failing them all for it would take the whole panel
      // down, when rate limits and notices can do without it for a while.
      const { redis } = app.services;
      const redisDown =
        redis !== null &&
        (await redis.ping().then(
          () => false,
          () => true,
        ));
      return redisDown ? { status: 'ok' as const, redis: 'unavailable' as const } : { status: 'ok' as const };
    },
  );
};
