import { authContract } from '@painel/shared/contracts/auth';
import { sessionContract } from '@painel/shared/contracts/session';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serve } from '../../plugins/serve.ts';
import { login, logout, register } from './auth.service.ts';
import { createCaptcha, verifyCaptcha } from './captcha.service.ts';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

  serve(app, authContract.captcha, async ({ request, reply }) => {
    await services.limits.captchaPerIp.consume(request.ip);
    reply.header('cache-control', 'no-store');
    return createCaptcha(services.db);
  });

  serve(app, authContract.verifyCaptcha, async ({ request, body }) => {
    await services.limits.captchaPerIp.consume(request.ip);
    return { valid: await verifyCaptcha(services.db, body.id, body.answer, services.captcha) };
  });

  serve(app, authContract.register, ({ request, body }) => register(services.auth, body, meta(request)));

  serve(app, authContract.login, ({ request, body }) => login(services.auth, body, meta(request)));

  serve(app, sessionContract.logout, async ({ auth }) => {
    await logout(services.auth, auth.sessionId);
    return null;
  });
};
