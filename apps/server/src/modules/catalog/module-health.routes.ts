import { moduleContract } from '@painel/shared/contracts/modules';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../plugins/serve.ts';

export const moduleHealthRoutes: FastifyPluginAsync = async (app) => {
  serve(app, moduleContract.health, async () => {
    const rows = await app.services.catalog.all();
    return { modulos: rows.map((row) => ({ id: row.id, ...app.services.health.report(row.id) })) };
  });
};
