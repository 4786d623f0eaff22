import { errorBodySchema } from '@painel/shared/schemas/common';
import { settingsSchema, updateSettingsSchema } from '@painel/shared/schemas/modules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settings } from '../../db/schema/settings.ts';
import { authOf, requireRole } from '../../plugins/auth.ts';
import { writeActionLog } from '../logs/log.repository.ts';

type SettingsRow = typeof settings.$inferSelect;

/** The PIX key is write-only once saved: only its last four characters are ever shown. */
export function maskSecret(value: string | null): string | null {
  if (!value) return null;
  return `••••••••${value.slice(-4)}`;
}

function toView(row: SettingsRow) {
  return {
    easy_pix_api_key: maskSecret(row.pixApiKey),
    topup_min_reais: row.topupMinCents / 100,
    trial_limit: row.trialLimit,
  };
}

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
    async () => {
      const [row] = await db.select().from(settings).limit(1);
      return toView(row!);
    },
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
    async (request) => {
      const body = request.body;
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(settings).for('update');
        const [row] = await tx
          .update(settings)
          .set({
            trialLimit: body.trial_limit,
            topupMinCents:
              body.topup_min_reais === undefined ? undefined : Math.round(body.topup_min_reais * 100),
            // A masked value sent back unchanged keeps the stored key.
            pixApiKey:
              body.easy_pix_api_key === undefined || body.easy_pix_api_key?.startsWith('••••')
                ? undefined
                : body.easy_pix_api_key || null,
            updatedAt: new Date(),
          })
          .returning();
        await writeActionLog(tx, authOf(request), 'configuracoes_alteradas', {
          antes: toView(before!),
          depois: toView(row!),
        });
        return row!;
      });
      return toView(updated);
    },
  );
};
