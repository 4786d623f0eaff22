import { messages } from '@painel/shared/messages';
import { AppError } from './app-error.ts';

/** How soon a client may try again once the database or Redis cannot be reached. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Socket errors: the server is down, unreachable, or went away mid-conversation. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What node-postgres and ioredis say when they cannot talk to their server: a connection that
 * ended, no connection within the connect timeout, a command refused while Redis is offline.
 */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Connection is closed\.?$/,
  /^Stream isn't writeable and enableOfflineQueue options is false$/,
  /^Reached the max retries per request limit/,
  /^Command timed out$/,
];

/**
 * SQLSTATEs of a database that is not there to answer: class 08 (connection exception), the
 * server shutting down or starting (57P01-57P03), no connection slot left (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;

/**
 * Whether an error means the database or Redis could not be reached (not that it refused a
 * statement). Drizzle and others wrap the client's error as `cause`; a failed connection to every
 * address of a host is an AggregateError of them.
 */
export function isOutage(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 8) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (CLIENT_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isOutage(inner, depth + 1)))
    return true;
  return isOutage(error.cause, depth + 1);
}

/** The answer to a request that met an outage: 503 with Retry-After, the same for every route. */
export function outageError(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', messages.serviceUnavailable, {
    retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS,
  });
}
