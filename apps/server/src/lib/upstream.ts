import { isIP } from 'node:net';
import { messages } from '@painel/shared/messages';
import { demoApiTarget, PLACEHOLDER, placeholderInAuthority } from '@painel/shared/rules/api-url';
import { Agent, buildConnector, request, errors as undiciErrors } from 'undici';
import {
  canonicalHost,
  type GuardPolicy,
  guardedLookup,
  isAddressAllowed,
  isHostAllowlisted,
} from './address-guard.ts';
import { AppError, validationError } from './app-error.ts';

export const MAX_UPSTREAM_BYTES = 5 * 1024 * 1024;
/** An answer nested deeper than this is refused: storing and sending it back walks it recursively. */
export const MAX_ANSWER_DEPTH = 200;

export interface UpstreamCall {
  apiUrl: string;
  input: Record<string, string>;
  headers: Record<string, string>;
  timeoutMs: number;
}

export interface UpstreamSuccess {
  body: unknown;
  latencyMs: number;
}

/** The built-in demo provider is answered in-process, without a socket. */
export type InternalDispatch = (request: {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}) => Promise<{ statusCode: number; body: string }>;

export interface UpstreamGateway {
  call(call: UpstreamCall): Promise<UpstreamSuccess>;
  close(): Promise<void>;
}

/** A path segment that URL parsers and routers resolve: `.`, `..`, `%2e` spellings included. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * The api_url with each {field} replaced by its value through encodeURIComponent, so a value
 * never adds a `/`, `\`, `?`, `&` or `#`. Dots stay as they are, so a path segment that values
 * turn into `.` or `..` would move the request up: its fields are returned as errors instead
 * (spelling the dots `%2e` would not help, URL parsers resolve that too).
 */
function fillPlaceholders(apiUrl: string, input: Record<string, string>) {
  const fieldErrors: Record<string, string> = {};
  let url = '';
  let inPath = true;
  let segment = '';
  let segmentFields: string[] = [];
  const closeSegment = () => {
    if (segmentFields.length > 0 && DOT_SEGMENT.test(segment)) {
      for (const field of segmentFields) fieldErrors[field] = messages.invalidValue;
    }
    segment = '';
    segmentFields = [];
  };
  const addLiteral = (text: string) => {
    url += text;
    if (!inPath) return;
    const pathEnd = text.search(/[?#]/);
    const [first = '', ...rest] = (pathEnd === -1 ? text : text.slice(0, pathEnd)).split(/[\\/]/);
    segment += first;
    for (const piece of rest) {
      closeSegment();
      segment = piece;
    }
    if (pathEnd !== -1) {
      closeSegment();
      inPath = false;
    }
  };
  let literalStart = 0;
  for (const match of apiUrl.matchAll(PLACEHOLDER)) {
    addLiteral(apiUrl.slice(literalStart, match.index));
    const field = (match[1] ?? '').trim();
    const value = encodeURIComponent(input[field] ?? '');
    url += value;
    if (inPath) {
      segment += value;
      segmentFields.push(field);
    }
    literalStart = match.index + match[0].length;
  }
  addLiteral(apiUrl.slice(literalStart));
  if (inPath) closeSegment();
  return { url, fieldErrors };
}

/** Input values (by field name) that would take the request out of their path segment. */
export function placeholderErrors(apiUrl: string, input: Record<string, string>): Record<string, string> {
  return fillPlaceholders(apiUrl, input).fieldErrors;
}

export interface RequestPlan {
  method: 'GET' | 'POST';
  url: string;
  body?: Record<string, string>;
  /** A /demo-api/ path answered in-process; url is then the normalised path and query. */
  internal: boolean;
}

/**
 * GET with each {field} replaced by its URL-encoded value; without placeholders, POST the input as
 * JSON. Checked again here, whatever the module's save allowed: no placeholder in the host, no
 * value that leaves its path segment, no in-process path outside /demo-api/.
 */
export function planRequest(apiUrl: string, input: Record<string, string>): RequestPlan {
  const internal = apiUrl.startsWith('/');
  if (!internal && placeholderInAuthority(apiUrl)) throw upstreamBlocked();
  const withPlaceholders = apiUrl.search(PLACEHOLDER) !== -1;
  let url = apiUrl;
  if (withPlaceholders) {
    const filled = fillPlaceholders(apiUrl, input);
    if (Object.keys(filled.fieldErrors).length > 0) {
      throw validationError(
        Object.fromEntries(
          Object.entries(filled.fieldErrors).map(([field, text]) => [`input.${field}`, text]),
        ),
      );
    }
    url = filled.url;
  }
  if (internal) {
    const target = demoApiTarget(url);
    if (target === null) throw upstreamBlocked();
    url = target;
  }
  return withPlaceholders ? { method: 'GET', url, internal } : { method: 'POST', url, body: input, internal };
}

const upstreamError = () => new AppError('UPSTREAM_ERROR', messages.upstreamError);
const upstreamTimeout = () => new AppError('UPSTREAM_TIMEOUT', messages.upstreamTimeout);
const upstreamBlocked = () => new AppError('UPSTREAM_BLOCKED', messages.upstreamBlocked);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const cleanText = (text: string) => text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');

const UNSTORABLE_ESCAPE = /\\u0000|\\u[dD][89a-fA-F]/;

/**
 * Whether the raw answer may hold U+0000, a lone surrogate or more than MAX_ANSWER_DEPTH levels,
 * so that most answers skip the copy storable() makes. A decoded body holds neither character raw
 * (JSON forbids a raw U+0000 in a string, UTF-8 decoding never yields a lone surrogate), and fewer
 * `[`/`{` in all than the limit cannot nest deeper than it.
 */
function mayNeedCleaning(text: string): boolean {
  if (UNSTORABLE_ESCAPE.test(text)) return true;
  let opened = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code === 0x5b || code === 0x7b) && ++opened > MAX_ANSWER_DEPTH) return true;
  }
  return false;
}

