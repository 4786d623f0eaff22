import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, login, registerUser, signIn } from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { plans, subscriptions } from '../../db/schema/plans.ts';
import { sessions } from '../../db/schema/sessions.ts';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const profile = (headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/profile', headers });

async function subscribe(userId: number, allowedConcurrentIps: number): Promise<void> {
  const [plan] = await database.db
    .insert(plans)
    .values({
      name: `Plano ${allowedConcurrentIps}`,
      priceCents: 1000,
      durationValue: 30,
      durationUnit: 'days',
      allowedConcurrentIps,
    })
    .returning();
  await database.db.insert(subscriptions).values({
    userId,
    planId: plan!.id,
    startsAt: new Date(),
    endsAt: new Date(Date.now() + 30 * 86_400_000),
    source: 'manual',
  });
}

async function openSessionCount(userId: number): Promise<number> {
  return database.db.$count(sessions, and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

describe('GET /api/profile', () => {
  it('shows the signed-in user with credits, expiry and the active subscription', async () => {
    const user = await registerUser(app);
    await subscribe(user.userId, 1);
    const response = await profile(user.headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: user.userId, creditos: 0, data_expiracao: null });
    expect(body.user.active_subscription).toMatchObject({ Plan: { name: 'Plano 1' } });
    expect(Date.parse(body.user.active_subscription.ends_at)).toBeGreaterThan(Date.now());
  });

  it('refuses a call without a token or with a forged one (401)', async () => {
    const none = await profile({});
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');
    const user = await registerUser(app);
    const forged = `${user.token.slice(0, -4)}abcd`;
    const response = await profile({ authorization: `Bearer ${forged}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });
});

describe('sessions', () => {
  it('ends the first session when the same account signs in elsewhere: SESSION_EVICTED', async () => {
    const user = await registerUser(app);
    const second = await signIn(app, user.email, user.senha);
    const first = await profile(user.headers);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ code: 'SESSION_EVICTED' });
    expect((await profile(second.headers)).statusCode).toBe(200);
  });

  it("keeps as many sessions as the plan's allowed_concurrent_ips and ends the oldest", async () => {
    const user = await registerUser(app);
    await subscribe(user.userId, 2);
    const second = await signIn(app, user.email, user.senha);
    expect((await profile(user.headers)).statusCode).toBe(200);
    expect((await profile(second.headers)).statusCode).toBe(200);
    const third = await signIn(app, user.email, user.senha);
    expect((await profile(user.headers)).json().code).toBe('SESSION_EVICTED');
    expect((await profile(second.headers)).statusCode).toBe(200);
    expect((await profile(third.headers)).statusCode).toBe(200);
  });

  it('logout ends only the caller’s session', async () => {
    const user = await registerUser(app);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(logout.statusCode).toBe(204);
    const after = await profile(user.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_ENDED');
  });

  it('an expired token gets 403 with errorType TokenExpiredError', async () => {
    const user = await registerUser(app);
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    const expired = await app.services.tokens.sign(
      { userId: user.userId, sessionId: session!.id },
      new Date(Date.now() - 60_000),
    );
    const response = await profile({ authorization: `Bearer ${expired}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorType: 'TokenExpiredError', code: 'TOKEN_EXPIRED' });
  });

  it('ban and password change end sessions: the next call is 401', async () => {
    const banned = await registerUser(app);
    await app.services.sessions.endUserSessions(database.db, banned.userId, 'banned');
    expect((await profile(banned.headers)).json().code).toBe('SESSION_ENDED');

    const user = await registerUser(app);
    await subscribe(user.userId, 3);
    const kept = await signIn(app, user.email, user.senha);
    const { sessionId } = await app.services.tokens.verify(kept.token);
    await app.services.sessions.endUserSessions(database.db, user.userId, 'password_changed', sessionId);
    expect((await profile(kept.headers)).statusCode).toBe(200);
    expect((await profile(user.headers)).json().code).toBe('SESSION_ENDED');
    expect(await openSessionCount(user.userId)).toBe(1);
  });

  it('concurrent logins of one account leave exactly the allowed number of sessions open', async () => {
    const user = await registerUser(app);
    const attempts = await Promise.all(Array.from({ length: 12 }, () => login(app, user.email, user.senha)));
    expect(attempts.every((response) => response.statusCode === 200)).toBe(true);
    expect(await openSessionCount(user.userId)).toBe(1);
    const alive = await Promise.all(
      attempts.map((response) => profile({ authorization: `Bearer ${response.json().token}` })),
    );
    expect(alive.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(alive.filter((response) => response.json().code === 'SESSION_EVICTED')).toHaveLength(11);
  });
});

describe('several server processes', () => {
  it.runIf(process.env.TEST_REDIS_URL)(
    'a login on one process evicts the session held on another at its very next call (Redis notices)',
    async () => {
      const other = await createTestApp(database);
      try {
        const user = await registerUser(app);
        // The first process has checked (and may keep) this session.
        expect((await profile(user.headers)).statusCode).toBe(200);
        const elsewhere = await signIn(other, user.email, user.senha);
        await new Promise((resolve) => setTimeout(resolve, 50));
        const first = await profile(user.headers);
        expect(first.json().code).toBe('SESSION_EVICTED');
        const second = await other.inject({ method: 'GET', url: '/api/profile', headers: elsewhere.headers });
        expect(second.statusCode).toBe(200);
      } finally {
        await other.close();
      }
    },
  );

  it('a change to the user is seen on the next call once it is announced', async () => {
    const user = await registerUser(app);
    expect((await profile(user.headers)).statusCode).toBe(200);
    const { users } = await import('../../db/schema/users.ts');
    await database.db
      .update(users)
      .set({ banido: true, motivoBanimento: 'teste' })
      .where(eq(users.id, user.userId));
    app.services.sessions.userChanged(user.userId);
    expect((await profile(user.headers)).json().code).toBe('SESSION_ENDED');
  });
});
