import { messages } from '@painel/shared/messages';
import { businessToday } from '@painel/shared/schemas/metrics';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createModuleViaApi, registerUser, runLookupViaApi, type SignedIn } from '../../../test/harness.ts';
import { startUpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser, useTestApp } from '../../../test/use-test-app.ts';
import { caller, createReseller, insertUser } from '../../../test/users-fixtures.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { logs } from '../../db/schema/logs.ts';

/** docs/product/records.md: the record of processing operations (LGPD art. 37) of a period. */
const test = useTestApp({ RESULT_RETENTION_DAYS: '45' });
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(test.app)(...args);

/** Seeded purposes (migration 0010). */
const CREDIT = 1;
const FRAUD = 2;
const MARCH = '/api/admin/registros-tratamento?de=2020-03-01&ate=2020-03-31';

let usuario: SignedIn;
let revendedor: SignedIn;
const people = { alfa: 0, beta: 0, alfa1: 0, alfa2: 0, beta1: 0, direct: 0 };

interface Lookup {
  user: number;
  module?: string;
  purpose?: number | null;
  status?: 'sucesso' | 'falha' | 'pendente';
  error?: string;
  /** When it ran (UTC). */
  at: string;
}

async function insertLookups(lookups: Lookup[]) {
  await test.database.db.insert(consultas).values(
    lookups.map((lookup) => ({
      usuarioId: lookup.user,
      moduloNome: lookup.module ?? 'CPF Completo',
      status: lookup.status ?? 'sucesso',
      erroCodigo: lookup.error ?? null,
      input: { cpf: '52998224725' },
      cobranca: 'quantidade' as const,
      finalidadeId: lookup.purpose === undefined ? CREDIT : lookup.purpose,
      createdAt: new Date(lookup.at),
    })),
  );
}

beforeAll(async () => {
  const db = test.database.db;
  usuario = await registerUser(test.app);
  revendedor = await createReseller(test.app, db, { nome: 'Loja Alfa' });
  people.alfa = revendedor.userId;
  people.beta = await insertUser(db, { nome: 'Loja Beta', tipo: 'revendedor' });
  people.alfa1 = await insertUser(db, { revendedorId: people.alfa });
  people.alfa2 = await insertUser(db, { revendedorId: people.alfa });
  people.beta1 = await insertUser(db, { revendedorId: people.beta });
  people.direct = await insertUser(db);
  // March 2020 in São Paulo (UTC-3) runs from 2020-03-01T03:00Z to 2020-04-01T03:00Z.
  await insertLookups([
    { user: people.alfa1, at: '2020-03-01T03:00:00Z' },
    { user: people.alfa1, at: '2020-03-10T12:00:00Z' },
    { user: people.alfa2, at: '2020-03-11T12:00:00Z', status: 'falha', error: 'NOT_FOUND' },
    { user: people.beta1, at: '2020-03-12T12:00:00Z' },
    { user: people.direct, at: '2020-04-01T02:59:59Z' },
    { user: people.alfa1, at: '2020-03-13T12:00:00Z', purpose: FRAUD },
    { user: people.direct, at: '2020-03-14T12:00:00Z', purpose: null },
    { user: people.beta1, at: '2020-03-15T12:00:00Z', module: 'Placa' },
    // Not counted: still running, never sent to the provider, or outside March in São Paulo.
    { user: people.alfa1, at: '2020-03-16T12:00:00Z', status: 'pendente' },
    { user: people.alfa1, at: '2020-03-16T12:00:00Z', status: 'falha', error: 'UPSTREAM_UNAVAILABLE' },
    { user: people.alfa2, at: '2020-03-16T12:00:00Z', status: 'falha', error: 'UPSTREAM_BLOCKED' },
    { user: people.alfa1, at: '2020-03-01T02:59:59Z' },
    { user: people.beta1, at: '2020-04-01T03:00:00Z' },
  ]);
});

const readRecords = async (url = MARCH) => {
  const response = await call('GET', url, test.admin.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    de: string;
    ate: string;
    gerado_em: string;
    retencao_dias: number;
    registros: {
      modulo: string;
      finalidade_id: number | null;
      finalidade: string;
      base_legal: string | null;
      consultas: number;
      usuarios: number;
      revendedores: { revendedor_id: number | null; nome: string; consultas: number }[];
    }[];
  }>();
};

async function exportLogs() {
  return test.database.db
    .select()
    .from(logs)
    .where(and(eq(logs.acao, 'registro_tratamento_exportado'), eq(logs.userId, test.admin.userId)));
}

