import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createModuleViaApi,
  createTestApp,
  createTestDatabase,
  registerUser,
  runLookupViaApi,
  type SignedIn,
  signIn,
} from '../../../test/harness.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { createReseller, insertUser } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { creditLedger } from '../../db/schema/ledger.ts';
import { logs } from '../../db/schema/logs.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';
import { adjustCredits } from '../../lib/ledger.repository.ts';
import { eraseExpiredResults, releaseStaleReservations } from './lookup.repository.ts';

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

async function userWithAccess(days = 30) {
  const user = await registerUser(app);
  await database.db
    .update(users)
    .set({ dataExpiracao: new Date(Date.now() + days * 86_400_000) })
    .where(eq(users.id, user.userId));
  return user;
}

async function balanceOf(userId: number) {
  const [row] = await database.db
    .select({ cents: users.creditosCents })
    .from(users)
    .where(eq(users.id, userId));
  const [ledger] = await database.db
    .select({ sum: sql<string>`coalesce(sum(${creditLedger.amountCents}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return { cents: row!.cents, ledgerSum: Number(ledger!.sum) };
}

const statusCounts = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, response) => {
    counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('credit modules', () => {
  it('N concurrent lookups with credits for K: exactly K succeed and the balance is exact to the cent', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      preco_por_consulta: 1.35,
      api_url: `${stub.baseUrl}/ok/{cpf}`,
    });
    const user = await userWithAccess();
    await adjustCredits(database.db, {
      userId: user.userId,
      actorId: null,
      amountCents: 5 * 135 + 50,
      reason: 'teste',
    });

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => runLookupViaApi(app, user.headers, moduleId)),
    );
    expect(statusCounts(responses)).toEqual({ 200: 5, 402: 15 });
    expect(responses.find((r) => r.statusCode === 402)?.json()).toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      error: 'Créditos insuficientes para esta consulta',
    });
    expect(await balanceOf(user.userId)).toEqual({ cents: 50, ledgerSum: 50 });
    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    expect(profile.json().user.creditos).toBe(0.5);
    const succeeded = await database.db.$count(consultas, eq(consultas.usuarioId, user.userId));
    expect(succeeded).toBe(5);
  });

  it('many users at once: each gets exactly what their credits cover, all at once (group commit)', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      preco_por_consulta: 2.5,
      api_url: `${stub.baseUrl}/ok/{cpf}`,
    });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => userWithAccess()));
    for (const [index, buyer] of buyers.entries()) {
      // User i can pay for i % 4 lookups (0 to 3), plus 10 cents that must stay.
      await adjustCredits(database.db, {
        userId: buyer.userId,
        actorId: null,
        amountCents: (index % 4) * 250 + 10,
        reason: 'teste',
      });
    }

    const responses = await Promise.all(
      buyers.flatMap((buyer) =>
        Array.from({ length: 6 }, () =>
          runLookupViaApi(app, buyer.headers, moduleId).then((r) => ({ buyer, r })),
        ),
      ),
    );

    for (const [index, buyer] of buyers.entries()) {
      const mine = responses.filter((response) => response.buyer === buyer).map((response) => response.r);
      const paid = index % 4;
      // Each answer is the caller's own lookup.
      const answered = mine.filter((r) => r.statusCode === 200).map((r) => r.json().id as number);
      const owners = answered.length
        ? await database.db
            .select({ userId: consultas.usuarioId })
            .from(consultas)
            .where(inArray(consultas.id, answered))
        : [];
      expect(owners.map((row) => row.userId)).toEqual(answered.map(() => buyer.userId));
      expect(statusCounts(mine)).toEqual(paid === 0 ? { 402: 6 } : { 200: paid, 402: 6 - paid });
      expect(await balanceOf(buyer.userId)).toEqual({ cents: 10, ledgerSum: 10 });
      const charged = await database.db
        .select({ amount: creditLedger.amountCents, reference: creditLedger.reference })
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, buyer.userId), eq(creditLedger.reason, 'consulta')));
      expect(charged).toHaveLength(paid);
      expect(charged.every((entry) => entry.amount === -250)).toBe(true);
      // One ledger entry per successful lookup, each naming its own lookup.
      expect(new Set(charged.map((entry) => entry.reference)).size).toBe(paid);
    }
    const rows = await database.db
      .select({ status: consultas.status })
      .from(consultas)
      .where(eq(consultas.moduloId, moduleId));
    expect(rows).toHaveLength(buyers.reduce((sum, _, index) => sum + (index % 4), 0));
    expect(rows.every((row) => row.status === 'sucesso')).toBe(true);
  });

  it('is refused in trial mode (no access)', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      api_url: `${stub.baseUrl}/ok/{cpf}`,
    });
    const user = await registerUser(app);
    await adjustCredits(database.db, {
      userId: user.userId,
      actorId: null,
      amountCents: 1000,
      reason: 'teste',
    });
    const response = await runLookupViaApi(app, user.headers, moduleId);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'TRIAL_NOT_ALLOWED',
      error: 'Teste não inclui módulos por crédito.',
    });
    expect((await balanceOf(user.userId)).cents).toBe(1000);
  });
});

describe('quantity modules', () => {
  it('N concurrent lookups with a 24h limit of K: exactly K succeed', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, { api_url: `${stub.baseUrl}/ok/{cpf}` });
    const user = await userWithAccess();
    await database.db
      .update(users)
      .set({ modulos: { [String(moduleId)]: { limite: 4 } } })
      .where(eq(users.id, user.userId));
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => runLookupViaApi(app, user.headers, moduleId)),
    );
    expect(statusCounts(responses)).toEqual({ 200: 4, 403: 11 });
    expect(responses.find((r) => r.statusCode === 403)?.json().code).toBe('QUOTA_EXCEEDED');

    const active = await app.inject({ method: 'GET', url: '/api/modulos/ativos', headers: user.headers });
    const listed = active.json().modulos.find((m: { id: number }) => m.id === moduleId);
    expect(listed).toMatchObject({ usado: 4, limite: 4 });
  });

  it("uses the module's effective limit, then its default; a limit of 0 means no access", async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      api_url: `${stub.baseUrl}/ok/{cpf}`,
      limite_padrao_quantidade: 2,
    });
    const user = await userWithAccess();
    const results = [];
    for (let i = 0; i < 3; i += 1)
      results.push((await runLookupViaApi(app, user.headers, moduleId)).statusCode);
    expect(results).toEqual([200, 200, 403]);

    await app.inject({
      method: 'PUT',
      url: `/api/modulos/${moduleId}`,
      headers: admin.headers,
      payload: { limite_efetivo_quantidade: 0 },
    });
    const blocked = await runLookupViaApi(app, (await userWithAccess()).headers, moduleId);
    expect(blocked.json()).toMatchObject({ code: 'NO_QUOTA', error: 'Sem acesso a este módulo' });
  });

  it('counts the lookups of the last 24 hours: one from 23h50 ago holds a slot, one from 24h10 ago does not', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      api_url: `${stub.baseUrl}/ok/{cpf}`,
      limite_padrao_quantidade: 2,
    });
    const user = await userWithAccess();
    await database.db.execute(sql`
      insert into consultas (usuario_id, modulo_id, modulo_nome, status, input, cobranca, created_at)
      values (${user.userId}, ${moduleId}, 'x', 'sucesso', '{}'::jsonb, 'quantidade', now() - interval '23 hours 50 minutes'),
             (${user.userId}, ${moduleId}, 'x', 'sucesso', '{}'::jsonb, 'quantidade', now() - interval '24 hours 10 minutes')`);

    const active = await app.inject({ method: 'GET', url: '/api/modulos/ativos', headers: user.headers });
    expect(active.json().modulos.find((m: { id: number }) => m.id === moduleId)).toMatchObject({
      usado: 1,
      limite: 2,
    });
    expect((await runLookupViaApi(app, user.headers, moduleId)).statusCode).toBe(200);
    expect((await runLookupViaApi(app, user.headers, moduleId)).json().code).toBe('QUOTA_EXCEEDED');
  });
});

describe('trial', () => {
  it('N concurrent trial lookups with a trial limit of K: exactly K succeed, masked on the server', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, { api_url: `${stub.baseUrl}/ok/{cpf}` });
    await database.db.update(settings).set({ trialLimit: 3 });
    try {
      const user = await registerUser(app);
      const responses = await Promise.all(
        Array.from({ length: 12 }, () => runLookupViaApi(app, user.headers, moduleId)),
      );
      expect(statusCounts(responses)).toEqual({ 200: 3, 403: 9 });
      const refused = responses.find((r) => r.statusCode === 403)!.json();
      expect(refused).toMatchObject({
        code: 'TRIAL_EXHAUSTED',
        error: 'Você esgotou seus testes gratuitos. Assine um plano para continuar.',
      });
      const ok = responses.find((r) => r.statusCode === 200)!;
      const body = ok.json();
      expect(body.trial).toBe(true);
      expect(body.aviso).toMatch(/teste/i);
      expect(body.retorno.cpf).toBe('123.***.***-09');
      expect(body.retorno.nome).toBe('Ful*** d* Ta* Exem***');
      expect(body.retorno.telefones[0].numero).toBe('91*****78');
      expect(ok.body).not.toContain('123.456.789-09');
      expect(ok.body).not.toContain('Fulano');

      const stored = await database.db.select().from(consultas).where(eq(consultas.usuarioId, user.userId));
      expect(JSON.stringify(stored.map((row) => row.resultado))).not.toContain('Fulano');

      const usage = await app.inject({
        method: 'GET',
        url: '/api/profile/trial-usage',
        headers: user.headers,
      });
      expect(usage.json()).toEqual({ trial_used: 3, trial_limit: 3, trial_remaining: 0 });
    } finally {
      await database.db.update(settings).set({ trialLimit: 10 });
    }
  });

  it('a trial limit of 0 disables the trial', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, { api_url: `${stub.baseUrl}/ok/{cpf}` });
    await database.db.update(settings).set({ trialLimit: 0 });
    try {
      const user = await registerUser(app);
      expect((await runLookupViaApi(app, user.headers, moduleId)).json().code).toBe('TRIAL_EXHAUSTED');
    } finally {
      await database.db.update(settings).set({ trialLimit: 10 });
    }
  });
});

describe('upstream failures cost nothing', () => {
  it.each([
    ['/fail/{cpf}', 502, 'UPSTREAM_ERROR'],
    ['/missing/{cpf}', 404, 'NOT_FOUND'],
    ['/text/{cpf}', 502, 'UPSTREAM_ERROR'],
    ['/huge/{cpf}', 502, 'UPSTREAM_ERROR'],
  ])('%s answers %i %s and leaves balance, quota and trial untouched', async (path, status, code) => {
    const creditModule = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      preco_por_consulta: 2,
      api_url: `${stub.baseUrl}${path}`,
    });
    const quotaModule = await createModuleViaApi(app, admin.headers, {
      api_url: `${stub.baseUrl}${path}`,
      limite_padrao_quantidade: 1,
    });
    const paying = await userWithAccess();
    await adjustCredits(database.db, {
      userId: paying.userId,
      actorId: null,
      amountCents: 200,
      reason: 'teste',
    });
    const credit = await runLookupViaApi(app, paying.headers, creditModule);
    expect(credit.statusCode).toBe(status);
    expect(credit.json().code).toBe(code);
    if (code === 'NOT_FOUND') expect(credit.json().error).toBe('Nenhum resultado encontrado');
    expect(await balanceOf(paying.userId)).toEqual({ cents: 200, ledgerSum: 200 });

    // The quota slot is free again: the same single-slot module fails again the same way, not with a quota error.
    expect((await runLookupViaApi(app, paying.headers, quotaModule)).json().code).toBe(code);
    expect((await runLookupViaApi(app, paying.headers, quotaModule)).json().code).toBe(code);

    const trialUser = await registerUser(app);
    expect((await runLookupViaApi(app, trialUser.headers, quotaModule)).json().code).toBe(code);
    const usage = await app.inject({
      method: 'GET',
      url: '/api/profile/trial-usage',
      headers: trialUser.headers,
    });
    expect(usage.json().trial_used).toBe(0);

    const failed = await database.db.select().from(consultas).where(eq(consultas.usuarioId, paying.userId));
    expect(failed.every((row) => row.status === 'falha' && row.erroCodigo === code)).toBe(true);
  });

  it('a timeout answers 504 UPSTREAM_TIMEOUT and refunds', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      preco_por_consulta: 1,
      timeout_segundos: 5,
      api_url: `${stub.baseUrl}/slow/8000`,
      campos_entrada: [],
    });
    const user = await userWithAccess();
    await adjustCredits(database.db, {
      userId: user.userId,
      actorId: null,
      amountCents: 100,
      reason: 'teste',
    });
    const response = await runLookupViaApi(app, user.headers, moduleId, {});
    expect(response.statusCode).toBe(504);
    expect(response.json().code).toBe('UPSTREAM_TIMEOUT');
    expect(await balanceOf(user.userId)).toEqual({ cents: 100, ledgerSum: 100 });
  });
});

describe('upstream gateway', () => {
  it('URL-encodes placeholders, strips masks, and sends the secret headers', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      api_url: `${stub.baseUrl}/ok/{cpf}/{nome}?q={nome}`,
      campos_entrada: [
        { nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' },
        { nome: 'nome', tipo: 'text', obrigatorio: true },
      ],
      headers: { 'X-Token': 'segredo-do-provedor' },
    });
    const user = await userWithAccess();
    const response = await runLookupViaApi(app, user.headers, moduleId, {
      cpf: '123.456.789-09',
      nome: 'José da Silva/Filho & Cia?',
    });
    expect(response.statusCode).toBe(200);
    const request = stub.received.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.url).toBe(
      '/ok/12345678909/Jos%C3%A9%20da%20Silva%2FFilho%20%26%20Cia%3F?q=Jos%C3%A9%20da%20Silva%2FFilho%20%26%20Cia%3F',
    );
    expect(request.headers['x-token']).toBe('segredo-do-provedor');

    const listing = await app.inject({ method: 'GET', url: '/api/modulos/ativos', headers: user.headers });
    expect(listing.body).not.toContain('segredo-do-provedor');
    expect(listing.body).not.toContain(stub.baseUrl);
    const adminListing = await app.inject({ method: 'GET', url: '/api/modulos', headers: admin.headers });
    expect(adminListing.body).not.toContain('segredo-do-provedor');
    expect(
      adminListing.json().modulos.find((m: { id: number }) => m.id === moduleId).headers_definidos,
    ).toEqual(['X-Token']);
  });

  it('POSTs the input as JSON when the URL has no placeholders', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, { api_url: `${stub.baseUrl}/ok/post` });
    const user = await userWithAccess();
    const response = await runLookupViaApi(app, user.headers, moduleId, { cpf: '123.456.789-09' });
    expect(response.statusCode).toBe(200);
    const request = stub.received.at(-1)!;
    expect(request.method).toBe('POST');
    expect(JSON.parse(request.body)).toEqual({ cpf: '12345678909' });
    expect(response.json().retorno.recebido.body).toEqual({ cpf: '12345678909' });
  });

  it('refuses a private address when told to, and never charges for it', async () => {
    const guarded = await createTestApp(database, { UPSTREAM_BLOCK_PRIVATE: 'true' });
    try {
      const guardedAdmin = await signIn(guarded, ADMIN.email, ADMIN.senha);
      const moduleId = await createModuleViaApi(guarded, guardedAdmin.headers, {
        tipo_limite: 'creditos',
        api_url: `${stub.baseUrl}/ok/{cpf}`,
      });
      const hostModule = await createModuleViaApi(guarded, guardedAdmin.headers, {
        tipo_limite: 'creditos',
        api_url: `${stub.baseUrl.replace('127.0.0.1', 'localhost')}/ok/{cpf}`,
      });
      const user = await userWithAccess();
      const signedIn = await signIn(guarded, user.email, user.senha);
      await adjustCredits(database.db, {
        userId: user.userId,
        actorId: null,
        amountCents: 500,
        reason: 'teste',
      });
      const byIp = await runLookupViaApi(guarded, signedIn.headers, moduleId);
      expect(byIp.statusCode).toBe(403);
      expect(byIp.json()).toMatchObject({ code: 'UPSTREAM_BLOCKED' });
      const byName = await runLookupViaApi(guarded, signedIn.headers, hostModule);
      expect(byName.json().code).toBe('UPSTREAM_BLOCKED');
      expect((await balanceOf(user.userId)).cents).toBe(500);
    } finally {
      await guarded.close();
    }
    // An allowlisted host opens the port it names; a bare host only its scheme's default port.
    const stubPort = new URL(stub.baseUrl).port;
    for (const [allowedHosts, status] of [
      [`localhost:${stubPort}`, 200],
      ['localhost', 403],
      [`localhost:${Number(stubPort) + 1}`, 403],
    ] as const) {
      const allowed = await createTestApp(database, {
        UPSTREAM_BLOCK_PRIVATE: 'true',
        UPSTREAM_ALLOWED_HOSTS: allowedHosts,
      });
      try {
        const allowedAdmin = await signIn(allowed, ADMIN.email, ADMIN.senha);
        const moduleId = await createModuleViaApi(allowed, allowedAdmin.headers, {
          api_url: `${stub.baseUrl.replace('127.0.0.1', 'localhost')}/ok/{cpf}`,
        });
        const user = await userWithAccess();
        const signedIn = await signIn(allowed, user.email, user.senha);
        expect((await runLookupViaApi(allowed, signedIn.headers, moduleId)).statusCode).toBe(status);
      } finally {
        await allowed.close();
      }
    }
    // Signing the admin in on the other apps ended this file's admin session (one session per account).
    admin = await signIn(app, ADMIN.email, ADMIN.senha);
  });

  it('never calls the cloud metadata address, even outside production', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      api_url: 'http://169.254.169.254/latest/{cpf}',
    });
    const user = await userWithAccess();
    const response = await runLookupViaApi(app, user.headers, moduleId);
    expect(response.json().code).toBe('UPSTREAM_BLOCKED');
  });
});

describe('refusals and validation', () => {
  it('maintenance is 503 MODULE_MAINTENANCE and an inactive module is 404', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, { api_url: `${stub.baseUrl}/ok/{cpf}` });
    const user = await userWithAccess();
    await app.inject({
      method: 'PUT',
      url: `/api/modulos/${moduleId}/status`,
      headers: admin.headers,
      payload: { manutencao: true },
    });
    const maintenance = await runLookupViaApi(app, user.headers, moduleId);
    expect(maintenance.statusCode).toBe(503);
    expect(maintenance.json().code).toBe('MODULE_MAINTENANCE');
    await app.inject({
      method: 'PUT',
      url: `/api/modulos/${moduleId}/status`,
      headers: admin.headers,
      payload: { ativo: false },
    });
    expect((await runLookupViaApi(app, user.headers, moduleId)).statusCode).toBe(404);
    const active = await app.inject({ method: 'GET', url: '/api/modulos/ativos', headers: user.headers });
    expect(active.json().modulos.map((m: { id: number }) => m.id)).not.toContain(moduleId);
  });

  it('validates the input against the module fields with the form messages, charging nothing', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      api_url: `${stub.baseUrl}/ok/{cpf}`,
      campos_entrada: [
        { nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' },
        { nome: 'email', tipo: 'email', obrigatorio: false },
      ],
    });
    const user = await registerUser(app);
    const response = await runLookupViaApi(app, user.headers, moduleId, { cpf: '123.456', email: 'x@' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'input.cpf': 'Preencha todos os dígitos', 'input.email': 'Email inválido' },
    });
    const missing = await runLookupViaApi(app, user.headers, moduleId, {});
    expect(missing.json().fields).toEqual({ 'input.cpf': 'Campo obrigatório' });
    const usage = await app.inject({ method: 'GET', url: '/api/profile/trial-usage', headers: user.headers });
    expect(usage.json().trial_used).toBe(0);
  });
});

describe('history, logs and retention', () => {
  it('records every lookup in history and in the consulta log; results expire, history stays', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, { api_url: `${stub.baseUrl}/ok/{cpf}` });
    const other = await createModuleViaApi(app, admin.headers, { api_url: `${stub.baseUrl}/fail/{cpf}` });
    const user = await userWithAccess();
    const ok = await runLookupViaApi(app, user.headers, moduleId);
    await runLookupViaApi(app, user.headers, other);

    const history = await app.inject({ method: 'GET', url: '/api/consultas?page=1', headers: user.headers });
    expect(history.json()).toMatchObject({ total: 2, totalPages: 1, page: 1 });
    expect(history.json().consultas.map((c: { status: string }) => c.status)).toEqual(['falha', 'sucesso']);
    expect(history.json().consultas[1]).toMatchObject({
      Modulo: { nome: 'Módulo de teste' },
      input: { cpf: '12345678909' },
    });

    const entries = await database.db.select().from(logs).where(eq(logs.userId, user.userId));
    const lookups = entries.filter((entry) => entry.tipo === 'consulta');
    expect(lookups.map((entry) => entry.detalhes.status).sort()).toEqual(['falha', 'sucesso']);
    expect(lookups[0]?.detalhes.input).toEqual({ cpf: '12345678909' });

    const id = ok.json().id;
    const detail = await app.inject({ method: 'GET', url: `/api/consultas/${id}`, headers: user.headers });
    expect(detail.json().retorno.nome).toBe('Fulano de Tal Exemplo');
    const stranger = await registerUser(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/consultas/${id}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);

    await database.db
      .update(consultas)
      .set({ resultadoExpiraEm: new Date(Date.now() - 1000) })
      .where(eq(consultas.id, id));
    // A later pass of the retention job, which looks only at the last hour's expiries, erases it.
    expect(await eraseExpiredResults(database.db, new Date(Date.now() - 3_600_000))).toBeGreaterThanOrEqual(
      1,
    );
    const expired = await app.inject({ method: 'GET', url: `/api/consultas/${id}`, headers: user.headers });
    expect(expired.json()).toMatchObject({ retorno: null, status: 'sucesso', input: { cpf: '12345678909' } });
    const [row] = await database.db.select().from(consultas).where(eq(consultas.id, id));
    expect(row?.resultado).toBeNull();
  });

  it('keeps every kind of result for RESULT_RETENTION_DAYS (30) from the lookup; a failure has no expiry', async () => {
    const quota = await createModuleViaApi(app, admin.headers, { api_url: `${stub.baseUrl}/ok/{cpf}` });
    const credit = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      api_url: `${stub.baseUrl}/ok/{cpf}`,
    });
    const failing = await createModuleViaApi(app, admin.headers, { api_url: `${stub.baseUrl}/fail/{cpf}` });
    const subscriber = await userWithAccess();
    await adjustCredits(database.db, {
      userId: subscriber.userId,
      actorId: null,
      amountCents: 100,
      reason: 'teste',
    });
    const newcomer = await registerUser(app);

    const lookups = [
      [subscriber, await runLookupViaApi(app, subscriber.headers, quota)],
      [subscriber, await runLookupViaApi(app, subscriber.headers, credit)],
      [newcomer, await runLookupViaApi(app, newcomer.headers, quota)],
    ] as const;
    for (const [owner, response] of lookups) {
      expect(response.statusCode).toBe(200);
      const detail = await app.inject({
        method: 'GET',
        url: `/api/consultas/${response.json().id}`,
        headers: owner.headers,
      });
      const daysKept = (Date.parse(detail.json().resultado_expira_em) - Date.now()) / 86_400_000;
      expect(daysKept).toBeGreaterThan(29.99);
      expect(daysKept).toBeLessThanOrEqual(30);
      expect(detail.json().retencao_dias).toBe(30);
    }

    expect((await runLookupViaApi(app, subscriber.headers, failing)).statusCode).toBe(502);
    const history = await app.inject({ method: 'GET', url: '/api/consultas', headers: subscriber.headers });
    // The history says until when each result is kept (retention in sight), and for how many days.
    expect(history.json().retencao_dias).toBe(30);
    const rows: { id: number; status: string; resultado_expira_em: string | null }[] =
      history.json().consultas;
    for (const row of rows.filter((c) => c.status === 'sucesso')) {
      const detail = await app.inject({
        method: 'GET',
        url: `/api/consultas/${row.id}`,
        headers: subscriber.headers,
      });
      expect(row.resultado_expira_em).toBe(detail.json().resultado_expira_em);
      expect(row.resultado_expira_em).not.toBeNull();
    }
    const failed = history.json().consultas.find((c: { status: string }) => c.status === 'falha');
    expect(failed.resultado_expira_em).toBeNull();
    const detail = await app.inject({
      method: 'GET',
      url: `/api/consultas/${failed.id}`,
      headers: subscriber.headers,
    });
    expect(detail.json()).toMatchObject({ status: 'falha', retorno: null, resultado_expira_em: null });
  });

  it('releases what an interrupted lookup still holds', async () => {
    const moduleId = await createModuleViaApi(app, admin.headers, {
      tipo_limite: 'creditos',
      api_url: `${stub.baseUrl}/ok/{cpf}`,
    });
    const user = await userWithAccess();
    await adjustCredits(database.db, {
      userId: user.userId,
      actorId: null,
      amountCents: 100,
      reason: 'teste',
    });
    await database.db.execute(sql`
      with debit as (update users set creditos_cents = creditos_cents - 100 where id = ${user.userId} returning creditos_cents)
      insert into consultas (usuario_id, modulo_id, modulo_nome, status, input, cobranca, valor_cents, created_at)
      select ${user.userId}, ${moduleId}, 'x', 'pendente', '{}'::jsonb, 'creditos', 100, now() - interval '1 hour' from debit`);
    await database.db
      .insert(creditLedger)
      .values({ userId: user.userId, amountCents: -100, balanceAfterCents: 0, reason: 'consulta' });
    expect((await balanceOf(user.userId)).cents).toBe(0);
    // A sweep that looks only at the last half hour (past what an earlier one covered) leaves it.
    await releaseStaleReservations(database.db, 600, new Date(Date.now() - 30 * 60_000));
    expect((await balanceOf(user.userId)).cents).toBe(0);
    expect((await releaseStaleReservations(database.db, 600)).length).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(user.userId)).toEqual({ cents: 100, ledgerSum: 100 });
  });
});

describe('a provider that is down', () => {
  it('fails fast once it keeps failing: no call goes out and nothing is charged, until it has rested', async () => {
    const resting = await createTestApp(database, { UPSTREAM_BREAKER_COOLDOWN_MS: '300' });
    try {
      const restingAdmin = await signIn(resting, ADMIN.email, ADMIN.senha);
      const moduleId = await createModuleViaApi(resting, restingAdmin.headers, {
        tipo_limite: 'creditos',
        api_url: `${stub.baseUrl}/fail/{cpf}`,
      });
      const user = await userWithAccess();
      const signedIn = await signIn(resting, user.email, user.senha);
      await adjustCredits(database.db, {
        userId: user.userId,
        actorId: null,
        amountCents: 5000,
        reason: 'teste',
      });
      for (let i = 0; i < 10; i += 1) {
        expect((await runLookupViaApi(resting, signedIn.headers, moduleId)).json().code).toBe(
          'UPSTREAM_ERROR',
        );
      }
      const callsBefore = stub.received.length;
      const fast = await runLookupViaApi(resting, signedIn.headers, moduleId);
      expect(fast.statusCode).toBe(503);
      expect(fast.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
      expect(stub.received.length).toBe(callsBefore);
      expect(await balanceOf(user.userId)).toEqual({ cents: 5000, ledgerSum: 5000 });

      const report = await resting.inject({
        method: 'GET',
        url: '/api/modulos/saude',
        headers: restingAdmin.headers,
      });
      expect(report.json().modulos.find((m: { id: number }) => m.id === moduleId)).toMatchObject({
        estado: 'fora',
        taxa_erro: 1,
      });

      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await runLookupViaApi(resting, signedIn.headers, moduleId)).json().code).toBe('UPSTREAM_ERROR');
      expect(stub.received.length).toBe(callsBefore + 1);
    } finally {
      await resting.close();
    }
    admin = await signIn(app, ADMIN.email, ADMIN.senha);
  });
});

describe('recent lookups of a scope (GET /consultas/admin/all)', () => {
  async function insertLookups(userId: number, count: number) {
    await database.db.insert(consultas).values(
      Array.from({ length: count }, () => ({
        usuarioId: userId,
        moduloNome: 'CPF',
        status: 'sucesso' as const,
        input: { cpf: '12345678909' },
        cobranca: 'creditos' as const,
      })),
    );
  }

  it('admin sees every lookup, a reseller its own and its clients, with totals equal to the rows', async () => {
    const reseller = await createReseller(app, database.db);
    const client = await insertUser(database.db, { revendedorId: reseller.userId });
    const stranger = await insertUser(database.db);
    await insertLookups(client, 3);
    await insertLookups(reseller.userId, 1);
    await insertLookups(stranger, 2);

    const asAdmin = await app.inject({
      method: 'GET',
      url: '/api/consultas/admin/all?limit=10',
      headers: admin.headers,
    });
    expect(asAdmin.statusCode).toBe(200);
    const [{ n } = { n: -1 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(consultas);
    expect(asAdmin.json().total).toBe(n);

    const asReseller = await app.inject({
      method: 'GET',
      url: '/api/consultas/admin/all?limit=10',
      headers: reseller.headers,
    });
    expect(asReseller.json().total).toBe(4);
    const owners = asReseller.json().consultas.map((row: { usuario_id: number }) => row.usuario_id);
    expect(new Set(owners)).toEqual(new Set([client, reseller.userId]));

    const strangerAsReseller = await app.inject({
      method: 'GET',
      url: `/api/consultas/admin/all?usuario_id=${stranger}`,
      headers: reseller.headers,
    });
    expect(strangerAsReseller.json()).toMatchObject({ total: 0, consultas: [] });

    const plain = await registerUser(app);
    const asUser = await app.inject({
      method: 'GET',
      url: '/api/consultas/admin/all',
      headers: plain.headers,
    });
    expect(asUser.statusCode).toBe(403);
  });
});
