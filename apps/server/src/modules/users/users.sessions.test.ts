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
import { caller } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { plans } from '../../db/schema/plans.ts';

/**
 * Ban, deactivation, delete and a password change end sessions; a role change is seen at once
 * (docs/decisions/0008-take-back-deactivation-offline.md for deactivation).
 */
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

const profileStatus = async (signed: SignedIn) =>
  (await call('GET', '/api/profile', signed.headers)).statusCode;

/** A user allowed two sessions at once (a plan with two concurrent IPs), signed in twice. */
async function userWithTwoSessions() {
  const user = await registerUser(app);
  const [plan] = await database.db.select().from(plans).where(eq(plans.allowedConcurrentIps, 2)).limit(1);
  expect(
    (await call('POST', `/api/users/${user.userId}/subscription`, admin.headers, { plan_id: plan!.id }))
      .statusCode,
  ).toBe(200);
  const first = await signIn(app, user.email, user.senha);
  const second = await signIn(app, user.email, user.senha);
  expect([await profileStatus(first), await profileStatus(second)]).toEqual([200, 200]);
  return { ...user, first, second };
}

describe('sessions follow the administration', () => {
  it('a ban ends every session at once (next call 401) and the login says why', async () => {
    const user = await userWithTwoSessions();
    const response = await call('POST', `/api/users/${user.userId}/ban`, admin.headers, { motivo: 'Fraude' });
    expect(response.statusCode).toBe(200);
    for (const session of [user.first, user.second]) {
      const next = await call('GET', '/api/profile', session.headers);
      expect(next.statusCode).toBe(401);
      expect(next.json().code).toBe('SESSION_ENDED');
    }
    await call('POST', `/api/users/${user.userId}/unban`, admin.headers);
    expect(await profileStatus(user.first)).toBe(401);
  });

  it('a ban through the edit form ends sessions too', async () => {
    const user = await registerUser(app);
    const signed = await signIn(app, user.email, user.senha);
    await call('PUT', `/api/users/${user.userId}`, admin.headers, { banido: true, motivo_banimento: 'Spam' });
    expect(await profileStatus(signed)).toBe(401);
  });

  it('deleting a user ends its sessions', async () => {
    const user = await registerUser(app);
    const signed = await signIn(app, user.email, user.senha);
    expect(await profileStatus(signed)).toBe(200);
    expect((await call('DELETE', `/api/users/${user.userId}`, admin.headers)).statusCode).toBe(200);
    expect(await profileStatus(signed)).toBe(401);
    expect((await call('GET', `/api/users/${user.userId}`, admin.headers)).statusCode).toBe(404);
  });

  it('changing one’s password ends the other sessions and keeps this one', async () => {
    const user = await userWithTwoSessions();
    const response = await call('POST', '/api/profile/change-password', user.first.headers, {
      senhaAtual: user.senha,
      novaSenha: 'nova-senha-123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Senha alterada com sucesso!');
    expect(await profileStatus(user.first)).toBe(200);
    expect(await profileStatus(user.second)).toBe(401);
    await signIn(app, user.email, 'nova-senha-123');
  });

  it('an admin password reset ends the user’s sessions', async () => {
    const user = await registerUser(app);
    const signed = await signIn(app, user.email, user.senha);
    await call('PUT', `/api/users/${user.userId}`, admin.headers, { senha: 'reset1' });
    expect(await profileStatus(signed)).toBe(401);
    await signIn(app, user.email, 'reset1');
  });

  it('a role change is seen on the very next call, both ways', async () => {
    const user = await registerUser(app);
    const signed = await signIn(app, user.email, user.senha);
    expect((await call('GET', '/api/users', signed.headers)).statusCode).toBe(403);
    await call('PUT', `/api/users/${user.userId}/role`, admin.headers, { tipo: 'revendedor' });
    expect((await call('GET', '/api/users', signed.headers)).statusCode).toBe(200);
    await call('PUT', `/api/users/${user.userId}/role`, admin.headers, { tipo: 'usuario' });
    expect((await call('GET', '/api/users', signed.headers)).statusCode).toBe(403);
  });

  it('deactivating a user ends every session: reactivating does not bring the old tokens back', async () => {
    const user = await userWithTwoSessions();
    expect((await call('PUT', `/api/users/${user.userId}`, admin.headers, { ativo: false })).statusCode).toBe(
      200,
    );
    expect([await profileStatus(user.first), await profileStatus(user.second)]).toEqual([401, 401]);
    expect((await call('PUT', `/api/users/${user.userId}`, admin.headers, { ativo: true })).statusCode).toBe(
      200,
    );
    for (const session of [user.first, user.second]) {
      const next = await call('GET', '/api/profile', session.headers);
      expect(next.statusCode).toBe(401);
      expect(next.json().code).toBe('SESSION_ENDED');
    }
    const fresh = await signIn(app, user.email, user.senha);
    expect(await profileStatus(fresh)).toBe(200);
  });

  it('an edit that leaves ativo alone ends no session', async () => {
    const user = await registerUser(app);
    const signed = await signIn(app, user.email, user.senha);
    await call('PUT', `/api/users/${user.userId}`, admin.headers, { nome: 'Outro Nome', ativo: true });
    expect(await profileStatus(signed)).toBe(200);
  });
});

describe('several server processes', () => {
  it.runIf(process.env.TEST_REDIS_URL)(
    'a deactivation on one process ends the session another process has checked, and it stays ended',
    async () => {
      const other = await createTestApp(database);
      const onOther = (signed: SignedIn) =>
        other.inject({ method: 'GET', url: '/api/profile', headers: signed.headers });
      try {
        const user = await registerUser(app);
        const signed = await signIn(other, user.email, user.senha);
        // The other process has checked (and may keep) this session.
        expect((await onOther(signed)).statusCode).toBe(200);
        await call('PUT', `/api/users/${user.userId}`, admin.headers, { ativo: false });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect((await onOther(signed)).statusCode).toBe(401);
        await call('PUT', `/api/users/${user.userId}`, admin.headers, { ativo: true });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect((await onOther(signed)).json().code).toBe('SESSION_ENDED');
        expect(await profileStatus(signed)).toBe(401);
      } finally {
        await other.close();
      }
    },
  );
});