describe('GET /api/admin/registros-tratamento', () => {
  it('answers one row per module and purpose of the São Paulo period, with users, resellers, basis and retention', async () => {
    const record = await readRecords();
    expect(record).toMatchObject({ de: '2020-03-01', ate: '2020-03-31', retencao_dias: 45 });
    expect(Date.parse(record.gerado_em)).not.toBeNaN();
    expect(record.registros).toEqual([
      {
        modulo: 'CPF Completo',
        finalidade_id: CREDIT,
        finalidade: 'Análise de crédito',
        base_legal: 'X',
        consultas: 5,
        usuarios: 4,
        revendedores: [
          { revendedor_id: people.alfa, nome: 'Loja Alfa', consultas: 3 },
          { revendedor_id: null, nome: 'Direto', consultas: 1 },
          { revendedor_id: people.beta, nome: 'Loja Beta', consultas: 1 },
        ],
      },
      {
        modulo: 'CPF Completo',
        finalidade_id: FRAUD,
        finalidade: 'Prevenção a fraudes',
        base_legal: 'IX',
        consultas: 1,
        usuarios: 1,
        revendedores: [{ revendedor_id: people.alfa, nome: 'Loja Alfa', consultas: 1 }],
      },
      {
        modulo: 'CPF Completo',
        finalidade_id: null,
        finalidade: messages.recordsNoPurpose,
        base_legal: null,
        consultas: 1,
        usuarios: 1,
        revendedores: [{ revendedor_id: null, nome: messages.recordsDirect, consultas: 1 }],
      },
      {
        modulo: 'Placa',
        finalidade_id: CREDIT,
        finalidade: 'Análise de crédito',
        base_legal: 'X',
        consultas: 1,
        usuarios: 1,
        revendedores: [{ revendedor_id: people.beta, nome: 'Loja Beta', consultas: 1 }],
      },
    ]);
  });

  it('counts a user once however many lookups, and each day by its São Paulo date', async () => {
    // alfa1's two lookups of 1 and 10 March are one user; 1 March 00:00 in São Paulo is 03:00 UTC.
    const firstDay = await readRecords('/api/admin/registros-tratamento?de=2020-03-01&ate=2020-03-10');
    expect(firstDay.registros).toEqual([
      expect.objectContaining({ finalidade_id: CREDIT, consultas: 2, usuarios: 1 }),
    ]);
    // 1 April 02:59:59 UTC is still 31 March there.
    const lastDay = await readRecords('/api/admin/registros-tratamento?de=2020-03-31&ate=2020-03-31');
    expect(lastDay.registros).toEqual([
      expect.objectContaining({
        modulo: 'CPF Completo',
        consultas: 1,
        revendedores: [{ revendedor_id: null, nome: 'Direto', consultas: 1 }],
      }),
    ]);
    const dayAfter = await readRecords('/api/admin/registros-tratamento?de=2020-04-01&ate=2020-04-01');
    expect(dayAfter.registros.map((row) => [row.modulo, row.consultas])).toEqual([['CPF Completo', 1]]);
  });

  it('answers an empty list for a period without lookups', async () => {
    const record = await readRecords('/api/admin/registros-tratamento?de=2019-01-01&ate=2019-01-31');
    expect(record.registros).toEqual([]);
  });

  it('counts a lookup run through the panel, and one the provider answered with nothing', async () => {
    const stub = await startUpstreamStub();
    try {
      const moduleId = await createModuleViaApi(test.app, test.admin.headers, {
        nome: 'CPF Registro',
        api_url: `${stub.baseUrl}/ok/{cpf}`,
      });
      const missingId = await createModuleViaApi(test.app, test.admin.headers, {
        nome: 'CPF Sem Resultado',
        api_url: `${stub.baseUrl}/missing/{cpf}`,
      });
      const user = await payingUser(test, 0);
      expect((await runLookupViaApi(test.app, user.headers, moduleId)).statusCode).toBe(200);
      expect((await runLookupViaApi(test.app, user.headers, missingId)).statusCode).toBe(404);
      const today = businessToday();
      const record = await readRecords(`/api/admin/registros-tratamento?de=${today}&ate=${today}`);
      expect(
        record.registros.map((row) => [row.modulo, row.finalidade, row.consultas, row.usuarios]),
      ).toEqual([
        ['CPF Registro', 'Análise de crédito', 1, 1],
        ['CPF Sem Resultado', 'Análise de crédito', 1, 1],
      ]);
    } finally {
      await stub.close();
    }
  });

  it('logs each reading with its period and format', async () => {
    const before = (await exportLogs()).length;
    await readRecords();
    const entries = await exportLogs();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      tipo: 'admin_action',
      detalhes: { de: '2020-03-01', ate: '2020-03-31', formato: 'json', linhas: 4, consultas: 8 },
    });
  });
});

