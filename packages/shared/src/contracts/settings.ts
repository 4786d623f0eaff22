import { z } from 'zod';
import { settingsSchema, updateSettingsSchema } from '../schemas/settings.ts';
import { ADMIN_ONLY, type ErrorStatus, endpoint } from './endpoint.ts';

/** The panel's settings (admin): top-up minimum and maximum, free trial limit, the masked PIX key. */

const errors: ErrorStatus[] = [400, 401, 403];

export const settingsContract = {
  get: endpoint
    .route({
      method: 'GET',
      path: '/admin/settings',
      tags: ['admin'],
      summary: 'Configurações (chave PIX mascarada)',
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({}))
    .output(settingsSchema),

  update: endpoint
    .route({
      method: 'PUT',
      path: '/admin/settings',
      tags: ['admin'],
      summary: 'Altera configurações; campos ausentes ficam como estão',
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({ body: updateSettingsSchema }))
    .output(settingsSchema),
};
