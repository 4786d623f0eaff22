import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createTestApp,
  createTestDatabase,
  login,
  newCaptchaId,
  registerUser,
  TEST_CAPTCHA,
} from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { captchas } from '../../db/schema/captchas.ts';
import { logs } from '../../db/schema/logs.ts';
import { users } from '../../db/schema/users.ts';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function captchaAnswer(id: string): Promise<string> {
  const [row] = await database.db.select().from(captchas).where(eq(captchas.id, id));
  if (!row) throw new Error('captcha not stored');
  return row.answer;
}

describe('GET /api/captcha', () => {
  it('gives an SVG image and an answer of at most 6 upper-case characters', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/captcha' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ id: string; image: string }>();
    expect(body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    const answer = await captchaAnswer(body.id);
    expect(answer).toMatch(/^[A-Z0-9]{1,6}$/);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /api/captcha/verify', () => {
  it('accepts the right answer in any case and leaves the captcha usable for login', async () => {
    const id = await newCaptchaId(app);
    const answer = await captchaAnswer(id);
    const verify = await app.inject({
      method: 'POST',
      url: '/api/captcha/verify',
      payload: { id, answer: answer.toLowerCase() },
    });
    expect(verify.json()).toEqual({ valid: true });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN.email, senha: ADMIN.senha, captcha_id: id, captcha_answer: answer },
    });
    expect(response.statusCode).toBe(200);
  });

  it('spends the captcha on a wrong answer', async () => {
    const id = await newCaptchaId(app);
    const answer = await captchaAnswer(id);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/captcha/verify',
      payload: { id, answer: 'ZZZZZZ' },
    });
    expect(wrong.json()).toEqual({ valid: false });
    const retry = await app.inject({ method: 'POST', url: '/api/captcha/verify', payload: { id, answer } });
    expect(retry.json()).toEqual({ valid: false });
  });
});

describe('POST /api/auth/register', () => {
  it('creates a usuario, signs in and never shows the password or its hash', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        nome: '  Maria Fictícia ',
        email: 'Maria.Ficticia@Exemplo.TEST',
        senha: 'segredo-123',
        captcha_id: await newCaptchaId(app),
        captcha_answer: TEST_CAPTCHA.toLowerCase(),
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      nome: 'Maria Fictícia',
      email: 'maria.ficticia@exemplo.test',
      tipo: 'usuario',
      creditos: 0,
      data_expiracao: null,
      active_subscription: null,
      banido: false,
      ativo: true,
    });
    expect(response.body).not.toMatch(/senha|argon2/i);
    const [row] = await database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.senhaHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an email already in use, whatever its case, with 409 EMAIL_IN_USE', async () => {
    const first = await registerUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        nome: 'Outra Pessoa',
        email: first.email.toUpperCase(),
        senha: 'segredo-123',
        captcha_id: await newCaptchaId(app),
        captcha_answer: TEST_CAPTCHA,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EMAIL_IN_USE', error: 'Este email já está cadastrado' });
  });

  it('answers bad input with 400 VALIDATION_ERROR and a Portuguese message per field, creating nothing', async () => {
    const before = await database.db.$count(users);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { nome: '', email: 'nao-e-email', senha: '123', captcha_answer: 'ABCDEFG' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        nome: 'Campo obrigatório',
        email: 'Email inválido',
        senha: 'A senha deve ter pelo menos 6 caracteres',
        captcha_id: 'Resolva o captcha para continuar',
        captcha_answer: 'Resolva o captcha para continuar',
      },
    });
    expect(await database.db.$count(users)).toBe(before);
  });

  it('refuses a wrong captcha with 400 CAPTCHA_INVALID and creates no user', async () => {
    const before = await database.db.$count(users);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        nome: 'Sem Captcha',
        email: 'sem-captcha@teste.local',
        senha: 'segredo-123',
        captcha_id: await newCaptchaId(app),
        captcha_answer: 'ERRADO',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('CAPTCHA_INVALID');
    expect(await database.db.$count(users)).toBe(before);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in and records a login log entry', async () => {
    const user = await registerUser(app);
    const response = await login(app, user.email.toUpperCase(), user.senha);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(user.email);
    const entries = await database.db.select().from(logs).where(eq(logs.userId, user.userId));
    expect(entries.map((entry) => entry.acao)).toEqual(expect.arrayContaining(['register', 'login']));
    expect(entries.every((entry) => entry.tipo === 'login')).toBe(true);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const user = await registerUser(app);
    const wrongPassword = await login(app, user.email, 'nao-e-essa');
    const unknownEmail = await login(app, 'ninguem@teste.local', 'nao-e-essa');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: 'Email ou senha inválidos', code: 'INVALID_CREDENTIALS' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('needs a valid, unexpired, single-use captcha', async () => {
    const user = await registerUser(app);
    const payload = (captcha_id: string, captcha_answer = TEST_CAPTCHA) => ({
      email: user.email,
      senha: user.senha,
      captcha_id,
      captcha_answer,
    });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, senha: user.senha },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.captcha_answer).toBe('Resolva o captcha para continuar');

    const id = await newCaptchaId(app);
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/login', payload: payload(id, 'NAOE') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CAPTCHA_INVALID');
    const sameCaptchaAgain = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: payload(id),
    });
    expect(sameCaptchaAgain.json().code).toBe('CAPTCHA_INVALID');

    const used = await newCaptchaId(app);
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/login', payload: payload(used) })).statusCode,
    ).toBe(200);
    const reused = await app.inject({ method: 'POST', url: '/api/auth/login', payload: payload(used) });
    expect(reused.json().code).toBe('CAPTCHA_INVALID');

    const old = await newCaptchaId(app);
    await database.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.id, old));
    const expired = await app.inject({ method: 'POST', url: '/api/auth/login', payload: payload(old) });
    expect(expired.json().code).toBe('CAPTCHA_INVALID');
  });

  it('refuses a banned user with 403 USER_BANNED and the reason', async () => {
    const user = await registerUser(app);
    await database.db
      .update(users)
      .set({ banido: true, motivoBanimento: 'Compartilhou a conta' })
      .where(eq(users.id, user.userId));
    const response = await login(app, user.email, user.senha);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'USER_BANNED',
      error: 'Sua conta foi banida. Motivo: Compartilhou a conta',
    });
  });

  it('refuses an inactive user with 403 USER_INACTIVE', async () => {
    const user = await registerUser(app);
    await database.db.update(users).set({ ativo: false }).where(eq(users.id, user.userId));
    const response = await login(app, user.email, user.senha);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('USER_INACTIVE');
  });
});

describe('CAPTCHA_TEST_ANSWER', () => {
  it('is not accepted when the switch is off', async () => {
    const strict = await createTestApp(database, { CAPTCHA_TEST_ANSWER: '' });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/captcha' });
      const id = response.json<{ id: string }>().id;
      const attempt = await strict.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ADMIN.email, senha: ADMIN.senha, captcha_id: id, captcha_answer: TEST_CAPTCHA },
      });
      expect(attempt.statusCode).toBe(400);
      expect(attempt.json().code).toBe('CAPTCHA_INVALID');
    } finally {
      await strict.close();
    }
  });
});
