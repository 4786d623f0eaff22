import { messages } from '@painel/shared/messages';
import { addDays, businessToday } from '@painel/shared/schemas/metrics';
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
import { createReseller, insertUser } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;
let reseller: SignedIn;
let otherReseller: SignedIn;
let client: SignedIn;
let plainUser: SignedIn;
const today = businessToday();
const tenDaysAgo = addDays(today, -10);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  reseller = await createReseller(app, database.db, { nome: 'Revenda Alfa' });
  otherReseller = await createReseller(app, database.db, { nome: 'Revenda Beta' });
  client = await registerUser(app);
  plainUser = await registerUser(app);
  await database.db
    .update(users)
    .set({ revendedorId: reseller.userId, dataExpiracao: new Date(Date.now() + 86_400_000) })
    .where(eq(users.id, client.userId));
  // Two more clients of Alfa: one signed up ten days ago (São Paulo noon), one today without access.
  await insertUser(database.db, {
    revendedorId: reseller.userId,
    dataCriacao: new Date(`${tenDaysAgo}T15:00:00Z`),
  });
  await insertUser(database.db, { revendedorId: reseller.userId });
  // Beta: one client with a future expiry, created long ago.
  await insertUser(database.db, {
    revendedorId: otherReseller.userId,
    dataCriacao: new Date(`${addDays(today, -400)}T15:00:00Z`),
    dataExpiracao: new Date(Date.now() + 5 * 86_400_000),
  });
  const moduleId = await createModuleViaApi(app, admin.headers, { api_url: '/demo-api/cpf/{cpf}' });
  for (const who of [client, client, plainUser, reseller])
    expect((await runLookupViaApi(app, who.headers, moduleId, { cpf: '529.982.247-25' })).statusCode).toBe(
      200,
    );
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, who: SignedIn | null) =>
  app.inject({ method: 'GET', url, headers: who ? who.headers : {} });

interface Metrics {
  startDate: string;
  endDate: string;
  totalMetrics: Record<string, number>;
  usersByReseller: {
    revendedor_id: number | null;
    revendedor: { nome: string; email: string } | null;
    total_users: number;
    creation_date: string | null;
    recent_days: { date: string; total_users: number }[];
  }[];
  daily: { date: string; signups: number; lookups: number }[];
}

