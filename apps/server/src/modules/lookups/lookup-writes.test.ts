import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { creditLedger } from '../../db/schema/ledger.ts';
import { logs } from '../../db/schema/logs.ts';
import { modules } from '../../db/schema/modules.ts';
import { users } from '../../db/schema/users.ts';
import { insertUser } from '../users/users-fixtures.ts';
import { createLookupWrites } from './lookup-writes.ts';

let database: DatabaseHandle;
let moduleId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
  const [row] = await database.db
    .insert(modules)
    .values({ nome: 'Lote', apiUrl: 'http://127.0.0.1:9/{cpf}', tipoLimite: 'creditos', precoCents: 300 })
    .returning({ id: modules.id });
  moduleId = row!.id;
});
afterAll(async () => {
  await database.close();
});

const reservation = (userId: number) => ({
  userId,
  priceCents: 300,
  lookup: {
    moduloId: moduleId,
    moduloNome: 'Lote',
    moduloDescricao: '',
    input: { cpf: '12345678909' },
    retentionDays: 30,
  },
});

const transactionsOf = async (ids: number[]) => {
  const rows = await database.db
    .select({ tx: sql<string>`${consultas}.xmin::text` })
    .from(consultas)
    .where(inArray(consultas.id, ids));
  return new Set(rows.map((row) => row.tx)).size;
};

describe('lookup writes under load (group commit)', () => {
  it('reserves for many users in shared commits, each user exactly what their credits cover', async () => {
    const writes = createLookupWrites(database.db);
    // Each user can pay for one lookup (plus 1 cent) and asks for two, all in the same instant.
    const userIds = await Promise.all(
      Array.from({ length: 20 }, () => insertUser(database.db, { creditsCents: 301 })),
    );

    const outcomes = await Promise.all(
      userIds.flatMap((userId) => [
        writes.reserveCredits(reservation(userId)),
        writes.reserveCredits(reservation(userId)),
      ]),
    );

    const ids = outcomes.filter((id): id is number => id !== null);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    const owners = await database.db
      .select({ userId: consultas.usuarioId, status: consultas.status, valor: consultas.valorCents })
      .from(consultas)
      .where(inArray(consultas.id, ids));
    expect(new Set(owners.map((row) => row.userId))).toEqual(new Set(userIds));
    expect(owners.every((row) => row.status === 'pendente' && row.valor === 300)).toBe(true);
    for (const userId of userIds) {
      const [user] = await database.db
        .select({ cents: users.creditosCents })
        .from(users)
        .where(eq(users.id, userId));
      expect(user?.cents).toBe(1);
      const [ledger] = await database.db
        .select({ sum: sql<string>`sum(${creditLedger.amountCents})`, entries: sql<number>`count(*)::int` })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId));
      expect({ sum: Number(ledger?.sum), entries: ledger?.entries }).toEqual({ sum: 1, entries: 2 });
    }
    // The first two went out at once; the other eighteen waited and shared commits.
    expect(await transactionsOf(ids)).toBeLessThanOrEqual(4);

    const completed = await Promise.all(
      ids.map((id) =>
        writes.complete({
          id,
          resultJson: JSON.stringify({ nome: `Pessoa ${id}` }),
          latencyMs: 12,
          retentionDays: 30,
        }),
      ),
    );
    expect(completed.every(Boolean)).toBe(true);
    const done = await database.db
      .select({
        id: consultas.id,
        status: consultas.status,
        resultado: consultas.resultado,
        latencia: consultas.latenciaMs,
      })
      .from(consultas)
      .where(inArray(consultas.id, ids));
    for (const row of done) {
      expect(row).toEqual({
        id: row.id,
        status: 'sucesso',
        resultado: { nome: `Pessoa ${row.id}` },
        latencia: 12,
      });
    }
    const logged = await database.db
      .select({ detalhes: logs.detalhes })
      .from(logs)
      .where(eq(logs.acao, 'consulta_sucesso'));
    expect(logged.map((row) => (row.detalhes as { consulta_id: number }).consulta_id).sort()).toEqual(
      [...ids].sort(),
    );
    expect(await transactionsOf(ids)).toBeLessThanOrEqual(4);

    // A lookup is completed once: a second completion finds it no longer pending.
    expect(await writes.complete({ id: ids[0]!, resultJson: '{}', latencyMs: 1, retentionDays: 30 })).toBe(
      false,
    );
  });
});
