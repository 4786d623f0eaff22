/**
 * A value as JSON with the keys of every object in code-point order and undefined entries left
 * out: two requests that differ only in the order their keys were written are the same request.
 * The server hashes a body with it to tell an Idempotency-Key's body (decision 0020); the panel
 * compares submissions with it, so the same values reuse the same key.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
