import { z } from 'zod';
import {
  activePurposesSchema,
  createPurposeSchema,
  purposeDeletedSchema,
  purposeIdParamsSchema,
  purposeListSchema,
  purposeSchema,
  updatePurposeSchema,
} from '../schemas/finalidades.ts';
import { ADMIN_ONLY, type ErrorStatus, endpoint, SIGNED_IN } from './endpoint.ts';

/**
 * Purposes of lookups (docs/product/purposes.md): the active ones for everyone signed in (the query
 * screen's choice), the whole list and its changes for admins.
 */

const errors: ErrorStatus[] = [400, 401, 403];

export const purposeContract = {
  active: endpoint
    .route({
      method: 'GET',
      path: '/finalidades',
      tags: ['finalidades'],
      summary: 'Finalidades ativas, para escolher a de uma consulta',
    })
    .meta({ roles: SIGNED_IN, errors })
    .input(z.object({}))
    .output(activePurposesSchema),

  list: endpoint
    .route({
      method: 'GET',
      path: '/admin/finalidades',
      tags: ['finalidades'],
      summary: 'Todas as finalidades, inclusive as inativas',
    })
    .meta({ roles: ADMIN_ONLY, errors })
    .input(z.object({}))
    .output(purposeListSchema),

  create: endpoint
    .route({
      method: 'POST',
      path: '/admin/finalidades',
      tags: ['finalidades'],
      summary: 'Cria uma finalidade (nome único, sem diferenciar maiúsculas: senão 409)',
      successStatus: 201,
    })
    .meta({ roles: ADMIN_ONLY, errors: [...errors, 409] })
    .input(z.object({ body: createPurposeSchema }))
    .output(purposeSchema),

  update: endpoint
    .route({
      method: 'PUT',
      path: '/admin/finalidades/{id}',
      tags: ['finalidades'],
      summary: 'Altera uma finalidade (campos ausentes ficam como estão)',
    })
    .meta({ roles: ADMIN_ONLY, errors: [...errors, 404, 409] })
    .input(z.object({ params: purposeIdParamsSchema, body: updatePurposeSchema }))
    .output(purposeSchema),

  remove: endpoint
    .route({
      method: 'DELETE',
      path: '/admin/finalidades/{id}',
      tags: ['finalidades'],
      summary: 'Exclui uma finalidade que nenhuma consulta usou (senão 409: desative-a)',
    })
    .meta({ roles: ADMIN_ONLY, errors: [...errors, 404, 409] })
    .input(z.object({ params: purposeIdParamsSchema }))
    .output(purposeDeletedSchema),
};
