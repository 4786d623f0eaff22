import { z } from 'zod';
import {
  changePasswordSchema,
  creditStatementQuerySchema,
  creditStatementResponseSchema,
  messageResponseSchema,
  updateProfileSchema,
  userMutationResponseSchema,
} from '../schemas/users-admin.ts';
import { type ErrorStatus, endpoint, SIGNED_IN } from './endpoint.ts';

/** The signed-in user's own account (docs/product/users.md#profile). */

const errors: ErrorStatus[] = [400, 401, 403, 409];

export const profileContract = {
  update: endpoint
    .route({
      method: 'PUT',
      path: '/profile',
      tags: ['profile'],
      summary: 'Nome e email; WhatsApp e Telegram só para revendedor',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors })
    .input(z.object({ body: updateProfileSchema }))
    .output(userMutationResponseSchema),

  changePassword: endpoint
    .route({
      method: 'POST',
      path: '/profile/change-password',
      tags: ['profile'],
      summary: 'Troca a própria senha (mínimo 6) e encerra as outras sessões',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors: [...errors, 429] })
    .input(z.object({ body: changePasswordSchema }))
    .output(messageResponseSchema),

  credits: endpoint
    .route({
      method: 'GET',
      path: '/profile/credits',
      tags: ['profile'],
      summary: 'O próprio extrato de créditos (cada centavo do saldo explicado)',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors })
    .input(z.object({ query: creditStatementQuerySchema }))
    .output(creditStatementResponseSchema),
};
