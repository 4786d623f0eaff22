import { settingsContract } from '@painel/shared/contracts/settings';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../plugins/serve.ts';
import { readSettings } from './settings.repository.ts';
import { changeSettings, toSettingsView } from './settings.service.ts';

/** The panel's settings (admin), as packages/shared/src/contracts/settings.ts declares them. */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.services;

  serve(app, settingsContract.get, async () => toSettingsView(await readSettings(db)));

  serve(app, settingsContract.update, ({ auth, body, request }) =>
    changeSettings(db, { userId: auth.userId, tipo: auth.tipo, ip: request.ip }, body),
  );
};
