import { messages } from '@painel/shared/messages';
import { addDays, businessToday } from '@painel/shared/schemas/metrics';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createTestApp,
  createTestDatabase,
  registerUser,
  type SignedIn,
  signIn,
} from '../../../test/harness.ts';
import { createReseller } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { logs } from '../../db/schema/logs.ts';
import { users } from '../../db/schema/users.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;
let reseller: SignedIn;
let client: SignedIn;
let stranger: SignedIn;
const today = businessToday();
const fiveDaysAgo = addDays(today, -5);

interface Entry {
  id: number;
  usuario_id: number | null;
  tipo: string;
  acao: string;
  createdAt: string;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  reseller = await createReseller(app, database.db, { nome: 'Revenda Logs' });
  client = await registerUser(app, { nome: 'Cliente Logs' });
  stranger = await registerUser(app);
  await database.db.update(users).set({ revendedorId: reseller.userId }).where(eq(users.id, client.userId));
  // Older entries, as they would be in the trail: 02:30 UTC five days ago is still the day before in São Paulo.
  await database.db.insert(logs).values([
    {
      tipo: 'consulta',
      acao: '=cmd|"/c calc"!A1',
      userId: client.userId,
      detalhes: { nota: 'antiga; com separador' },
      createdAt: new Date(`${fiveDaysAgo}T15:00:00Z`),
    },
    {
      tipo: 'admin_action',
      acao: 'ajuste_antigo',
      userId: stranger.userId,
      createdAt: new Date(`${fiveDaysAgo}T02:30:00Z`),
    },
  ]);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (url: string, who: SignedIn | null) =>
  app.inject({ method: 'GET', url, headers: who ? who.headers : {} });
const page = async (url: string, who: SignedIn) => {
  const response = await get(url, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { logs: Entry[]; total: number; totalPages: number } }>().data;
};

describe('GET /api/logs', () => {
  it('filters by period (São Paulo days) and type, with exact totals', async () => {
    const all = await page('/api/logs?limit=100', admin);
    const onDay = await page(`/api/logs?startDate=${fiveDaysAgo}&endDate=${fiveDaysAgo}&limit=100`, admin);
    expect(onDay.logs.map((entry) => entry.acao)).toEqual(['=cmd|"/c calc"!A1']);
    expect(onDay.total).toBe(1);
    const dayBefore = await page(`/api/logs?endDate=${addDays(fiveDaysAgo, -1)}`, admin);
    expect(dayBefore.logs.map((entry) => entry.acao)).toEqual(['ajuste_antigo']);
    const recent = await page(`/api/logs?startDate=${today}&limit=100`, admin);
    expect(recent.total).toBe(all.total - 2);
    expect(recent.logs.every((entry) => entry.createdAt >= `${addDays(today, -1)}T`)).toBe(true);

    const logins = await page('/api/logs?tipo=login&limit=10', admin);
    expect(logins.total).toBe(all.logs.filter((entry) => entry.tipo === 'login').length);
    expect(logins.logs.every((entry) => entry.tipo === 'login')).toBe(true);
    const consultasLastWeek = await page(`/api/logs?tipo=consulta&startDate=${addDays(today, -7)}`, admin);
    expect(consultasLastWeek.total).toBe(1);
    expect((await page('/api/logs?tipo=', admin)).total).toBe(all.total);
  });

  it('shows a reseller their own and their clients’ entries only, totals included', async () => {
    const scoped = await page('/api/logs?limit=100', reseller);
    const actors = new Set(scoped.logs.map((entry) => entry.usuario_id));
    expect([...actors].sort()).toEqual([reseller.userId, client.userId].sort());
    expect(scoped.total).toBe(scoped.logs.length);
    const old = await page(`/api/logs?endDate=${fiveDaysAgo}`, reseller);
    expect(old.logs.map((entry) => entry.acao)).toEqual(['=cmd|"/c calc"!A1']);
  });

  it('gives a reseller the same newest entries whichever index serves the page', async () => {
    await database.db.insert(logs).values(
      Array.from({ length: 60 }, (_, index) => ({
        tipo: 'consulta' as const,
        acao: `cliente_${index}`,
        userId: client.userId,
        createdAt: new Date(Date.now() - index * 1000),
      })),
    );
    // Page 1 of 10 walks the date index (the reseller owns most of the trail); 100 per page reads
    // their users' entries and sorts them: both must agree.
    const walked = await page('/api/logs?limit=10', reseller);
    const byUser = await page('/api/logs?limit=100', reseller);
    expect(walked.total).toBe(byUser.total);
    expect(walked.logs.map((entry) => entry.id)).toEqual(byUser.logs.slice(0, 10).map((entry) => entry.id));
    const second = await page('/api/logs?limit=10&page=2', reseller);
    expect(second.logs.map((entry) => entry.id)).toEqual(byUser.logs.slice(10, 20).map((entry) => entry.id));
  });

  it('validates dates and refuses ordinary users and anonymous callers', async () => {
    const reversed = await get(`/api/logs?startDate=${today}&endDate=${fiveDaysAgo}`, admin);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ error: messages.periodStartAfterEnd, code: 'VALIDATION_ERROR' });
    expect((await get('/api/logs?startDate=2026-13-01', admin)).json().error).toBe(messages.invalidDate);
    expect((await get('/api/logs?tipo=outro', admin)).statusCode).toBe(400);
    expect((await get('/api/logs', client)).statusCode).toBe(403);
    expect((await get('/api/logs?startDate=x', null)).statusCode).toBe(401);
  });
});

