import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** User administration (issue 6): /users and its sub-resources. */
export const userRoutes: FastifyPluginAsyncZod = async () => {};
