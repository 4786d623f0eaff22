import {
  captchaSchema,
  captchaVerifyRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
} from '@painel/shared/schemas/auth';
import { errorBodySchema } from '@painel/shared/schemas/common';
import { authResponseSchema } from '@painel/shared/schemas/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireUser } from '../../plugins/auth.ts';
import { login, logout, register } from './auth.service.ts';
import { createCaptcha, verifyCaptcha } from './captcha.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

  app.get(
    '/captcha',
    {
      schema: {
        tags: ['auth'],
        summary: 'Novo captcha (imagem SVG, resposta até 6 caracteres)',
        response: { 200: captchaSchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await services.limits.captchaPerIp.consume(request.ip);
      reply.header('cache-control', 'no-store');
      return createCaptcha(services.db);
    },
  );

  app.post(
    '/captcha/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confere um captcha; uma resposta errada o invalida',
        body: captchaVerifyRequestSchema,
        response: { 200: z.object({ valid: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      await services.limits.captchaPerIp.consume(request.ip);
      return {
        valid: await verifyCaptcha(services.db, request.body.id, request.body.answer, services.captcha),
      };
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cria uma conta de usuário e já entra',
        body: registerRequestSchema,
        response: { 201: authResponseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await register(services.auth, request.body, meta(request))),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Entra com email, senha e captcha',
        body: loginRequestSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => login(services.auth, request.body, meta(request)),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Encerra a sessão atual',
        security: [{ bearer: [] }],
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await logout(services.auth, authOf(request).sessionId);
      return reply.status(204).send(null);
    },
  );
};
