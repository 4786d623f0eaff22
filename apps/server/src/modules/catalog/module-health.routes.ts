import { errorBodySchema } from '@painel/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth.ts';

const healthSchema = z.object({
  id: z.number(),
  estado: z.enum(['ok', 'instavel', 'fora']),
  taxa_erro: z.number(),
  latencia_p50_ms: z.number().nullable(),
  amostras: z.number(),
});

export const moduleHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/modulos/saude',
    {
      onRequest: requireRole('admin', 'revendedor'),
      schema: {
        tags: ['modulos'],
        summary: 'Saúde de cada provedor neste processo: taxa de erro e latência das últimas chamadas',
        security: [{ bearer: [] }],
        response: {
          200: z.object({ modulos: z.array(healthSchema) }),
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async () => {
      const rows = await app.services.catalog.all();
      return { modulos: rows.map((row) => ({ id: row.id, ...app.services.health.report(row.id) })) };
    },
  );
};
