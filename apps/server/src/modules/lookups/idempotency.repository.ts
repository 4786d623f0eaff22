import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** One user's key, as a request names it (docs/decisions/0020-lookup-idempotency.md). */
export interface KeyRef {
  userId: number;
  key: string;
}

export interface KeyClaim extends KeyRef {
  /** SHA-256 of the request's body, in hex. */
  bodyHash: string;
  /** This request's claim (a UUID): only it may store the answer or free the key. */
  owner: string;
  /** The lease of the process running it (decision 0009); null without one. */
  processId: number | null;
  /** How long the answer is kept. */
  ttlHours: number;
  /** A first request running longer than this is taken for lost, whatever its process. */
  staleSeconds: number;
}

/**
 * Claims the key for this request, in one statement: a key nobody holds, one whose answer has
 * expired, or one still 'running' under a process whose lease is gone (its row in `processos` is
 * deleted once its reservations are released) or for longer than `staleSeconds`. True when the
 * request now owns it; false when another request holds it or its answer is kept.
 */
export async function claimIdempotencyKey(db: Executor, claim: KeyClaim): Promise<boolean> {
  const result = await db.execute(sql`
    insert into chaves_idempotencia as chave (usuario_id, chave, corpo_hash, dono, processo_id, expira_em)
    values (${claim.userId}, ${claim.key}, decode(${claim.bodyHash}, 'hex'), ${claim.owner},
            ${claim.processId}, now() + make_interval(hours => ${claim.ttlHours}::int))
    on conflict (usuario_id, chave) do update set
      corpo_hash = excluded.corpo_hash, dono = excluded.dono, processo_id = excluded.processo_id,
      status_http = null, resposta = null, criada_em = now(), expira_em = excluded.expira_em
    where chave.expira_em <= now()
       or (chave.status_http is null
           and (chave.criada_em <= now() - make_interval(secs => ${claim.staleSeconds}::int)
                or (chave.processo_id is not null
                    and not exists (select 1 from processos where processos.id = chave.processo_id))))
    returning dono`);
  return rowsOf<{ dono: string }>(result)[0]?.dono === claim.owner;
}

export interface KeptKey {
  /** Whether it was first sent with the same body. */
  sameBody: boolean;
  /** The first answer's status and body; null while the first request runs. */
  status: number | null;
  answer: string | null;
}

/** The key as another request holds it; null when it is not there (freed meanwhile) or expired. */
export async function findIdempotencyKey(
  db: Executor,
  { userId, key }: KeyRef,
  bodyHash: string,
): Promise<KeptKey | null> {
  const result = await db.execute(sql`
    select corpo_hash = decode(${bodyHash}, 'hex') as same_body, status_http, resposta
    from chaves_idempotencia
    where usuario_id = ${userId} and chave = ${key} and expira_em > now()`);
  const row = rowsOf<{ same_body: boolean; status_http: number | null; resposta: string | null }>(result)[0];
  if (!row) return null;
  return {
    sameBody: row.same_body,
    status: row.status_http === null ? null : Number(row.status_http),
    answer: row.resposta,
  };
}

/** Keeps the first answer, if this request still owns the key; false when it was taken meanwhile. */
export async function storeIdempotentAnswer(
  db: Executor,
  { userId, key, owner }: KeyRef & { owner: string },
  status: number,
  answer: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    update chaves_idempotencia set status_http = ${status}, resposta = ${answer}
    where usuario_id = ${userId} and chave = ${key} and dono = ${owner} and status_http is null
    returning 1 as kept`);
  return rowsOf(result).length > 0;
}

/** Frees the key for a retry (the answer was not a final one), if this request still owns it. */
export async function releaseIdempotencyKey(
  db: Executor,
  { userId, key, owner }: KeyRef & { owner: string },
): Promise<void> {
  await db.execute(sql`
    delete from chaves_idempotencia
    where usuario_id = ${userId} and chave = ${key} and dono = ${owner} and status_http is null`);
}

/** Erases the keys whose 24 h have passed (the retention job); how many. */
export async function eraseExpiredIdempotencyKeys(db: Executor): Promise<number> {
  const result = await db.execute(sql`
    with erased as (delete from chaves_idempotencia where expira_em <= now() returning 1)
    select count(*)::int as erased from erased`);
  return Number(rowsOf<{ erased: number }>(result)[0]?.erased ?? 0);
}