describe('GET /api/logs/export.csv', () => {
  it('streams the filtered trail as pt-BR CSV (BOM, ;, São Paulo time), formulas defused, scoped', async () => {
    const response = await get(`/api/logs/export.csv?startDate=${fiveDaysAgo}&endDate=${fiveDaysAgo}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="logs-${fiveDaysAgo}-a-${fiveDaysAgo}.csv"`,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFid;data_hora;usuario_id;nome;email;tipo;acao;detalhes');
    const [y, m, d] = fiveDaysAgo.split('-');
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d+;${d}/${m}/${y} 12:00:00;${client.userId};Cliente Logs;[^;]+;consulta;"'=cmd\\|""/c calc""!A1";"{""nota"":""antiga; com separador""}"$`,
      ),
    );
    expect(lines).toHaveLength(3);

    const everything = (await get('/api/logs/export.csv', admin)).body.split('\r\n').filter(Boolean);
    expect(everything.length - 1).toBe((await page('/api/logs?limit=10', admin)).total);
    const mine = (await get('/api/logs/export.csv?tipo=login', reseller)).body.split('\r\n').filter(Boolean);
    expect(mine.length).toBeGreaterThan(1);
    const allowed = [String(reseller.userId), String(client.userId)];
    expect(mine.slice(1).every((line) => allowed.includes(line.split(';')[2]!))).toBe(true);
    expect(mine.slice(1).some((line) => line.split(';')[2] === String(reseller.userId))).toBe(true);
    expect((await get('/api/logs/export.csv', client)).statusCode).toBe(403);
    expect((await get('/api/logs/export.csv', null)).statusCode).toBe(401);
  });

  it('pages through more than one batch without losing or repeating an entry', async () => {
    await database.db.insert(logs).values(
      Array.from({ length: 2100 }, (_, index) => ({
        tipo: 'login' as const,
        acao: `lote_${index}`,
        userId: stranger.userId,
        // Many entries share a timestamp: the cursor must break ties by id.
        createdAt: new Date(Date.UTC(2020, 0, 1, 12, 0, Math.floor(index / 7))),
      })),
    );
    const body = (await get('/api/logs/export.csv?endDate=2020-01-01', admin)).body;
    const ids = body
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => Number(line.split(';')[0]));
    expect(ids).toHaveLength(2100);
    expect(new Set(ids).size).toBe(2100);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
