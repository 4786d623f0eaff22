import { canonicalJson as canonical } from '@painel/shared/rules/canonical-json';
import { ApiError } from '@/lib/api-client';

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
  if (!(error instanceof ApiError)) return false;
  // 0: no answer (offline, or the connection dropped on the way); 5xx: the server freed the key.
  return error.status === 0 || error.status >= 500 || error.code === IDEMPOTENCY_IN_PROGRESS;
}

/**
 * A random UUID: crypto.randomUUID() where the page is a secure context (HTTPS, localhost); the
 * same version-4 layout from crypto.getRandomValues() where it is not (plain HTTP on an address).
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createSubmissionKeys(newKey: () => string = randomKey): SubmissionKeys {
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
