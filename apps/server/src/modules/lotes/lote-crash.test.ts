import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Lote } from '@painel/shared/schemas/lotes';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createModuleViaApi,
  createTestApp,
  type SignedIn,
  signIn,
  TEST_PURPOSE_ID,
  usingPostgres,
} from '../../../test/harness.ts';
import { createNamedDatabase } from '../../../test/named-database.ts';
import { type ServerProcess, startServerProcess } from '../../../test/server-process.ts';
import { payingUser } from '../../../test/use-test-app.ts';
import { balanceOf } from '../../../test/users-fixtures.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * Issue 20's proof (docs/decisions/0023-batch-jobs.md): a batch survives `kill -9` of the process
 * running it and ends on another process (a restart, or one already running) without any row looked
 * up or charged twice. Needs TEST_DATABASE_URL: on PGlite there is only one process.
 */

const ROWS = 40;
const PRICE_CENTS = 250;
const START_CENTS = 20_000;
/** Calls the provider answers before it starts holding them. */
const ANSWERED_BEFORE_KILL = 12;
/** LOTE_ROWS_IN_FLIGHT's default: at most this many rows are held at the provider when the runner is killed. */
const IN_FLIGHT = 4;
/** The spawned servers run batch jobs (the test harness turns them off). */
const batchWorker = { LOTES_WORKER: 'true', LOTE_ROWS_IN_FLIGHT: String(IN_FLIGHT) };

/**
 * A provider that answers the first `answered` calls at once and holds every later one until
 * `openAll`; from then on it answers at once. It notes the CPF of every call it receives.
 */