/**
 * The answer as it can be stored: PostgreSQL's jsonb refuses U+0000 and lone surrogates, so
 * they are removed (U+0000) or replaced by U+FFFD, in keys too. Too deep an answer is a bad answer.
 */
function storable(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_ANSWER_DEPTH) throw upstreamError();
  if (Array.isArray(value)) return value.map((item) => storable(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [cleanText(key), storable(item, depth + 1)]),
  );
}

function interpret(statusCode: number, text: string, started: number): UpstreamSuccess {
  if (statusCode === 404) throw new AppError('NOT_FOUND', messages.upstreamNotFound);
  if (statusCode < 200 || statusCode >= 300) throw upstreamError();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw upstreamError();
  }
  return {
    body: mayNeedCleaning(text) ? storable(body, 0) : body,
    latencyMs: Math.round(performance.now() - started),
  };
}

export function createUpstreamGateway(options: {
  guard: GuardPolicy;
  internal?: InternalDispatch;
}): UpstreamGateway {
  const strictConnect = buildConnector({ lookup: guardedLookup(options.guard, false) as never });
  const allowlistedConnect = buildConnector({ lookup: guardedLookup(options.guard, true) as never });
  // Keep-alive pool shared by every lookup, so repeated calls skip the TCP/TLS handshake.
  const agent = new Agent({
    connections: 128,
    keepAliveTimeout: 30_000,
    // The allowlist names a host and a port; a DNS lookup only sees the host, so the port picks the lookup.
    connect: (target, callback) =>
      (isHostAllowlisted(options.guard, target) ? allowlistedConnect : strictConnect)(target, callback),
  });

  async function callInternal(plan: RequestPlan, timeoutMs: number, started: number) {
    if (!options.internal) throw upstreamError();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(upstreamTimeout()), timeoutMs);
    });
    try {
      const response = await Promise.race([
        options.internal({ method: plan.method, path: plan.url, body: plan.body }),
        timeout,
      ]);
      if (Buffer.byteLength(response.body) > MAX_UPSTREAM_BYTES) throw upstreamError();
      return interpret(response.statusCode, response.body, started);
    } finally {
      clearTimeout(timer);
    }
  }

  async function callRemote(
    plan: RequestPlan,
    call: UpstreamCall,
    started: number,
  ): Promise<UpstreamSuccess> {
    let url: URL;
    try {
      url = new URL(plan.url);
    } catch {
      throw upstreamError();
    }
    // A literal address is connected to without a DNS lookup, so it is checked here.
    const host = canonicalHost(url.hostname);
    if (isIP(host) && !isAddressAllowed(host, options.guard, isHostAllowlisted(options.guard, url))) {
      throw upstreamBlocked();
    }
    const signal = AbortSignal.timeout(call.timeoutMs);
    try {
      const response = await request(url, {
        method: plan.method,
        dispatcher: agent,
        signal,
        headers: {
          accept: 'application/json',
          ...(plan.body ? { 'content-type': 'application/json' } : {}),
          ...call.headers,
        },
        body: plan.body ? JSON.stringify(plan.body) : undefined,
        maxRedirections: 0,
      } as Parameters<typeof request>[1]);
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > MAX_UPSTREAM_BYTES) {
        response.body.destroy();
        throw upstreamError();
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.length;
        if (size > MAX_UPSTREAM_BYTES) {
          response.body.destroy();
          throw upstreamError();
        }
        chunks.push(chunk);
      }
      return interpret(response.statusCode, Buffer.concat(chunks).toString('utf8'), started);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (
        signal.aborted ||
        error instanceof undiciErrors.HeadersTimeoutError ||
        error instanceof undiciErrors.BodyTimeoutError
      ) {
        throw upstreamTimeout();
      }
      if (hasCode(error, 'UPSTREAM_BLOCKED')) throw upstreamBlocked();
      throw upstreamError();
    }
  }

  return {
    async call(call) {
      const started = performance.now();
      const plan = planRequest(call.apiUrl, call.input);
      if (plan.internal) return callInternal(plan, call.timeoutMs, started);
      return callRemote(plan, call, started);
    },
    async close() {
      await agent.close();
    },
  };
}

function hasCode(error: unknown, code: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}
