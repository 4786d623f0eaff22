import { z } from 'zod';
import {
  captchaSchema,
  captchaVerifyRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
} from '../schemas/auth.ts';
import { authResponseSchema } from '../schemas/user.ts';
import { endpoint } from './endpoint.ts';
import { AUTH_ERRORS } from './session.ts';

/** Captcha, register and login (docs/product/sessions.md); signing out is in session.ts. */

const errors = AUTH_ERRORS;

export const authContract = {
  captcha: endpoint
    .route({
      method: 'GET',
      path: '/captcha',
      tags: ['auth'],
      summary: 'Novo captcha (imagem SVG, resposta até 6 caracteres)',
    })
    .meta({ roles: 'public', errors: [429] })
    .input(z.object({}))
    .output(captchaSchema),

  verifyCaptcha: endpoint
    .route({
      method: 'POST',
      path: '/captcha/verify',
      tags: ['auth'],
      summary: 'Confere um captcha; uma resposta errada o invalida',
    })
    .meta({ roles: 'public', errors })
    .input(z.object({ body: captchaVerifyRequestSchema }))
    .output(z.object({ valid: z.boolean() })),

  register: endpoint
    .route({
      method: 'POST',
      path: '/auth/register',
      tags: ['auth'],
      summary: 'Cria uma conta de usuário e já entra',
      successStatus: 201,
    })
    .meta({ roles: 'public', errors: [...errors, 409] })
    .input(z.object({ body: registerRequestSchema }))
    .output(authResponseSchema),

  login: endpoint
    .route({
      method: 'POST',
      path: '/auth/login',
      tags: ['auth'],
      summary: 'Entra com email, senha e captcha',
    })
    .meta({ roles: 'public', errors })
    .input(z.object({ body: loginRequestSchema }))
    .output(authResponseSchema),
};
