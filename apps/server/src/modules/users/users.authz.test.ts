import { asc } from 'drizzle-orm';
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
import { caller, createReseller, insertUser, type Method } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { modules } from '../../db/schema/modules.ts';
import { plans } from '../../db/schema/plans.ts';

/**
 * docs/product/roles.md#role-table as a table: every /users and /profile endpoint, called as anonymous, usuario,
 * reseller on an own client, reseller on another reseller's client, and admin.
 */
let database: DatabaseHandle;
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let admin: SignedIn;
let usuario: SignedIn & { email: string; senha: string };
let resellerA: SignedIn & { email: string; senha: string };
let resellerB: SignedIn & { email: string; senha: string };
let planId: number;
let moduleId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  call = caller(app);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  usuario = await registerUser(app);
  resellerA = await createReseller(app, database.db, { creditsCents: 1_000_000 });
  resellerB = await createReseller(app, database.db, { creditsCents: 1_000_000 });
  const [plan] = await database.db.select({ id: plans.id }).from(plans).orderBy(asc(plans.id)).limit(1);
  const [module] = await database.db
    .select({ id: modules.id })
    .from(modules)
    .orderBy(asc(modules.id))
    .limit(1);
  planId = plan!.id;
  moduleId = module!.id;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Audience = 'managers' | 'admin' | 'everyone';
type Who = 'anonymous' | 'usuario' | 'resellerOwn' | 'resellerOther' | 'admin';

interface Endpoint {
  name: string;
  method: Method;
  /** Built with the target user's id, when the endpoint has one. */
  url: (id: number) => string;
  body?: (id: number) => unknown;
  audience: Audience;
  targeted: boolean;
  ok: number;
  /** Admin-only fields of an endpoint resellers may call: the scope is checked first (404 outside it). */
  fieldLevel?: boolean;
}

const endpoints: Endpoint[] = [
  {
    name: 'list',
    method: 'GET',
    url: () => '/api/users?page=1&limit=10',
    audience: 'managers',
    targeted: false,
    ok: 200,
  },
  {
    name: 'create',
    method: 'POST',
    url: () => '/api/users',
    body: () => ({
      nome: 'Novo',
      email: `novo-${Math.random().toString(36).slice(2)}@teste.local`,
      senha: 'abcd',
    }),
    audience: 'managers',
    targeted: false,
    ok: 201,
  },
  {
    name: 'export csv',
    method: 'GET',
    url: () => '/api/users/export.csv',
    audience: 'managers',
    targeted: false,
    ok: 200,
  },
  {
    name: 'bulk add-time',
    method: 'POST',
    url: () => '/api/users/bulk/add-time',
    body: () => ({ days: 1, hours: 0 }),
    audience: 'managers',
    targeted: false,
    ok: 200,
  },
  {
    name: 'get',
    method: 'GET',
    url: (id) => `/api/users/${id}`,
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'edit',
    method: 'PUT',
    url: (id) => `/api/users/${id}`,
    body: () => ({ nome: 'Editado', dias_ativos: 10 }),
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'edit tipo',
    fieldLevel: true,
    method: 'PUT',
    url: (id) => `/api/users/${id}`,
    body: () => ({ tipo: 'revendedor' }),
    audience: 'admin',
    targeted: true,
    ok: 200,
  },
  {
    name: 'edit revendedor_id',
    fieldLevel: true,
    method: 'PUT',
    url: (id) => `/api/users/${id}`,
    body: () => ({ revendedor_id: resellerB.userId }),
    audience: 'admin',
    targeted: true,
    ok: 200,
  },
  {
    name: 'delete',
    method: 'DELETE',
    url: (id) => `/api/users/${id}`,
    audience: 'admin',
    targeted: true,
    ok: 200,
  },
  {
    name: 'ban',
    method: 'POST',
    url: (id) => `/api/users/${id}/ban`,
    body: () => ({ motivo: 'Fraude' }),
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'unban',
    method: 'POST',
    url: (id) => `/api/users/${id}/unban`,
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'credits add',
    method: 'POST',
    url: (id) => `/api/users/${id}/credits/add`,
    body: () => ({ amount: 5 }),
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'credits remove',
    method: 'POST',
    url: (id) => `/api/users/${id}/credits/remove`,
    body: () => ({ amount: 5 }),
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'days add',
    method: 'POST',
    url: (id) => `/api/users/${id}/days/add`,
    body: () => ({ days: 3 }),
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'days remove',
    method: 'POST',
    url: (id) => `/api/users/${id}/days/remove`,
    body: () => ({ days: 1 }),
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'subscription',
    method: 'POST',
    url: (id) => `/api/users/${id}/subscription`,
    body: () => ({ plan_id: planId }),
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'role',
    method: 'PUT',
    url: (id) => `/api/users/${id}/role`,
    body: () => ({ tipo: 'revendedor' }),
    audience: 'admin',
    targeted: true,
    ok: 200,
  },
  {
    name: 'module-limit',
    method: 'POST',
    url: (id) => `/api/users/${id}/module-limit`,
    body: () => ({ modulo_id: moduleId, limite: 7 }),
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'reset-usage',
    method: 'POST',
    url: (id) => `/api/users/${id}/modules/reset-usage`,
    body: () => ({}),
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'limits',
    method: 'GET',
    url: (id) => `/api/users/${id}/limits`,
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'credit statement',
    method: 'GET',
    url: (id) => `/api/users/${id}/credits`,
    audience: 'managers',
    targeted: true,
    ok: 200,
  },
  {
    name: 'own credit statement',
    method: 'GET',
    url: () => '/api/profile/credits',
    audience: 'everyone',
    targeted: false,
    ok: 200,
  },
  {
    name: 'profile',
    method: 'GET',
    url: () => '/api/profile',
    audience: 'everyone',
    targeted: false,
    ok: 200,
  },
  {
    name: 'profile edit',
    method: 'PUT',
    url: () => '/api/profile',
    body: () => ({}),
    audience: 'everyone',
    targeted: false,
    ok: 200,
  },
  {
    name: 'change password',
    method: 'POST',
    url: () => '/api/profile/change-password',
    body: () => ({}),
    audience: 'everyone',
    targeted: false,
    ok: 200,
  },
];

