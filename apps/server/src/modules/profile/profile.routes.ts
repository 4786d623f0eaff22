import { messages } from '@painel/shared/messages';
import { errorBodySchema } from '@painel/shared/schemas/common';
import { profileResponseSchema } from '@painel/shared/schemas/user';
import {
  changePasswordSchema,
  creditStatementQuerySchema,
  creditStatementResponseSchema,
  messageResponseSchema,
  updateProfileSchema,
  userMutationResponseSchema,
} from '@painel/shared/schemas/users-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { authOf, requireUser } from '../../plugins/auth.ts';
import { loadPublicUser } from '../users/user.presenter.ts';
import { creditStatement } from '../users/users.repository.ts';
import { changeOwnPassword, updateOwnProfile } from './profile.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };
const security = [{ bearer: [] }];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const deps = {
    db: services.db,
    sessions: services.sessions,
    passwordAttempts: services.limits.loginPerAccount,
  };

  app.get(
    '/profile',
    {
      onRequest: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'O usuário conectado, com créditos, expiração e assinatura ativa',
        security,
        response: { 200: profileResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const user = await loadPublicUser(services.db, authOf(request).userId);
      if (!user) throw new AppError('SESSION_ENDED', messages.sessionEnded);
      return { user };
    },
  );

  app.put(
    '/profile',
    {
      onRequest: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Nome e email; WhatsApp e Telegram só para revendedor',
        security,
        body: updateProfileSchema,
        response: { 200: userMutationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      user: await updateOwnProfile(deps, authOf(request), request.body),
      message: messages.profileUpdated,
    }),
  );

  app.post(
    '/profile/change-password',
    {
      onRequest: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Troca a própria senha (mínimo 6) e encerra as outras sessões',
        security,
        body: changePasswordSchema,
        response: { 200: messageResponseSchema, 429: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      await changeOwnPassword(deps, authOf(request), request.body);
      return { message: messages.passwordChanged };
    },
  );

  app.get(
    '/profile/credits',
    {
      onRequest: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'O próprio extrato de créditos (cada centavo do saldo explicado)',
        security,
        querystring: creditStatementQuerySchema,
        response: { 200: creditStatementResponseSchema, ...errors },
      },
    },
    async (request) =>
      creditStatement(services.db, authOf(request).userId, request.query.page, request.query.limit),
  );
};