describe('GET /api/users/metrics', () => {
  it('gives an admin the whole panel: cards, every responsible, a daily series of the last 30 days', async () => {
    const response = await get('/api/users/metrics', admin);
    expect(response.statusCode).toBe(200);
    const body = response.json<Metrics>();
    expect(body.endDate).toBe(today);
    expect(body.startDate).toBe(addDays(today, -29));
    // admin, Alfa, Beta, client, plain user, 2 inserted Alfa clients, 1 Beta client
    expect(body.totalMetrics).toEqual({
      total_users: 8,
      active_users: 2,
      total_resellers: 2,
      new_users: 7,
      lookups: 4,
    });
    expect(body.daily).toHaveLength(30);
    expect(body.daily.at(-1)).toEqual({ date: today, signups: 6, lookups: 4 });
    expect(body.daily.find((day) => day.date === tenDaysAgo)).toEqual({
      date: tenDaysAgo,
      signups: 1,
      lookups: 0,
    });

    const alfa = body.usersByReseller.find((row) => row.revendedor_id === reseller.userId);
    expect(alfa).toEqual({
      revendedor_id: reseller.userId,
      revendedor: { nome: 'Revenda Alfa', email: expect.stringContaining('@') },
      total_users: 3,
      creation_date: today,
      recent_days: [
        { date: today, total_users: 2 },
        { date: tenDaysAgo, total_users: 1 },
      ],
    });
    const beta = body.usersByReseller.find((row) => row.revendedor_id === otherReseller.userId);
    expect(beta).toMatchObject({ total_users: 1, creation_date: null, recent_days: [] });
    const none = body.usersByReseller.find((row) => row.revendedor_id === null);
    expect(none).toMatchObject({ revendedor: null, total_users: 4 });
    expect(body.usersByReseller[0]).toBe(none);
  });

  it('narrows an admin to one responsible with revendedorId, their own lookups included', async () => {
    const body = (await get(`/api/users/metrics?revendedorId=${reseller.userId}`, admin)).json<Metrics>();
    expect(body.totalMetrics).toEqual({
      total_users: 3,
      active_users: 1,
      total_resellers: 0,
      new_users: 3,
      lookups: 3,
    });
    expect(body.usersByReseller.map((row) => row.revendedor_id)).toEqual([reseller.userId]);
  });

  it('shows a reseller only their clients; another reseller’s id is refused', async () => {
    const own = await get('/api/users/metrics', reseller);
    expect(own.statusCode).toBe(200);
    expect(own.json<Metrics>().totalMetrics).toMatchObject({ total_users: 3, lookups: 3 });
    expect(own.json<Metrics>().usersByReseller.map((row) => row.revendedor_id)).toEqual([reseller.userId]);
    expect((await get(`/api/users/metrics?revendedorId=${reseller.userId}`, reseller)).statusCode).toBe(200);

    const other = await get(`/api/users/metrics?revendedorId=${otherReseller.userId}`, reseller);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN' });
    const beta = (await get('/api/users/metrics', otherReseller)).json<Metrics>();
    expect(beta.totalMetrics).toMatchObject({ total_users: 1, active_users: 1, lookups: 0 });
  });

  it('is refused to ordinary users (403) and anonymous callers (401), before the query is read', async () => {
    expect((await get('/api/users/metrics', client)).statusCode).toBe(403);
    expect((await get('/api/users/metrics', null)).statusCode).toBe(401);
    expect((await get('/api/users/metrics?startDate=banana', null)).statusCode).toBe(401);
    expect((await get('/api/users/metrics/export.csv', client)).statusCode).toBe(403);
    expect((await get('/api/users/metrics/export.csv', null)).statusCode).toBe(401);
  });

  it('validates the period with Portuguese messages', async () => {
    const cases: [string, string][] = [
      ['startDate=2026-02-30', messages.invalidDate],
      ['startDate=22/11/2026', messages.invalidDate],
      ['endDate=amanha', messages.invalidDate],
      ['startDate=2026-03-10&endDate=2026-03-09', messages.periodStartAfterEnd],
      ['startDate=2025-01-01&endDate=2026-01-02', messages.periodTooLong(366)],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/users/metrics?${query}`, admin);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'VALIDATION_ERROR', error: message });
      expect(Object.values(response.json().fields)).toContain(message);
    }
    const bad = await get('/api/users/metrics?revendedorId=abc', admin);
    expect(bad.statusCode).toBe(400);

    const leap = await get('/api/users/metrics?startDate=2024-01-01&endDate=2024-12-31', admin);
    expect(leap.statusCode).toBe(200);
    expect(leap.json<Metrics>().daily).toHaveLength(366);
    const single = (
      await get(`/api/users/metrics?startDate=${today}&endDate=${today}`, admin)
    ).json<Metrics>();
    expect(single.daily).toEqual([{ date: today, signups: 6, lookups: 4 }]);
    const fromStart = (await get(`/api/users/metrics?startDate=${tenDaysAgo}`, admin)).json<Metrics>();
    expect([fromStart.startDate, fromStart.endDate, fromStart.daily.length]).toEqual([tenDaysAgo, today, 11]);
    expect(fromStart.totalMetrics.new_users).toBe(7);
    const before = (await get(`/api/users/metrics?endDate=${addDays(today, -1)}`, admin)).json<Metrics>();
    expect(before.totalMetrics).toMatchObject({ new_users: 1, lookups: 0, total_users: 8 });
  });
});

describe('GET /api/users/metrics/export.csv', () => {
  it('exports the daily series and the responsibles, UTF-8 with BOM, ; separated, formulas defused', async () => {
    await database.db
      .update(users)
      .set({ nome: '=HYPERLINK("x";"y")' })
      .where(eq(users.id, otherReseller.userId));
    const daily = await get(`/api/users/metrics/export.csv?startDate=${tenDaysAgo}`, admin);
    expect(daily.statusCode).toBe(200);
    expect(daily.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(daily.headers['content-disposition']).toContain(`metricas-diario-${tenDaysAgo}-a-${today}.csv`);
    const lines = daily.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFdata;cadastros;consultas');
    expect(lines).toHaveLength(13);
    const br = (date: string) => `${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
    expect(lines[1]).toBe(`${br(tenDaysAgo)};1;0`);
    expect(lines[11]).toBe(`${br(today)};6;4`);

    const table = await get('/api/users/metrics/export.csv?tabela=revendedores', admin);
    const rows = table.body.split('\r\n');
    expect(rows[0]).toBe('\uFEFFrevendedor_id;revendedor;email;total_usuarios;cadastros_recentes');
    expect(rows).toContain(`;${messages.metricsNoReseller};;4;${br(today)}: 4`);
    expect(rows.find((row) => row.startsWith(`${otherReseller.userId};`))).toMatch(
      new RegExp(`^${otherReseller.userId};"'=HYPERLINK\\(""x"";""y""\\)";`),
    );

    const scoped = (await get('/api/users/metrics/export.csv?tabela=revendedores', reseller)).body.split(
      '\r\n',
    );
    expect(scoped.filter(Boolean)).toHaveLength(2);
    expect(scoped[1]).toMatch(new RegExp(`^${reseller.userId};Revenda Alfa;`));
    expect(
      (await get(`/api/users/metrics/export.csv?revendedorId=${otherReseller.userId}`, reseller)).statusCode,
    ).toBe(403);
    const invalid = await get('/api/users/metrics/export.csv?tabela=tudo', admin);
    expect(invalid.statusCode).toBe(400);
  });
});
