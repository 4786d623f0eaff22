import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { users } from '../src/db/schema/users.ts';
import { adjustCredits } from '../src/lib/ledger.repository.ts';
import { ADMIN, createTestApp, createTestDatabase, registerUser, type SignedIn, signIn } from './harness.ts';

export interface TestApp {
  database: DatabaseHandle;
  app: FastifyInstance;
  /** The seeded admin, signed in. */
  admin: SignedIn;
}

/**
 * One app on its own database for a test file: opened before its tests, closed after. Read the
 * fields inside tests (they are set in beforeAll).
 */
export function useTestApp(overrides: Record<string, string> = {}): TestApp {
  const context = {} as TestApp;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.app = await createTestApp(context.database, overrides);
    context.admin = await signIn(context.app, ADMIN.email, ADMIN.senha);
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}

/** A new user with 30 days of access and `cents` of credit (a ledger entry, as any credit). */
export async function payingUser({ app, database }: Pick<TestApp, 'app' | 'database'>, cents: number) {
  const user = await registerUser(app);
  await database.db
    .update(users)
    .set({ dataExpiracao: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(users.id, user.userId));
  if (cents > 0) {
    await adjustCredits(database.db, {
      userId: user.userId,
      actorId: null,
      amountCents: cents,
      reason: 'teste',
    });
  }
  return user;
}
