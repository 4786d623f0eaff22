import { authContract } from '@painel/shared/contracts/auth';
import type { Endpoint } from '@painel/shared/contracts/endpoint';
import { describe, expect, it } from 'vitest';

import { getCaptcha } from '@/features/auth/api/get-captcha';
import { loginUser } from '@/features/auth/api/login-user';
import { registerUser } from '@/features/auth/api/register-user';
import { answer, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';

/**
 * The guest pages' calls (captcha, login, register) must not load zod on a first visit, so they
 * cannot call through the contract objects (docs/decisions/0016, "Guest pages"): they name their
 * path and read the answer with the small parsers of lib/first-load-schemas.ts. Here each one is
 * held to its contract: it sends the method and path the contract declares, and reads the answer
 * the contract describes.
 */
const route = (contract: Endpoint) => `${contract['~orpc'].route.method} ${contract['~orpc'].route.path}`;
const user = makeUser();
const login = { email: 'maria@exemplo.com', senha: 'segredo1', captcha_id: 'c1', captcha_answer: 'ABC' };

describe('guest calls follow their contracts', () => {
  it('captcha', async () => {
    const captcha = { id: 'c1', image: '<svg/>' };
    const api = mockApi({ [route(authContract.captcha)]: answer(authContract.captcha, captcha) });
    await expect(getCaptcha()).resolves.toEqual(captcha);
    expect(api.requests).toHaveLength(1);
  });

  it('login', async () => {
    const session = { token: 't1', user };
    const api = mockApi({ [route(authContract.login)]: answer(authContract.login, session) });
    await expect(loginUser(login)).resolves.toEqual(session);
    expect(api.requests[0]?.body).toEqual(login);
  });

  it('register', async () => {
    const session = { token: 't2', user };
    const body = {
      nome: 'Maria',
      email: login.email,
      senha: 'segredo1',
      captcha_id: 'c1',
      captcha_answer: 'ABC',
    };
    const api = mockApi({ [route(authContract.register)]: answer(authContract.register, session) });
    await expect(registerUser(body)).resolves.toEqual(session);
    expect(api.requests[0]?.body).toEqual(body);
  });
});
