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

/**
 * Valid steps repeated never push an expiry out of the dates the panel can hold (years 1970-9999,
 * docs/decisions/0010-bad-input-at-the-edge.md): the end is held at the last instant of 9999 (or
 * the first of 1970) and every answer stays a normal one.
 */
let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: admin.headers, payload });
const expiryOf = async (userId: number) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/users/${userId}/limits`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ tempo: { data_expiracao: string | null } }>().tempo.data_expiracao;
};

describe('an expiry pushed by repeated valid steps', () => {
  it('stops at the end of 9999 when days are added again and again', async () => {
    const user = await registerUser(app);
    for (let step = 0; step < 85; step += 1) {
      const response = await post(`/api/users/${user.userId}/days/add`, { days: 36_500 });
      expect(response.statusCode, `step ${step}: ${response.body}`).toBe(200);
    }
    expect(await expiryOf(user.userId)).toBe('9999-12-31T23:59:59.999Z');
  });

  it('stops at 1970 when days are removed again and again', async () => {
    const user = await registerUser(app);
    await post(`/api/users/${user.userId}/days/add`, { days: 30 });
    for (let step = 0; step < 25; step += 1) {
      const response = await post(`/api/users/${user.userId}/days/remove`, { days: 36_500 });
      expect(response.statusCode, `step ${step}: ${response.body}`).toBe(200);
    }
    expect(await expiryOf(user.userId)).toBe('1970-01-01T00:00:00.000Z');
  });

  it('stops at the end of 9999 under bulk add-time', async () => {
    const user = await registerUser(app);
    for (let step = 0; step < 85; step += 1) {
      const response = await post('/api/users/bulk/add-time', {
        days: 36_500,
        hours: 0,
        user_ids: [user.userId],
      });
      expect(response.statusCode, `step ${step}: ${response.body}`).toBe(200);
    }
    expect(await expiryOf(user.userId)).toBe('9999-12-31T23:59:59.999Z');
  });

  it('stops at the end of 9999 when a long plan is activated again and again', async () => {
    const user = await registerUser(app);
    const created = await post('/api/admin/plans', {
      name: 'Plano milenar',
      description: 'Teste de limite',
      price_cents: 100,
      duration_value: 1_000,
      duration_unit: 'years',
      active: true,
      allowed_concurrent_ips: 1,
      metadata: { benefits: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const planId = created.json<{ id: number }>().id;
    for (let step = 0; step < 9; step += 1) {
      const response = await post(`/api/users/${user.userId}/subscription`, { plan_id: planId });
      expect(response.statusCode, `step ${step}: ${response.body}`).toBe(200);
    }
    expect(await expiryOf(user.userId)).toBe('9999-12-31T23:59:59.999Z');
    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    expect(profile.statusCode, profile.body).toBe(200);
  });
});
