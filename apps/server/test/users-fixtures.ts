import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { creditLedger } from '../src/db/schema/ledger.ts';
import { users } from '../src/db/schema/users.ts';
import { adjustCredits } from '../src/lib/ledger.repository.ts';
import { registerUser, type SignedIn, signIn } from './harness.ts';

/** Test helpers shared by the user administration tests. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(app: FastifyInstance) {
  return (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A registered account promoted to reseller, signed in again so its session sees the role. */
export async function createReseller(
  app: FastifyInstance,
  db: Database,
  fields: { nome?: string; creditsCents?: number } = {},
): Promise<SignedIn & { email: string; senha: string }> {
  const registered = await registerUser(app, fields.nome ? { nome: fields.nome } : {});
  await db.update(users).set({ tipo: 'revendedor' }).where(eq(users.id, registered.userId));
  if (fields.creditsCents) {
    await adjustCredits(db, {
      userId: registered.userId,
      actorId: null,
      amountCents: fields.creditsCents,
      reason: 'teste',
    });
  }
  const signed = await signIn(app, registered.email, registered.senha);
  return { ...signed, email: registered.email, senha: registered.senha };
}

/** A user inserted straight into the table (it never signs in), optionally a reseller's client. */
export async function insertUser(
  db: Database,
  fields: Partial<typeof users.$inferInsert> & { creditsCents?: number } = {},
): Promise<number> {
  const { creditsCents, ...values } = fields;
  const [row] = await db
    .insert(users)
    .values({
      nome: `Cliente ${randomBytes(3).toString('hex')}`,
      email: `cliente-${randomBytes(5).toString('hex')}@teste.local`,
      senhaHash: 'not-a-real-hash',
      ...values,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insert failed');
  if (creditsCents) {
    await adjustCredits(db, { userId: row.id, actorId: null, amountCents: creditsCents, reason: 'teste' });
  }
  return row.id;
}

export async function balanceOf(db: Database, userId: number) {
  const [row] = await db.select({ cents: users.creditosCents }).from(users).where(eq(users.id, userId));
  const [ledger] = await db
    .select({ sum: sql<string>`coalesce(sum(${creditLedger.amountCents}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return { cents: row?.cents ?? Number.NaN, ledgerSum: Number(ledger?.sum) };
}
