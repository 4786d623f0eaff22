import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TitularLookups } from '@painel/shared/schemas/titulares';
import { eq, gt, sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createTestApp,
  createTestDatabase,
  signIn,
  testEnv,
  usingPostgres,
} from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { consultaDocumentos, consultaDocumentosEstado } from '../../db/schema/titulares.ts';
import { migrationsFolder } from '../../paths.ts';
import { createDocumentHasher } from './document-hash.ts';
import { indexOldLookups } from './index-old-lookups.ts';

/**
 * Lookups written before the titulares index (migration 0011) are indexed by the data migration
 * every start runs after the SQL migrations (docs/product/titulares.md#the-index). The database
 * here is first migrated only up to 0010 and given lookups the way the panel wrote them then, with
 * no index, before the app starts on it.
 */
let database: DatabaseHandle;
let app: FastifyInstance;
const documents = createDocumentHasher(testEnv().DOCUMENT_HASH_SECRET);
const old = {} as Record<'untypedCpf' | 'typedCnpj' | 'textCpf' | 'pis' | 'otherCpf', number>;

/** Applies the migrations up to and including the one whose tag starts with `last`. */
async function migrateThrough(handle: DatabaseHandle, last: string) {
  const folder = mkdtempSync(join(tmpdir(), 'painel-migrations-'));
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const through = journal.entries.findIndex((entry) => entry.tag.startsWith(last));
    expect(through).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, through + 1);
    writeFileSync(journalPath, JSON.stringify(journal));
    if (handle.dialect === 'pglite') await migratePglite(handle.db as never, { migrationsFolder: folder });
    else await migrateNodePg(handle.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function insertOldLookup(
  userId: number,
  input: Record<string, string>,
  types: Record<string, string> | null,
) {
  const result = await database.db.execute(sql`
    insert into consultas (usuario_id, modulo_nome, status, input, tipos_entrada, cobranca)
    values (${userId}, 'Consulta antiga', 'sucesso', ${JSON.stringify(input)}::jsonb,
            ${types ? JSON.stringify(types) : null}::jsonb, 'quantidade')
    returning id`);
  return Number(rowsOf<{ id: string | number }>(result)[0]!.id);
}

const indexRows = () => database.db.$count(consultaDocumentos);
const lookupsWith = async (document: string, hasher = documents) =>
  (
    await database.db
      .select({ id: consultaDocumentos.consultaId })
      .from(consultaDocumentos)
      .where(eq(consultaDocumentos.hash, hasher.hash(document)))
      .orderBy(consultaDocumentos.consultaId)
  ).map((row) => row.id);

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateThrough(database, '0010_');
  const user = await database.db.execute(sql`
    insert into users (nome, email, senha_hash) values ('Cliente Antigo', 'antigo@teste.local', 'x') returning id`);
  const userId = Number(rowsOf<{ id: number }>(user)[0]!.id);
  // Before fields had types: the value decides.
  old.untypedCpf = await insertOldLookup(userId, { cpf: '52998224725' }, null);
  old.typedCnpj = await insertOldLookup(userId, { documento: '12ABC34501DE35' }, { documento: 'cnpj' });
  for (let filler = 0; filler < 5; filler += 1)
    await insertOldLookup(userId, { placa: 'ABC1D23' }, { placa: 'placa' });
  old.textCpf = await insertOldLookup(
    userId,
    { busca: '529.982.247-25', placa: 'ABC1D23' },
    { placa: 'placa' },
  );
  // A PIS field whose digits would pass a CPF's check is no CPF.
  old.pis = await insertOldLookup(userId, { pis: '52998224725' }, { pis: 'pis' });
  old.otherCpf = await insertOldLookup(userId, { cpf: '11144477735' }, { cpf: 'cpf' });
  const before = await database.db.execute(sql`select to_regclass('consulta_documentos') as index_table`);
  expect(rowsOf<{ index_table: string | null }>(before)[0]!.index_table).toBeNull();

  app = await createTestApp(database);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe(`the index of lookups written before it (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('after the start, an old lookup is found by the document it carried, however it was stored', async () => {
    const admin = await signIn(app, ADMIN.email, ADMIN.senha);
    const search = async (documento: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/admin/titulares/consultas?documento=${encodeURIComponent(documento)}`,
        headers: admin.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TitularLookups>().consultas.map((row) => row.id);
    };
    expect(await search('529.982.247-25')).toEqual([old.textCpf, old.untypedCpf].sort((a, b) => b - a));
    expect(await search('12.abc.345/01de-35')).toEqual([old.typedCnpj]);
    expect(await search('111.444.777-35')).toEqual([old.otherCpf]);
    expect(await indexRows()).toBe(4);
  });

  it('is done once: the next start reads nothing, and a lookup written later is left to its own write', async () => {
    const [state] = await database.db.select().from(consultaDocumentosEstado);
    expect(state!.indexadoAte).toBe(state!.indexarAte);
    expect(state!.indexarAte).toBeGreaterThanOrEqual(old.otherCpf);
    expect(await indexOldLookups(database.db, documents)).toEqual({ indexed: 0, rebuilt: false });
  });

  it('goes on in batches by id from where a start stopped, and writing a row twice changes nothing', async () => {
    // As if a start had stopped after the first batch: its rows and progress kept, the rest not written.
    await database.db.delete(consultaDocumentos).where(gt(consultaDocumentos.consultaId, old.typedCnpj));
    await database.db.update(consultaDocumentosEstado).set({ indexadoAte: old.typedCnpj });
    const report = await indexOldLookups(database.db, documents, 2);
    expect(report).toEqual({ indexed: 8, rebuilt: false });
    expect(await lookupsWith('52998224725')).toEqual([old.untypedCpf, old.textCpf]);
    expect(await indexRows()).toBe(4);

    // From the start again, every row already there: nothing is added or changed.
    await database.db.update(consultaDocumentosEstado).set({ indexadoAte: 0 });
    expect(await indexOldLookups(database.db, documents, 3)).toEqual({ indexed: 10, rebuilt: false });
    expect(await indexRows()).toBe(4);
  });

  it('with another DOCUMENT_HASH_SECRET, drops the rows of the old key and indexes everything anew', async () => {
    const rotated = createDocumentHasher('another-document-hash-secret-of-32-chars');
    expect(await indexOldLookups(database.db, rotated)).toEqual({ indexed: 10, rebuilt: true });
    expect(await lookupsWith('52998224725', rotated)).toEqual([old.untypedCpf, old.textCpf]);
    expect(await lookupsWith('52998224725')).toEqual([]);
    expect(await indexRows()).toBe(4);
    // And back: the app's own key finds them again.
    expect(await indexOldLookups(database.db, documents)).toMatchObject({ rebuilt: true });
    expect(await lookupsWith('52998224725')).toEqual([old.untypedCpf, old.textCpf]);
  });
});
