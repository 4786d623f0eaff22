import { isIP } from 'node:net';
import { messages } from '@painel/shared/messages';
import { Agent, request, errors as undiciErrors } from 'undici';
import { type GuardPolicy, guardedLookup, isAddressAllowed } from './address-guard.ts';
import { AppError } from './app-error.ts';

export const MAX_UPSTREAM_BYTES = 5 * 1024 * 1024;

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

const PLACEHOLDER = /\{([^{}]+)\}/g;
const HAS_PLACEHOLDER = /\{[^{}]+\}/;

/** GET with each {field} replaced by its URL-encoded value; without placeholders, POST the input as JSON. */
export function planRequest(apiUrl: string, input: Record<string, string>) {
  if (HAS_PLACEHOLDER.test(apiUrl)) {
    const url = apiUrl.replace(PLACEHOLDER, (_, name: string) =>
      encodeURIComponent(input[name.trim()] ?? ''),
    );
    return { method: 'GET' as const, url };
  }
  return { method: 'POST' as const, url: apiUrl, body: input };
}

const upstreamError = () => new AppError('UPSTREAM_ERROR', messages.upstreamError);
const upstreamTimeout = () => new AppError('UPSTREAM_TIMEOUT', messages.upstreamTimeout);

function interpret(statusCode: number, text: string, started: number): UpstreamSuccess {
  if (statusCode === 404) throw new AppError('NOT_FOUND', messages.upstreamNotFound);
  if (statusCode < 200 || statusCode >= 300) throw upstreamError();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw upstreamError();
  }
  return { body, latencyMs: Math.round(performance.now() - started) };
}

export function createUpstreamGateway(options: {
  guard: GuardPolicy;
  internal?: InternalDispatch;
}): UpstreamGateway {
  // Keep-alive pool shared by every lookup, so repeated calls skip the TCP/TLS handshake.
  const agent = new Agent({
    connections: 128,
    keepAliveTimeout: 30_000,
    connect: { lookup: guardedLookup(options.guard) as never },
  });

  async function callInternal(plan: ReturnType<typeof planRequest>, timeoutMs: number, started: number) {
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
    plan: ReturnType<typeof planRequest>,
    call: UpstreamCall,
    started: number,
  ): Promise<UpstreamSuccess> {
    let url: URL;
    try {
      url = new URL(plan.url);
    } catch {
      throw upstreamError();
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isAddressAllowed(host, host, options.guard)) {
      throw new AppError('UPSTREAM_BLOCKED', messages.upstreamBlocked);
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
      if (hasCode(error, 'UPSTREAM_BLOCKED'))
        throw new AppError('UPSTREAM_BLOCKED', messages.upstreamBlocked);
      throw upstreamError();
    }
  }

  return {
    async call(call) {
      const started = performance.now();
      const plan = planRequest(call.apiUrl, call.input);
      if (plan.url.startsWith('/demo-api/')) return callInternal(plan, call.timeoutMs, started);
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
