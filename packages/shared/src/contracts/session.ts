import { z } from 'zod';
import { profileResponseSchema } from '../schemas/user.ts';
import { type ErrorStatus, endpoint, SIGNED_IN } from './endpoint.ts';

/**
 * The signed-in session (docs/product/sessions.md): who is signed in, and signing out. Apart from
 * the rest of the profile and the sign-in calls because every signed-in page loads these two on its
 * first visit, and a contract file is loaded whole: what it imports is what every page pays for.
 */
/** The refusals of the sign-in calls, signing out included (auth.ts uses them too). */
export const AUTH_ERRORS: ErrorStatus[] = [400, 401, 403, 429];

export const sessionContract = {
  me: endpoint
    .route({
      method: 'GET',
      path: '/profile',
      tags: ['profile'],
      summary: 'O usuário conectado, com créditos, expiração e assinatura ativa',
    })
    .meta({ roles: SIGNED_IN, apiKey: true, reach: 'self', errors: [401, 403] })
    .input(z.object({}))
    .output(profileResponseSchema),

  logout: endpoint
    .route({
      method: 'POST',
      path: '/auth/logout',
      tags: ['auth'],
      summary: 'Encerra a sessão atual',
      successStatus: 204,
    })
    .meta({ roles: SIGNED_IN, reach: 'self', errors: AUTH_ERRORS })
    .input(z.object({}))
    .output(z.null()),
};
