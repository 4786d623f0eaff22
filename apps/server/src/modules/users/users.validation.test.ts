import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, createTestDatabase, type SignedIn, signIn } from '../../../test/harness.ts';
import { balanceOf, caller, createReseller, insertUser } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { logs } from '../../db/schema/logs.ts';
import { modules } from '../../db/schema/modules.ts';
import { plans } from '../../db/schema/plans.ts';
import { users } from '../../db/schema/users.ts';

/** docs/product/users.md (create, edit, credits and days) with its exact messages. */
let database: DatabaseHandle;
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let admin: SignedIn;
let reseller: SignedIn;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  call = caller(app);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  reseller = await createReseller(app, database.db, { creditsCents: 10_000 });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const INVALID_VALUE = 'Por favor, insira um valor válido';

async function expectField(response: Awaited<ReturnType<typeof call>>, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: message } });
}

async function lastLog(targetUserId: number) {
  const [row] = await database.db
    .select()
    .from(logs)
    .where(eq(logs.targetUserId, targetUserId))
    .orderBy(desc(logs.id))
    .limit(1);
  return row;
}

describe('create user', () => {
  const base = { nome: 'Maria Souza', email: 'maria@teste.local', senha: 'abcd' };

  it.each([
    ['nome', { ...base, nome: undefined }, 'Campo obrigatório'],
    ['nome', { ...base, nome: '   ' }, 'Campo obrigatório'],
    ['email', { ...base, email: undefined }, 'Campo obrigatório'],
    ['email', { ...base, email: 'não-é-email' }, 'Email inválido'],
    ['senha', { ...base, senha: undefined }, 'Campo obrigatório'],
    ['senha', { ...base, senha: 'abc' }, 'Mínimo 4 caracteres'],
    ['tipo', { ...base, tipo: 'root' }, 'Role inválido'],
    ['creditos', { ...base, creditos: -1 }, INVALID_VALUE],
    ['creditos', { ...base, creditos: 'dez' }, INVALID_VALUE],
    ['dias_ativos', { ...base, dias_ativos: 0 }, INVALID_VALUE],
    ['dias_ativos', { ...base, dias_ativos: 1.5 }, INVALID_VALUE],
  ])('%s: %j → %s', async (field, body, message) => {
    await expectField(await call('POST', '/api/users', admin.headers, body), field, message);
  });

  it('defaults to tipo usuario, 0 credits and 30 days; logs the creation without the password', async () => {
    const response = await call('POST', '/api/users', admin.headers, base);
    expect(response.statusCode).toBe(201);
    const { user, message } = response.json();
    expect(message).toBe('Usuário criado com sucesso');
    expect(user).toMatchObject({ tipo: 'usuario', creditos: 0, dias_ativos: 30, revendedor_id: null });
    expect(user).not.toHaveProperty('senha_hash');
    const log = await lastLog(user.id);
    expect(log).toMatchObject({ tipo: 'admin_action', acao: 'usuario_criado', userId: admin.userId });
    expect(JSON.stringify(log?.detalhes)).not.toMatch(/senha|argon/i);
  });

  it('answers 409 EMAIL_IN_USE for a taken email, whatever its case', async () => {
    const response = await call('POST', '/api/users', admin.headers, { ...base, email: 'MARIA@teste.local' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_IN_USE',
      fields: { email: 'Este email já está cadastrado' },
    });
  });

  it('takes a reseller’s initial credits from its own balance, with ledger entries on both sides', async () => {
    const response = await call('POST', '/api/users', reseller.headers, {
      nome: 'Cliente',
      email: 'cliente-credito@teste.local',
      senha: 'abcd',
      creditos: 25.5,
    });
    expect(response.statusCode).toBe(201);
    const clientId = response.json().user.id;
    expect(await balanceOf(database.db, clientId)).toEqual({ cents: 2550, ledgerSum: 2550 });
    expect(await balanceOf(database.db, reseller.userId)).toEqual({ cents: 7450, ledgerSum: 7450 });
    const short = await call('POST', '/api/users', reseller.headers, {
      nome: 'Outro',
      email: 'cliente-sem-saldo@teste.local',
      senha: 'abcd',
      creditos: 1000,
    });
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_CREDITS', error: 'Saldo insuficiente' });
    const [ghost] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'cliente-sem-saldo@teste.local'));
    expect(ghost).toBeUndefined();
  });
});