describe('the period', () => {
  const fieldsOf = async (query: string) => {
    const response = await call('GET', `/api/admin/registros-tratamento${query}`, test.admin.headers);
    expect(response.statusCode, response.body).toBe(400);
    return response.json<{ code: string; fields: Record<string, string> }>().fields;
  };

  it('is required, both ends', async () => {
    expect(await fieldsOf('')).toEqual({ de: messages.required, ate: messages.required });
    expect(await fieldsOf('?de=2020-03-01&ate=')).toEqual({ ate: messages.required });
  });

  it('takes real calendar days only', async () => {
    expect(await fieldsOf('?de=2020-02-30&ate=2020-03-01')).toEqual({ de: messages.invalidDate });
    expect(await fieldsOf('?de=01/03/2020&ate=2020-03-01')).toEqual({ de: messages.invalidDate });
  });

  it('starts on or before its end and spans at most 366 days, as the metrics', async () => {
    expect(await fieldsOf('?de=2020-03-02&ate=2020-03-01')).toEqual({ de: messages.periodStartAfterEnd });
    expect(await fieldsOf('?de=2020-01-01&ate=2021-01-01')).toEqual({ de: messages.periodTooLong(366) });
    await readRecords('/api/admin/registros-tratamento?de=2020-01-01&ate=2020-12-31');
  });

  it('writes no log when refused', async () => {
    const before = (await exportLogs()).length;
    await fieldsOf('?de=2020-03-02&ate=2020-03-01');
    expect(await exportLogs()).toHaveLength(before);
  });

  it('given twice is a date to correct, not a missing one', async () => {
    expect(await fieldsOf('?de=2020-03-01&de=2020-03-02&ate=2020-03-31')).toEqual({
      de: messages.invalidDate,
    });
  });

  it('is never read by a HEAD, which would write an audit entry for an answer nobody sees', async () => {
    const before = (await exportLogs()).length;
    for (const url of ['/api/admin/registros-tratamento', '/api/admin/registros-tratamento.csv']) {
      const head = await test.app.inject({
        method: 'HEAD',
        url: `${url}?de=2020-03-01&ate=2020-03-31`,
        headers: test.admin.headers,
      });
      expect(head.statusCode).toBe(404);
    }
    expect(await exportLogs()).toHaveLength(before);
  });
});

describe('GET /api/admin/registros-tratamento.csv', () => {
  const csvUrl = '/api/admin/registros-tratamento.csv?de=2020-03-01&ate=2020-03-31';

  it('is the record as a pt-BR spreadsheet opens it, logged as a CSV export', async () => {
    const before = (await exportLogs()).length;
    const response = await call('GET', csvUrl, test.admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="registro-tratamento-2020-03-01-a-2020-03-31.csv"',
    );
    expect(response.body.split('\r\n')).toEqual([
      '\uFEFFMódulo;Finalidade;Base legal;Consultas;Usuários;Revendedores;Retenção (dias)',
      'CPF Completo;Análise de crédito;Proteção do crédito (art. 7º, X);5;4;Loja Alfa (3) | Direto (1) | Loja Beta (1);45',
      'CPF Completo;Prevenção a fraudes;Interesse legítimo (art. 7º, IX);1;1;Loja Alfa (1);45',
      'CPF Completo;Sem finalidade;;1;1;Direto (1);45',
      'Placa;Análise de crédito;Proteção do crédito (art. 7º, X);1;1;Loja Beta (1);45',
      '',
    ]);
    const entries = await exportLogs();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)?.detalhes).toMatchObject({ formato: 'csv', de: '2020-03-01', ate: '2020-03-31' });
  });

  it('quotes what needs quoting and never lets a cell read as a formula', async () => {
    const reseller = await insertUser(test.database.db, { nome: '=Loja; "Gama"', tipo: 'revendedor' });
    const client = await insertUser(test.database.db, { revendedorId: reseller });
    await insertLookups([{ user: client, module: '@SOMA(1;2)', at: '2020-05-05T12:00:00Z' }]);
    const response = await call(
      'GET',
      '/api/admin/registros-tratamento.csv?de=2020-05-05&ate=2020-05-05',
      test.admin.headers,
    );
    expect(response.body.split('\r\n')[1]).toBe(
      `"'@SOMA(1;2)";Análise de crédito;Proteção do crédito (art. 7º, X);1;1;"'=Loja; ""Gama"" (1)";45`,
    );
  });

  it('refuses a bad period as the screen does', async () => {
    const response = await call(
      'GET',
      '/api/admin/registros-tratamento.csv?de=2020-03-02&ate=2020-03-01',
      test.admin.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { de: messages.periodStartAfterEnd } });
  });
});

describe('only admins read the record', () => {
  it.each([
    ['/api/admin/registros-tratamento?de=2020-03-01&ate=2020-03-31'],
    ['/api/admin/registros-tratamento.csv?de=2020-03-01&ate=2020-03-31'],
  ])('%s: 403 for a reseller and a user, 401 signed out, and nothing logged', async (url) => {
    const before = (await exportLogs()).length;
    for (const headers of [revendedor.headers, usuario.headers]) {
      const refused = await call('GET', url, headers);
      expect(refused.statusCode).toBe(403);
    }
    expect((await call('GET', url)).statusCode).toBe(401);
    const attempts = await test.database.db
      .select()
      .from(logs)
      .where(eq(logs.acao, 'registro_tratamento_exportado'));
    expect(attempts).toHaveLength(before);
  });
});
