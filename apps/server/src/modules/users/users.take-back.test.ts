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
import { balanceOf, caller, createReseller, insertUser } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { eventually, paymentCalls } from '../payments/payments.test-helpers.ts';

/**
 * docs/decisions/0008-take-back-deactivation-offline.md: a reseller takes back from a client at
 * most what it transferred to that client, less what it already took back, never more than the
 * balance; credits the client bought or an admin gave are not the reseller's.
 */
let database: DatabaseHandle;
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let admin: SignedIn;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, { PIX_POLL_INTERVAL_MS: '0' });
  call = caller(app);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const credits = async (userId: number) => (await balanceOf(database.db, userId)).cents / 100;
const move = (who: SignedIn, client: number, way: 'add' | 'remove', amount: number) =>
  call('POST', `/api/users/${client}/credits/${way}`, who.headers, { amount });

/** Balances equal their ledgers: nothing moved without an entry. */
async function expectLedgersMatch(...userIds: number[]) {
  for (const userId of userIds) {
    const { cents, ledgerSum } = await balanceOf(database.db, userId);
    expect(ledgerSum).toBe(cents);
  }
}

/** A registered usuario that buys `reais` of credits with a sandbox PIX, then becomes the reseller's client. */
async function clientWhoBought(resellerId: number, reais: number) {
  const client = await registerUser(app);
  const api = paymentCalls(app);
  const created = await api.createTopup(client.headers, reais, `compra-${client.userId}`);
  expect(created.statusCode, created.body).toBe(200);
  const payment = created.json().pixPayment;
  expect((await api.sandboxPay(client.headers, payment.pix_id_external)).statusCode).toBe(200);
  const settled = await eventually(
    async () => (await api.status(client.headers, payment.id)).json().pixPayment.status,
    (status) => status !== 'waiting',
  );
  expect(settled).toBe('verified');
  const linked = await call('PUT', `/api/users/${client.userId}`, admin.headers, {
    revendedor_id: resellerId,
  });
  expect(linked.statusCode, linked.body).toBe(200);
  return client.userId;
}

