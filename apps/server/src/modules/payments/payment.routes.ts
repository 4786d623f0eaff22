import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** PIX payments (issue 8): /payments/*, the provider webhook and the sandbox switch. */
export const paymentRoutes: FastifyPluginAsyncZod = async () => {};
