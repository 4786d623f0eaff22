import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createTestApp,
  createTestDatabase,
  login,
  registerUser,
  type SignedIn,
  signIn,
} from '../../../test/harness.ts';
import { caller, createReseller } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';

/** docs/product/users.md#profile. */
let database: DatabaseHandle;
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let admin: SignedIn;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  call = caller(app);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('PUT /profile', () => {
  it('saves name and email; contacts only for a reseller, who shows them to its clients', async () => {
    const reseller = await createReseller(app, database.db);
    const saved = await call('PUT', '/api/profile', reseller.headers, {
      nome: 'Loja do Zé',
      email: reseller.email.toUpperCase(),
      whatsapp_contato: '5511999990000',
      telegram_contato: 'lojadoze',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Perfil atualizado com sucesso!',
      user: {
        nome: 'Loja do Zé',
        email: reseller.email,
        whatsapp_contato: '5511999990000',
        telegram_contato: 'lojadoze',
      },
    });

    const created = await call('POST', '/api/users', reseller.headers, {
      nome: 'Cliente',
      email: 'cliente-perfil@teste.local',
      senha: 'abcd',
    });
    const client = await signIn(app, 'cliente-perfil@teste.local', 'abcd');
    expect(created.statusCode).toBe(201);
    const profile = (await call('GET', '/api/profile', client.headers)).json();
    expect(profile.user.revendedor).toEqual({
      nome: 'Loja do Zé',
      email: reseller.email,
      whatsapp_contato: '5511999990000',
      telegram_contato: 'lojadoze',
    });

    const own = await call('PUT', '/api/profile', client.headers, {
      nome: 'Cliente',
      email: 'cliente-perfil@teste.local',
      whatsapp_contato: '5511988887777',
    });
    expect(own.json().user.whatsapp_contato).toBeNull();

    const cleared = await call('PUT', '/api/profile', reseller.headers, {
      nome: 'Loja do Zé',
      email: reseller.email,
      whatsapp_contato: '',
    });
    expect(cleared.json().user).toMatchObject({ whatsapp_contato: null, telegram_contato: 'lojadoze' });
  });

  it.each([
    ['nome', { email: 'x@teste.local' }, 'Campo obrigatório'],
    ['nome', { nome: '  ', email: 'x@teste.local' }, 'Campo obrigatório'],
    ['email', { nome: 'X' }, 'Campo obrigatório'],
    ['email', { nome: 'X', email: 'x' }, 'Email inválido'],
  ])('%s: %j → %s', async (field, body, message) => {
    const user = await registerUser(app);
    const response = await call('PUT', '/api/profile', user.headers, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: message } });
  });

  it('refuses an email that another account uses', async () => {
    const user = await registerUser(app);
    const response = await call('PUT', '/api/profile', user.headers, { nome: 'X', email: ADMIN.email });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EMAIL_IN_USE', error: 'Este email já está cadastrado' });
  });
});

describe('POST /profile/change-password', () => {
  it('needs a new password of at least 6 characters', async () => {
    const user = await registerUser(app);
    const response = await call('POST', '/api/profile/change-password', user.headers, {
      senhaAtual: user.senha,
      novaSenha: '12345',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { novaSenha: 'A nova senha deve ter pelo menos 6 caracteres' },
    });
    const missing = await call('POST', '/api/profile/change-password', user.headers, { novaSenha: '123456' });
    expect(missing.json().fields).toEqual({ senhaAtual: 'Campo obrigatório' });
  });

  it('refuses a wrong current password with a clear 400 (not a session error) and keeps the old one', async () => {
    const user = await registerUser(app);
    const response = await call('POST', '/api/profile/change-password', user.headers, {
      senhaAtual: 'errada',
      novaSenha: 'nova-senha',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      error: 'Senha atual incorreta',
      fields: { senhaAtual: 'Senha atual incorreta' },
    });
    expect((await call('GET', '/api/profile', user.headers)).statusCode).toBe(200);
    expect((await login(app, user.email, user.senha)).statusCode).toBe(200);
  });

  it('works for every role', async () => {
    const reseller = await createReseller(app, database.db);
    for (const [signed, senha] of [
      [admin, ADMIN.senha],
      [reseller, reseller.senha],
    ] as const) {
      const response = await call('POST', '/api/profile/change-password', signed.headers, {
        senhaAtual: senha,
        novaSenha: `${senha}-2`,
      });
      expect(response.statusCode).toBe(200);
      await call('POST', '/api/profile/change-password', signed.headers, {
        senhaAtual: `${senha}-2`,
        novaSenha: senha,
      });
    }
  });
});
