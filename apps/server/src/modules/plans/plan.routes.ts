import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Plans (issue 8): /plans/active and /admin/plans. */
export const planRoutes: FastifyPluginAsyncZod = async () => {};
