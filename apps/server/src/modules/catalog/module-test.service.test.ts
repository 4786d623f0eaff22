import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createModuleViaApi,
  createTestApp,
  createTestDatabase,
  registerUser,
  type SignedIn,
  signIn,
} from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { creditLedger } from '../../db/schema/ledger.ts';
import { logs } from '../../db/schema/logs.ts';
import { users } from '../../db/schema/users.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;
let reseller: SignedIn;
let usuario: SignedIn;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  reseller = await registerUser(app);
  await database.db.update(users).set({ tipo: 'revendedor' }).where(eq(users.id, reseller.userId));
  usuario = await registerUser(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const testar = (id: number, headers: Record<string, string>, input: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api/modulos/${id}/testar`, headers, payload: { input } });

async function totals() {
  const [ledger] = await database.db.select({ rows: sql<number>`count(*)::int` }).from(creditLedger);
  const [admins] = await database.db
    .select({ cents: users.creditosCents })
    .from(users)
    .where(eq(users.id, admin.userId));
  return {
    consultas: await database.db.$count(consultas),
    ledgerRows: Number(ledger?.rows ?? 0),
    adminCents: admins?.cents,
  };
}

describe('POST /api/modulos/:id/testar', () => {
  it('answers with the raw response and its latency, charging nothing and recording no consulta', async () => {
    const id = await createModuleViaApi(app, admin.headers, {
      nome: 'CPF por crédito (teste)',
      tipo_limite: 'creditos',
      preco_por_consulta: 2.5,
      api_url: '/demo-api/cpf/{cpf}',
      ativo: false,
    });
    const before = await totals();

    const response = await testar(id, admin.headers, { cpf: '123.456.789-09' });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.ok).toBe(true);
    expect(typeof body.latencia_ms).toBe('number');
    expect(body.latencia_ms).toBeGreaterThanOrEqual(0);
    expect(body.resposta).toBeTypeOf('object');
    expect(JSON.stringify(body.resposta)).toContain('123');
    expect(await totals()).toEqual(before);

    const [entry] = await database.db
      .select()
      .from(logs)
      .where(and(eq(logs.acao, 'modulo_testado'), eq(logs.userId, admin.userId)));
    expect(entry?.tipo).toBe('admin_action');
    expect(entry?.detalhes).toMatchObject({ modulo_id: id, ok: true, campos: ['cpf'] });
    // Neither the answer nor the input value lands in the audit trail.
    expect(JSON.stringify(entry?.detalhes)).not.toContain('12345678909');
    expect(entry?.detalhes).not.toHaveProperty('resposta');
  });

  it('reports an upstream failure as a result, not as an error of the panel', async () => {
    const id = await createModuleViaApi(app, admin.headers, { api_url: '/demo-api/nao-existe/{cpf}' });

    const response = await testar(id, admin.headers, { cpf: '123.456.789-09' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: false,
      erro: expect.any(String),
      codigo: expect.any(String),
    });
    expect(response.json()).not.toHaveProperty('resposta');
  });

  it('checks the sample input with the query form rules', async () => {
    const id = await createModuleViaApi(app, admin.headers, { api_url: '/demo-api/cpf/{cpf}' });

    const response = await testar(id, admin.headers, { cpf: '123.456' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'input.cpf': 'Preencha todos os dígitos' },
    });
  });

  it('is for admins only', async () => {
    const id = await createModuleViaApi(app, admin.headers, { api_url: '/demo-api/cpf/{cpf}' });
    for (const caller of [reseller, usuario]) {
      const response = await testar(id, caller.headers, { cpf: '123.456.789-09' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/modulos/${id}/testar`,
      payload: { input: {} },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for a module that does not exist', async () => {
    const response = await testar(999_999, admin.headers, {});
    expect(response.statusCode).toBe(404);
  });
});
