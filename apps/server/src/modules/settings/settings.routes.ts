import { errorBodySchema } from '@painel/shared/schemas/common';
import { settingsSchema, updateSettingsSchema } from '@painel/shared/schemas/modules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth.ts';
import { readSettings } from './settings.repository.ts';
import { changeSettings, toSettingsView } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

  app.get(
    '/admin/settings',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Configurações (chave PIX mascarada)',
        security: [{ bearer: [] }],
        response: { 200: settingsSchema, ...errors },
      },
    },
    async () => toSettingsView(await readSettings(db)),
  );

  app.put(
    '/admin/settings',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Altera configurações; campos ausentes ficam como estão',
        security: [{ bearer: [] }],
        body: updateSettingsSchema,
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => changeSettings(db, authOf(request), request.body),
  );
};
