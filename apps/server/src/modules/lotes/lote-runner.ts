import { setTimeout as sleep } from 'node:timers/promises';
import { LOTE_QUOTE_TTL_HOURS } from '@painel/shared/schemas/lotes';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isDatabaseRefusal } from '../../lib/batcher.ts';
import type { UpstreamGateway } from '../../lib/upstream.ts';
import { readKeyForAuth } from '../api-keys/api-key.repository.ts';
import type { AuthContext } from '../auth/session.service.ts';
import { writeLog } from '../logs/log.repository.ts';
import { callerHasAccess, type LookupDeps, quoteBroken, runLookup } from '../lookups/lookup.service.ts';
import {
  type ClaimedRow,
  claimRows,
  expiredQuotes,
  finishRow,
  freezeCounts,
  loteToRun,
  markCancelled,
  markDone,
  orphanLotes,
  ownerOf,
  releaseLote,
  setJob,
  settleRows,
  takeLote,
  unclaimRow,
  unsettledLotes,
} from './lote.repository.ts';
import { stopLote } from './lote.service.ts';

/**
 * Runs confirmed batches on pg-boss (docs/decisions/0023-batch-jobs.md). A confirmed batch is one
 * job; whichever process takes it becomes the batch's runner (lotes.processo_id) and claims its
 * rows a few at a time, each row run through `runLookup` as a single lookup is. A runner that dies
 * is noticed by its lease: every process sweeps for running batches without a living runner and
 * sends them to the queue again, and the next runner first puts right what the dead one left.
 */
export interface LoteRunner {
  dispatch(id: number): Promise<void>;
  close(): Promise<void>;
}

export interface LoteRunnerOptions {
  database: DatabaseHandle;
  lookups: LookupDeps;
  owner(): number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Rows of one batch in flight at once. */
  perBatch?: number;
  /** Rows of one module in flight at once in this process, across batches. */
  perModule?: number;
  /** Batches this process runs at once. */
  batchesPerProcess?: number;
  /** How often every process looks for running batches whose runner died. */
  sweepMs?: number;
  /** Backoff before the first retry of a failed upstream call; doubled on each of the 3 retries. */
  retryBaseMs?: number;
}

const QUEUE = 'lotes';
/** How long a runner goes on with what it read of a batch's owner and key before reading them again. */
const STANDING_MS = 500;

type BatchToRun = NonNullable<Awaited<ReturnType<typeof loteToRun>>>;
type RowCaller = Pick<AuthContext, 'userId' | 'access' | 'apiKey'>;
/** `priceChanged`: the module now charges more than the batch was quoted at, or in another way. */
type Standing = { lote: BatchToRun; caller: RowCaller } | 'ended' | 'stop' | { priceChanged: BatchToRun };
const UPSTREAM_RETRIES = 3;
const RETRIED = new Set(['UPSTREAM_ERROR', 'UPSTREAM_TIMEOUT']);

/** The upstream, retried up to three times with backoff when it fails (not when it answers 'no result'). */
function retrying(upstream: UpstreamGateway, baseMs: number): UpstreamGateway {
  return {
    async call(call) {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await upstream.call(call);
        } catch (error) {
          const code = error instanceof AppError ? error.code : 'UPSTREAM_ERROR';
          if (attempt >= UPSTREAM_RETRIES || !RETRIED.has(code)) throw error;
          await sleep(baseMs * 2 ** attempt);
        }
      }
    },
    close: () => upstream.close(),
  };
}

