import { settingsContract } from '@painel/shared/contracts/settings';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../plugins/serve.ts';
import { readSettings } from './settings.repository.ts';
import { changeSettings, toSettingsView } from './settings.service.ts';

/** The panel's settings (admin), as packages/shared/src/contracts/settings.ts declares them. */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  const { db, sessions, purposes } = app.services;

  serve(app, settingsContract.get, async () => toSettingsView(await readSettings(db)));

  serve(app, settingsContract.update, async ({ auth, body, request }) => {
    const saved = await changeSettings(db, { userId: auth.userId, tipo: auth.tipo, ip: request.ip }, body);
    // Every user's trial usage shows the trial limit; every lookup checks whether a purpose is required.
    sessions.sharedDataChanged();
    purposes.catalog.changed();
    return saved;
  });
};
