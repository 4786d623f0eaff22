import { canonicalJson as canonical } from '@painel/shared/rules/canonical-json';

/**
 * One Idempotency-Key per submission of the query form (docs/product/lookups.md#idempotency-key):
 * a new one when the user sends something, the same one when that submission is sent again before
 * it had a final answer (a second click while it runs, a dropped connection, a 5xx, 'in progress'),
 * so the server runs and charges it once. A result or a refusal ends the submission: sending the
 * same values afterwards is a new lookup, with a new key.
 */
export interface SubmissionKeys {
  /** The key to send this request with. */
  keyFor(request: unknown): string;
  /** The request was answered (`error` absent) or failed with `error`. */
  settled(request: unknown, error?: unknown): void;
}

/** The server's answer while the first send of the same key still runs (docs/decisions/0020). */
export const IDEMPOTENCY_IN_PROGRESS = 'IDEMPOTENCY_IN_PROGRESS';

/** An outcome after which the same submission may be sent again without paying twice. */
function mayRetry(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const { status, code } = error as { status: unknown; code?: unknown };
  // 0: no answer (offline, or the connection dropped on the way); 5xx: the server freed the key.
  return status === 0 || (typeof status === 'number' && status >= 500) || code === IDEMPOTENCY_IN_PROGRESS;
}

export function createSubmissionKeys(newKey: () => string = () => crypto.randomUUID()): SubmissionKeys {
  let open: { request: string; key: string } | null = null;
  return {
    keyFor(request) {
      const text = canonical(request);
      if (open?.request !== text) open = { request: text, key: newKey() };
      return open.key;
    },
    settled(request, error) {
      if (open?.request !== canonical(request)) return;
      if (error === undefined || !mayRetry(error)) open = null;
    },
  };
}