describe('a reseller takes back only what it transferred', () => {
  it('client bought 50 by PIX, got 80 from the reseller: 130 refused, 80 allowed, then 1 more refused', async () => {
    const reseller = await createReseller(app, database.db, { creditsCents: 200_00 });
    const client = await clientWhoBought(reseller.userId, 50);
    expect(await credits(client)).toBe(50);
    expect((await move(reseller, client, 'add', 80)).statusCode).toBe(200);
    expect([await credits(client), await credits(reseller.userId)]).toEqual([130, 120]);

    const tooMuch = await move(reseller, client, 'remove', 130);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({
      code: 'TAKE_BACK_LIMIT',
      error:
        'Você só pode retirar deste cliente os créditos que transferiu a ele. Disponível para retirar: 80,00 créditos.',
    });
    expect([await credits(client), await credits(reseller.userId)]).toEqual([130, 120]);

    const allowed = await move(reseller, client, 'remove', 80);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().user.creditos).toBe(50);
    expect(await credits(reseller.userId)).toBe(200);

    const oneMore = await move(reseller, client, 'remove', 1);
    expect(oneMore.statusCode).toBe(409);
    expect(oneMore.json().error).toContain('Disponível para retirar: 0,00 créditos.');
    expect([await credits(client), await credits(reseller.userId)]).toEqual([50, 200]);
    await expectLedgersMatch(client, reseller.userId);
  });

  it('credits an admin gave are not the reseller’s; the admin may remove any', async () => {
    const reseller = await createReseller(app, database.db, { creditsCents: 100_00 });
    const client = await insertUser(database.db, { revendedorId: reseller.userId });
    expect((await move(admin, client, 'add', 30)).statusCode).toBe(200);
    expect((await move(reseller, client, 'remove', 1)).json().code).toBe('TAKE_BACK_LIMIT');
    expect((await move(reseller, client, 'add', 5)).statusCode).toBe(200);
    expect((await move(reseller, client, 'remove', 6)).json().code).toBe('TAKE_BACK_LIMIT');
    expect((await move(admin, client, 'remove', 35)).statusCode).toBe(200);
    expect([await credits(client), await credits(reseller.userId)]).toEqual([0, 95]);
    await expectLedgersMatch(client, reseller.userId);
  });

  it('partial take-backs add up, through the remove button and the edit form alike', async () => {
    const reseller = await createReseller(app, database.db, { creditsCents: 100_00 });
    const client = await insertUser(database.db, { revendedorId: reseller.userId, creditsCents: 40_00 });
    expect((await move(reseller, client, 'add', 10)).statusCode).toBe(200);
    expect((await move(reseller, client, 'remove', 4)).statusCode).toBe(200);
    expect((await move(reseller, client, 'remove', 4)).statusCode).toBe(200);
    const third = await move(reseller, client, 'remove', 3);
    expect(third.json()).toMatchObject({ code: 'TAKE_BACK_LIMIT' });
    expect(third.json().error).toContain('Disponível para retirar: 2,00 créditos.');

    // Setting the balance in the edit form is a take-back of the difference.
    const edit = (creditos: number) => call('PUT', `/api/users/${client}`, reseller.headers, { creditos });
    expect((await edit(0)).json().code).toBe('TAKE_BACK_LIMIT');
    expect((await edit(39.5)).json().code).toBe('TAKE_BACK_LIMIT');
    expect((await edit(40)).statusCode).toBe(200);
    expect([await credits(client), await credits(reseller.userId)]).toEqual([40, 100]);
    await expectLedgersMatch(client, reseller.userId);
  });

  it('never more than the balance: what the client spent cannot be taken back', async () => {
    const reseller = await createReseller(app, database.db, { creditsCents: 100_00 });
    const client = await insertUser(database.db, { revendedorId: reseller.userId });
    expect((await move(reseller, client, 'add', 20)).statusCode).toBe(200);
    expect((await move(admin, client, 'remove', 15)).statusCode).toBe(200);
    const short = await move(reseller, client, 'remove', 10);
    expect(short.statusCode).toBe(402);
    expect(short.json()).toEqual({ code: 'INSUFFICIENT_CREDITS', error: 'Saldo insuficiente' });
    expect((await move(reseller, client, 'remove', 5)).statusCode).toBe(200);
    expect([await credits(client), await credits(reseller.userId)]).toEqual([0, 85]);
  });

  it('what another reseller transferred is not this reseller’s to take back', async () => {
    const first = await createReseller(app, database.db, { creditsCents: 100_00 });
    const second = await createReseller(app, database.db, { creditsCents: 100_00 });
    const client = await insertUser(database.db, { revendedorId: first.userId });
    expect((await move(first, client, 'add', 25)).statusCode).toBe(200);
    const moved = await call('PUT', `/api/users/${client}`, admin.headers, { revendedor_id: second.userId });
    expect(moved.statusCode).toBe(200);
    expect((await move(second, client, 'remove', 1)).json().code).toBe('TAKE_BACK_LIMIT');
    expect((await move(second, client, 'add', 3)).statusCode).toBe(200);
    expect((await move(second, client, 'remove', 3)).statusCode).toBe(200);
    expect([await credits(client), await credits(first.userId), await credits(second.userId)]).toEqual([
      25, 75, 100,
    ]);
  });

  it('concurrent take-backs never exceed what was transferred', { timeout: 60_000 }, async () => {
    const reseller = await createReseller(app, database.db, { creditsCents: 100_00 });
    // The balance is far above the allowance, so only the take-back rule can stop a removal.
    const client = await insertUser(database.db, { revendedorId: reseller.userId, creditsCents: 500_00 });
    expect((await move(reseller, client, 'add', 10)).statusCode).toBe(200);

    const attempts = await Promise.all(Array.from({ length: 12 }, () => move(reseller, client, 'remove', 3)));
    const codes = attempts.map((response) => response.statusCode).sort();
    expect(codes.filter((status) => status === 200)).toHaveLength(3);
    expect(codes.filter((status) => status === 409)).toHaveLength(9);

    expect((await move(reseller, client, 'remove', 1)).statusCode).toBe(200);
    expect((await move(reseller, client, 'remove', 1)).json().code).toBe('TAKE_BACK_LIMIT');
    expect([await credits(client), await credits(reseller.userId)]).toEqual([500, 100]);
    await expectLedgersMatch(client, reseller.userId);
  });
});
