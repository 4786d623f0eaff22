import { z } from 'zod';
import {
  apiKeyListSchema,
  apiKeyRateSchema,
  apiKeyRevokedSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
  userApiKeyParamsSchema,
} from '../schemas/api-keys.ts';
import { idParamsSchema } from '../schemas/common.ts';
import { ADMIN_ONLY, type ErrorStatus, endpoint, MANAGERS, SIGNED_IN } from './endpoint.ts';

/** Customers' API keys: one's own on /profile, a managed user's on the users screen (docs/product/api-keys.md). */

const errors: ErrorStatus[] = [400, 401, 403, 404];

export const apiKeyContract = {
  list: endpoint
    .route({
      method: 'GET',
      path: '/profile/api-keys',
      tags: ['profile'],
      summary: 'As próprias chaves de API ativas (nunca a chave, só o prefixo)',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors })
    .input(z.object({}))
    .output(apiKeyListSchema),

  create: endpoint
    .route({
      method: 'POST',
      path: '/profile/api-keys',
      successStatus: 201,
      tags: ['profile'],
      summary: 'Cria uma chave de API (até 10 ativas); a chave inteira só aparece nesta resposta',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors: [...errors, 409] })
    .input(z.object({ body: createApiKeySchema }))
    .output(createdApiKeySchema),

  revoke: endpoint
    .route({
      method: 'DELETE',
      path: '/profile/api-keys/{id}',
      tags: ['profile'],
      summary: 'Revoga uma das próprias chaves; ela deixa de funcionar na hora',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors })
    .input(z.object({ params: idParamsSchema }))
    .output(apiKeyRevokedSchema),

  listOfUser: endpoint
    .route({
      method: 'GET',
      path: '/users/{id}/api-keys',
      tags: ['users'],
      summary: 'As chaves de API ativas de um usuário (admin: todos; revendedor: seus clientes)',
    })
    .meta({ roles: MANAGERS, reach: 'clients', errors })
    .input(z.object({ params: idParamsSchema }))
    .output(apiKeyListSchema),

  revokeOfUser: endpoint
    .route({
      method: 'DELETE',
      path: '/users/{id}/api-keys/{keyId}',
      tags: ['users'],
      summary: 'Revoga uma chave de API de um usuário (admin: todos; revendedor: seus clientes)',
    })
    .meta({ roles: MANAGERS, reach: 'clients', errors })
    .input(z.object({ params: userApiKeyParamsSchema }))
    .output(apiKeyRevokedSchema),

  setRate: endpoint
    .route({
      method: 'PUT',
      path: '/users/{id}/api-keys/{keyId}',
      tags: ['users'],
      summary: 'Requisições por segundo de uma chave de API (padrão 10)',
    })
    .meta({ roles: ADMIN_ONLY, reach: 'clients', errors })
    .input(z.object({ params: userApiKeyParamsSchema, body: apiKeyRateSchema }))
    .output(apiKeySchema),
};
