import { messages } from '@painel/shared/messages';
import type { TitularLookups } from '@painel/shared/schemas/titulares';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createModuleViaApi,
  registerUser,
  runLookupViaApi,
  type SignedIn,
  signIn,
  usingPostgres,
} from '../../../test/harness.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser, useTestApp } from '../../../test/use-test-app.ts';
import { caller, createReseller } from '../../../test/users-fixtures.ts';
import { logs } from '../../db/schema/logs.ts';
import { consultaDocumentos } from '../../db/schema/titulares.ts';
import { users } from '../../db/schema/users.ts';

/**
 * docs/product/titulares.md: who looked a titular up. The lookups whose input carried a CPF or CNPJ,
 * found through the keyed-hash index whatever way the document is typed, within the caller's reach;
 * every search logged with the document masked. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const test = useTestApp();
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(test.app)(...args);

const CPF = '529.982.247-25';
const OTHER_CPF = '111.444.777-35';
const CNPJ = '12.ABC.345/01DE-35';

let stub: UpstreamStub;
let reseller: SignedIn;
let client: SignedIn;
let stranger: SignedIn;
/** Lookup ids by what they were. */
const ran = {} as Record<
  | 'clientQuota'
  | 'strangerCnpj'
  | 'trialSpaces'
  | 'strangerOther'
  | 'strangerText'
  | 'resellerOwn'
  | 'clientFailed',
  number
>;

