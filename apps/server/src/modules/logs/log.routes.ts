import { errorBodySchema } from '@painel/shared/schemas/common';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOG_TYPES, logs } from '../../db/schema/logs.ts';
import { users } from '../../db/schema/users.ts';
import { authOf, requireRole } from '../../plugins/auth.ts';
import { ownScope } from '../admin/scope.ts';

const logEntrySchema = z.object({
  id: z.number(),
  data: z.string(),
  createdAt: z.string(),
  User: z.object({ nome: z.string(), email: z.string() }).nullable(),
  usuario_id: z.number().nullable(),
  tipo: z.enum(LOG_TYPES),
  acao: z.string(),
  detalhes: z.record(z.string(), z.unknown()),
});

/** The audit trail, read-only: there is no route that changes or deletes an entry. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/logs',
    {
      preHandler: requireRole('admin', 'revendedor'),
      schema: {
        tags: ['admin'],
        summary: 'Trilha de auditoria (admin: tudo; revendedor: a sua e a dos seus clientes)',
        security: [{ bearer: [] }],
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce
            .number()
            .int()
            .refine((value) => [10, 20, 50, 100].includes(value), 'Use 10, 20, 50 ou 100 por página')
            .default(10),
          tipo: z.enum(LOG_TYPES).optional(),
        }),
        response: {
          200: z.object({
            data: z.object({
              logs: z.array(logEntrySchema),
              total: z.number(),
              page: z.number(),
              totalPages: z.number(),
            }),
          }),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { page, limit, tipo } = request.query;
      const where = and(ownScope(authOf(request), logs.userId), tipo ? eq(logs.tipo, tipo) : undefined);
      const [rows, total] = await Promise.all([
        app.services.db
          .select({ log: logs, nome: users.nome, email: users.email })
          .from(logs)
          .leftJoin(users, eq(users.id, logs.userId))
          .where(where)
          .orderBy(desc(logs.createdAt), desc(logs.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.services.db.$count(logs, where),
      ]);
      return {
        data: {
          logs: rows.map(({ log, nome, email }) => ({
            id: log.id,
            data: log.createdAt.toISOString(),
            createdAt: log.createdAt.toISOString(),
            User: nome === null ? null : { nome, email: email ?? '' },
            usuario_id: log.userId,
            tipo: log.tipo,
            acao: log.acao,
            detalhes: log.detalhes,
          })),
          total,
          page,
          totalPages: Math.max(1, Math.ceil(total / limit)),
        },
      };
    },
  );
};
