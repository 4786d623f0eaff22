import { errorBodySchema, idParamsSchema } from '@painel/shared/schemas/common';
import {
  createModuleSchema,
  moduleSchema,
  modulesListSchema,
  reorderSchema,
  statusUpdateSchema,
  timeoutUpdateSchema,
  updateModuleSchema,
} from '@painel/shared/schemas/modules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole, requireUser } from '../../plugins/auth.ts';
import { can } from '../auth/policy.ts';
import { quotaUsageByModule } from '../lookups/lookup.repository.ts';
import { quantityLimitFor } from '../lookups/lookup.service.ts';
import { toModuleView } from './module.presenter.ts';
import {
  createModule,
  deleteModule,
  reorderModules,
  setModuleStatus,
  setModuleTimeout,
  updateModule,
} from './module.service.ts';
import { moduleTestRequestSchema, moduleTestResultSchema, testModule } from './module-test.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const idParams = idParamsSchema;
const security = [{ bearer: [] }];

export const moduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const adminOnly = requireRole('admin');

  app.get(
    '/modulos/ativos',
    {
      onRequest: requireUser,
      schema: {
        tags: ['modulos'],
        summary: 'Módulos ativos, em ordem, com uso e limite de 24h do usuário nos módulos por quantidade',
        security,
        response: { 200: modulesListSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, access } = authOf(request);
      const [rows, usage] = await Promise.all([
        services.catalog.all(),
        quotaUsageByModule(services.db, userId),
      ]);
      return {
        modulos: rows
          .filter((row) => row.ativo)
          .map((row) => ({
            ...toModuleView(row, { admin: false }),
            ...(row.tipoLimite === 'quantidade'
              ? { usado: usage.get(row.id) ?? 0, limite: quantityLimitFor(row, access) }
              : {}),
          })),
      };
    },
  );

  app.get(
    '/modulos',
    {
      onRequest: requireRole('admin', 'revendedor'),
      schema: {
        tags: ['modulos'],
        summary: 'Todos os módulos (admin; revendedor só leitura)',
        security,
        response: { 200: modulesListSchema, ...errors },
      },
    },
    async (request) => {
      const admin = can(authOf(request).tipo, 'seeModuleUpstream');
      return { modulos: (await services.catalog.all()).map((row) => toModuleView(row, { admin })) };
    },
  );

  app.post(
    '/modulos',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['modulos'],
        summary: 'Cria um módulo',
        security,
        body: createModuleSchema,
        response: { 201: moduleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createModule(services.catalogDeps, authOf(request), request.body);
      return reply.status(201).send(toModuleView(row, { admin: true }));
    },
  );

  app.put(
    '/modulos/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['modulos'],
        summary: 'Edita um módulo (parcial)',
        security,
        params: idParams,
        body: updateModuleSchema,
        response: { 200: moduleSchema, ...errors },
      },
    },
    async (request) =>
      toModuleView(
        await updateModule(services.catalogDeps, authOf(request), request.params.id, request.body),
        {
          admin: true,
        },
      ),
  );

  app.put(
    '/modulos/:id/timeout',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['modulos'],
        summary: 'Muda o timeout (5 a 300 s)',
        security,
        params: idParams,
        body: timeoutUpdateSchema,
        response: { 200: moduleSchema, ...errors },
      },
    },
    async (request) =>
      toModuleView(
        await setModuleTimeout(
          services.catalogDeps,
          authOf(request),
          request.params.id,
          request.body.timeout_segundos,
        ),
        { admin: true },
      ),
  );

  app.put(
    '/modulos/:id/status',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['modulos'],
        summary: 'Liga/desliga um único indicador: ativo ou manutencao',
        security,
        params: idParams,
        body: statusUpdateSchema,
        response: { 200: moduleSchema, ...errors },
      },
    },
    async (request) =>
      toModuleView(
        await setModuleStatus(services.catalogDeps, authOf(request), request.params.id, request.body),
        {
          admin: true,
        },
      ),
  );

  app.post(
    '/modulos/reorder',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['modulos'],
        summary: 'Nova ordem: lista de {id, ordem} ou {order: [...]}',
        security,
        body: reorderSchema,
        response: { 200: modulesListSchema, ...errors },
      },
    },
    async (request) => {
      await reorderModules(services.catalogDeps, authOf(request), request.body);
      return { modulos: (await services.catalog.all()).map((row) => toModuleView(row, { admin: true })) };
    },
  );

  app.delete(
    '/modulos/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['modulos'],
        summary: 'Remove um módulo (o histórico fica)',
        security,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteModule(services.catalogDeps, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  /** 'Testar' in the edit dialog: one upstream call with sample input, never charged. */
  app.post(
    '/modulos/:id/testar',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['modulos'],
        summary: 'Testa o módulo uma vez contra o provedor (sem cobrança, sem registro de consulta)',
        security,
        params: idParams,
        body: moduleTestRequestSchema,
        response: { 200: moduleTestResultSchema, ...errors },
      },
    },
    async (request) =>
      testModule(
        { db: services.db, upstream: services.upstream },
        authOf(request),
        request.params.id,
        request.body.input,
      ),
  );
};
