import { messages } from '@painel/shared/messages';
import { errorBodySchema } from '@painel/shared/schemas/common';
import { profileResponseSchema } from '@painel/shared/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { authOf, requireUser } from '../../plugins/auth.ts';
import { loadPublicUser } from '../users/user.presenter.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      preHandler: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'O usuário conectado, com créditos, expiração e assinatura ativa',
        security: [{ bearer: [] }],
        response: { 200: profileResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const user = await loadPublicUser(app.services.db, authOf(request).userId);
      if (!user) throw new AppError('SESSION_ENDED', messages.sessionEnded);
      return { user };
    },
  );
};
