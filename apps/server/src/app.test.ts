import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, createTestDatabase, login, registerUser } from '../test/harness.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { logs } from './db/schema/logs.ts';
import { modules } from './db/schema/modules.ts';
import { plans } from './db/schema/plans.ts';
import { settings } from './db/schema/settings.ts';
import { users } from './db/schema/users.ts';
import { seed } from './db/seed.ts';
import { verifyPassword } from './lib/password.ts';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  // A route that fails in an unexpected way, to see what a client gets from a 500.
  app.get('/api/__boom', async () => {
    throw new Error('segredo interno: senha do banco é hunter2');
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('GET /api/health', () => {
  it('answers 200 ok once the database is migrated', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const lonely = await openDatabase({ dataDir: 'memory://' });
    const broken = await createTestApp(lonely);
    try {
      await lonely.close();
      const response = await broken.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable' });
    } finally {
      await broken.close();
    }
  });
});

describe('errors', () => {
  it('a malformed JSON body is a 400 in Portuguese, not a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Corpo da requisição inválido (JSON malformado)',
      code: 'INVALID_JSON',
    });
  });

  it('a missing body is a 400 VALIDATION_ERROR', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/register' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('an unknown API route is a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Rota não encontrada', code: 'ROUTE_NOT_FOUND' });
  });

  it('an unexpected failure is a bare 500 with no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/__boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'Erro interno do servidor. Tente novamente em instantes.',
      code: 'INTERNAL_ERROR',
    });
    expect(response.body).not.toMatch(/hunter2|stack|at .*\.ts/);
  });
});

describe('rate limits', () => {
  it('limits login attempts per IP with 429 RATE_LIMITED and Retry-After', async () => {
    const limited = await createTestApp(database, { AUTH_RATE_LIMIT_PER_IP: '3' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await login(limited, ADMIN.email, 'errada', '10.9.9.9')).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const blocked = await login(limited, ADMIN.email, ADMIN.senha, '10.9.9.9');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMITED');
      expect(blocked.json().error).toMatch(/^Muitas tentativas/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(limited, ADMIN.email, ADMIN.senha, '10.9.9.10')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('locks an account after repeated wrong passwords, even from other IPs', async () => {
    const limited = await createTestApp(database, { AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
    try {
      const user = await registerUser(limited);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await login(limited, user.email, 'errada', `10.8.0.${attempt}`)).statusCode).toBe(401);
      }
      const right = await login(limited, user.email, user.senha, '10.8.0.99');
      expect(right.statusCode).toBe(429);
      expect((await login(limited, ADMIN.email, ADMIN.senha, '10.8.0.99')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits captcha requests per IP', async () => {
    const limited = await createTestApp(database, { CAPTCHA_RATE_LIMIT_PER_IP: '2' });
    try {
      const get = () => limited.inject({ method: 'GET', url: '/api/captcha', remoteAddress: '10.7.0.1' });
      expect([(await get()).statusCode, (await get()).statusCode, (await get()).statusCode]).toEqual([
        200, 200, 429,
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('security headers and documents', () => {
  it('sends a strict CSP and no-sniff on every response', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/register',
        '/api/captcha',
        '/api/profile',
        '/api/health',
      ]),
    );
    expect(
      document.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['email', 'senha', 'captcha_id', 'captcha_answer']));
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('single-page app', () => {
  it('serves index.html for page routes and keeps JSON 404s for the API', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'painel-dist-'));
    await mkdir(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Painel Consulta</title>');
    writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    const withWeb = await createTestApp(database, { WEB_DIST_DIR: dist });
    try {
      for (const path of ['/', '/login', '/admin/usuarios?highlight=3', '/sessao-encerrada']) {
        const page = await withWeb.inject({ method: 'GET', url: path });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<title>Painel Consulta</title>');
      }
      const asset = await withWeb.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      writeFileSync(join(dist, 'assets', 'rebuilt-456.js'), 'console.log(2)');
      expect((await withWeb.inject({ method: 'GET', url: '/assets/rebuilt-456.js' })).body).toBe(
        'console.log(2)',
      );
      expect((await withWeb.inject({ method: 'GET', url: '/assets/gone-789.js' })).statusCode).toBe(404);
      const api = await withWeb.inject({ method: 'GET', url: '/api/nada' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await withWeb.close();
    }
  });
});

describe('first-start seed', () => {
  it('creates the admin and settings once and never overwrites them', async () => {
    const [admin] = await database.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect(admin?.tipo).toBe('admin');
    const [row] = await database.db.select().from(settings);
    expect(row).toMatchObject({ trialLimit: 10, topupMinCents: 5000 });
    const planCount = await database.db.$count(plans);
    expect(planCount).toBeGreaterThan(0);

    await database.db.update(settings).set({ trialLimit: 3 });
    const report = await seed(database.db, { adminEmail: ADMIN.email, adminPassword: 'outra-senha-999' });
    expect(report.createdAdmin).toBe(false);
    const [after] = await database.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect(await verifyPassword(after!.senhaHash, ADMIN.senha)).toBe(true);
    expect((await database.db.select().from(settings))[0]?.trialLimit).toBe(3);
    expect(await database.db.$count(plans)).toBe(planCount);
    await database.db.update(settings).set({ trialLimit: 10 });
  });

  it('generates an admin password when none is given', async () => {
    const fresh = await openDatabase({ dataDir: 'memory://' });
    try {
      await fresh.migrate();
      const report = await seed(fresh.db, { adminEmail: 'novo@teste.local' });
      expect(report.generatedAdminPassword).toMatch(/^[\w-]{12,}$/);
      const [admin] = await fresh.db.select().from(users);
      expect(await verifyPassword(admin!.senhaHash, report.generatedAdminPassword!)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe('the demo provider switch', () => {
  it('off: /demo-api is not served and a fresh database gets no demo modules until it is turned on', async () => {
    const fresh = await openDatabase({ dataDir: 'memory://' });
    try {
      const withoutDemo = await createTestApp(fresh, { DEMO_PROVIDER: 'false' });
      try {
        const answer = await withoutDemo.inject({ method: 'GET', url: '/demo-api/cpf/12345678909' });
        expect(answer.statusCode).toBe(404);
        expect(answer.body).not.toContain('Dados fictícios');
        expect(await fresh.db.$count(modules)).toBe(0);
      } finally {
        await withoutDemo.close();
      }
      const withDemo = await createTestApp(fresh);
      try {
        const answer = await withDemo.inject({ method: 'GET', url: '/demo-api/cpf/12345678909' });
        expect(answer.json()).toMatchObject({ _aviso: 'Dados fictícios gerados para demonstração' });
        expect(await fresh.db.$count(modules)).toBeGreaterThan(0);
      } finally {
        await withDemo.close();
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('audit trail', () => {
  it('is append-only: the database refuses to change or delete a log entry', async () => {
    await login(app, ADMIN.email, ADMIN.senha);
    const count = await database.db.$count(logs);
    expect(count).toBeGreaterThan(0);
    await expect(database.db.execute(sql`update logs set acao = 'x'`)).rejects.toThrow();
    await expect(database.db.delete(logs)).rejects.toThrow();
    expect(await database.db.$count(logs)).toBe(count);
  });
});