async function startCountingGate(answered: number) {
  const held: ServerResponse[] = [];
  const calls = new Map<string, number>();
  let received = 0;
  let open = false;
  const answer = (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ nome: 'Fulano de Tal Exemplo' }));
  };
  const server = createServer((request, response) => {
    request.resume();
    const document = decodeURIComponent(request.url ?? '').replace(/\D/g, '');
    calls.set(document, (calls.get(document) ?? 0) + 1);
    received += 1;
    if (open || received <= answered) answer(response);
    else held.push(response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => held.length,
    callsOf: (document: string) => calls.get(document) ?? 0,
    received: () => received,
    openAll() {
      open = true;
      for (const response of held.splice(0)) answer(response);
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A synthetic CPF with valid check digits, different for each seed. */
function syntheticCpf(seed: number): string {
  const base = String(123_000_000 + seed * 1_001)
    .split('')
    .map(Number);
  const check = (digits: number[]) => {
    const sum = digits.reduce((total, digit, index) => total + digit * (digits.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(base);
  const all = [...base, first, check([...base, first])];
  return all.join('');
}

const documents = Array.from({ length: ROWS }, (_, ordem) => syntheticCpf(ordem));

async function until(
  condition: () => boolean | Promise<boolean>,
  deadlineMs: number,
  what: string,
  state: () => Promise<unknown>,
) {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${deadlineMs} ms; ${JSON.stringify(await state())}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!usingPostgres)(
  'a batch whose runner is killed with SIGKILL (needs TEST_DATABASE_URL: on PGlite there is only one process)',
  () => {
    let created: Awaited<ReturnType<typeof createNamedDatabase>>;
    let database: DatabaseHandle;
    let gate: Awaited<ReturnType<typeof startCountingGate>>;
    let started: ServerProcess[];

    beforeEach(async () => {
      created = await createNamedDatabase();
      database = await openDatabase({ databaseUrl: created.url, dataDir: 'unused', poolSize: 5 });
      gate = await startCountingGate(ANSWERED_BEFORE_KILL);
      started = [];
    });
    afterEach(async () => {
      await Promise.all(started.map((server) => server.stop()));
      gate?.close();
      await database?.close();
      await created?.drop();
    });

    const count = async (query: ReturnType<typeof sql>) =>
      Number(rowsOf<{ n: number }>(await database.db.execute(query))[0]?.n);

    /** A credit module on the gate and a user with credits for the whole batch, made by a process that then ends. */
    async function prepare(): Promise<{ moduleId: number; user: SignedIn }> {
      const setup = await createTestApp(database);
      try {
        const admin = await signIn(setup, ADMIN.email, ADMIN.senha);
        const moduleId = await createModuleViaApi(setup, admin.headers, {
          tipo_limite: 'creditos',
          preco_por_consulta: PRICE_CENTS / 100,
          timeout_segundos: 120,
          api_url: `${gate.baseUrl}/cpf/{cpf}`,
        });
        const user = await payingUser({ app: setup, database }, START_CENTS);
        return { moduleId, user };
      } finally {
        await setup.close();
      }
    }

    async function api<T>(server: ServerProcess, user: SignedIn, path: string, init: RequestInit = {}) {
      const response = await fetch(`${server.baseUrl}/api${path}`, {
        ...init,
        headers: { ...user.headers, ...(init.headers as Record<string, string>) },
      });
      const body = (await response.json()) as T;
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      return body;
    }

    /** Quotes the batch by multipart and confirms it, both through the process's HTTP API. */
    async function confirmBatch(server: ServerProcess, user: SignedIn, moduleId: number) {
      const form = new FormData();
      form.set('modulo_id', String(moduleId));
      form.set('finalidade_id', String(TEST_PURPOSE_ID));
      const csv = `cpf\n${documents.map((cpf) => cpf.replace(/^(\d{3})(\d{3})(\d{3})/, '$1.$2.$3-')).join('\n')}\n`;
      form.set('arquivo', new Blob([csv], { type: 'text/csv' }), 'clientes.csv');
      const quoted = await api<Lote>(server, user, '/lotes', { method: 'POST', body: form });
      expect(quoted).toMatchObject({ status: 'cotado', validas: ROWS, saldo_suficiente: true });
      await api<Lote>(server, user, `/lotes/${quoted.id}/confirmar`, { method: 'POST' });
      return quoted.id;
    }

    const rowsIn = (loteId: number, status: string) =>
      count(sql`select count(*)::int as n from lote_linhas where lote_id = ${loteId} and status = ${status}`);

    /**
     * Some rows done, the next ones held at the provider with their lookups open. The runner keeps
     * up to LOTE_ROWS_IN_FLIGHT rows going, and may have fewer when two ended at once.
     */
    const heldMidBatch = (loteId: number, stateOf: () => Promise<unknown>) =>
      until(
        async () =>
          (await rowsIn(loteId, 'sucesso')) === ANSWERED_BEFORE_KILL &&
          gate.held() > 0 &&
          gate.held() === (await rowsIn(loteId, 'em_andamento')),
        60_000,
        'rows held mid-batch',
        stateOf,
      );

    async function killMidBatch(secondStarts: 'after the kill' | 'before the kill') {
      const { moduleId, user } = await prepare();
      const first = await startServerProcess(created.url, batchWorker);
      started.push(first);
      const loteId = await confirmBatch(first, user, moduleId);
      const stateOf = async () => ({
        provider: { received: gate.received(), held: gate.held() },
        lote: rowsOf(
          await database.db.execute(sql`select status, processo_id from lotes where id = ${loteId}`),
        ),
        rows: rowsOf(
          await database.db.execute(sql`
            select status, processo_id, count(*)::int from lote_linhas where lote_id = ${loteId} group by 1, 2`),
        ),
        processes: rowsOf(await database.db.execute(sql`select id from processos`)),
      });

      await heldMidBatch(loteId, stateOf);
      const [runner] = rowsOf<{ processo: number }>(
        await database.db.execute(sql`select processo_id as processo from lotes where id = ${loteId}`),
      );
      const firstProcess = Number(runner?.processo);

      const second =
        secondStarts === 'before the kill' ? await startServerProcess(created.url, batchWorker) : null;
      if (second) started.push(second);
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      // What the killed runner had in flight: its lookups still pending, or already failed by the
      // crash release (which fails nothing else, and not before a sweep after the death).
      const inFlight = rowsOf<{ ordem: number }>(
        await database.db.execute(sql`
          select lote_ordem as ordem from consultas
          where lote_id = ${loteId} and processo_id = ${firstProcess}
            and (status = 'pendente' or erro_codigo = 'INTERRUPTED')
          order by lote_ordem`),
      ).map((row) => Number(row.ordem));
      expect(inFlight.length).toBeGreaterThan(0);
      gate.openAll();
      const survivor = second ?? (await startServerProcess(created.url, batchWorker));
      if (!second) started.push(survivor);

      let lote: Lote | undefined;
      await until(
        async () => {
          lote = await api<Lote>(survivor, user, `/lotes/${loteId}`);
          return lote.status === 'concluido';
        },
        120_000,
        'batch done',
        stateOf,
      );
      const failed = inFlight.length;
      expect(lote).toMatchObject({
        total: ROWS,
        processadas: ROWS,
        sucesso: ROWS - failed,
        falha: failed,
        cobrado: ((ROWS - failed) * PRICE_CENTS) / 100,
      });
      expect(await balanceOf(database.db, user.userId)).toEqual({
        cents: START_CENTS - PRICE_CENTS * (ROWS - failed),
        ledgerSum: START_CENTS - PRICE_CENTS * (ROWS - failed),
      });

      // Every row has exactly one lookup, and each row's outcome is its lookup's.
      const rows = rowsOf<{
        ordem: number;
        status: string;
        erro: string | null;
        lookups: number;
        lookup: string | null;
        processo: number | null;
      }>(
        await database.db.execute(sql`
          select l.ordem, l.status, l.erro_codigo as erro,
                 (select count(*)::int from consultas c where c.lote_id = l.lote_id and c.lote_ordem = l.ordem) as lookups,
                 c.status as lookup, c.processo_id as processo
          from lote_linhas l left join consultas c on c.id = l.consulta_id
          where l.lote_id = ${loteId} order by l.ordem`),
      );
      expect(rows.map((row) => row.ordem)).toEqual(documents.map((_, ordem) => ordem));
      expect(rows.filter((row) => row.lookups !== 1)).toEqual([]);
      expect(rows.filter((row) => row.lookup !== row.status)).toEqual([]);

      // The rows in flight at the kill ended uncharged as INTERRUPTED, never run again.
      const killedOrdens = new Set(inFlight);
      const interrupted = rows.filter((row) => killedOrdens.has(row.ordem));
      expect(interrupted.map((row) => [row.status, row.erro, row.processo])).toEqual(
        inFlight.map(() => ['falha', 'INTERRUPTED', firstProcess]),
      );
      const refunds = await count(sql`
        select count(*)::int as n from credit_ledger
        where user_id = ${user.userId} and reason = 'consulta_estorno'`);
      expect(refunds).toBe(failed);
      expect(rows.filter((row) => !killedOrdens.has(row.ordem) && row.status !== 'sucesso')).toEqual([]);
      // The rest were run by the process that took the batch over.
      expect(rows.filter((row) => row.processo === firstProcess)).toHaveLength(ANSWERED_BEFORE_KILL + failed);

      // The provider saw every row's document once: none twice, none of a success missing.
      expect(documents.filter((document) => gate.callsOf(document) !== 1)).toEqual([]);
      expect(gate.received()).toBe(ROWS);
    }

    it('settles a batch stopped with rows in flight whose runner is then killed: those rows end INTERRUPTED, the rest stays cancelled', async () => {
      const { moduleId, user } = await prepare();
      const first = await startServerProcess(created.url, batchWorker);
      started.push(first);
      const loteId = await confirmBatch(first, user, moduleId);
      const stateOf = async () =>
        rowsOf(
          await database.db.execute(sql`
            select status, count(*)::int from lote_linhas where lote_id = ${loteId} group by 1`),
        );
      await heldMidBatch(loteId, stateOf);
      const stopped = await api<Lote>(first, user, `/lotes/${loteId}/cancelar`, { method: 'POST' });
      expect(stopped.status).toBe('cancelado');
      const held = await rowsIn(loteId, 'em_andamento');
      expect(held).toBeGreaterThan(0);
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      gate.openAll();
      const survivor = await startServerProcess(created.url, batchWorker);
      started.push(survivor);

      let lote: Lote | undefined;
      await until(
        async () => {
          lote = await api<Lote>(survivor, user, `/lotes/${loteId}`);
          return lote.processadas + lote.canceladas === ROWS;
        },
        120_000,
        'stopped batch settled',
        stateOf,
      );
      expect(lote).toMatchObject({
        status: 'cancelado',
        sucesso: ANSWERED_BEFORE_KILL,
        falha: held,
        canceladas: ROWS - ANSWERED_BEFORE_KILL - held,
        cobrado: (ANSWERED_BEFORE_KILL * PRICE_CENTS) / 100,
      });
      expect(await rowsIn(loteId, 'em_andamento')).toBe(0);
      expect(
        await count(sql`select count(*)::int as n from lotes where id = ${loteId} and contagem is not null`),
      ).toBe(1);
      expect(await balanceOf(database.db, user.userId)).toEqual({
        cents: START_CENTS - PRICE_CENTS * ANSWERED_BEFORE_KILL,
        ledgerSum: START_CENTS - PRICE_CENTS * ANSWERED_BEFORE_KILL,
      });
      // Nothing after the stop reached the provider: the held rows were its last calls.
      expect(gate.received()).toBe(ANSWERED_BEFORE_KILL + held);
    }, 240_000);

    it('resumes on the restarted process: every row looked up once, the balance charged for the successes only', async () => {
      await killMidBatch('after the kill');
    }, 240_000);

    it('resumes on a process that was already running, with no restart', async () => {
      await killMidBatch('before the kill');
    }, 240_000);
  },
);
