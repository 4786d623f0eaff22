import { and, desc, eq } from 'drizzle-orm';
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
import type { DatabaseHandle } from '../../db/client.ts';
import { logs } from '../../db/schema/logs.ts';
import { subscriptions } from '../../db/schema/plans.ts';
import { users } from '../../db/schema/users.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;
let usuario: SignedIn;
let revendedor: SignedIn;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  usuario = await registerUser(app);
  const reseller = await registerUser(app);
  await database.db.update(users).set({ tipo: 'revendedor' }).where(eq(users.id, reseller.userId));
  revendedor = await signIn(app, reseller.email, reseller.senha);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: object, payload?: object) =>
  app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

const validPlan = {
  name: 'Quinzenal',
  description: 'Acesso por 15 dias',
  price_cents: 4990,
  duration_value: 15,
  duration_unit: 'days',
  metadata: { benefits: ['  Todos os módulos ', '', '   ', 'Suporte'] },
};

describe('plans administration', () => {
  it('creates a plan with defaults, trimmed benefits, and logs it', async () => {
    const created = await call('POST', '/api/admin/plans', admin.headers, validPlan);
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({
      name: 'Quinzenal',
      price_cents: 4990,
      duration_value: 15,
      duration_unit: 'days',
      active: true,
      allowed_concurrent_ips: 1,
      metadata: { benefits: ['Todos os módulos', 'Suporte'] },
    });
    const [entry] = await database.db
      .select()
      .from(logs)
      .where(eq(logs.acao, 'plano_criado'))
      .orderBy(desc(logs.id))
      .limit(1);
    expect(entry).toMatchObject({ tipo: 'admin_action', userId: admin.userId });
    expect(entry!.detalhes).toMatchObject({ antes: null, depois: { id: plan.id, name: 'Quinzenal' } });
  });

  it('accepts benefits typed one per line', async () => {
    const created = await call('POST', '/api/admin/plans', admin.headers, {
      ...validPlan,
      name: 'Linhas',
      metadata: { benefits: 'Um\n\n  Dois  \r\nTrês\n' },
    });
    expect(created.json().metadata.benefits).toEqual(['Um', 'Dois', 'Três']);
  });

  it('refuses bad input with Portuguese field messages', async () => {
    const response = await call('POST', '/api/admin/plans', admin.headers, {
      name: '  ',
      price_cents: -1,
      duration_value: 0,
      duration_unit: 'weeks',
      allowed_concurrent_ips: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        name: 'Informe o nome do plano',
        price_cents: 'Informe um preço válido (em centavos, sem negativos)',
        duration_value: 'A duração deve ser um número inteiro maior que 0',
        duration_unit: 'Unidade inválida: use dias, meses ou anos',
        allowed_concurrent_ips: 'O mínimo é 1 acesso simultâneo',
      },
    });
    const missing = await call('POST', '/api/admin/plans', admin.headers, {});
    expect(missing.json().fields).toMatchObject({ name: 'Informe o nome do plano' });
  });

  it('updates partially, logging only what changed with antes/depois', async () => {
    const plan = (
      await call('POST', '/api/admin/plans', admin.headers, { ...validPlan, name: 'Editável' })
    ).json();
    const updated = await call('PUT', `/api/admin/plans/${plan.id}`, admin.headers, {
      price_cents: 5990,
      active: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: plan.id, name: 'Editável', price_cents: 5990, active: false });
    const [entry] = await database.db
      .select()
      .from(logs)
      .where(eq(logs.acao, 'plano_alterado'))
      .orderBy(desc(logs.id))
      .limit(1);
    expect(entry!.detalhes).toMatchObject({
      plano_id: plan.id,
      antes: { price_cents: 4990, active: true },
      depois: { price_cents: 5990, active: false },
    });
    expect(Object.keys(entry!.detalhes.antes as object).sort()).toEqual(['active', 'price_cents']);
    expect((await call('PUT', '/api/admin/plans/999999', admin.headers, { active: true })).statusCode).toBe(
      404,
    );
    const bad = await call('PUT', `/api/admin/plans/${plan.id}`, admin.headers, {
      allowed_concurrent_ips: 0,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists every plan paged, and only active ones cheapest first on /plans/active', async () => {
    const page = await call('GET', '/api/admin/plans?page=1&limit=2', admin.headers);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.plans).toHaveLength(2);
    expect(body.totalPages).toBe(Math.ceil(body.total / 2));
    expect(body.total).toBeGreaterThanOrEqual(6);

    const active = (await call('GET', '/api/plans/active', usuario.headers)).json().plans as {
      price_cents: number;
      active: boolean;
      name: string;
    }[];
    expect(active.every((plan) => plan.active)).toBe(true);
    expect(active.map((plan) => plan.price_cents)).toEqual(
      [...active.map((plan) => plan.price_cents)].sort((a, b) => a - b),
    );
    expect(active.some((plan) => plan.name === 'Editável')).toBe(false);
    expect((await call('GET', '/api/plans/active?limit=1', usuario.headers)).json().plans).toHaveLength(1);
    expect((await call('GET', '/api/plans/active?limit=101', usuario.headers)).statusCode).toBe(400);
    expect((await call('GET', '/api/plans/active')).statusCode).toBe(401);
  });

  it('deletes an unused plan, and refuses (409) a plan with subscriptions', async () => {
    const unused = (
      await call('POST', '/api/admin/plans', admin.headers, { ...validPlan, name: 'Sem uso' })
    ).json();
    const deleted = await call('DELETE', `/api/admin/plans/${unused.id}`, admin.headers);
    expect(deleted.statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/plans/${unused.id}`, admin.headers)).statusCode).toBe(404);

    const used = (
      await call('POST', '/api/admin/plans', admin.headers, { ...validPlan, name: 'Usado' })
    ).json();
    await database.db.insert(subscriptions).values({
      userId: usuario.userId,
      planId: used.id,
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 86_400_000),
      source: 'manual',
    });
    const refused = await call('DELETE', `/api/admin/plans/${used.id}`, admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'PLAN_IN_USE',
      error:
        'Este plano já foi assinado ou cobrado e não pode ser deletado. Desative-o para que não seja mais oferecido.',
    });
    const logged = await database.db.$count(logs, and(eq(logs.acao, 'plano_deletado')));
    expect(logged).toBe(1);
  });
});

describe('roles (docs/product/roles.md#role-table)', () => {
  it('lets a revendedor read plans but not change them', async () => {
    expect((await call('GET', '/api/admin/plans', revendedor.headers)).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/plans', revendedor.headers, validPlan)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/plans/1', revendedor.headers, { active: false })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', '/api/admin/plans/1', revendedor.headers)).statusCode).toBe(403);
  });

  it('keeps a usuario out of plan administration', async () => {
    expect((await call('GET', '/api/admin/plans', usuario.headers)).statusCode).toBe(403);
    const created = await call('POST', '/api/admin/plans', usuario.headers, validPlan);
    expect(created.statusCode).toBe(403);
    expect(created.json().code).toBe('FORBIDDEN');
    expect((await call('GET', '/api/plans/active', usuario.headers)).statusCode).toBe(200);
  });
});
