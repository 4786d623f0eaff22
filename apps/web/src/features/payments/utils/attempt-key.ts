/**
 * A fresh random id for one purchase attempt. crypto.randomUUID exists only on secure origins
 * (https, localhost); getRandomValues works everywhere, so a panel served over plain http still buys.
 */
export function newAttemptId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