describe('edit user', () => {
  it.each([
    ['modulos', { modulos: '{não é json' }, 'JSON de módulos inválido'],
    ['modulos.abc', { modulos: { abc: { limite: 1 } } }, 'JSON de módulos inválido'],
    ['senha', { senha: 'abc' }, 'Mínimo 4 caracteres'],
    ['motivo_banimento', { banido: true, motivo_banimento: '' }, 'Motivo do banimento é obrigatório'],
    ['email', { email: 'x' }, 'Email inválido'],
    ['nome', { nome: '' }, 'Campo obrigatório'],
    ['tipo', { tipo: 'chefe' }, 'Role inválido'],
    ['creditos', { creditos: -5 }, INVALID_VALUE],
    ['data_expiracao', { data_expiracao: 'amanhã' }, 'Data inválida'],
  ])('%s: %j → %s', async (field, body, message) => {
    const id = await insertUser(database.db);
    await expectField(await call('PUT', `/api/users/${id}`, admin.headers, body), field, message);
  });

  it('answers 409 EMAIL_IN_USE when the new email belongs to someone else', async () => {
    const id = await insertUser(database.db);
    const response = await call('PUT', `/api/users/${id}`, admin.headers, {
      email: ADMIN.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_IN_USE',
      fields: { email: 'Este email já está cadastrado' },
    });
  });

  it('requires a reason to ban, also when only banido is sent', async () => {
    const id = await insertUser(database.db);
    await expectField(
      await call('PUT', `/api/users/${id}`, admin.headers, { banido: true }),
      'motivo_banimento',
      'Motivo do banimento é obrigatório',
    );
  });

  it('turns empty expiry, contacts and reseller into null, and unbanning clears the reason', async () => {
    const id = await insertUser(database.db, {
      revendedorId: reseller.userId,
      whatsappContato: '11999990000',
      telegramContato: 'fulano',
      dataExpiracao: new Date(Date.now() + 86_400_000),
      banido: true,
      motivoBanimento: 'spam',
    });
    const response = await call('PUT', `/api/users/${id}`, admin.headers, {
      data_expiracao: '',
      whatsapp_contato: '',
      telegram_contato: ' ',
      revendedor_id: '',
      banido: false,
      motivo_banimento: 'ignorado',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({
      data_expiracao: null,
      dias_ativos: 0,
      whatsapp_contato: null,
      telegram_contato: null,
      revendedor_id: null,
      banido: false,
      motivo_banimento: null,
    });
  });

  it('setting an expiry date updates the active days; changed days count from now', async () => {
    const id = await insertUser(database.db);
    const in10Days = new Date(Date.now() + 10 * 86_400_000 - 60_000).toISOString();
    const byDate = await call('PUT', `/api/users/${id}`, admin.headers, {
      data_expiracao: in10Days,
      dias_ativos: 0,
    });
    expect(byDate.json().user).toMatchObject({ data_expiracao: in10Days, dias_ativos: 10 });
    const byDays = await call('PUT', `/api/users/${id}`, admin.headers, {
      data_expiracao: in10Days,
      dias_ativos: 3,
    });
    expect(byDays.json().user.dias_ativos).toBe(3);
  });

  it('sets the balance absolutely through the ledger, logging only what changed', async () => {
    const id = await insertUser(database.db, { creditsCents: 1000 });
    const response = await call('PUT', `/api/users/${id}`, admin.headers, {
      creditos: 2.35,
      nome: 'Novo Nome',
    });
    expect(response.json().user.creditos).toBe(2.35);
    expect(await balanceOf(database.db, id)).toEqual({ cents: 235, ledgerSum: 235 });
    const log = await lastLog(id);
    expect(log?.acao).toBe('usuario_editado');
    expect(log?.detalhes).toMatchObject({
      antes: { creditos: 10 },
      depois: { creditos: 2.35, nome: 'Novo Nome' },
    });
    expect(Object.keys((log!.detalhes as { antes: object }).antes).sort()).toEqual(['creditos', 'nome']);
  });

  it('changes the password only when one of at least 4 characters is sent, never logging it', async () => {
    const created = await call('POST', '/api/users', admin.headers, {
      nome: 'Senha',
      email: 'troca-senha@teste.local',
      senha: 'antiga1',
    });
    const id = created.json().user.id;
    expect((await call('PUT', `/api/users/${id}`, admin.headers, { senha: '' })).statusCode).toBe(200);
    await signIn(app, 'troca-senha@teste.local', 'antiga1');
    expect((await call('PUT', `/api/users/${id}`, admin.headers, { senha: 'nova' })).statusCode).toBe(200);
    await signIn(app, 'troca-senha@teste.local', 'nova');
    const log = await lastLog(id);
    expect(log?.detalhes).toMatchObject({ senha_alterada: true });
    expect(JSON.stringify(log?.detalhes)).not.toMatch(/argon|nova/);
  });

  it('accepts only a revendedor or admin as responsible, and a reseller may not change tipo or responsible', async () => {
    const plain = await insertUser(database.db);
    const id = await insertUser(database.db, { revendedorId: reseller.userId });
    await expectField(
      await call('PUT', `/api/users/${id}`, admin.headers, { revendedor_id: plain }),
      'revendedor_id',
      'Responsável não encontrado. Dica: digite o nome, email ou ID de um usuário do tipo revendedor ou admin.',
    );
    const ok = await call('PUT', `/api/users/${id}`, admin.headers, { revendedor_id: admin.userId });
    expect(ok.json().user.revendedor_id).toBe(admin.userId);

    const own = await insertUser(database.db, { revendedorId: reseller.userId });
    const same = await call('PUT', `/api/users/${own}`, reseller.headers, {
      tipo: 'usuario',
      revendedor_id: reseller.userId,
      nome: 'Mesmo',
    });
    expect(same.statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${own}`, reseller.headers, { tipo: 'admin' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('PUT', `/api/users/${own}`, reseller.headers, { revendedor_id: null })).statusCode,
    ).toBe(403);
  });

  it('stores per-module limits given as a JSON string, as the edit form types them', async () => {
    const id = await insertUser(database.db);
    const response = await call('PUT', `/api/users/${id}`, admin.headers, {
      modulos: '{"3": {"limite": 5}}',
    });
    expect(response.json().user.modulos).toEqual({ '3': { limite: 5 } });
  });
});

describe('credit and day operations', () => {
  const bad = [0, -1, 1.5, '3', null, undefined, 'abc'];
  it.each(['credits/add', 'credits/remove'])('%s needs an integer > 0', async (path) => {
    const id = await insertUser(database.db, { creditsCents: 100_000 });
    for (const amount of bad) {
      await expectField(
        await call('POST', `/api/users/${id}/${path}`, admin.headers, { amount }),
        'amount',
        INVALID_VALUE,
      );
    }
  });

  it.each(['days/add', 'days/remove'])('%s needs an integer > 0', async (path) => {
    const id = await insertUser(database.db);
    for (const days of bad) {
      await expectField(
        await call('POST', `/api/users/${id}/${path}`, admin.headers, { days }),
        'days',
        INVALID_VALUE,
      );
    }
  });

  it('an admin creates credits and cannot remove below zero', async () => {
    const id = await insertUser(database.db);
    const added = await call('POST', `/api/users/${id}/credits/add`, admin.headers, { amount: 7 });
    expect(added.json()).toMatchObject({ user: { creditos: 7 }, message: 'Créditos adicionados' });
    const tooMuch = await call('POST', `/api/users/${id}/credits/remove`, admin.headers, { amount: 8 });
    expect(tooMuch.statusCode).toBe(402);
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_CREDITS', error: 'Saldo insuficiente' });
    await call('POST', `/api/users/${id}/credits/remove`, admin.headers, { amount: 7 });
    expect(await balanceOf(database.db, id)).toEqual({ cents: 0, ledgerSum: 0 });
    const log = await lastLog(id);
    expect(log).toMatchObject({
      acao: 'creditos_removidos',
      detalhes: { antes: { creditos: 7 }, depois: { creditos: 0 } },
    });
  });

  it('a reseller transfers from its balance and gets credits back on removal', async () => {
    const seller = await createReseller(app, database.db, { creditsCents: 500 });
    const client = await insertUser(database.db, { revendedorId: seller.userId });
    expect(
      (await call('POST', `/api/users/${client}/credits/add`, seller.headers, { amount: 3 })).statusCode,
    ).toBe(200);
    const short = await call('POST', `/api/users/${client}/credits/add`, seller.headers, { amount: 3 });
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_CREDITS', error: 'Saldo insuficiente' });
    expect(await balanceOf(database.db, seller.userId)).toEqual({ cents: 200, ledgerSum: 200 });
    expect(await balanceOf(database.db, client)).toEqual({ cents: 300, ledgerSum: 300 });
    await call('POST', `/api/users/${client}/credits/remove`, seller.headers, { amount: 2 });
    expect(await balanceOf(database.db, seller.userId)).toEqual({ cents: 400, ledgerSum: 400 });
    expect(await balanceOf(database.db, client)).toEqual({ cents: 100, ledgerSum: 100 });
    const statement = (await call('GET', `/api/users/${client}/credits?limit=10`, seller.headers)).json();
    expect(statement).toMatchObject({ creditos: 1, total: 2, totalPages: 1, page: 1 });
    expect(
      statement.lancamentos.map((e: { valor: number; saldo_apos: number; motivo: string }) => [
        e.valor,
        e.saldo_apos,
        e.motivo,
      ]),
    ).toEqual([
      [-2, 1, 'devolucao_ao_revendedor'],
      [3, 3, 'transferencia_do_revendedor'],
    ]);
    // Each side names the other account of the transfer.
    const sellerName = (await call('GET', '/api/profile', seller.headers)).json().user.nome;
    expect(statement.lancamentos.map((e: { referencia_nome: string | null }) => e.referencia_nome)).toEqual([
      sellerName,
      sellerName,
    ]);
    const own = (await call('GET', '/api/profile/credits', seller.headers)).json();
    expect(own.creditos).toBe(4);
    const clientName = (await call('GET', `/api/users/${client}`, seller.headers)).json().user.nome;
    expect(
      own.lancamentos
        .filter((e: { referencia: string | null }) => e.referencia === `usuario:${client}`)
        .map((e: { referencia_nome: string | null }) => e.referencia_nome),
    ).toEqual([clientName, clientName]);
    expect(own.lancamentos.reduce((sum: number, e: { valor: number }) => sum + e.valor, 0)).toBe(4);
    const log = await lastLog(client);
    expect(log).toMatchObject({
      tipo: 'revendedor_action',
      acao: 'creditos_removidos',
      detalhes: { saldo_revendedor: { antes: 2, depois: 4 } },
    });
  });

  it('days add from the later of now and the expiry; remove takes them off the expiry', async () => {
    const expired = await insertUser(database.db, { dataExpiracao: new Date(Date.now() - 5 * 86_400_000) });
    const added = await call('POST', `/api/users/${expired}/days/add`, admin.headers, { days: 2 });
    expect(added.json().user.dias_ativos).toBe(2);
    const removed = await call('POST', `/api/users/${expired}/days/remove`, admin.headers, { days: 1 });
    expect(removed.json().user.dias_ativos).toBe(1);
  });

  it('role must be one of admin, revendedor, usuario', async () => {
    const id = await insertUser(database.db);
    await expectField(
      await call('PUT', `/api/users/${id}/role`, admin.headers, { tipo: 'dono' }),
      'tipo',
      'Role inválido',
    );
    await expectField(await call('PUT', `/api/users/${id}/role`, admin.headers, {}), 'tipo', 'Role inválido');
    const ok = await call('PUT', `/api/users/${id}/role`, admin.headers, { tipo: 'revendedor' });
    expect(ok.json().user.tipo).toBe('revendedor');
  });

  it('ban needs a reason; unban clears it', async () => {
    const id = await insertUser(database.db);
    for (const motivo of [undefined, '', '   ', null]) {
      await expectField(
        await call('POST', `/api/users/${id}/ban`, admin.headers, { motivo }),
        'motivo',
        'Motivo do banimento é obrigatório',
      );
    }
    const banned = await call('POST', `/api/users/${id}/ban`, admin.headers, { motivo: 'Chargeback' });
    expect(banned.json().user).toMatchObject({ banido: true, motivo_banimento: 'Chargeback' });
    const unbanned = await call('POST', `/api/users/${id}/unban`, admin.headers);
    expect(unbanned.json().user).toMatchObject({ banido: false, motivo_banimento: null });
  });

  it('bulk add time needs days > 0 or hours > 0', async () => {
    for (const body of [{ days: 0, hours: 0 }, {}, { days: -1, hours: 0 }]) {
      const response = await call('POST', '/api/users/bulk/add-time', admin.headers, body);
      expect(response.statusCode).toBe(400);
    }
    const none = await call('POST', '/api/users/bulk/add-time', admin.headers, { days: 0, hours: 0 });
    expect(none.json().fields.days).toBe('Informe dias ou horas maiores que 0');
    const nobody = await call('POST', '/api/users/bulk/add-time', admin.headers, { days: 1, user_ids: [] });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().fields.user_ids).toBe('Selecione ao menos um usuário');
  });
});

describe('plans, module limits and usage', () => {
  it('activates a plan from the later of now and the current end, keeping data_expiracao consistent', async () => {
    const [plan] = await database.db
      .select()
      .from(plans)
      .where(eq(plans.durationUnit, 'days'))
      .orderBy(asc(plans.id))
      .limit(1);
    const id = await insertUser(database.db);
    const first = await call('POST', `/api/users/${id}/subscription`, admin.headers, { plan_id: plan!.id });
    expect(first.json().message).toBe('Plano ativado');
    const second = await call('POST', `/api/users/${id}/subscription`, admin.headers, { plan_id: plan!.id });
    const user = second.json().user;
    const expectedEnd = Date.now() + 2 * plan!.durationValue * 86_400_000;
    expect(Math.abs(Date.parse(user.active_subscription.ends_at) - expectedEnd)).toBeLessThan(60_000);
    expect(user.data_expiracao).toBe(user.active_subscription.ends_at);
    expect(user.active_subscription.Plan.name).toBe(plan!.name);
    const missing = await call('POST', `/api/users/${id}/subscription`, admin.headers, { plan_id: 999_999 });
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Plano não encontrado' });
  });

  it('sets a module limit (null = unlimited) and shows it in the limits', async () => {
    const [module] = await database.db
      .select()
      .from(modules)
      .where(eq(modules.tipoLimite, 'quantidade'))
      .orderBy(asc(modules.id))
      .limit(1);
    const id = await insertUser(database.db, { creditsCents: 1234 });
    await call('POST', `/api/users/${id}/module-limit`, admin.headers, { modulo_id: module!.id, limite: 3 });
    let limits = (await call('GET', `/api/users/${id}/limits`, admin.headers)).json();
    expect(limits.creditos).toBe(12.34);
    expect(limits.modulos[String(module!.id)]).toEqual({ nome: module!.nome, usado: 0, limite: 3 });
    await call('POST', `/api/users/${id}/module-limit`, admin.headers, {
      modulo_id: module!.id,
      limite: null,
    });
    limits = (await call('GET', `/api/users/${id}/limits`, admin.headers)).json();
    expect(limits.modulos[String(module!.id)].limite).toBeNull();
    const bad = await call('POST', `/api/users/${id}/module-limit`, admin.headers, {
      modulo_id: module!.id,
      limite: -1,
    });
    expect(bad.statusCode).toBe(400);
    const missing = await call('POST', `/api/users/${id}/module-limit`, admin.headers, {
      modulo_id: 999_999,
      limite: 1,
    });
    expect(missing.statusCode).toBe(404);
    const reset = await call('POST', `/api/users/${id}/modules/reset-usage`, admin.headers, {
      modulo_id: module!.id,
    });
    expect(reset.json()).toMatchObject({ message: 'Limites resetados', resetados: 0 });
  });
});

describe('bad input is never a 500', () => {
  const bodies = [
    [],
    'texto',
    42,
    null,
    { amount: 1e308 },
    { days: '1e9' },
    { tipo: ['admin'] },
    { modulos: [1, 2] },
  ];
  const paths: [string, 'POST' | 'PUT'][] = [
    ['/api/users', 'POST'],
    ['/api/users/{id}', 'PUT'],
    ['/api/users/{id}/ban', 'POST'],
    ['/api/users/{id}/credits/add', 'POST'],
    ['/api/users/{id}/credits/remove', 'POST'],
    ['/api/users/{id}/days/add', 'POST'],
    ['/api/users/{id}/days/remove', 'POST'],
    ['/api/users/{id}/subscription', 'POST'],
    ['/api/users/{id}/role', 'PUT'],
    ['/api/users/{id}/module-limit', 'POST'],
    ['/api/users/{id}/modules/reset-usage', 'POST'],
    ['/api/users/bulk/add-time', 'POST'],
    ['/api/profile', 'PUT'],
    ['/api/profile/change-password', 'POST'],
  ];
  it('answers below 500, errors with a code, for malformed bodies, ids and queries', async () => {
    const id = await insertUser(database.db);
    for (const [path, method] of paths) {
      for (const body of bodies) {
        const response = await app.inject({
          method,
          url: path.replace('{id}', String(id)),
          headers: { ...admin.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(
          response.statusCode,
          `${method} ${path} ${JSON.stringify(body)}: ${response.body}`,
        ).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json()).toHaveProperty('code');
      }
    }
    for (const url of [
      '/api/users/abc',
      '/api/users/-1/limits',
      '/api/users/99999999999999',
      '/api/users?limit=7',
      '/api/users?page=0',
      '/api/users?tipo=chefe',
    ]) {
      const response = await call('GET', url, admin.headers);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});