/** docs/product/roles.md#role-table: what each caller gets. */
function expected(endpoint: Endpoint, who: Who): number {
  if (who === 'anonymous') return 401;
  if (endpoint.audience === 'everyone') return endpoint.ok;
  if (who === 'usuario') return 403;
  if (who === 'admin') return endpoint.ok;
  if (endpoint.audience === 'admin') return who === 'resellerOther' && endpoint.fieldLevel ? 404 : 403;
  return who === 'resellerOther' ? 404 : endpoint.ok;
}

const whos: Who[] = ['anonymous', 'usuario', 'resellerOwn', 'resellerOther', 'admin'];
const cases = endpoints
  .flatMap((endpoint) => whos.map((who) => ({ endpoint, who })))
  // Untargeted manager endpoints have no "other reseller's client" to aim at.
  .filter(({ endpoint, who }) => endpoint.targeted || who !== 'resellerOther');

describe('authorization matrix (docs/product/roles.md#role-table)', () => {
  it.each(cases.map((c) => [c.endpoint.name, c.who, c] as const))(
    '%s as %s',
    async (_name, _who, { endpoint, who }) => {
      const self = {
        anonymous: null,
        usuario,
        resellerOwn: resellerA,
        resellerOther: resellerA,
        admin: { ...admin, email: ADMIN.email, senha: ADMIN.senha },
      }[who];
      // A fresh target per call: a client of A (own), or of B (other); the admin aims at A's client.
      const targetId = await insertUser(database.db, {
        revendedorId: who === 'resellerOther' ? resellerB.userId : resellerA.userId,
        creditsCents: 10_000,
        dataExpiracao: new Date(Date.now() + 5 * 86_400_000),
      });
      let body = endpoint.body?.(targetId);
      if (endpoint.name === 'profile edit' && self) body = { nome: 'Meu Nome', email: self.email };
      if (endpoint.name === 'change password' && self)
        body = { senhaAtual: self.senha, novaSenha: self.senha };
      // A reseller takes back only what it transferred (docs/decisions/0008-take-back-deactivation-offline.md).
      if (endpoint.name === 'credits remove' && who === 'resellerOwn') {
        await call('POST', `/api/users/${targetId}/credits/add`, resellerA.headers, { amount: 5 });
      }
      const response = await call(endpoint.method, endpoint.url(targetId), self?.headers ?? {}, body);
      expect(response.statusCode, response.body).toBe(expected(endpoint, who));
      if (response.statusCode >= 400) expect(response.json()).toHaveProperty('code');
      if (who === 'resellerOther' && response.statusCode === 404) {
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Usuário não encontrado' });
      }
    },
  );

  it('gives a reseller the same 404 for another reseller’s client and for an id that does not exist', async () => {
    const other = await insertUser(database.db, { revendedorId: resellerB.userId });
    const a = await call('GET', `/api/users/${other}/limits`, resellerA.headers);
    const b = await call('GET', '/api/users/2147483000/limits', resellerA.headers);
    expect([a.statusCode, b.statusCode]).toEqual([404, 404]);
    expect(a.json()).toEqual(b.json());
  });

  it('refuses a reseller acting on itself or on an admin (not its clients)', async () => {
    const self = await call('POST', `/api/users/${resellerA.userId}/credits/add`, resellerA.headers, {
      amount: 1,
    });
    const onAdmin = await call('POST', `/api/users/${admin.userId}/ban`, resellerA.headers, { motivo: 'x' });
    expect([self.statusCode, onAdmin.statusCode]).toEqual([404, 404]);
  });

  it('never lets an admin delete, ban, demote or deactivate itself', async () => {
    const del = await call('DELETE', `/api/users/${admin.userId}`, admin.headers);
    const ban = await call('POST', `/api/users/${admin.userId}/ban`, admin.headers, { motivo: 'x' });
    const role = await call('PUT', `/api/users/${admin.userId}/role`, admin.headers, { tipo: 'usuario' });
    const inactive = await call('PUT', `/api/users/${admin.userId}`, admin.headers, { ativo: false });
    for (const response of [del, ban, role, inactive]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'FORBIDDEN',
        error: 'Você não pode fazer isso com a sua própria conta',
      });
    }
    expect((await call('GET', '/api/profile', admin.headers)).json().user.tipo).toBe('admin');
  });

  it('lets a reseller create only usuarios, linked to itself', async () => {
    const asAdmin = await call('POST', '/api/users', resellerA.headers, {
      nome: 'X',
      email: 'x-admin@teste.local',
      senha: 'abcd',
      tipo: 'admin',
    });
    expect(asAdmin.statusCode).toBe(403);
    const created = await call('POST', '/api/users', resellerA.headers, {
      nome: 'Cliente do A',
      email: 'cliente-do-a@teste.local',
      senha: 'abcd',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ tipo: 'usuario', revendedor_id: resellerA.userId });
  });

  it('scopes bulk add-time: a reseller reaches only its clients, an admin never reaches admins', async () => {
    const own = await insertUser(database.db, { revendedorId: resellerA.userId });
    const other = await insertUser(database.db, { revendedorId: resellerB.userId });
    const otherAdmin = await insertUser(database.db, { tipo: 'admin' });
    const byReseller = await call('POST', '/api/users/bulk/add-time', resellerA.headers, {
      days: 2,
      hours: 0,
      user_ids: [own, other],
    });
    expect(byReseller.json()).toMatchObject({ message: 'Tempo adicionado com sucesso', atualizados: 1 });
    const byAdmin = await call('POST', '/api/users/bulk/add-time', admin.headers, {
      days: 0,
      hours: 5,
      user_ids: [own, other, otherAdmin],
    });
    expect(byAdmin.json().atualizados).toBe(2);
    const expiryOf = async (id: number) =>
      (await call('GET', `/api/users/${id}`, admin.headers)).json().user.data_expiracao as string | null;
    expect(await expiryOf(otherAdmin)).toBeNull();
    const ownExpiry = Date.parse((await expiryOf(own)) ?? '');
    expect(Math.abs(ownExpiry - (Date.now() + 2 * 86_400_000 + 5 * 3_600_000))).toBeLessThan(60_000);
  });
});
