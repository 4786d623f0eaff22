import { createHash, randomUUID } from 'node:crypto';
import { messages } from '@painel/shared/messages';
import { canonicalJson } from '@painel/shared/rules/canonical-json';
import { IDEMPOTENCY_KEY_MAX } from '@painel/shared/schemas/idempotency';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  type KeyRef,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from './idempotency.repository.ts';
import { STALE_AFTER_SECONDS } from './retention.job.ts';

/** How long a key's first answer is kept and given again (docs/decisions/0020-lookup-idempotency.md). */
const IDEMPOTENCY_TTL_HOURS = 24;
/** Tells a client the answer is the first one, given again. */
const REPLAYED_HEADER = 'idempotent-replayed';

export interface IdempotencyDeps {
  db: Executor;
  /** This process's lease (process-lease.ts): a key held by a dead process is freed with its lookups. */
  owner: () => number | null;
}

/** The key a request owns until its answer is kept or the key is freed. */
const held = new WeakMap<FastifyRequest, KeyRef & { owner: string }>();

/** The body's SHA-256: the same body whatever order its keys were written in. */
function bodyHashOf(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/**
 * Makes the routes of `scope` idempotent per (user, `Idempotency-Key`): the first request with a
 * key runs; a later one with the same body gets the first answer again (status and body, as sent),
 * with no second charge and no second upstream call; with another body, 409 IDEMPOTENCY_MISMATCH;
 * while the first runs, 409 IDEMPOTENCY_IN_PROGRESS. A 5xx answer is not kept: it frees the key,
 * so a retry runs. The header itself is validated by the route's contract, before this runs.
 */
export function registerIdempotency(scope: FastifyInstance, deps: IdempotencyDeps): void {
  scope.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !request.auth) return;
    // Sent twice, Node joins the two into one text: that is no key the client meant.
    const sent = request.raw.rawHeaders.filter(
      (name, index) => index % 2 === 0 && name.toLowerCase() === 'idempotency-key',
    );
    if (sent.length > 1) {
      throw validationError({ 'idempotency-key': messages.idempotencyKeyInvalid(IDEMPOTENCY_KEY_MAX) });
    }
    const ref: KeyRef = { userId: request.auth.userId, key };
    const bodyHash = bodyHashOf(request.body);
    // A key freed or expired between the claim and the read is claimed again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const owner = randomUUID();
      const claim = {
        ...ref,
        bodyHash,
        owner,
        processId: deps.owner(),
        ttlHours: IDEMPOTENCY_TTL_HOURS,
        // A first request running longer than any lookup may is taken for lost.
        staleSeconds: STALE_AFTER_SECONDS,
      };
      if (await claimIdempotencyKey(deps.db, claim)) {
        held.set(request, { ...ref, owner });
        return;
      }
      const kept = await findIdempotencyKey(deps.db, ref, bodyHash);
      if (!kept) continue;
      if (!kept.sameBody) throw new AppError('IDEMPOTENCY_MISMATCH', messages.idempotencyMismatch);
      if (kept.status === null || kept.answer === null) break;
      return reply
        .status(kept.status)
        .header(REPLAYED_HEADER, 'true')
        .type('application/json; charset=utf-8')
        .send(kept.answer);
    }
    throw new AppError('IDEMPOTENCY_IN_PROGRESS', messages.idempotencyInProgress);
  });

  // Every answer of the route, success or refusal, passes here as the object about to be serialized.
  scope.addHook(
    'preSerialization',
    async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claim = held.get(request);
      if (!claim) return payload;
      held.delete(request);
      try {
        if (reply.statusCode >= 500) await releaseIdempotencyKey(deps.db, claim);
        else await storeIdempotentAnswer(deps.db, claim, reply.statusCode, serialize(reply, payload));
      } catch (error) {
        // The answer still goes out; the key stays 'running' until its ten minutes pass.
        request.log.warn({ err: error }, 'could not keep the answer of an Idempotency-Key');
      }
      return payload;
    },
  );

  // An answer that never reached serialization (none on these routes today) frees its key.
  scope.addHook('onResponse', async (request: FastifyRequest) => {
    const claim = held.get(request);
    if (!claim) return;
    held.delete(request);
    await releaseIdempotencyKey(deps.db, claim).catch((error: unknown) =>
      request.log.warn({ err: error }, 'could not free an Idempotency-Key'),
    );
  });
}

/** The text the route sends for this answer: its contract's schema for the status, else plain JSON. */
function serialize(reply: FastifyReply, payload: unknown): string {
  try {
    return reply.serializeInput(payload as Record<string, unknown>, String(reply.statusCode)) as string;
  } catch {
    return JSON.stringify(payload);
  }
}
