import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createModuleViaApi,
  createTestApp,
  createTestDatabase,
  registerUser,
  type SignedIn,
  signIn,
  TEST_PURPOSE_ID,
} from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { demoModules } from '../../db/demo-modules.ts';
import { logs } from '../../db/schema/logs.ts';
import { users } from '../../db/schema/users.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;
let reseller: SignedIn;
let usuario: SignedIn;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  const resellerUser = await registerUser(app);
  await database.db.update(users).set({ tipo: 'revendedor' }).where(eq(users.id, resellerUser.userId));
  reseller = resellerUser;
  usuario = await registerUser(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('seeded demo catalogue', () => {
  it('lists a demo module for every lookup kind, in order, all wired to the built-in provider', async () => {
    const response = await call('GET', '/api/modulos', admin.headers);
    const modulos = response.json().modulos as { nome: string; api_url: string; ordem: number }[];
    const names = modulos.map((m) => m.nome);
    for (const kind of [
      'CPF Completo',
      'Nome',
      'Nome da Mãe',
      'Nome do Pai',
      'Placa',
      'Telefone',
      'Email',
      'CNPJ',
      'RG',
      'CNS',
      'Título de Eleitor',
      'NIS',
      'PIS',
      'Razão Social',
      'CEP',
      'Motor',
      'Chassi',
      'Renavam',
    ]) {
      expect(names).toContain(kind);
    }
    expect(modulos.every((m) => m.api_url.startsWith('/demo-api/'))).toBe(true);
    expect(modulos.map((m) => m.ordem)).toEqual([...modulos.map((m) => m.ordem)].sort((a, b) => a - b));
  });
});

describe('who may do what', () => {
  it('lets admins and resellers read the catalogue, resellers without upstream details', async () => {
    const asReseller = await call('GET', '/api/modulos', reseller.headers);
    expect(asReseller.statusCode).toBe(200);
    expect(asReseller.body).not.toContain('api_url');
    expect(asReseller.body).not.toContain('/demo-api/');
    expect((await call('GET', '/api/modulos', usuario.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/modulos', {})).statusCode).toBe(401);
  });

  it('refuses every mutation to resellers and users with 403', async () => {
    const id = await createModuleViaApi(app, admin.headers, { api_url: '/demo-api/cpf/{cpf}' });
    for (const headers of [reseller.headers, usuario.headers]) {
      const attempts = await Promise.all([
        call('POST', '/api/modulos', headers, { nome: 'x', descricao: 'x', api_url: 'https://x.test' }),
        call('PUT', `/api/modulos/${id}`, headers, { nome: 'y' }),
        call('PUT', `/api/modulos/${id}/timeout`, headers, { timeout_segundos: 10 }),
        call('PUT', `/api/modulos/${id}/status`, headers, { ativo: false }),
        call('POST', '/api/modulos/reorder', headers, [{ id, ordem: 10 }]),
        call('DELETE', `/api/modulos/${id}`, headers),
        call('GET', '/api/admin/settings', headers),
        call('PUT', '/api/admin/settings', headers, { trial_limit: 1 }),
      ]);
      expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    }
  });
});

describe('module validation (docs/product/modules.md#module-fields)', () => {
  it('needs nome, descricao and a URL to create', async () => {
    const response = await call('POST', '/api/modulos', admin.headers, { nome: '', api_url: 'nao é url' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      nome: 'Campo obrigatório',
      descricao: 'Campo obrigatório',
      api_url: 'Informe uma URL válida (http:// ou https://) ou um caminho /demo-api/',
    });
  });

  it('keeps timeout within 5–300 s, price at least 0 with cents, default limit at least 1', async () => {
    const base = { nome: 'M', descricao: 'D', api_url: 'https://provedor.test/{cpf}' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ timeout_segundos: 4 }, 'timeout_segundos', 'O timeout deve estar entre 5 e 300 segundos'],
      [{ timeout_segundos: 301 }, 'timeout_segundos', 'O timeout deve estar entre 5 e 300 segundos'],
      [{ preco_por_consulta: -1 }, 'preco_por_consulta', 'O preço não pode ser negativo'],
      [{ preco_por_consulta: 1.005 }, 'preco_por_consulta', 'Use no máximo duas casas decimais'],
      [{ limite_padrao_quantidade: 0 }, 'limite_padrao_quantidade', 'O limite mínimo é 1'],
      [
        { campos_entrada: [{ nome: '1x', tipo: 'string' }] },
        'campos_entrada.0.nome',
        'Use letras, números e _ (começando por letra)',
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await call('POST', '/api/modulos', admin.headers, { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().fields[field]).toBe(message);
    }
  });

  it('applies the defaults: timeout 30 s, price 1, quantity limit 1000', async () => {
    const response = await call('POST', '/api/modulos', admin.headers, {
      nome: 'Padrões',
      descricao: 'D',
      api_url: 'https://provedor.test/{cpf}',
    });
    expect(response.json()).toMatchObject({
      timeout_segundos: 30,
      preco_por_consulta: 1,
      limite_padrao_quantidade: 1000,
      tipo_limite: 'quantidade',
      status: 'online',
    });
  });

  it('keeps 2-decimal prices exact: 0.29 credits is 29 cents', async () => {
    const response = await call('POST', '/api/modulos', admin.headers, {
      nome: 'Barato',
      descricao: 'D',
      api_url: 'https://provedor.test/{cpf}',
      tipo_limite: 'creditos',
      preco_por_consulta: 0.29,
    });
    expect(response.json()).toMatchObject({ preco_por_consulta: 0.29, price_por_consulta: 0.29 });
  });
});

describe('editing', () => {
  it('edits partially, flips one status flag at a time, logs before and after', async () => {
    const id = await createModuleViaApi(app, admin.headers, {
      api_url: '/demo-api/cpf/{cpf}',
      nome: 'Antes',
    });
    const edit = await call('PUT', `/api/modulos/${id}`, admin.headers, { nome: 'Depois', descricao: '' });
    expect(edit.json()).toMatchObject({ nome: 'Depois', descricao: '', api_url: '/demo-api/cpf/{cpf}' });

    const both = await call('PUT', `/api/modulos/${id}/status`, admin.headers, {
      ativo: false,
      manutencao: true,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('Envie exatamente um campo: ativo ou manutencao');
    const maintenance = await call('PUT', `/api/modulos/${id}/status`, admin.headers, { manutencao: true });
    expect(maintenance.json()).toMatchObject({ manutencao: true, ativo: true, status: 'manutencao' });
    const off = await call('PUT', `/api/modulos/${id}/status`, admin.headers, { ativo: false });
    expect(off.json().status).toBe('inativo');
    const timeout = await call('PUT', `/api/modulos/${id}/timeout`, admin.headers, { timeout_segundos: 120 });
    expect(timeout.json().timeout_segundos).toBe(120);

    const entries = await database.db.select().from(logs).where(eq(logs.tipo, 'admin_action'));
    const edited = entries.find(
      (e) => e.acao === 'modulo_editado' && (e.detalhes.depois as { nome: string }).nome === 'Depois',
    );
    expect(edited?.detalhes).toMatchObject({ antes: { nome: 'Antes' }, depois: { nome: 'Depois' } });
  });

  it('keeps secret headers write-only: names listed, values never shown, null removes one', async () => {
    const id = await createModuleViaApi(app, admin.headers, {
      api_url: 'https://provedor.test/{cpf}',
      headers: { Authorization: 'Bearer abc123', 'X-Extra': 'y' },
    });
    const update = await call('PUT', `/api/modulos/${id}`, admin.headers, { headers: { 'X-Extra': null } });
    expect(update.json().headers_definidos).toEqual(['Authorization']);
    expect(update.body).not.toContain('abc123');
    const list = await call('GET', '/api/modulos', admin.headers);
    expect(list.body).not.toContain('abc123');
    const auditTrail = await database.db.select().from(logs);
    expect(JSON.stringify(auditTrail)).not.toContain('abc123');
  });

  it('reorders with either body shape and refuses unknown ids as a whole', async () => {
    const a = await createModuleViaApi(app, admin.headers, { api_url: '/demo-api/cpf/{cpf}', nome: 'A' });
    const b = await createModuleViaApi(app, admin.headers, { api_url: '/demo-api/cpf/{cpf}', nome: 'B' });
    const list = await call('POST', '/api/modulos/reorder', admin.headers, [
      { id: b, ordem: 1 },
      { id: a, ordem: 2 },
    ]);
    expect(list.statusCode).toBe(200);
    const ids = list.json().modulos.map((m: { id: number }) => m.id);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));

    const byOrder = await call('POST', '/api/modulos/reorder', admin.headers, { order: [a, b] });
    const after = byOrder.json().modulos as { id: number; ordem: number }[];
    expect(after.find((m) => m.id === a)?.ordem).toBe(10);
    expect(after.find((m) => m.id === b)?.ordem).toBe(20);

    const unknown = await call('POST', '/api/modulos/reorder', admin.headers, [
      { id: a, ordem: 5 },
      { id: 999_999, ordem: 6 },
    ]);
    expect(unknown.statusCode).toBe(404);
    const unchanged = await call('GET', '/api/modulos', admin.headers);
    expect(unchanged.json().modulos.find((m: { id: number }) => m.id === a).ordem).toBe(10);
  });

  it('deletes a module but keeps its history, and answers 404 for an unknown one', async () => {
    const id = await createModuleViaApi(app, admin.headers, { api_url: '/demo-api/cpf/{cpf}' });
    expect((await call('DELETE', `/api/modulos/${id}`, admin.headers)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/modulos/${id}`, admin.headers)).statusCode).toBe(404);
    expect((await call('PUT', `/api/modulos/${id}`, admin.headers, { nome: 'x' })).json().error).toBe(
      'Módulo não encontrado',
    );
  });
});

describe('settings', () => {
  it('shows the PIX key masked after saving and keeps it when the mask is sent back', async () => {
    const saved = await call('PUT', '/api/admin/settings', admin.headers, {
      easy_pix_api_key: 'chave-super-secreta-9876',
      topup_min_reais: 25.5,
      trial_limit: 5,
    });
    expect(saved.json()).toEqual({
      easy_pix_api_key: '••••••••9876',
      topup_min_reais: 25.5,
      topup_max_reais: 5000,
      trial_limit: 5,
      exigir_finalidade: true,
    });
    const again = await call('PUT', '/api/admin/settings', admin.headers, {
      easy_pix_api_key: '••••••••9876',
    });
    expect(again.json().easy_pix_api_key).toBe('••••••••9876');
    const read = await call('GET', '/api/admin/settings', admin.headers);
    expect(read.body).not.toContain('super-secreta');
    const bad = await call('PUT', '/api/admin/settings', admin.headers, { trial_limit: -1 });
    expect(bad.json().fields.trial_limit).toBe('O limite de testes deve ser um número inteiro de 0 a 1000');
    await call('PUT', '/api/admin/settings', admin.headers, { trial_limit: 10, topup_min_reais: 50 });
  });
});

describe('demo modules answer out of the box', () => {
  it('every seeded module runs a lookup on the built-in provider with a valid sample input', async () => {
    const { eq: equals } = await import('drizzle-orm');
    await database.db
      .update(users)
      .set({ dataExpiracao: new Date(Date.now() + 86_400_000), creditosCents: 0 })
      .where(equals(users.id, admin.userId));
    app.services.sessions.userChanged(admin.userId);
    const { adjustCredits } = await import('../../lib/ledger.repository.ts');
    await adjustCredits(database.db, {
      userId: admin.userId,
      actorId: null,
      amountCents: 100_00,
      reason: 'teste',
    });
    const samples: Record<string, string> = {
      cpf: '529.982.247-25',
      nome: 'Maria Exemplo',
      telefone: '(11) 91234-5678',
      email: 'maria@example.com',
      rg: '123456789',
      cns: '898 0011 2233 4003',
      titulo: '1234 5678 0191',
      nis: '12345678900',
      pis: '123.45678.90-0',
      cep: '01310-100',
      cnpj: '11.222.333/0001-81',
      placa: 'ABC1D23',
      chassi: '9BWZZZ377VT004251',
      renavam: '00639884962',
      motor: 'AB123456',
    };
    const listing = await call('GET', '/api/modulos', admin.headers);
    const seeded = (
      listing.json().modulos as {
        id: number;
        nome: string;
        api_url: string;
        campos_entrada: { nome: string }[];
      }[]
    ).filter((m) => demoModules.some((demo) => demo.nome === m.nome));
    expect(seeded).toHaveLength(demoModules.length);
    for (const module of seeded) {
      const input = Object.fromEntries(
        module.campos_entrada.map((field) => [field.nome, samples[field.nome] ?? '']),
      );
      const response = await call('POST', '/api/consultas', admin.headers, {
        modulo_id: module.id,
        input,
        finalidade_id: TEST_PURPOSE_ID,
      });
      expect(response.statusCode, `${module.nome}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(JSON.stringify(response.json().retorno)).toContain('fictícios');
    }
  });
});
