import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres } from '../../../test/harness.ts';
import { insertUser } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { modules } from '../../db/schema/modules.ts';
import { consultaDocumentos } from '../../db/schema/titulares.ts';
import type { Reservation } from '../lookups/lookup.repository.ts';
import { createLookupWrites, type LookupWrites } from '../lookups/lookup-writes.ts';
import { createDocumentHasher } from './document-hash.ts';

/**
 * A lookup is indexed when it is opened (docs/decisions/0019-titulares-index.md): each way of
 * reserving one (credits, a quota slot, a trial slot) writes the rows of the documents its input
 * carries in the same transaction as the lookup itself, so no crash can leave a lookup out of the
 * index; a reservation refused writes none.
 */
let database: DatabaseHandle;
let writes: LookupWrites;
let moduleId: number;
const documents = createDocumentHasher('index-writes-test-secret-of-32-characters');

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  writes = createLookupWrites(database.db, { documents });
  const [row] = await database.db
    .insert(modules)
    .values({
      nome: 'Documento',
      apiUrl: 'http://127.0.0.1:9/{doc}',
      tipoLimite: 'creditos',
      precoCents: 100,
    })
    .returning({ id: modules.id });
  moduleId = row!.id;
});
afterAll(async () => {
  await database.close();
});

const lookup = (input: Record<string, string>, inputTypes: Record<string, string> | null): Reservation => ({
  moduloId: moduleId,
  moduloNome: 'Documento',
  moduloDescricao: '',
  input,
  inputTypes,
  retentionDays: 30,
});

/** The lookup's index rows, each with whether the transaction that wrote it also wrote the lookup. */
async function indexOf(id: number) {
  const result = await database.db.execute(sql`
    select encode(d.hash, 'hex') as hash, d.xmin::text = c.xmin::text as with_lookup
    from consulta_documentos d join consultas c on c.id = d.consulta_id
    where d.consulta_id = ${id} order by 1`);
  return rowsOf<{ hash: string; with_lookup: boolean }>(result);
}

const hex = (document: string) => documents.hash(document).toString('hex');

describe(`the index written with each lookup (${usingPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it.each([
    [
      'credits',
      (userId: number, reservation: Reservation) =>
        writes.reserveCredits({ userId, priceCents: 100, lookup: reservation }),
    ],
    [
      'a quota slot',
      (userId: number, reservation: Reservation) => writes.reserveQuota(userId, 10, reservation),
    ],
    [
      'a trial slot',
      (userId: number, reservation: Reservation) => writes.reserveTrial(userId, 10, reservation),
    ],
  ])(
    'reserved with %s: one row per document the input carries, in the transaction that opens it',
    async (_, reserve) => {
      const userId = await insertUser(database.db, { creditsCents: 1_000 });
      const id = await reserve(
        userId,
        lookup(
          { cpf: '52998224725', empresa: '12.abc.345/01de-35', repetido: '529.982.247-25', placa: 'ABC1D23' },
          { cpf: 'cpf', placa: 'placa' },
        ),
      );
      expect(id).not.toBeNull();
      expect(await indexOf(id!)).toEqual(
        [hex('52998224725'), hex('12ABC34501DE35')].sort().map((hash) => ({ hash, with_lookup: true })),
      );

      const plain = await reserve(userId, lookup({ placa: 'ABC1D23', nome: 'Maria' }, { placa: 'placa' }));
      expect(await indexOf(plain!)).toEqual([]);
    },
  );

  it('a reservation refused (no credits) leaves no row behind', async () => {
    const userId = await insertUser(database.db, { creditsCents: 50 });
    const before = await database.db.$count(consultaDocumentos);
    const refused = await writes.reserveCredits({
      userId,
      priceCents: 100,
      lookup: lookup({ cpf: '52998224725' }, { cpf: 'cpf' }),
    });
    expect(refused).toBeNull();
    expect(await database.db.$count(consultaDocumentos)).toBe(before);
  });

  it('many users at once (one shared statement): each lookup gets its own documents', async () => {
    const cpfs = ['52998224725', '11144477735', '39053344705', '15350946056'];
    const users = await Promise.all(cpfs.map(() => insertUser(database.db, { creditsCents: 100 })));
    const ids = await Promise.all(
      users.map((userId, index) =>
        writes.reserveCredits({
          userId,
          priceCents: 100,
          lookup: lookup({ cpf: cpfs[index]! }, { cpf: 'cpf' }),
        }),
      ),
    );
    for (const [index, id] of ids.entries())
      expect(await indexOf(id!)).toEqual([{ hash: hex(cpfs[index]!), with_lookup: true }]);
  });

  it('a lookup deleted with its user takes its rows along', async () => {
    const userId = await insertUser(database.db, { creditsCents: 100 });
    const id = await writes.reserveQuota(userId, null, lookup({ cpf: '52998224725' }, { cpf: 'cpf' }));
    expect(await indexOf(id!)).toHaveLength(1);
    await database.db.execute(sql`delete from users where id = ${userId}`);
    expect(await database.db.$count(consultaDocumentos, eq(consultaDocumentos.consultaId, id!))).toBe(0);
  });
});
