import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres } from '../../../test/harness.ts';
import { insertUser } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { reachOf } from '../auth/scope.ts';
import { createDocumentHasher } from './document-hash.ts';
import {
  countTitularLookups,
  findTitularLookupPage,
  titularLookupCountSql,
  titularLookupPageSql,
} from './titular.repository.ts';

/**
 * docs/decisions/0019-titulares-index.md: a titular's lookups are found through the index on the
 * keyed hash, never by reading consultas through. The plan PostgreSQL (and PGlite, the same
 * planner) picks for the page and its count, on a table of 20 000 lookups spread over 40 users:
 * for a document in 8 lookups, and for one in the 40 oldest, which tempts the planner to walk
 * every lookup back from the newest (the index on created_at) until it finds ten.
 */
const LOOKUPS = 20_000;
let database: DatabaseHandle;
const documents = createDocumentHasher('plan-test-document-hash-secret-32-chars');
const rare = documents.hash('52998224725');
const oldAndFrequent = documents.hash('11144477735');
let adminId: number;
let resellerId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  adminId = await insertUser(database.db, { tipo: 'admin' });
  resellerId = await insertUser(database.db, { tipo: 'revendedor' });
  const clients = await Promise.all(
    Array.from({ length: 40 }, () => insertUser(database.db, { revendedorId: resellerId })),
  );
  const first = Math.min(...clients);
  await database.db.execute(sql`
    insert into consultas (usuario_id, modulo_nome, status, input, cobranca, created_at)
    select ${first}::int + i % 40, 'CPF', 'sucesso', jsonb_build_object('cpf', i::text), 'quantidade',
           now() - i * interval '1 minute'
    from generate_series(1, ${LOOKUPS}::int) as i`);
  // Every lookup carries a document of its own (a 32-byte stand-in for its hash); a few, the searched ones.
  await database.db.execute(sql`
    insert into consulta_documentos (hash, consulta_id)
    select decode(md5(id::text) || md5('x' || id::text), 'hex'), id from consultas`);
  await database.db.execute(sql`
    insert into consulta_documentos (hash, consulta_id)
    select decode(${rare.toString('hex')}, 'hex'), id from consultas where id % 2500 = 0`);
  await database.db.execute(sql`
    insert into consulta_documentos (hash, consulta_id)
    select decode(${oldAndFrequent.toString('hex')}, 'hex'), id from consultas where id > ${LOOKUPS - 40}::int`);
  await database.db.execute(sql`vacuum analyze`);
});
afterAll(async () => {
  await database?.close();
});

async function planOf(query: SQL) {
  const result = await database.db.execute(sql`explain ${query}`);
  return rowsOf<{ 'QUERY PLAN': string }>(result)
    .map((row) => row['QUERY PLAN'])
    .join('\n');
}

describe(`the titular search's plan (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const callers = {
    'the admin': () => reachOf('selfAndClients', { tipo: 'admin', userId: adminId }),
    'a reseller': () => reachOf('selfAndClients', { tipo: 'revendedor', userId: resellerId }),
  };
  it.each([
    ['the admin', 'a rare document', () => rare, 8],
    ['a reseller', 'a rare document', () => rare, 8],
    ['the admin', 'a document in the 40 oldest lookups', () => oldAndFrequent, 40],
    ['a reseller', 'a document in the 40 oldest lookups', () => oldAndFrequent, 40],
  ] as const)(
    'as %s, %s: the page and its count start from the index on the hash, never from consultas',
    async (who, _, hash, total) => {
      const reach = callers[who]();
      const page = await findTitularLookupPage(database.db, hash(), reach, 10, 0);
      expect(page.length).toBe(Math.min(10, total));
      expect(await countTitularLookups(database.db, hash(), reach)).toBe(total);
      for (const query of [
        titularLookupPageSql(hash(), reach, 10, 0),
        titularLookupCountSql(hash(), reach),
      ]) {
        const plan = await planOf(query);
        expect(plan).toMatch(
          /(Index (Only )?Scan using|Bitmap Index Scan on) consulta_documentos_hash_consulta_id_pk/,
        );
        expect(plan).toMatch(/Index (Only )?Scan using consultas_pkey on consultas/);
        expect(plan).not.toMatch(
          /Seq Scan on consultas|Seq Scan on consulta_documentos|consultas_created_idx/,
        );
      }
    },
  );
});
