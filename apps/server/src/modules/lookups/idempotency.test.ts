import { messages } from '@painel/shared/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatedUpstream } from '../../../test/gated-upstream.ts';
import {
  ADMIN,
  createModuleViaApi,
  createTestApp,
  createTestDatabase,
  runLookupViaApi,
  type SignedIn,
  signIn,
  TEST_PURPOSE_ID,
  usingPostgres,
} from '../../../test/harness.ts';
import { rawRequest } from '../../../test/raw-http.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser as fundedUser } from '../../../test/use-test-app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { chavesIdempotencia } from '../../db/schema/idempotency.ts';
import { creditLedger } from '../../db/schema/ledger.ts';
import { processos } from '../../db/schema/processes.ts';
import { users } from '../../db/schema/users.ts';
import { adjustCredits } from '../../lib/ledger.repository.ts';
import { eraseExpiredIdempotencyKeys } from './idempotency.repository.ts';
import { acquireProcessLease } from './process-lease.ts';

/**
 * Idempotency-Key on POST /api/consultas (docs/decisions/0020-lookup-idempotency.md). Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;
let stub: UpstreamStub;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  stub = await startUpstreamStub();
});
afterAll(async () => {
  await app.close();
  await stub.close();
  await database.close();
});

const CPF = { cpf: '123.456.789-09' };
const payingUser = (cents: number) => fundedUser({ app, database }, cents);

let modules = 0;
/** A credit module (R$ 1,00) whose upstream calls are told apart by their path. */
async function creditModule(path = 'ok'): Promise<{ id: number; calls: () => number }> {
  modules += 1;
  const prefix = `/${path}/idem-${modules}/`;
  const id = await createModuleViaApi(app, admin.headers, {
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
    api_url: `${stub.baseUrl}${prefix}{cpf}`,
  });
  return { id, calls: () => stub.received.filter((call) => call.url.startsWith(prefix)).length };
}

function lookup(user: SignedIn, moduleId: number, key: string | undefined, input = CPF) {
  const headers = key === undefined ? user.headers : { ...user.headers, 'idempotency-key': key };
  return runLookupViaApi(app, headers, moduleId, input);
}

async function accountOf(userId: number) {
  const [row] = await database.db
    .select({ cents: users.creditosCents })
    .from(users)
    .where(eq(users.id, userId));
  const ledger = await database.db
    .select({ amount: creditLedger.amountCents })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  const lookups = await database.db
    .select({ status: consultas.status })
    .from(consultas)
    .where(eq(consultas.usuarioId, userId));
  return {
    cents: row!.cents,
    debits: ledger.filter((entry) => entry.amount < 0).length,
    lookups: lookups.map((entry) => entry.status).sort(),
  };
}

