import { messages } from '@painel/shared/messages';
import { errorBodySchema } from '@painel/shared/schemas/common';
import {
  activePlansQuerySchema,
  activePlansResponseSchema,
  createPlanSchema,
  planDeletedSchema,
  planIdParamsSchema,
  planListQuerySchema,
  planListResponseSchema,
  planSchema,
  updatePlanSchema,
} from '@painel/shared/schemas/plans';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole, requireUser } from '../../plugins/auth.ts';
import {
  createPlan,
  deletePlan,
  listActivePlans,
  listPlans,
  type PlanCaller,
  updatePlan,
} from './plan.service.ts';

const callerOf = (request: FastifyRequest): PlanCaller => {
  const auth = authOf(request);
  return { userId: auth.userId, tipo: auth.tipo, ip: request.ip };
};

/** Plans (issue 8): /plans/active for everyone signed in, /admin/plans (docs/product/roles.md#role-table: resellers read). */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
  const security = [{ bearer: [] }];

  app.get(
    '/plans/active',
    {
      onRequest: requireUser,
      schema: {
        tags: ['plans'],
        summary: 'Planos ativos, do mais barato ao mais caro',
        security,
        querystring: activePlansQuerySchema,
        response: { 200: activePlansResponseSchema, ...errors },
      },
    },
    async (request) => ({ plans: await listActivePlans(db, request.query.limit) }),
  );

  app.get(
    '/admin/plans',
    {
      onRequest: requireRole('admin', 'revendedor'),
      schema: {
        tags: ['plans'],
        summary: 'Todos os planos, paginados',
        security,
        querystring: planListQuerySchema,
        response: { 200: planListResponseSchema, ...errors },
      },
    },
    async (request) => listPlans(db, request.query.page, request.query.limit),
  );

  app.post(
    '/admin/plans',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['plans'],
        summary: 'Cria um plano',
        security,
        body: createPlanSchema,
        response: { 201: planSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPlan(db, callerOf(request), request.body)),
  );

  app.put(
    '/admin/plans/:id',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['plans'],
        summary: 'Altera um plano (campos ausentes ficam como estão)',
        security,
        params: planIdParamsSchema,
        body: updatePlanSchema,
        response: { 200: planSchema, 404: errorBodySchema, ...errors },
      },
    },
    async (request) => updatePlan(db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/plans/:id',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['plans'],
        summary: 'Deleta um plano nunca assinado nem cobrado (senão 409: desative-o)',
        security,
        params: planIdParamsSchema,
        response: { 200: planDeletedSchema, 404: errorBodySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      await deletePlan(db, callerOf(request), request.params.id);
      return { message: messages.planDeleted, id: request.params.id };
    },
  );
};
