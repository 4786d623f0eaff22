import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /users/metrics and the metrics export (issue 7). */
export const metricsRoutes: FastifyPluginAsyncZod = async () => {};