describe(`Idempotency-Key on POST /api/consultas (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('the same key and body give the first answer again: one upstream call, one charge, one ledger entry', async () => {
    const module = await creditModule();
    const user = await payingUser(300);
    const first = await lookup(user, module.id, 'chave-repetida-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await lookup(user, module.id, 'chave-repetida-1');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(module.calls()).toBe(1);
    expect(await accountOf(user.userId)).toEqual({ cents: 200, debits: 1, lookups: ['sucesso'] });
  });

  it('the same body written in another key order is the same body', async () => {
    const module = await creditModule();
    const user = await payingUser(300);
    const payload = { modulo_id: module.id, input: CPF, finalidade_id: TEST_PURPOSE_ID };
    const headers = { ...user.headers, 'idempotency-key': 'ordem' };
    const first = await app.inject({ method: 'POST', url: '/api/consultas', headers, payload });
    const reordered = await app.inject({
      method: 'POST',
      url: '/api/consultas',
      headers,
      payload: { finalidade_id: TEST_PURPOSE_ID, input: CPF, modulo_id: module.id },
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.body).toBe(first.body);
    expect(module.calls()).toBe(1);
  });

  it('without the header every request is a lookup of its own', async () => {
    const module = await creditModule();
    const user = await payingUser(300);
    expect((await lookup(user, module.id, undefined)).statusCode).toBe(200);
    expect((await lookup(user, module.id, undefined)).statusCode).toBe(200);
    expect(module.calls()).toBe(2);
    expect((await accountOf(user.userId)).cents).toBe(100);
  });

  it('the same key with another body is 409 IDEMPOTENCY_MISMATCH, nothing run or charged', async () => {
    const module = await creditModule();
    const user = await payingUser(300);
    expect((await lookup(user, module.id, 'chave-mudou')).statusCode).toBe(200);
    const other = await lookup(user, module.id, 'chave-mudou', { cpf: '987.654.321-00' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', error: messages.idempotencyMismatch });
    expect(module.calls()).toBe(1);
    expect(await accountOf(user.userId)).toEqual({ cents: 200, debits: 1, lookups: ['sucesso'] });
  });

  it("a key is the user's own: another user with the same key runs and pays for their lookup", async () => {
    const module = await creditModule();
    const ana = await payingUser(300);
    const bia = await payingUser(300);
    const first = await lookup(ana, module.id, 'mesma-chave');
    const second = await lookup(bia, module.id, 'mesma-chave');
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json<{ id: number }>().id).not.toBe(first.json<{ id: number }>().id);
    expect(module.calls()).toBe(2);
    expect((await accountOf(ana.userId)).cents).toBe(200);
    expect((await accountOf(bia.userId)).cents).toBe(200);
    // …and a different body under the other user's key is no mismatch.
    const third = await payingUser(300);
    const otherBody = await lookup(third, module.id, 'mesma-chave', { cpf: '987.654.321-00' });
    expect(otherBody.statusCode).toBe(200);
  });

  it('while the first request runs, the same key is 409 IDEMPOTENCY_IN_PROGRESS; after, its answer', async () => {
    const gated = await startGatedUpstream();
    try {
      const moduleId = await createModuleViaApi(app, admin.headers, {
        tipo_limite: 'creditos',
        preco_por_consulta: 1,
        api_url: `${gated.baseUrl}/{cpf}`,
      });
      const user = await payingUser(300);
      const running = lookup(user, moduleId, 'em-andamento');
      await expect.poll(() => gated.received()).toBe(1);
      const meanwhile = await lookup(user, moduleId, 'em-andamento');
      expect(meanwhile.statusCode).toBe(409);
      expect(meanwhile.json()).toMatchObject({
        code: 'IDEMPOTENCY_IN_PROGRESS',
        error: messages.idempotencyInProgress,
      });
      gated.openAll();
      const first = await running;
      expect(first.statusCode).toBe(200);
      const after = await lookup(user, moduleId, 'em-andamento');
      expect(after.body).toBe(first.body);
      expect(gated.received()).toBe(1);
      expect(await accountOf(user.userId)).toEqual({ cents: 200, debits: 1, lookups: ['sucesso'] });
    } finally {
      await gated.close();
    }
  });

  it('a refusal that charged nothing (402) is the final answer for its key; a new key runs', async () => {
    const module = await creditModule();
    const user = await payingUser(0);
    const refused = await lookup(user, module.id, 'sem-saldo');
    expect(refused.statusCode).toBe(402);
    await adjustCredits(database.db, {
      userId: user.userId,
      actorId: null,
      amountCents: 300,
      reason: 'teste',
    });
    const replayed = await lookup(user, module.id, 'sem-saldo');
    expect(replayed.statusCode).toBe(402);
    expect(replayed.body).toBe(refused.body);
    expect(module.calls()).toBe(0);
    expect((await lookup(user, module.id, 'sem-saldo-2')).statusCode).toBe(200);
    expect(module.calls()).toBe(1);
  });

  it('a 5xx (the provider failed, nothing charged) frees the key: a retry with it runs again', async () => {
    const module = await creditModule('fail');
    const user = await payingUser(300);
    const failed = await lookup(user, module.id, 'provedor-falhou');
    expect(failed.statusCode).toBe(502);
    const retried = await lookup(user, module.id, 'provedor-falhou');
    expect(retried.statusCode).toBe(502);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(module.calls()).toBe(2);
    expect(await accountOf(user.userId)).toMatchObject({ cents: 300, lookups: ['falha', 'falha'] });
  });

  it('after 24 h the key is forgotten: the same key runs (and charges) again, and the job erases it', async () => {
    const module = await creditModule();
    const user = await payingUser(300);
    const first = await lookup(user, module.id, 'vinte-e-quatro-horas');
    const [kept] = await database.db
      .select({ expiraEm: chavesIdempotencia.expiraEm, criadaEm: chavesIdempotencia.criadaEm })
      .from(chavesIdempotencia)
      .where(eq(chavesIdempotencia.usuarioId, user.userId));
    expect(kept!.expiraEm.getTime() - kept!.criadaEm.getTime()).toBe(24 * 3_600_000);

    await database.db
      .update(chavesIdempotencia)
      .set({ expiraEm: sql`now() - interval '1 second'` })
      .where(eq(chavesIdempotencia.usuarioId, user.userId));
    const later = await lookup(user, module.id, 'vinte-e-quatro-horas');
    expect(later.statusCode).toBe(200);
    expect(later.json<{ id: number }>().id).not.toBe(first.json<{ id: number }>().id);
    expect(module.calls()).toBe(2);
    expect((await accountOf(user.userId)).cents).toBe(100);

    await database.db
      .update(chavesIdempotencia)
      .set({ expiraEm: sql`now() - interval '1 second'` })
      .where(eq(chavesIdempotencia.usuarioId, user.userId));
    expect(await eraseExpiredIdempotencyKeys(database.db)).toBeGreaterThanOrEqual(1);
    const left = await database.db
      .select()
      .from(chavesIdempotencia)
      .where(eq(chavesIdempotencia.usuarioId, user.userId));
    expect(left).toEqual([]);
  });

  it('a key left running by a process that died is taken again; one of a living process is not', async () => {
    const module = await creditModule();
    const user = await payingUser(300);
    const running = (processoId: number | null, key: string, corpoHash: Buffer = Buffer.alloc(32)) =>
      database.db.insert(chavesIdempotencia).values({
        usuarioId: user.userId,
        chave: key,
        corpoHash,
        dono: '00000000-0000-4000-8000-000000000000',
        processoId,
        expiraEm: sql`now() + interval '24 hours'`,
      });
    // No process 999 999 is registered: its lease ended and its reservations were released.
    await running(999_999, 'processo-morto');
    const taken = await lookup(user, module.id, 'processo-morto');
    expect(taken.statusCode).toBe(200);

    // The test app's own process: registered, its lease held.
    const [living] = await database.db.select({ id: processos.id }).from(processos).limit(1);
    // The same body as the lookup below (the one just run kept its hash).
    const [same] = await database.db
      .select({ corpoHash: chavesIdempotencia.corpoHash })
      .from(chavesIdempotencia)
      .where(eq(chavesIdempotencia.chave, 'processo-morto'));
    await running(Number(living!.id), 'processo-vivo', same!.corpoHash);
    const held = await lookup(user, module.id, 'processo-vivo');
    expect(held.statusCode).toBe(409);
    expect(held.json<{ code: string }>().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(module.calls()).toBe(1);
    // Past ten minutes a running key is taken for lost, whatever its process.

    await database.db
      .update(chavesIdempotencia)
      .set({ criadaEm: sql`now() - interval '601 seconds'` })
      .where(eq(chavesIdempotencia.chave, 'processo-vivo'));
    expect((await lookup(user, module.id, 'processo-vivo')).statusCode).toBe(200);
  });

  it("a key whose process dies mid-lookup is freed when the lease sweep releases that process's lookups", async () => {
    const module = await creditModule();
    const user = await payingUser(300);
    const quiet = { info() {}, warn() {} };
    const dying = await acquireProcessLease(database, { log: quiet });
    const survivor = await acquireProcessLease(database, { log: quiet });
    try {
      // The first request, on the process about to die, claimed the key for this very body.
      await lookup(user, module.id, 'corpo-de-referencia');
      const [reference] = await database.db
        .select({ corpoHash: chavesIdempotencia.corpoHash })
        .from(chavesIdempotencia)
        .where(eq(chavesIdempotencia.chave, 'corpo-de-referencia'));
      await database.db.insert(chavesIdempotencia).values({
        usuarioId: user.userId,
        chave: 'processo-caiu',
        corpoHash: reference!.corpoHash,
        dono: '00000000-0000-4000-8000-000000000001',
        processoId: dying.owner(),
        expiraEm: sql`now() + interval '24 hours'`,
      });
      const code = async () =>
        (await lookup(user, module.id, 'processo-caiu')).json<{ code?: string }>().code;
      expect(await code()).toBe('IDEMPOTENCY_IN_PROGRESS');

      // Its lease's connection ends, as when the process is killed: seen dead (twice on PostgreSQL).
      await dying.close();
      // Until a sweep has released its lookups, the key stays with it: no retry may pay twice.
      expect(await code()).toBe('IDEMPOTENCY_IN_PROGRESS');
      if (database.dialect === 'postgres') await survivor.releaseDeadOwners();
      await survivor.releaseDeadOwners();

      const retried = await lookup(user, module.id, 'processo-caiu');
      expect(retried.statusCode).toBe(200);
      expect(module.calls()).toBe(2);
    } finally {
      await survivor.close();
    }
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['with a control character', 'chave\u0001ruim'],
    ['with a non-ASCII character', 'chave-çã'],
  ])('a header %s is 400 VALIDATION_ERROR in Portuguese, before anything is charged', async (_, key) => {
    const module = await creditModule();
    const user = await payingUser(300);
    const response = await lookup(user, module.id, key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: messages.idempotencyKeyInvalid(255),
      fields: { 'idempotency-key': messages.idempotencyKeyInvalid(255) },
    });
    expect(module.calls()).toBe(0);
    expect((await accountOf(user.userId)).cents).toBe(300);
  });

  describe('over a socket, as a client sends it', () => {
    let port: number;
    beforeAll(async () => {
      await app.listen({ host: '127.0.0.1', port: 0 });
      port = (app.server.address() as { port: number }).port;
    });

    /** POST /api/consultas with the key's raw bytes; the status and the body of the answer. */
    function rawLookup(token: string, key: Buffer): Promise<{ status: number; body: string }> {
      const body = JSON.stringify({ modulo_id: 1, input: CPF, finalidade_id: TEST_PURPOSE_ID });
      const head =
        'POST /api/consultas HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
        `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nIdempotency-Key: `;
      return rawRequest(port, Buffer.concat([Buffer.from(head), key, Buffer.from(`\r\n\r\n${body}`)]));
    }

    it.each([
      ['a tab', Buffer.from('chave\tcom-tab')],
      ['a byte outside ASCII', Buffer.from([0x63, 0x68, 0xe7, 0x61])],
    ])('a key with %s reaches the schema: 400 VALIDATION_ERROR in Portuguese', async (_, key) => {
      const user = await payingUser(300);
      const answer = await rawLookup(user.token, key);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { 'idempotency-key': messages.idempotencyKeyInvalid(255) },
      });
    });

    it('a key sent twice is refused, not joined into one: 400 and nothing charged', async () => {
      const user = await payingUser(300);
      const answer = await rawLookup(user.token, Buffer.from('primeira\r\nIdempotency-Key: segunda'));
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { 'idempotency-key': messages.idempotencyKeyInvalid(255) },
      });
      expect((await accountOf(user.userId)).lookups).toEqual([]);
    });

    it('any other control character is refused by the HTTP parser itself: 400 BAD_REQUEST in Portuguese', async () => {
      const user = await payingUser(300);
      const answer = await rawLookup(user.token, Buffer.from('chave\u0001ruim'));
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ error: messages.badRequest, code: 'BAD_REQUEST' });
      expect((await accountOf(user.userId)).lookups).toEqual([]);
    });
  });

  it('a key of 255 characters is accepted', async () => {
    const module = await creditModule();
    const user = await payingUser(300);
    expect((await lookup(user, module.id, 'k'.repeat(255))).statusCode).toBe(200);
  });

  it('50 racing requests with one key and one body: one upstream call, one charge', async () => {
    const module = await creditModule();
    const user = await payingUser(300);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => lookup(user, module.id, 'corrida-de-50')),
    );
    expect(module.calls()).toBe(1);
    expect(await accountOf(user.userId)).toEqual({ cents: 200, debits: 1, lookups: ['sucesso'] });
    const succeeded = answers.filter((answer) => answer.statusCode === 200);
    const waiting = answers.filter((answer) => answer.statusCode === 409);
    expect(succeeded.length + waiting.length).toBe(50);
    expect(new Set(succeeded.map((answer) => answer.body)).size).toBe(1);
    for (const answer of waiting)
      expect(answer.json<{ code: string }>().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    // Once the first has answered, the key gives its answer to anyone asking again.
    const after = await lookup(user, module.id, 'corrida-de-50');
    expect(after.body).toBe(succeeded[0]!.body);
  });
});
