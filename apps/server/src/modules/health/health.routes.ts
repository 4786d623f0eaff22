import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), code: z.string().optional() });

const quietLevels = new Set(['fatal', 'error', 'silent']);

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Load balancers poll this often: log it at warn, unless the app is already quieter than that.
  const logLevel = quietLevels.has(app.services.env.LOG_LEVEL) ? app.services.env.LOG_LEVEL : 'warn';
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Pronto para atender: banco migrado e alcançável (e Redis, quando configurado)',
        response: { 200: healthSchema, 503: healthSchema },
      },
      logLevel,
    },
    async (request, reply) => {
      try {
        await app.services.database.ping();
        if (app.services.redis) await app.services.redis.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check failed');
        return reply.status(503).send({ status: 'unavailable' as const, code: 'SERVICE_UNAVAILABLE' });
      }
    },
  );
};
