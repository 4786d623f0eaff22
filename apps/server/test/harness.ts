import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Env, parseEnv } from '../src/config/env.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { createNamedDatabase } from './named-database.ts';

export const TEST_CAPTCHA = 'TESTE';
export const ADMIN = { email: 'admin@teste.local', senha: 'admin-senha-123' };
export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A database of its own for one test file: a fresh PostgreSQL database on TEST_DATABASE_URL's
 * server (dropped on close), or an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: 'memory://' });

  const created = await createNamedDatabase();
  const handle = await openDatabase({ databaseUrl: created.url, dataDir: 'unused', poolSize: 20 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.senha,
    CAPTCHA_TEST_ANSWER: TEST_CAPTCHA,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DOCUMENT_HASH_SECRET: 'test-document-hash-secret-of-32-characters-or-more',
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
    CAPTCHA_RATE_LIMIT_PER_IP: '10000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // The job engine starts only in the tests of batches (it takes seconds to set up on PGlite).
    LOTES_WORKER: 'false',
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    ...overrides,
  });
}

export async function createTestApp(
  database: DatabaseHandle,
  overrides: Record<string, string> = {},
): Promise<FastifyInstance> {
  return buildApp({
    env: testEnv(overrides),
    database,
    rateLimitNamespace: `test-${randomBytes(6).toString('hex')}`,
  });
}

export async function newCaptchaId(app: FastifyInstance, ip = '127.0.0.1'): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha', remoteAddress: ip });
  if (response.statusCode !== 200) throw new Error(`captcha failed: ${response.body}`);
  return response.json<{ id: string }>().id;
}

export interface SignedIn {
  token: string;
  userId: number;
  headers: { authorization: string };
}

export async function login(app: FastifyInstance, email: string, senha: string, ip = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email, senha, captcha_id: await newCaptchaId(app, ip), captcha_answer: TEST_CAPTCHA },
  });
}

export async function signIn(app: FastifyInstance, email: string, senha: string): Promise<SignedIn> {
  const response = await login(app, email, senha);
  if (response.statusCode !== 200) throw new Error(`login failed (${response.statusCode}): ${response.body}`);
  const body = response.json<{ token: string; user: { id: number } }>();
  return { token: body.token, userId: body.user.id, headers: { authorization: `Bearer ${body.token}` } };
}

let counter = 0;
/** Registers a fresh usuario through the API and returns its signed-in handle. */
export async function registerUser(
  app: FastifyInstance,
  fields: Partial<{ nome: string; email: string; senha: string }> = {},
): Promise<SignedIn & { email: string; senha: string }> {
  counter += 1;
  const email = fields.email ?? `usuario${counter}-${randomBytes(3).toString('hex')}@teste.local`;
  const senha = fields.senha ?? 'senha-forte-1';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      nome: fields.nome ?? `Usuário ${counter}`,
      email,
      senha,
      captcha_id: await newCaptchaId(app),
      captcha_answer: TEST_CAPTCHA,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed (${response.statusCode}): ${response.body}`);
  const body = response.json<{ token: string; user: { id: number } }>();
  return {
    token: body.token,
    userId: body.user.id,
    headers: { authorization: `Bearer ${body.token}` },
    email,
    senha,
  };
}

/** Creates a module through the admin API and returns its id. */
export async function createModuleViaApi(
  app: FastifyInstance,
  adminHeaders: Record<string, string>,
  fields: Record<string, unknown>,
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/modulos',
    headers: adminHeaders,
    payload: {
      nome: 'Módulo de teste',
      descricao: 'Criado pelo teste',
      tipo_limite: 'quantidade',
      campos_entrada: [{ nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' }],
      ...fields,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`module create failed (${response.statusCode}): ${response.body}`);
  return response.json<{ id: number }>().id;
}

/**
 * 'Análise de crédito' (LGPD art. 7 X), the first purpose migration 0010 seeds: id 1 on every fresh
 * test database. Lookups in tests name it, as the panel requires a purpose by default.
 */
export const TEST_PURPOSE_ID = 1;

/** POST /api/consultas; the purpose is the seeded one unless `purpose` says otherwise. */
export function runLookupViaApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  moduloId: number,
  input: Record<string, string> = { cpf: '123.456.789-09' },
  purpose: { finalidade_id?: number | null; justificativa?: string } = { finalidade_id: TEST_PURPOSE_ID },
) {
  return app.inject({
    method: 'POST',
    url: '/api/consultas',
    headers,
    payload: { modulo_id: moduloId, input, ...purpose },
  });
}
