import { z } from 'zod';
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
} from '../schemas/plans.ts';
import { ADMIN_ONLY, type ErrorStatus, endpoint, MANAGERS, SIGNED_IN } from './endpoint.ts';

/**
 * Plans (docs/product/plans-and-payments.md#plans): the active ones for everyone signed in, the
 * whole catalogue for admins and resellers, changes for admins (docs/product/roles.md#role-table).
 */

const errors: ErrorStatus[] = [400, 401, 403];

export const planContract = {
  active: endpoint
    .route({
      method: 'GET',
      path: '/plans/active',
      tags: ['plans'],
      summary: 'Planos ativos, do mais barato ao mais caro',
    })
    .meta({ roles: SIGNED_IN, errors })
    .input(z.object({ query: activePlansQuerySchema }))
    .output(activePlansResponseSchema),

  list: endpoint
    .route({
      method: 'GET',
      path: '/admin/plans',
      tags: ['plans'],
      summary: 'Todos os planos, paginados',
    })
    .meta({ roles: MANAGERS, errors })
    .input(z.object({ query: planListQuerySchema }))
    .output(planListResponseSchema),

  create: endpoint
    .route({
      method: 'POST',
      path: '/admin/plans',
      tags: ['plans'],
      summary: 'Cria um plano',
      successStatus: 201,
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({ body: createPlanSchema }))
    .output(planSchema),

  update: endpoint
    .route({
      method: 'PUT',
      path: '/admin/plans/{id}',
      tags: ['plans'],
      summary: 'Altera um plano (campos ausentes ficam como estão)',
    })
    .meta({ roles: ADMIN_ONLY, errors: [...errors, 404] })
    .input(z.object({ params: planIdParamsSchema, body: updatePlanSchema }))
    .output(planSchema),

  remove: endpoint
    .route({
      method: 'DELETE',
      path: '/admin/plans/{id}',
      tags: ['plans'],
      summary: 'Deleta um plano nunca assinado nem cobrado (senão 409: desative-o)',
    })
    .meta({ roles: ADMIN_ONLY, errors: [...errors, 404, 409] })
    .input(z.object({ params: planIdParamsSchema }))
    .output(planDeletedSchema),
};
