import type { Endpoint, EndpointInput, EndpointOutput } from '@painel/shared/contracts/endpoint';
import { messages } from '@painel/shared/messages';
import { errorBodyShape } from '@/lib/first-load-schemas';
import { clearSession, getSession, type SessionEndReason } from '@/lib/session';

/**
 * The one way the panel talks to the API. Every call goes through `apiRequest`, so the session
 * rules of docs/product/sessions.md#how-the-panel-reacts live here and nowhere else:
 * - a 401 on any call except login/register, while a token is held, is retried once; if the
 *   retry fails too the session ends and the user goes to /login, or to /sessao-encerrada when
 *   the code is SESSION_EVICTED (a login on another device);
 * - a 403 with errorType TokenExpiredError ends the session and goes to /login.
 * And one rule for money: a call that spends it (`spendsMoney`) never waits for the network. Sent
 * while the browser is offline it fails at once, unsent, saying nothing was charged; it is never
 * kept to be replayed when the connection returns, where the user would not see it
 * (docs/decisions/0008-take-back-deactivation-offline.md).
 */

export const API_BASE = (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/+$/, '');

export const SESSION_EVICTED = 'SESSION_EVICTED';
export const TOKEN_EXPIRED_ERROR = 'TokenExpiredError';
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const OFFLINE = 'OFFLINE';
export const INVALID_RESPONSE = 'INVALID_RESPONSE';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly errorType?: string,
  ) {
    super(message);
  }
}

type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

/** The router registers its navigate here, so ending a session never reloads the page. */
export function setApiNavigator(next: Navigate) {
  navigate = next;
}

/** A zod schema, or one of the small parsers of lib/shape.ts. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as multipart, as it is. */
  body?: unknown;
  /** Parses a 2xx body; without it the body is ignored (204 and friends). */
  schema?: ResponseSchema<T>;
  /** Shown when the server gives no message of its own, e.g. messages.loginFailed. */
  fallbackError?: string;
  /** Login and register: their 401 means wrong credentials, not an ended session. */
  isAuthCall?: boolean;
  /**
   * A lookup, a PIX charge, credits, days or time given or taken, a plan activated: offline it
   * fails before anything is sent, and a connection lost on the way says the outcome is unknown.
   */
  spendsMoney?: boolean;
  signal?: AbortSignal;
  /** Headers a contract declares (e.g. Idempotency-Key); one left undefined is not sent. */
  headers?: Record<string, string | undefined>;
}

export async function apiRequest<T = void>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const response = await apiResponse(path, options);
  if (!options.schema) return undefined as T;
  const parsed = options.schema.safeParse(await readJson(response));
  if (!parsed.success) {
    throw new ApiError(response.status, INVALID_RESPONSE, options.fallbackError ?? messages.internalError);
  }
  return parsed.data;
}

/**
 * A 2xx response whose body the caller reads itself (an event stream, a CSV download), sent and
 * checked under the same session rules as `apiRequest`; anything else throws the ApiError.
 */
export async function apiResponse(
  path: string,
  options: Omit<ApiRequestOptions<unknown>, 'schema'> = {},
): Promise<Response> {
  const fallback = options.fallbackError ?? messages.internalError;
  if (isOffline()) {
    throw new ApiError(
      0,
      OFFLINE,
      options.spendsMoney ? messages.offlineNothingCharged : messages.networkError,
    );
  }
  const token = getSession()?.token ?? null;

  let response = await send(path, options, token);

  if (response.status === 401 && token !== null && !options.isAuthCall) {
    response = await send(path, options, token);
  }

  if (!response.ok) {
    const error = await readError(response, fallback);
    if (!options.isAuthCall && token !== null) endSessionIfRejected(error, token);
    throw error;
  }
  return response;
}

async function send(
  path: string,
  options: Pick<ApiRequestOptions<unknown>, 'method' | 'body' | 'signal' | 'spendsMoney' | 'headers'>,
  token: string | null,
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value !== undefined) headers[name] = value;
  }
  const multipart = options.body instanceof FormData;
  // For FormData the browser writes the multipart Content-Type with its boundary.
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : multipart
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    // Cancellation (TanStack Query, unmount) is not a failure to report.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    // The request may have reached the server before the connection dropped: no promise either way.
    throw new ApiError(
      0,
      NETWORK_ERROR,
      options.spendsMoney ? messages.connectionLostOutcomeUnknown : messages.networkError,
    );
  }
}

/** The browser knows it has no network: nothing can be sent, so nothing is. */
function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

async function readError(response: Response, fallback: string): Promise<ApiError> {
  const body = errorBodyShape.safeParse(await readJson(response));
  if (!body.success) return new ApiError(response.status, `HTTP_${response.status}`, fallback);
  const { error, code, fields, errorType } = body.data;
  return new ApiError(response.status, code, error || fallback, fields, errorType);
}

function endSessionIfRejected(error: ApiError, token: string) {
  let reason: SessionEndReason | null = null;
  if (error.status === 401) reason = error.code === SESSION_EVICTED ? 'evicted' : 'unauthorized';
  else if (error.status === 403 && error.errorType === TOKEN_EXPIRED_ERROR) reason = 'expired';
  if (reason === null) return;
  // A late answer to a request made with an older token must not end the session that replaced it.
  if (getSession()?.token !== token) return;
  clearSession(reason);
  navigate(reason === 'evicted' ? '/sessao-encerrada' : '/login');
}

/** What only the panel knows about a call: how it behaves offline and what it says on failure. */
export type EndpointCallOptions = Pick<
  ApiRequestOptions<unknown>,
  'fallbackError' | 'isAuthCall' | 'spendsMoney' | 'signal'
>;

/**
 * Calls an endpoint as its contract in packages/shared/src/contracts declares it: the method, the
 * path with its `params`, the `query`, the `body` and the `headers`, and the answer read with the contract's
 * output schema. The session and offline rules above apply as to every call.
 */
export function callEndpoint<C extends Endpoint>(
  contract: C,
  input: EndpointInput<C>,
  options: EndpointCallOptions = {},
): Promise<EndpointOutput<C>> {
  const { route, outputSchema } = contract['~orpc'];
  // 204 No Content has no body to read: the call answers null, as its contract says.
  const noContent = route.successStatus === 204;
  const answer = apiRequest(endpointPath(contract, input), {
    ...options,
    method: (route.method ?? 'GET') as ApiRequestOptions<unknown>['method'],
    body: (input as { body?: unknown } | undefined)?.body,
    headers: (input as { headers?: Record<string, string | undefined> } | undefined)?.headers,
    schema: noContent ? undefined : (outputSchema as ResponseSchema<EndpointOutput<C>> | undefined),
  });
  return noContent ? answer.then(() => null as EndpointOutput<C>) : answer;
}

/**
 * The path and search string of one call, as its contract declares them: `params` written into
 * the path (escaped), the `query` entries that hold a value. For the calls whose answer is read
 * by its caller (a CSV download, an event stream).
 */
export function endpointPath<C extends Endpoint>(contract: C, input: EndpointInput<C>): string {
  const { route } = contract['~orpc'];
  const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const path = (route.path ?? '/').replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(parts.params?.[name])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
