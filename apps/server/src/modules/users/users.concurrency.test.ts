import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createTestApp,
  createTestDatabase,
  type SignedIn,
  signIn,
  usingPostgres,
} from '../../../test/harness.ts';
import { balanceOf, caller, createReseller, insertUser } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';

/**
 * Credits under contention (docs/product/users.md#credits): concurrent reseller transfers, reseller removes and
 * admin additions on the same accounts leave every balance exact, never negative, and equal to
 * the sum of its ledger. Meaningful on PostgreSQL (TEST_DATABASE_URL); PGlite runs it serially.
 */
let database: DatabaseHandle;
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let admin: SignedIn;
let reseller: SignedIn;

const RESELLER_START = 100; // credits
const CLIENTS = 4;
const ROUNDS = usingPostgres ? 3 : 1;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  call = caller(app);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  reseller = await createReseller(app, database.db, { creditsCents: RESELLER_START * 100 });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Op = { kind: 'transfer' | 'giveBack' | 'adminAdd'; client: number; amount: number };

describe('concurrent credit operations', () => {
  it('keep both balances and the ledger exact', { timeout: 120_000 }, async () => {
    const clients: number[] = [];
    for (let i = 0; i < CLIENTS; i += 1)
      clients.push(await insertUser(database.db, { revendedorId: reseller.userId }));
    const expected = new Map<number, number>([
      [reseller.userId, RESELLER_START],
      ...clients.map((id) => [id, 0] as [number, number]),
    ]);
    let shortfalls = 0;
    // Per client, what the reseller transferred less what it took back: never below zero.
    const transferredNet = new Map<number, number>();

    for (let round = 0; round < ROUNDS; round += 1) {
      // More transfers than the reseller can pay for, removes that may find a client empty, and admin top-ups.
      const ops: Op[] = [
        ...Array.from({ length: 40 }, (_, i) => ({
          kind: 'transfer' as const,
          client: clients[i % CLIENTS]!,
          amount: 5,
        })),
        ...Array.from({ length: 20 }, (_, i) => ({
          kind: 'giveBack' as const,
          client: clients[(i + 1) % CLIENTS]!,
          amount: 3,
        })),
        ...Array.from({ length: 20 }, (_, i) => ({
          kind: 'adminAdd' as const,
          client: clients[(i + 2) % CLIENTS]!,
          amount: 2,
        })),
      ].sort(() => Math.random() - 0.5);

      const responses = await Promise.all(
        ops.map((op) =>
          call(
            'POST',
            `/api/users/${op.client}/credits/${op.kind === 'giveBack' ? 'remove' : 'add'}`,
            op.kind === 'adminAdd' ? admin.headers : reseller.headers,
            { amount: op.amount },
          ),
        ),
      );

      responses.forEach((response, index) => {
        const op = ops[index]!;
        if (response.statusCode === 402) {
          expect(op.kind).not.toBe('adminAdd');
          expect(response.json()).toMatchObject({
            code: 'INSUFFICIENT_CREDITS',
            error: 'Saldo insuficiente',
          });
          shortfalls += 1;
          return;
        }
        if (response.statusCode === 409) {
          expect(op.kind).toBe('giveBack');
          expect(response.json().code).toBe('TAKE_BACK_LIMIT');
          return;
        }
        expect(response.statusCode, response.body).toBe(200);
        const sign = op.kind === 'giveBack' ? -1 : 1;
        expected.set(op.client, expected.get(op.client)! + sign * op.amount);
        if (op.kind !== 'adminAdd') {
          expected.set(reseller.userId, expected.get(reseller.userId)! - sign * op.amount);
          transferredNet.set(op.client, (transferredNet.get(op.client) ?? 0) + sign * op.amount);
        }
      });
    }

    // 40 transfers of 5 per round could never all be paid for from 100 + what comes back.
    expect(shortfalls).toBeGreaterThan(0);
    for (const [userId, credits] of expected) {
      const balance = await balanceOf(database.db, userId);
      expect(credits).toBeGreaterThanOrEqual(0);
      expect(balance).toEqual({ cents: credits * 100, ledgerSum: credits * 100 });
    }
    for (const net of transferredNet.values()) expect(net).toBeGreaterThanOrEqual(0);
    // Transfers move credits; only the admin creates them.
    const total = [...expected.values()].reduce((sum, value) => sum + value, 0);
    const adminCreated = total - RESELLER_START;
    expect(adminCreated % 2).toBe(0);
    expect(adminCreated).toBeLessThanOrEqual(20 * 2 * ROUNDS);
  });
});
