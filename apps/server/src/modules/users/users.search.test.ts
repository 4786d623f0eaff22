import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, createTestDatabase, type SignedIn, signIn } from '../../../test/harness.ts';
import { caller, createReseller, insertUser } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';

/** GET /users: substring search by name and email, case-insensitive, scoped, paginated. */
let database: DatabaseHandle;
let app: FastifyInstance;
let call: ReturnType<typeof caller>;
let admin: SignedIn;
let resellerA: SignedIn;
let resellerB: SignedIn;
const ownIds: number[] = [];
let otherPaula: number;
let ownPaula: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  call = caller(app);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  resellerA = await createReseller(app, database.db);
  resellerB = await createReseller(app, database.db);
  for (let i = 0; i < 25; i += 1) {
    ownIds.push(
      await insertUser(database.db, {
        nome: `Cliente Número ${i}`,
        email: `cliente${i}@loja-a.test`,
        revendedorId: resellerA.userId,
      }),
    );
  }
  ownPaula = await insertUser(database.db, {
    nome: 'Ana PAULA Souza',
    email: 'ana.souza@exemplo.test',
    revendedorId: resellerA.userId,
  });
  ownIds.push(ownPaula);
  otherPaula = await insertUser(database.db, {
    nome: 'Paula Ribeiro',
    email: 'pr@xpto-mail.test',
    revendedorId: resellerB.userId,
  });
  await insertUser(database.db, { nome: '100% Legal', email: 'cem@exemplo.test' });
  await insertUser(database.db, {
    nome: '=HYPERLINK("http://x")',
    email: 'formula@exemplo.test',
    banido: true,
  });
  await insertUser(database.db, { nome: 'Revenda Paulista', email: 'rev@exemplo.test', tipo: 'revendedor' });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Page = {
  users: { id: number; nome: string; email: string }[];
  total: number;
  totalPages: number;
  page: number;
};
const list = async (headers: Record<string, string>, query: string): Promise<Page> => {
  const response = await call('GET', `/api/users?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('search', () => {
  it('finds a name substring whatever its case', async () => {
    const found = await list(admin.headers, 'q=paula');
    expect(found.users.map((u) => u.nome).sort()).toEqual(['Ana PAULA Souza', 'Paula Ribeiro']);
    expect(found.total).toBe(2);
    expect((await list(admin.headers, 'q=PAUL')).total).toBe(3);
    expect((await list(admin.headers, 'q=ULA%20SOU')).users.map((u) => u.id)).toEqual([ownPaula]);
  });

  it('finds an email substring, and an exact id', async () => {
    expect((await list(admin.headers, 'q=XPTO-MAIL')).users.map((u) => u.id)).toEqual([otherPaula]);
    expect((await list(admin.headers, `q=${otherPaula}`)).users.map((u) => u.id)).toContain(otherPaula);
  });

  it('takes % and _ literally', async () => {
    expect((await list(admin.headers, 'q=%25')).users.map((u) => u.nome)).toEqual(['100% Legal']);
    expect((await list(admin.headers, 'q=_')).total).toBe(0);
  });

  it('filters by tipo', async () => {
    const resellers = await list(admin.headers, 'q=paul&tipo=revendedor');
    expect(resellers.users.map((u) => u.nome)).toEqual(['Revenda Paulista']);
  });

  it('shows a reseller only its own clients', async () => {
    const found = await list(resellerA.headers, 'q=paula');
    expect(found.users.map((u) => u.id)).toEqual([ownPaula]);
    expect((await list(resellerA.headers, 'q=xpto')).total).toBe(0);
    const all = await list(resellerA.headers, 'limit=100');
    expect(all.users.map((u) => u.id).sort((a, b) => a - b)).toEqual([...ownIds].sort((a, b) => a - b));
    expect((await list(resellerB.headers, '')).users.map((u) => u.id)).toEqual([otherPaula]);
  });
});

describe('pagination', () => {
  it('pages newest first without gaps or repeats, the last page included', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const result = await list(resellerA.headers, `page=${page}&limit=10`);
      expect(result).toMatchObject({ total: 26, totalPages: 3, page });
      expect(result.users).toHaveLength(page < 3 ? 10 : 6);
      seen.push(...result.users.map((u) => u.id));
    }
    expect(seen).toEqual([...ownIds].sort((a, b) => b - a));
    const beyond = await list(resellerA.headers, 'page=4&limit=10');
    expect(beyond.users).toEqual([]);
  });

  it('defaults to 20 per page and accepts only 10, 20, 50 or 100', async () => {
    const first = await list(resellerA.headers, '');
    expect(first).toMatchObject({ page: 1, total: 26, totalPages: 2 });
    expect(first.users).toHaveLength(20);
    const second = await list(resellerA.headers, 'page=2');
    expect(second.users.map((u) => u.id)).toEqual([...ownIds].sort((a, b) => b - a).slice(20));
    expect((await call('GET', '/api/users?limit=30', admin.headers)).statusCode).toBe(400);
  });

  it('says page 1 of 1 when nothing matches', async () => {
    expect(await list(admin.headers, 'q=ninguem-tem-esse-nome')).toEqual({
      users: [],
      total: 0,
      totalPages: 1,
      page: 1,
    });
  });
});

describe('CSV export', () => {
  const csv = async (headers: Record<string, string>, query: string) => {
    const response = await call('GET', `/api/users/export.csv?${query}`, headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="usuarios-/);
    return response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
  };

  it('exports the filtered list with the status priority, scoped for a reseller', async () => {
    const lines = await csv(admin.headers, 'q=paula');
    expect(lines[0]).toBe('id;nome;email;tipo;status;creditos;data_criacao;data_expiracao;revendedor_id');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(';')[1])
        .sort(),
    ).toEqual(['Ana PAULA Souza', 'Paula Ribeiro']);
    // The one export format: credits with a decimal comma, dates in São Paulo as dd/mm/aaaa.
    const [, , , , , creditos, criadoEm] = lines[1]!.split(';');
    expect(creditos).toMatch(/^\d+,\d{2}$/);
    expect(criadoEm).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    const own = await csv(resellerA.headers, '');
    expect(own).toHaveLength(1 + ownIds.length);
    expect(own.slice(1).map((line) => Number(line.split(';')[0]))).toEqual([...ownIds].sort((a, b) => b - a));
  });

  it('never lets a cell run as a spreadsheet formula', async () => {
    const [, line] = await csv(admin.headers, 'q=formula@');
    expect(line).toContain('"\'=HYPERLINK(""http://x"")"');
    expect(line).toContain(';Banido;');
  });
});
