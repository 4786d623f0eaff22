import type { Endpoint, EndpointOutput } from '@painel/shared/contracts/endpoint';
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Reply = Response | ((request: RecordedRequest) => Response | Promise<Response>);

export function json(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A stand-in for the API behind `fetch`. Replies are queued per "METHOD /path" and used in order;
 * the last one repeats. Every request is recorded, so tests can say what the panel sent.
 */
export function mockApi(routes: Record<string, Reply | Reply[]>) {
  const queues = new Map(Object.entries(routes).map(([key, reply]) => [key, [reply].flat()]));
  const requests: RecordedRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      headers: new Headers(init.headers),
      // JSON as its value; a multipart form (a batch's file) as the FormData sent.
      body:
        typeof init.body === 'string'
          ? JSON.parse(init.body)
          : init.body instanceof FormData
            ? init.body
            : undefined,
    };
    requests.push(request);
    const queue = queues.get(`${request.method} ${request.path}`);
    const reply = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    if (!reply) throw new Error(`No mocked reply for ${request.method} ${request.path}`);
    return typeof reply === 'function' ? reply(request) : reply.clone();
  });

  vi.stubGlobal('fetch', fetchMock);

  return {
    requests,
    /** The requests sent to one "METHOD /path". */
    calls: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}

/**
 * The success answer of one endpoint, its body typed by the endpoint's contract
 * (packages/shared/src/contracts), so a fixture that drifts from the API fails to compile.
 */
export function answer<C extends Endpoint>(contract: C, body: EndpointOutput<C>): Response {
  const status = contract['~orpc'].route.successStatus ?? 200;
  return status === 204 ? new Response(null, { status }) : json(status, body);
}
