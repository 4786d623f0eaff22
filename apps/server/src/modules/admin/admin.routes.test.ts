import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createModuleViaApi,
  createTestApp,
  createTestDatabase,
  registerUser,
  runLookupViaApi,
  type SignedIn,
  signIn,
} from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;
let reseller: SignedIn;
let client: SignedIn;
let stranger: SignedIn;
let moduleId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  reseller = await registerUser(app);
  client = await registerUser(app);
  stranger = await registerUser(app);
  await database.db.update(users).set({ tipo: 'revendedor' }).where(eq(users.id, reseller.userId));
  await database.db
    .update(users)
    .set({ revendedorId: reseller.userId, dataExpiracao: new Date(Date.now() + 86_400_000) })
    .where(eq(users.id, client.userId));
  moduleId = await createModuleViaApi(app, admin.headers, { api_url: '/demo-api/cpf/{cpf}' });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, who: SignedIn | null) =>
  app.inject({ method: 'GET', url, headers: who ? who.headers : {} });

describe('GET /api/admin/stats', () => {
  it('gives real figures, scoped for a reseller, and the system status', async () => {
    await runLookupViaApi(app, client.headers, moduleId, { cpf: '529.982.247-25' });
    await runLookupViaApi(app, stranger.headers, moduleId, { cpf: '529.982.247-25' });
    const forAdmin = (await get('/api/admin/stats', admin)).json();
    expect(forAdmin).toMatchObject({
      totalUsers: 4,
      activeUsers: 1,
      totalConsultations: 2,
      consultationsToday: 2,
    });
    expect(forAdmin.totalModules).toBeGreaterThanOrEqual(19);
    expect(forAdmin.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(forAdmin.sistema.banco).toBe('ok');
    expect(forAdmin.sistema.redis).toBe(process.env.TEST_REDIS_URL ? 'ok' : 'desativado');

    const forReseller = (await get('/api/admin/stats', reseller)).json();
    expect(forReseller).toMatchObject({ totalUsers: 1, activeUsers: 1, totalConsultations: 1 });
  });

  it('is refused to ordinary users and anonymous callers', async () => {
    expect((await get('/api/admin/stats', client)).statusCode).toBe(403);
    expect((await get('/api/admin/stats', null)).statusCode).toBe(401);
  });
});

describe('GET /api/logs', () => {
  it('filters by type, pages, and shows a reseller only their own and their clients’ entries', async () => {
    const all = (await get('/api/logs?limit=100', admin)).json().data;
    expect(all.total).toBeGreaterThan(3);
    const logins = (await get('/api/logs?tipo=login&limit=10', admin)).json().data;
    expect(logins.logs.every((entry: { tipo: string }) => entry.tipo === 'login')).toBe(true);
    const page2 = (await get('/api/logs?limit=10&page=2', admin)).json().data;
    expect(page2.page).toBe(2);
    expect(page2.logs[0]?.id).not.toBe(all.logs[0].id);

    const scoped = (await get('/api/logs?limit=100', reseller)).json().data;
    const actors = new Set(scoped.logs.map((entry: { usuario_id: number }) => entry.usuario_id));
    expect([...actors].every((id) => id === reseller.userId || id === client.userId)).toBe(true);
    expect(actors.has(client.userId)).toBe(true);
    expect(
      scoped.logs.find((entry: { acao: string }) => entry.acao === 'consulta_sucesso').User,
    ).toMatchObject({
      email: expect.stringContaining('@'),
    });

    expect((await get('/api/logs?limit=7', admin)).json().error).toBe('Use 10, 20, 50 ou 100 por página');
    expect((await get('/api/logs', client)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/events', () => {
  it('pushes each finished lookup in the reader’s scope as it happens', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const open = async (who: SignedIn) => {
      const controller = new AbortController();
      const response = await fetch(`${base}/api/admin/events`, {
        headers: who.headers,
        signal: controller.signal,
      });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const reader = response.body!.getReader();
      let text = '';
      const read = async (until: (text: string) => boolean, ms = 3000) => {
        const deadline = Date.now() + ms;
        while (!until(text) && Date.now() < deadline) {
          const chunk = await Promise.race([
            reader.read(),
            new Promise<{ value?: undefined; done: true }>((resolve) =>
              setTimeout(() => resolve({ done: true }), 200),
            ),
          ]);
          if (chunk.value) text += new TextDecoder().decode(chunk.value);
        }
        return text;
      };
      return { read, stop: () => controller.abort() };
    };
    const adminStream = await open(admin);
    const resellerStream = await open(reseller);
    await adminStream.read((t) => t.includes('conectado'));
    await resellerStream.read((t) => t.includes('conectado'));

    const mine = (await runLookupViaApi(app, client.headers, moduleId, { cpf: '529.982.247-25' })).json().id;
    const other = (await runLookupViaApi(app, stranger.headers, moduleId, { cpf: '529.982.247-25' })).json()
      .id;

    const adminText = await adminStream.read((t) => t.includes(`"id":${other}`));
    expect(adminText).toContain(`event: consulta\ndata: {"id":${mine}`);
    expect(adminText).toContain(`"id":${other}`);
    const resellerText = await resellerStream.read((t) => t.includes(`"id":${mine}`), 1500);
    expect(resellerText).toContain(`"id":${mine}`);
    expect(resellerText).not.toContain(`"id":${other},`);
    adminStream.stop();
    resellerStream.stop();
  });
});