export async function startLoteRunner(options: LoteRunnerOptions): Promise<LoteRunner> {
  const {
    database,
    lookups,
    owner,
    log,
    perBatch = 4,
    perModule = 8,
    batchesPerProcess = 4,
    sweepMs = 5_000,
    retryBaseMs = 500,
  } = options;
  const db = database.db;
  const batchLookups: LookupDeps = { ...lookups, upstream: retrying(lookups.upstream, retryBaseMs) };
  const boss = new PgBoss({
    ...('connectionString' in database.jobs
      ? { connectionString: database.jobs.connectionString, max: 3 }
      : { db: database.jobs }),
    schema: 'pgboss',
    supervise: true,
    maintenanceIntervalSeconds: 60,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error) => log.warn({ err: error }, 'job engine error'));
  await boss.start();
  await boss.createQueue(QUEUE, {
    name: QUEUE,
    // One waiting job per batch at most; a runner of its own is the batch's lease's business.
    policy: 'short',
    retryLimit: 0,
    expireInHours: 23,
  } as PgBoss.Queue);

  let closing = false;
  const inModule = new Map<number, number>();
  const running = new Set<Promise<void>>();

  /**
   * One row slot of a batch: looks up `first`, then, while `goOn()` says so, finishes each row and
   * claims the next in one statement and looks that one up, so a slot costs one round trip between
   * lookups; it hands back to the batch's loop when `goOn()` says no (the standing is due to be
   * read again, the breaker is not closed, the process is closing) or nothing is left to claim.
   */
  async function runSlot(lote: BatchToRun, caller: RowCaller, first: ClaimedRow, goOn: () => boolean) {
    let row: ClaimedRow | undefined = first;
    while (row) row = await runRow(lote, caller, row, goOn() ? { owner: owner() } : undefined);
  }

  /** Looks one row up and writes its outcome; with `next`, claims and returns the row to run next. */
  async function runRow(
    lote: BatchToRun,
    caller: RowCaller,
    row: ClaimedRow,
    next: { owner: number } | undefined,
  ): Promise<ClaimedRow | undefined> {
    const moduleId = lote.moduloId ?? 0;
    while ((inModule.get(moduleId) ?? 0) >= perModule) await sleep(20);
    inModule.set(moduleId, (inModule.get(moduleId) ?? 0) + 1);
    let consultaId: number | null = null;
    let outcome: Parameters<typeof finishRow>[3];
    try {
      await runLookup(
        batchLookups,
        caller,
        {
          modulo_id: moduleId,
          input: row.entrada,
          finalidade_id: lote.finalidadeId,
          justificativa: lote.justificativa,
        },
        {
          batch: { id: lote.id, ordem: row.ordem, priceCents: lote.precoCents, cobranca: lote.cobranca },
          onReserved: (id) => (consultaId = id),
        },
      );
      outcome = { status: 'sucesso', consultaId, erroCodigo: null };
    } catch (error) {
      // A row taken by another runner (the lookup's unique batch row) is settled from its lookup.
      if (isDatabaseRefusal(error) && !(error instanceof AppError)) {
        log.warn({ err: error, loteId: lote.id, ordem: row.ordem }, 'batch row not run');
        return undefined;
      }
      const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
      // Refused because the provider's breaker opened meanwhile, before anything was reserved: the
      // row waits for the provider with the rest of the batch instead of failing.
      if (code === 'UPSTREAM_UNAVAILABLE' && consultaId === null) {
        await unclaimRow(db, lote.id, row.ordem);
        return undefined;
      }
      // The module would charge more than the quote (or in another way): the row goes back, nothing
      // reserved, and the batch stops (docs/product/lotes.md#running).
      if (code === 'LOTE_PRICE_CHANGED' && consultaId === null) {
        await unclaimRow(db, lote.id, row.ordem);
        await stopForPrice(lote);
        return undefined;
      }
      outcome = { status: 'falha', consultaId, erroCodigo: code };
    } finally {
      inModule.set(moduleId, (inModule.get(moduleId) ?? 1) - 1);
    }
    const [claimed] = await finishRow(db, lote.id, row.ordem, outcome, next);
    return claimed;
  }

  /**
   * Cancels a running batch whose module's price went above its quote (or whose charging kind
   * changed): the rows already charged stay, the rest are cancelled; logged once, with why.
   */
  async function stopForPrice(lote: Pick<BatchToRun, 'id' | 'usuarioId' | 'moduloId' | 'precoCents'>) {
    const module = lote.moduloId === null ? undefined : await lookups.catalog.get(lote.moduloId);
    await db.transaction((tx) =>
      stopLote(tx, lote, 'processando', 'preco_alterado', {
        preco_cotado_cents: lote.precoCents,
        preco_atual_cents: module?.precoCents ?? null,
      }),
    );
    log.info({ loteId: lote.id }, 'batch cancelled: its module now costs more than its quote');
  }

  /**
   * What a batch's rows run as: the batch, and its owner's standing and key read afresh. 'ended'
   * when the batch is no longer running; 'stop' when it must be cancelled: the owner banned,
   * deactivated or without access any more (the trial runs no batch: its rows are never run as
   * trial lookups, docs/product/lotes.md#running), or the key it was started through revoked or
   * expired (a batch started through a key runs as that key: its modules and daily cap apply to
   * every row). `priceChanged` when its module now costs more than the batch was quoted at, or charges in
   * another way (each row checks it too, before anything is reserved).
   */
  async function readStanding(id: number): Promise<Standing> {
    const lote = await loteToRun(db, id);
    if (lote?.status !== 'processando') return 'ended';
    const module = lote.moduloId === null ? undefined : await lookups.catalog.get(lote.moduloId);
    if (module && quoteBroken(module, { priceCents: lote.precoCents, cobranca: lote.cobranca })) {
      return { priceChanged: lote };
    }
    const user = await ownerOf(db, lote.usuarioId);
    if (!user || user.banido || !user.ativo) return 'stop';
    const access = {
      dataExpiracao: user.dataExpiracao,
      subscriptionEndsAt: user.subscriptionEndsAt ? new Date(user.subscriptionEndsAt) : null,
      modulos: user.modulos,
    };
    if (!callerHasAccess(access)) return 'stop';
    const key = lote.chaveApiPrefixo ? await readKeyForAuth(db, lote.chaveApiPrefixo) : null;
    if (lote.chaveApiPrefixo && (!key || key.revogadaEm || (key.expiraEm && key.expiraEm <= new Date()))) {
      return 'stop';
    }
    const caller = {
      userId: lote.usuarioId,
      access,
      ...(key
        ? {
            apiKey: {
              id: key.id,
              prefixo: key.prefixo,
              modulos: key.modulos,
              limiteDiarioCents: key.limiteDiarioCents,
              limitePorSegundo: key.limitePorSegundo,
            },
          }
        : {}),
    };
    return { lote, caller };
  }

  /** Batches this process runs now: a second job for one of them here is a no-op. */
  const mine = new Set<number>();

  async function runLote(id: number) {
    if (mine.has(id)) return;
    mine.add(id);
    try {
      await runTaken(id);
    } finally {
      mine.delete(id);
    }
  }

  async function runTaken(id: number) {
    const me = owner();
    if (!(await takeLote(db, id, me))) return;
    try {
      await settleRows(db, id, me);
      const inFlight = new Set<Promise<void>>();
      // The batch, its owner's standing and its key, read again at most every STANDING_MS (not for
      // every row: three reads a row slowed batches down); a cancel is seen at once all the same,
      // as claimRows takes rows only of a batch still running.
      let standing: Standing | null = null;
      let readAt = 0;
      while (!closing) {
        if (standing === null || Date.now() - readAt >= STANDING_MS) {
          standing = await readStanding(id);
          readAt = Date.now();
          if (standing === 'ended') break;
          if (standing === 'stop') {
            await markCancelled(db, id);
            break;
          }
          if ('priceChanged' in standing) {
            await stopForPrice(standing.priceChanged);
            break;
          }
        }
        const { lote, caller } = standing;
        // The module's breaker: resting, no row is claimed; rested, one row alone is the probe
        // (a second one would find the probe out and fail); closed, the batch runs at its pace.
        const moduleId = lote.moduloId;
        const resting = moduleId !== null && lookups.health.isOpen(moduleId);
        const probing = moduleId !== null && !resting && !lookups.health.isClosed(moduleId);
        const room = resting ? 0 : probing ? (inFlight.size === 0 ? 1 : 0) : perBatch - inFlight.size;
        const rows = room > 0 ? await claimRows(db, id, me, room) : [];
        // None to claim with room for some: the batch ended or was stopped; read it again now.
        if (room > 0 && rows.length === 0) readAt = 0;
        // A slot goes on by itself while what was read of the batch is fresh and its provider's
        // breaker is closed; otherwise it comes back here.
        const fresh = readAt;
        const goOn = () =>
          !closing &&
          readAt === fresh &&
          Date.now() - fresh < STANDING_MS &&
          (moduleId === null || lookups.health.isClosed(moduleId));
        for (const row of rows) {
          const task: Promise<void> = runSlot(lote, caller, row, goOn).finally(() => inFlight.delete(task));
          inFlight.add(task);
        }
        // Rows that ended while claiming left room: claim again before waiting.
        if (rows.length > 0 && !probing && inFlight.size < perBatch) continue;
        if (inFlight.size > 0) {
          await Promise.race(inFlight);
          continue;
        }
        if (rows.length > 0) continue;
        // Nothing to claim and nothing in flight: done, or waiting on a dead runner's lookups.
        await settleRows(db, id, me);
        const counts = await markDone(db, id);
        if (counts) {
          await writeLog(db, {
            tipo: 'consulta',
            acao: 'lote_concluido',
            userId: lote.usuarioId,
            targetUserId: lote.usuarioId,
            detalhes: { lote_id: id, sucesso: counts.sucesso, falha: counts.falha },
          });
          break;
        }
        await sleep(resting ? 1_000 : 250);
      }
      await Promise.all(inFlight);
      // Stopped with rows in flight: their outcomes are in, so what the batch came to is final.
      await freezeCounts(db, id);
    } finally {
      await releaseLote(db, id, me).catch(() => {});
    }
  }

  for (let worker = 0; worker < batchesPerProcess; worker += 1) {
    await boss.work<{ id: number }>(QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
      if (!job) return;
      const task = runLote(job.data.id);
      running.add(task);
      try {
        await task;
      } finally {
        running.delete(task);
      }
    });
  }

  async function dispatch(id: number) {
    const jobId = await boss.send(QUEUE, { id }, { singletonKey: `lote:${id}` });
    if (jobId) await setJob(db, id, jobId);
  }

  // Batches whose runner died (or that were never picked up) go back to the queue; stopped batches
  // whose runner died with rows in flight have those rows settled and their counts stored.
  async function settleEnded() {
    for (const id of await unsettledLotes(db)) {
      await settleRows(db, id, owner());
      await freezeCounts(db, id);
    }
  }
  // Quotes left unconfirmed for LOTE_QUOTE_TTL_HOURS are discarded, rows and all, whether or not
  // their owner quotes again (a new quote discards that user's own at once).
  async function discardExpiredQuotes() {
    for (const quote of await expiredQuotes(db, LOTE_QUOTE_TTL_HOURS)) {
      await db.transaction((tx) => stopLote(tx, quote, 'cotado', 'cotacao_expirada'));
    }
  }
  const sweep = setInterval(() => {
    orphanLotes(db)
      .then((ids) => Promise.all(ids.map(dispatch)))
      .then(settleEnded)
      .then(discardExpiredQuotes)
      .catch((error) => log.warn({ err: error }, 'batch sweep failed'));
  }, sweepMs);
  sweep.unref();

  return {
    dispatch,
    async close() {
      closing = true;
      clearInterval(sweep);
      await Promise.allSettled(running);
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 } as PgBoss.StopOptions);
    },
  };
}