async function lookup(user: SignedIn, moduleId: number, input: Record<string, string>) {
  const response = await runLookupViaApi(test.app, user.headers, moduleId, input);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

const search = (headers: Record<string, string>, query: string) =>
  call('GET', `/api/admin/titulares/consultas?${query}`, headers);

async function found(headers: Record<string, string>, documento: string, extra = '') {
  const response = await search(headers, `documento=${encodeURIComponent(documento)}${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TitularLookups>();
}

beforeAll(async () => {
  stub = await startUpstreamStub();
  const module = (nome: string, fields: Record<string, unknown>) =>
    createModuleViaApi(test.app, test.admin.headers, { nome, ...fields });
  // One module for each way a lookup is reserved: a quota slot, credits, a trial slot.
  const cpfModule = await module('CPF Completo', {
    tipo_limite: 'quantidade',
    limite_padrao_quantidade: 100,
    api_url: `${stub.baseUrl}/ok/{cpf}`,
    campos_entrada: [{ nome: 'cpf', tipo: 'cpf', obrigatorio: true }],
  });
  const documentModule = await module('Documento por crédito', {
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
    api_url: `${stub.baseUrl}/ok/{documento}`,
    campos_entrada: [{ nome: 'documento', tipo: 'cpf_cnpj', obrigatorio: true }],
  });
  // An untyped text field: a value that is a valid CPF counts, however it was written.
  const textModule = await module('Busca livre', {
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
    api_url: `${stub.baseUrl}/ok/livre`,
    campos_entrada: [
      { nome: 'termo', tipo: 'string', obrigatorio: true },
      { nome: 'placa', tipo: 'placa', obrigatorio: false },
    ],
  });
  const failingModule = await module('CPF fora do ar', {
    tipo_limite: 'creditos',
    preco_por_consulta: 1,
    api_url: `${stub.baseUrl}/fail/{cpf}`,
    campos_entrada: [{ nome: 'cpf', tipo: 'cpf', obrigatorio: true }],
  });

  reseller = await createReseller(test.app, test.database.db, {
    nome: 'Revenda Titulares',
    creditsCents: 1_000,
  });
  client = await payingUser(test, 1_000);
  await test.database.db
    .update(users)
    .set({ revendedorId: reseller.userId })
    .where(eq(users.id, client.userId));
  stranger = await payingUser(test, 1_000);
  const trialUser = await registerUser(test.app);
  await test.database.db
    .update(users)
    .set({ dataExpiracao: new Date(Date.now() + 86_400_000) })
    .where(eq(users.id, reseller.userId));

  ran.clientQuota = await lookup(client, cpfModule, { cpf: CPF });
  ran.strangerCnpj = await lookup(stranger, documentModule, { documento: CNPJ.toLowerCase() });
  ran.trialSpaces = await lookup(trialUser, cpfModule, { cpf: '529 982 247 25' });
  ran.strangerOther = await lookup(stranger, cpfModule, { cpf: OTHER_CPF });
  ran.strangerText = await lookup(stranger, textModule, { termo: CPF, placa: 'ABC1D23' });
  ran.resellerOwn = await lookup(reseller, documentModule, { documento: '52998224725' });
  const failed = await runLookupViaApi(test.app, client.headers, failingModule, { cpf: CPF });
  expect(failed.statusCode).toBe(502);
  ran.clientFailed = (await found(test.admin.headers, CPF)).consultas[0]!.id;
});
afterAll(async () => {
  await stub.close();
});

describe(`who looked a titular up (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('the admin finds every lookup that carried a CPF, newest first, typed with or without punctuation', async () => {
    const expected = [ran.clientFailed, ran.resellerOwn, ran.strangerText, ran.trialSpaces, ran.clientQuota];
    for (const typed of [CPF, '52998224725', ' 529 982 247 25 ', '529/982.247_25']) {
      const answer = await found(test.admin.headers, typed);
      expect(
        answer.consultas.map((row) => row.id),
        typed,
      ).toEqual(expected);
      expect(answer).toMatchObject({ total: 5, page: 1, totalPages: 1, retencao_dias: 30 });
    }
  });

  it('a lookup of another document is not found, and a document nobody looked up finds nothing', async () => {
    const other = await found(test.admin.headers, OTHER_CPF);
    expect(other.consultas.map((row) => row.id)).toEqual([ran.strangerOther]);
    expect(await found(test.admin.headers, '390.533.447-05')).toMatchObject({ consultas: [], total: 0 });
  });

  it('finds a CNPJ, alphanumeric too, in either case and with or without punctuation', async () => {
    for (const typed of [CNPJ, '12abc34501de35', '12ABC34501DE35']) {
      const answer = await found(test.admin.headers, typed);
      expect(
        answer.consultas.map((row) => row.id),
        typed,
      ).toEqual([ran.strangerCnpj]);
    }
  });

  it('says who ran each lookup, when, in which module, for which purpose and until when its result is kept', async () => {
    const answer = await found(test.admin.headers, CPF);
    const byId = new Map(answer.consultas.map((row) => [row.id, row]));
    const quota = byId.get(ran.clientQuota)!;
    const [clientRow] = await test.database.db.select().from(users).where(eq(users.id, client.userId));
    expect(quota).toMatchObject({
      status: 'sucesso',
      User: { nome: clientRow!.nome, email: clientRow!.email },
      Modulo: { nome: 'CPF Completo' },
      finalidade: { nome: 'Análise de crédito', base_legal: 'X' },
    });
    expect(Date.parse(quota.data)).toBeGreaterThan(Date.now() - 600_000);
    const kept = Date.parse(quota.resultado_expira_em!) - Date.parse(quota.data);
    expect(Math.round(kept / 86_400_000)).toBe(30);
    expect(byId.get(ran.clientFailed)).toMatchObject({
      status: 'falha',
      Modulo: { nome: 'CPF fora do ar' },
      resultado_expira_em: null,
    });
  });

  it('pages like the other lists: limit and page, the total of every page', async () => {
    const second = await found(test.admin.headers, CPF, '&limit=2&page=2');
    expect(second).toMatchObject({ total: 5, page: 2, totalPages: 3 });
    expect(second.consultas.map((row) => row.id)).toEqual([ran.strangerText, ran.trialSpaces]);
  });

  it('a reseller finds only its own lookups and its clients', async () => {
    const answer = await found(reseller.headers, CPF);
    expect(answer.consultas.map((row) => row.id)).toEqual([
      ran.clientFailed,
      ran.resellerOwn,
      ran.clientQuota,
    ]);
    expect(answer.total).toBe(3);
    expect(await found(reseller.headers, CNPJ)).toMatchObject({ consultas: [], total: 0 });
  });

  it('a usuario is refused (403), and anyone signed out (401)', async () => {
    const usuario = await signIn(test.app, (await registerUser(test.app)).email, 'senha-forte-1');
    const refused = await search(usuario.headers, `documento=${CPF}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    const signedOut = await search({}, `documento=${CPF}`);
    expect(signedOut.statusCode).toBe(401);
  });

  it.each([
    ['a CPF with a wrong check digit', 'documento=529.982.247-24'],
    ['a CNPJ with a wrong check digit', 'documento=12.ABC.345/01DE-36'],
    ['repeated digits', 'documento=111.111.111-11'],
    ['too few digits', 'documento=529.982.247'],
    ['a name', 'documento=Maria'],
    ['nothing', 'documento='],
    ['no document at all', 'page=1'],
  ])('%s: 400 VALIDATION_ERROR on documento', async (_, query) => {
    const logged = await test.database.db.$count(logs, eq(logs.acao, 'titular_consultado'));
    const response = await search(test.admin.headers, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: messages.titularDocumentInvalid,
      code: 'VALIDATION_ERROR',
      fields: { documento: 'Informe um CPF ou CNPJ válido' },
    });
    expect(await test.database.db.$count(logs, eq(logs.acao, 'titular_consultado'))).toBe(logged);
  });

  it('logs every search, by whom and what it found, with the document masked and never in clear', async () => {
    await found(test.admin.headers, '52998224725');
    await found(reseller.headers, CNPJ);
    const entries = await test.database.db
      .select()
      .from(logs)
      .where(eq(logs.acao, 'titular_consultado'))
      .orderBy(logs.id);
    const admin = entries.filter((entry) => entry.userId === test.admin.userId).at(-1)!;
    expect(admin).toMatchObject({
      tipo: 'admin_action',
      detalhes: { documento: '529.***.***-25', tipo_documento: 'cpf', encontradas: 5, pagina: 1 },
    });
    const byReseller = entries.filter((entry) => entry.userId === reseller.userId).at(-1)!;
    expect(byReseller).toMatchObject({
      tipo: 'revendedor_action',
      detalhes: { documento: '12.***.***/****-35', tipo_documento: 'cnpj', encontradas: 0 },
    });
    const written = JSON.stringify(entries);
    for (const clear of ['52998224725', '982.247', '98224', '12ABC34501DE', 'ABC.345', '11144477735'])
      expect(written).not.toContain(clear);
    // In the audit trail the logs screen reads, like any admin or reseller action.
    const trail = await call('GET', '/api/logs?limit=10', test.admin.headers);
    const trailed = trail.json<{ data: { logs: { acao: string; detalhes: unknown }[] } }>().data.logs;
    expect(trailed.find((entry) => entry.acao === 'titular_consultado')?.detalhes).toMatchObject({
      documento: '12.***.***/****-35',
    });
  });

  it('the index holds hashes only: no row of it holds a document in clear', async () => {
    const rows = await test.database.db
      .select()
      .from(consultaDocumentos)
      .where(eq(consultaDocumentos.consultaId, ran.clientQuota));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hash).toHaveLength(32);
    expect(rows[0]!.hash.toString('hex')).not.toContain('52998224725');
    expect(rows[0]!.hash.toString('latin1')).not.toContain('52998224725');
  });
});
