import { messages } from '@painel/shared/messages';
import { errorBodySchema, idParamsSchema } from '@painel/shared/schemas/common';
import { profileResponseSchema } from '@painel/shared/schemas/user';
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
  moduleLimitSchema,
  resetUsageResponseSchema,
  resetUsageSchema,
  updateUserSchema,
  userExportQuerySchema,
  userLimitsResponseSchema,
  userListQuerySchema,
  userListResponseSchema,
  userMutationResponseSchema,
} from '@painel/shared/schemas/users-admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../plugins/auth.ts';
import {
  activatePlan,
  bulkAddTime,
  changeCredits,
  changeDays,
  getLimits,
  resetUsage,
  setModuleLimit,
} from './user-access.service.ts';
import { exportUsersCsv } from './user-export.ts';
import type { Caller, UsersDeps } from './user-scope.ts';
import {
  banUser,
  changeRole,
  createUser,
  deleteUser,
  getCreditStatement,
  getUser,
  listUsersFor,
  unbanUser,
  updateUser,
} from './users.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const idParams = idParamsSchema;
const security = [{ bearer: [] }];
const tags = ['usuarios'];

/**
 * User administration (issue 6): /users and its sub-resources, scoped by docs/product/roles.md#role-table. The role
 * check runs on request, before the body is read, so an anonymous caller learns nothing but 401.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const deps: UsersDeps = {
    db: services.db,
    catalog: services.catalog,
    sessions: services.sessions,
  };
  const managers = requireRole('admin', 'revendedor');
  const adminOnly = requireRole('admin');
  const callerOf = (request: FastifyRequest): Caller => ({ ...authOf(request), ip: request.ip });
  const done = (user: Awaited<ReturnType<typeof getUser>>, message: string) => ({ user, message });

  app.get(
    '/users',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Lista usuários (admin: todos; revendedor: seus clientes), busca por nome, email ou id',
        security,
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errors },
      },
    },
    async (request) => listUsersFor(deps, callerOf(request), request.query),
  );

  app.post(
    '/users',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Cria um usuário (revendedor: só tipo usuario, créditos saem do seu saldo)',
        security,
        body: createUserSchema,
        response: { 201: userMutationResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(done(await createUser(deps, callerOf(request), request.body), messages.userCreated)),
  );

  app.get(
    '/users/export.csv',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Exporta a lista filtrada (q, tipo) em CSV; revendedor: só seus clientes',
        security,
        querystring: userExportQuerySchema,
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="usuarios-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(exportUsersCsv(deps, callerOf(request), request.query));
    },
  );

  app.post(
    '/users/bulk/add-time',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Adiciona dias e horas a usuários e revendedores (revendedor: seus clientes)',
        security,
        body: bulkAddTimeSchema,
        response: { 200: bulkAddTimeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: messages.timeAdded,
      atualizados: await bulkAddTime(deps, callerOf(request), request.body),
    }),
  );

  app.get(
    '/users/:id',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Um usuário (para o destaque na lista)',
        security,
        params: idParams,
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => ({ user: await getUser(deps, callerOf(request), request.params.id) }),
  );

  app.put(
    '/users/:id',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Edita um usuário (tipo e revendedor_id: só admin)',
        security,
        params: idParams,
        body: updateUserSchema,
        response: { 200: userMutationResponseSchema, ...errors },
      },
    },
    async (request) =>
      done(await updateUser(deps, callerOf(request), request.params.id, request.body), messages.userUpdated),
  );

  app.delete(
    '/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Remove um usuário (admin; nunca a si mesmo); encerra as sessões dele',
        security,
        params: idParams,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await deleteUser(deps, callerOf(request), request.params.id);
      return { message: messages.userDeleted };
    },
  );

  app.post(
    '/users/:id/ban',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Bane com motivo e encerra as sessões',
        security,
        params: idParams,
        body: banUserSchema,
        response: { 200: userMutationResponseSchema, ...errors },
      },
    },
    async (request) =>
      done(
        await banUser(deps, callerOf(request), request.params.id, request.body.motivo),
        messages.userBannedDone,
      ),
  );

  app.post(
    '/users/:id/unban',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Remove o banimento (e o motivo)',
        security,
        params: idParams,
        response: { 200: userMutationResponseSchema, ...errors },
      },
    },
    async (request) =>
      done(await unbanUser(deps, callerOf(request), request.params.id), messages.userUnbanned),
  );

  for (const [path, sign, message] of [
    ['add', 1, messages.creditsAdded],
    ['remove', -1, messages.creditsRemoved],
  ] as const) {
    app.post(
      `/users/:id/credits/${path}`,
      {
        onRequest: managers,
        schema: {
          tags,
          summary:
            sign > 0
              ? 'Adiciona créditos (revendedor: transfere do próprio saldo)'
              : 'Remove créditos (revendedor: só os que transferiu ao cliente; voltam ao seu saldo)',
          security,
          params: idParams,
          body: creditAmountSchema,
          response: { 200: userMutationResponseSchema, ...errors },
        },
      },
      async (request) =>
        done(
          await changeCredits(deps, callerOf(request), request.params.id, sign * request.body.amount),
          message,
        ),
    );
  }

  for (const [path, sign, message] of [
    ['add', 1, messages.daysAdded],
    ['remove', -1, messages.daysRemoved],
  ] as const) {
    app.post(
      `/users/:id/days/${path}`,
      {
        onRequest: managers,
        schema: {
          tags,
          summary: sign > 0 ? 'Adiciona dias de acesso' : 'Remove dias de acesso',
          security,
          params: idParams,
          body: daysAmountSchema,
          response: { 200: userMutationResponseSchema, ...errors },
        },
      },
      async (request) =>
        done(await changeDays(deps, callerOf(request), request.params.id, sign * request.body.days), message),
    );
  }

  app.post(
    '/users/:id/subscription',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Ativa um plano manualmente',
        security,
        params: idParams,
        body: activatePlanSchema,
        response: { 200: userMutationResponseSchema, ...errors },
      },
    },
    async (request) =>
      done(
        await activatePlan(deps, callerOf(request), request.params.id, request.body.plan_id),
        messages.planActivated,
      ),
  );

  app.put(
    '/users/:id/role',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Muda o tipo (admin; nunca o próprio)',
        security,
        params: idParams,
        body: changeRoleSchema,
        response: { 200: userMutationResponseSchema, ...errors },
      },
    },
    async (request) =>
      done(
        await changeRole(deps, callerOf(request), request.params.id, request.body.tipo),
        messages.roleChanged,
      ),
  );

  app.post(
    '/users/:id/module-limit',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Limite de 24h do usuário num módulo (null = ilimitado)',
        security,
        params: idParams,
        body: moduleLimitSchema,
        response: { 200: userMutationResponseSchema, ...errors },
      },
    },
    async (request) =>
      done(
        await setModuleLimit(
          deps,
          callerOf(request),
          request.params.id,
          request.body.modulo_id,
          request.body.limite,
        ),
        messages.moduleLimitSet,
      ),
  );

  app.post(
    '/users/:id/modules/reset-usage',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Zera o uso das últimas 24h (um módulo ou todos)',
        security,
        params: idParams,
        body: resetUsageSchema,
        response: { 200: resetUsageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: messages.limitsReset,
      resetados: await resetUsage(deps, callerOf(request), request.params.id, request.body.modulo_id),
    }),
  );

  app.get(
    '/users/:id/limits',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Créditos, expiração e uso/limite de 24h por módulo',
        security,
        params: idParams,
        response: { 200: userLimitsResponseSchema, ...errors },
      },
    },
    async (request) => getLimits(deps, callerOf(request), request.params.id),
  );

  app.get(
    '/users/:id/credits',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: 'Extrato de créditos do usuário (lançamentos do razão, mais recentes primeiro)',
        security,
        params: idParams,
        querystring: creditStatementQuerySchema,
        response: { 200: creditStatementResponseSchema, ...errors },
      },
    },
    async (request) =>
      getCreditStatement(deps, callerOf(request), request.params.id, request.query.page, request.query.limit),
  );
};
