import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatedUpstream, startGatedUpstream } from '../../../test/gated-upstream.ts';
import {
  ADMIN,
  createModuleViaApi,
  createTestApp,
  registerUser,
  runLookupViaApi,
  type SignedIn,
  signIn,
  TEST_PURPOSE_ID,
  usingPostgres,
} from '../../../test/harness.ts';
import { createNamedDatabase } from '../../../test/named-database.ts';
import { startServerProcess } from '../../../test/server-process.ts';
import { balanceOf } from '../../../test/users-fixtures.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { consultas } from '../../db/schema/consultas.ts';
import { processos } from '../../db/schema/processes.ts';
import { users } from '../../db/schema/users.ts';
import { adjustCredits } from '../../lib/ledger.repository.ts';
import { quotaUsed } from './lookup.repository.ts';

describe.skipIf(!usingPostgres)(
  'a server process killed mid-lookup (needs TEST_DATABASE_URL: on PGlite there is only one process)',
  () => {
    let created: Awaited<ReturnType<typeof createNamedDatabase>>;
    let database: DatabaseHandle;
    let survivor: FastifyInstance;
    let gate: GatedUpstream;
    let killed: ChildProcess | null = null;

    beforeAll(async () => {
      created = await createNamedDatabase();
      database = await openDatabase({ databaseUrl: created.url, dataDir: 'unused', poolSize: 10 });
      survivor = await createTestApp(database);
      gate = await startGatedUpstream();
    });
    afterAll(async () => {
      if (killed && killed.exitCode === null && killed.signalCode === null) killed.kill('SIGKILL');
      await survivor?.close();
      await gate?.close();
      await database?.close();
      await created?.drop();
    });

    it("within 60 s every lookup it had pending is failed, what it held is back and its Idempotency-Key free; the survivor's go on", async () => {
      const admin = await signIn(survivor, ADMIN.email, ADMIN.senha);
      const creditModule = await createModuleViaApi(survivor, admin.headers, {
        tipo_limite: 'creditos',
        preco_por_consulta: 2.5,
        timeout_segundos: 120,
        api_url: `${gate.baseUrl}/hold/{cpf}`,
      });
      const quotaModule = await createModuleViaApi(survivor, admin.headers, {
        tipo_limite: 'quantidade',
        limite_padrao_quantidade: 10,
        timeout_segundos: 120,
        api_url: `${gate.baseUrl}/hold/{cpf}`,
      });
      const subscriber = async (credits = 0) => {
        const user = await registerUser(survivor);
        await database.db
          .update(users)
          .set({ dataExpiracao: new Date(Date.now() + 30 * 86_400_000) })
          .where(eq(users.id, user.userId));
        if (credits) {
          await adjustCredits(database.db, {
            userId: user.userId,
            actorId: null,
            amountCents: credits,
            reason: 'teste',
          });
        }
        return signIn(survivor, user.email, user.senha);
      };
      const creditA = await subscriber(1000);
      const creditB = await subscriber(1000);
      const quotaUser = await subscriber();
      const trialA = await registerUser(survivor);
      const trialB = await registerUser(survivor);
      const [survivorProcess] = await database.db.select({ id: processos.id }).from(processos);

      const { child, baseUrl } = await startServerProcess(created.url);
      killed = child;
      const onChild = (who: SignedIn, moduleId: number, key?: string) =>
        fetch(`${baseUrl}/api/consultas`, {
          method: 'POST',
          headers: {
            ...who.headers,
            'content-type': 'application/json',
            ...(key ? { 'idempotency-key': key } : {}),
          },
          body: JSON.stringify({
            modulo_id: moduleId,
            input: { cpf: '123.456.789-09' },
            finalidade_id: TEST_PURPOSE_ID,
          }),
        }).catch(() => null);
      const childCalls = [
        onChild(creditA, creditModule),
        onChild(creditA, creditModule),
        onChild(creditB, creditModule),
        onChild(creditB, creditModule, DEAD_KEY),
        onChild(quotaUser, quotaModule),
        onChild(quotaUser, quotaModule),
        onChild(trialA, quotaModule),
        onChild(trialB, quotaModule),
      ];
      // The same users have lookups in flight on the surviving process too.
      const survivorCalls = [
        runLookupViaApi(survivor, creditA.headers, creditModule),
        runLookupViaApi(survivor, quotaUser.headers, quotaModule),
      ];
      await until(() => gate.received() === childCalls.length + survivorCalls.length, 60_000);
      expect((await balanceOf(database.db, creditA.userId)).cents).toBe(250);
      expect((await balanceOf(database.db, creditB.userId)).cents).toBe(500);

      child.kill('SIGKILL');
      await once(child, 'exit');
      await Promise.all(childCalls);
      // Its Idempotency-Key stays taken until its lookups are released: a retry cannot pay twice.
      const keyed = { ...creditB.headers, 'idempotency-key': DEAD_KEY };
      const early = await runLookupViaApi(survivor, keyed, creditModule);
      expect(early.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });

      const pendingOf = async (owner: 'survivor' | 'dead') => {
        const rows = await database.db
          .select({ id: consultas.id, status: consultas.status, erro: consultas.erroCodigo })
          .from(consultas)
          .where(
            owner === 'survivor'
              ? eq(consultas.processoId, survivorProcess?.id as number)
              : sql`${consultas.processoId} <> ${survivorProcess?.id}`,
          );
        return rows;
      };
      await until(async () => (await pendingOf('dead')).every((row) => row.status === 'falha'), 60_000);
      const dead = await pendingOf('dead');
      expect(dead).toHaveLength(childCalls.length);
      expect(dead.every((row) => row.erro === 'INTERRUPTED')).toBe(true);
      expect((await pendingOf('survivor')).map((row) => row.status)).toEqual(['pendente', 'pendente']);

      // Only the survivor's reservations are still held.
      expect(await balanceOf(database.db, creditA.userId)).toEqual({ cents: 750, ledgerSum: 750 });
      expect(await balanceOf(database.db, creditB.userId)).toEqual({ cents: 1000, ledgerSum: 1000 });
      expect(await quotaUsed(database.db, quotaUser.userId, quotaModule)).toBe(1);
      const trials = await database.db
        .select({ used: users.trialUsed })
        .from(users)
        .where(inArray(users.id, [trialA.userId, trialB.userId]));
      expect(trials.map((row) => row.used)).toEqual([0, 0]);

      // Released, the key is free again: the retry runs on the survivor, charged once.
      const retry = runLookupViaApi(survivor, keyed, creditModule);
      await until(() => gate.received() === childCalls.length + survivorCalls.length + 1, 60_000);
      gate.openAll();
      const answers = await Promise.all(survivorCalls);
      expect(answers.map((response) => response.json().status)).toEqual(['sucesso', 'sucesso']);
      expect((await retry).json().status).toBe('sucesso');
      expect(await balanceOf(database.db, creditB.userId)).toEqual({ cents: 750, ledgerSum: 750 });
      expect(await balanceOf(database.db, creditA.userId)).toEqual({ cents: 750, ledgerSum: 750 });
      expect(await quotaUsed(database.db, quotaUser.userId, quotaModule)).toBe(1);
      const unbalanced = await database.db.execute(sql`
        select u.id from users u
        where u.creditos_cents <> (select coalesce(sum(amount_cents), 0) from credit_ledger l where l.user_id = u.id)`);
      expect(rowsOf(unbalanced)).toEqual([]);
    }, 180_000);
  },
);

/** The key one of the killed process's lookups was sent with. */
const DEAD_KEY = 'chave-do-processo-morto';

async function until(condition: () => boolean | Promise<boolean>, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
