import { z } from 'zod';
import { idParamsSchema } from '../schemas/common.ts';
import { profileResponseSchema } from '../schemas/user.ts';
import {
  activatePlanSchema,
  banUserSchema,
  bulkAddTimeResponseSchema,
  bulkAddTimeSchema,
  changeRoleSchema,
  createUserSchema,
  creditAmountSchema,
  creditStatementQuerySchema,
  creditStatementResponseSchema,
  daysAmountSchema,
  messageResponseSchema,
  moduleLimitSchema,
  resetUsageResponseSchema,
  resetUsageSchema,
  updateUserSchema,
  userExportQuerySchema,
  userLimitsResponseSchema,
  userListQuerySchema,
  userListResponseSchema,
  userMutationResponseSchema,
} from '../schemas/users-admin.ts';
import { ADMIN_ONLY, type ErrorStatus, endpoint, MANAGERS } from './endpoint.ts';

/**
 * User administration (docs/product/users.md): /users and its sub-resources. An admin reaches every
 * user, a reseller its clients (docs/product/roles.md#role-table); anyone else is refused before
 * the body is read. /users/metrics belongs to the metrics contract.
 */

const errors: ErrorStatus[] = [400, 401, 402, 403, 404, 409];
const tags = ['usuarios'];
const access = { roles: MANAGERS, reach: 'clients', errors } as const;
const adminAccess = { roles: ADMIN_ONLY, reach: 'clients', errors } as const;
const idParams = z.object({ params: idParamsSchema });

export const userContract = {
  list: endpoint
    .route({
      method: 'GET',
      path: '/users',
      tags,
      summary: 'Lista usuários (admin: todos; revendedor: seus clientes), busca por nome, email ou id',
    })
    .meta(access)
    .input(z.object({ query: userListQuerySchema }))
    .output(userListResponseSchema),

  create: endpoint
    .route({
      method: 'POST',
      path: '/users',
      tags,
      summary: 'Cria um usuário (revendedor: só tipo usuario, créditos saem do seu saldo)',
      successStatus: 201,
    })
    .meta(access)
    .input(z.object({ body: createUserSchema }))
    .output(userMutationResponseSchema),

  /** A CSV file (text/csv), written by the handler: no JSON answer, no documented refusal. */
  exportCsv: endpoint
    .route({
      method: 'GET',
      path: '/users/export.csv',
      tags,
      summary: 'Exporta a lista filtrada (q, tipo) em CSV; revendedor: só seus clientes',
    })
    .meta({ roles: MANAGERS, reach: 'clients', errors: [] })
    .input(z.object({ query: userExportQuerySchema })),

  bulkAddTime: endpoint
    .route({
      method: 'POST',
      path: '/users/bulk/add-time',
      tags,
      summary: 'Adiciona dias e horas a usuários e revendedores (revendedor: seus clientes)',
    })
    .meta(access)
    .input(z.object({ body: bulkAddTimeSchema }))
    .output(bulkAddTimeResponseSchema),

  get: endpoint
    .route({ method: 'GET', path: '/users/{id}', tags, summary: 'Um usuário (para o destaque na lista)' })
    .meta(access)
    .input(idParams)
    .output(profileResponseSchema),

  update: endpoint
    .route({
      method: 'PUT',
      path: '/users/{id}',
      tags,
      summary: 'Edita um usuário (tipo e revendedor_id: só admin)',
    })
    .meta(access)
    .input(z.object({ params: idParamsSchema, body: updateUserSchema }))
    .output(userMutationResponseSchema),

  delete: endpoint
    .route({
      method: 'DELETE',
      path: '/users/{id}',
      tags,
      summary: 'Remove um usuário (admin; nunca a si mesmo); encerra as sessões dele',
    })
    .meta(adminAccess)
    .input(idParams)
    .output(messageResponseSchema),

  ban: endpoint
    .route({ method: 'POST', path: '/users/{id}/ban', tags, summary: 'Bane com motivo e encerra as sessões' })
    .meta(access)
    .input(z.object({ params: idParamsSchema, body: banUserSchema }))
    .output(userMutationResponseSchema),

  unban: endpoint
    .route({ method: 'POST', path: '/users/{id}/unban', tags, summary: 'Remove o banimento (e o motivo)' })
    .meta(access)
    .input(idParams)
    .output(userMutationResponseSchema),

  addCredits: endpoint
    .route({
      method: 'POST',
      path: '/users/{id}/credits/add',
      tags,
      summary: 'Adiciona créditos (revendedor: transfere do próprio saldo)',
    })
    .meta(access)
    .input(z.object({ params: idParamsSchema, body: creditAmountSchema }))
    .output(userMutationResponseSchema),

  removeCredits: endpoint
    .route({
      method: 'POST',
      path: '/users/{id}/credits/remove',
      tags,
      summary: 'Remove créditos (revendedor: só os que transferiu ao cliente; voltam ao seu saldo)',
    })
    .meta(access)
    .input(z.object({ params: idParamsSchema, body: creditAmountSchema }))
    .output(userMutationResponseSchema),

  addDays: endpoint
    .route({ method: 'POST', path: '/users/{id}/days/add', tags, summary: 'Adiciona dias de acesso' })
    .meta(access)
    .input(z.object({ params: idParamsSchema, body: daysAmountSchema }))
    .output(userMutationResponseSchema),

  removeDays: endpoint
    .route({ method: 'POST', path: '/users/{id}/days/remove', tags, summary: 'Remove dias de acesso' })
    .meta(access)
    .input(z.object({ params: idParamsSchema, body: daysAmountSchema }))
    .output(userMutationResponseSchema),

  activatePlan: endpoint
    .route({ method: 'POST', path: '/users/{id}/subscription', tags, summary: 'Ativa um plano manualmente' })
    .meta(access)
    .input(z.object({ params: idParamsSchema, body: activatePlanSchema }))
    .output(userMutationResponseSchema),

  changeRole: endpoint
    .route({ method: 'PUT', path: '/users/{id}/role', tags, summary: 'Muda o tipo (admin; nunca o próprio)' })
    .meta(adminAccess)
    .input(z.object({ params: idParamsSchema, body: changeRoleSchema }))
    .output(userMutationResponseSchema),

  setModuleLimit: endpoint
    .route({
      method: 'POST',
      path: '/users/{id}/module-limit',
      tags,
      summary: 'Limite de 24h do usuário num módulo (null = ilimitado)',
    })
    .meta(access)
    .input(z.object({ params: idParamsSchema, body: moduleLimitSchema }))
    .output(userMutationResponseSchema),

  resetUsage: endpoint
    .route({
      method: 'POST',
      path: '/users/{id}/modules/reset-usage',
      tags,
      summary: 'Zera o uso das últimas 24h (um módulo ou todos)',
    })
    .meta(access)
    .input(z.object({ params: idParamsSchema, body: resetUsageSchema }))
    .output(resetUsageResponseSchema),

  limits: endpoint
    .route({
      method: 'GET',
      path: '/users/{id}/limits',
      tags,
      summary: 'Créditos, expiração e uso/limite de 24h por módulo',
    })
    .meta(access)
    .input(idParams)
    .output(userLimitsResponseSchema),

  creditStatement: endpoint
    .route({
      method: 'GET',
      path: '/users/{id}/credits',
      tags,
      summary: 'Extrato de créditos do usuário (lançamentos do razão, mais recentes primeiro)',
    })
    .meta(access)
    .input(z.object({ params: idParamsSchema, query: creditStatementQuerySchema }))
    .output(creditStatementResponseSchema),
};
