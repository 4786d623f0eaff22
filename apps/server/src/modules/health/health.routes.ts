import { healthContract } from '@painel/shared/contracts/health';
import type { FastifyPluginAsync, LogLevel } from 'fastify';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../lib/outage.ts';
import { serve } from '../../plugins/serve.ts';

const quietLevels = new Set(['fatal', 'error', 'silent']);

export const healthRoutes: FastifyPluginAsync = async (app) => {
  // Load balancers poll this often: log it at warn, unless the app is already quieter than that.
  const { LOG_LEVEL } = app.services.env;
  const logLevel = (quietLevels.has(LOG_LEVEL) ? LOG_LEVEL : 'warn') as LogLevel;
  serve(
    app,
    healthContract.ready,
    async ({ request, reply }) => {
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
    { logLevel },
  );
};
