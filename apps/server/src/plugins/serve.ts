import { createHash } from 'node:crypto';
import {
  type Access,
  type Endpoint,
  type EndpointRequest,
  type EndpointResult,
  type ErrorStatus,
  SIGNED_IN,
} from '@painel/shared/contracts/endpoint';
import { messages } from '@painel/shared/messages';
import { errorBodySchema } from '@painel/shared/schemas/common';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  LogLevel,
  RouteOptions,
} from 'fastify';
import { type ZodType, z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { type Reach, reachOf } from '../modules/auth/scope.ts';
import type { AuthContext } from '../modules/auth/session.service.ts';
import { requireRole, requireUser } from './auth.ts';

/**
 * Registers the Fastify route an endpoint's contract declares (docs/decisions/0016): method and
 * path, the `params` / `query` / `body` schemas (validated and published in the OpenAPI document
 * by fastify-type-provider-zod), the success answer and the documented refusals, and who may call
 * it, checked in `onRequest` before the body is read. The handler gets the validated parts, the
 * caller and the caller's reach, and returns the answer; a handler that writes the answer itself
 * (a stream, a file) returns the reply.
 */
export interface Call<C extends Endpoint> {
  params: Part<C, 'params'>;
  query: Part<C, 'query'>;
  body: Part<C, 'body'>;
  /** The headers the contract declares, validated (names in lower case). */
  headers: Part<C, 'headers'>;
  /** The signed-in caller; reading it on a public endpoint throws 401. */
  readonly auth: AuthContext;
  /** Whose rows the caller reaches, as the contract's `reach` says ('self' when it says nothing). */
  readonly reach: Reach;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * The answer as this route writes it (its contract's output schema, unknown keys dropped), for an
   * answer kept between calls (lib/polled-answers.ts) and sent again with `sendJson`: a call that
   * finds it kept does not serialize it again.
   */
  toJson(answer: EndpointResult<C>): KeptJson;
  /**
   * Sends what `toJson` wrote, as it is, with its ETag; a browser that already holds it (its
   * `If-None-Match` names it) gets 304 and no body. The handler returns what this returns.
   */
  sendJson(kept: KeptJson): FastifyReply;
}

/** An answer serialized once, and the validator a browser sends back to ask whether it changed. */
export interface KeptJson {
  text: string;
  etag: string;
}

type Part<C extends Endpoint, K extends string> =
  EndpointRequest<C> extends Record<K, infer P> ? P : undefined;

export type Handler<C extends Endpoint> = (
  call: Call<C>,
) => Promise<EndpointResult<C> | FastifyReply> | EndpointResult<C> | FastifyReply;

const security: Record<string, string[]>[] = [{ bearer: [] }];
/** Either a session's bearer token or a customer's key (docs/product/api-keys.md#use). */
const securityWithKey: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];

/** What only the HTTP layer knows: e.g. `consumes` for a multipart upload's document entry. */
export interface ServeOptions {
  schema?: Pick<FastifySchema, 'consumes' | 'produces' | 'hide'>;
  /** A route polled often (the health check) logs at a quieter level. */
  logLevel?: LogLevel;
}

export function serve<C extends Endpoint>(
  app: FastifyInstance,
  contract: C,
  handler: Handler<C>,
  extra: ServeOptions = {},
): void {
  const { route, meta, inputSchema, outputSchema } = contract['~orpc'];
  const access = meta as Access;
  if (!route.method || !route.path) throw new Error('serve: a contract without method or path');
  const parts = inputShape(inputSchema);
  const status = route.successStatus ?? 200;
  const response: Record<number, ZodType> = {};
  if (outputSchema) response[status] = outputSchema as ZodType;
  for (const code of access.errors) response[code as ErrorStatus] = errorBodySchema;
  // A call made with a key may pass its requests per second (docs/product/api-keys.md#rate-limit).
  if (access.apiKey) response[429] = errorBodySchema;
  for (const [code, schema] of Object.entries(access.otherAnswers ?? {}))
    response[Number(code)] = schema as ZodType;

  const options: RouteOptions = {
    method: route.method,
    // oRPC writes path parameters as {id}; Fastify as :id.
    url: route.path.replace(/\{(\w+)\}/g, ':$1'),
    schema: {
      ...(route.tags ? { tags: [...route.tags] } : {}),
      ...(route.summary ? { summary: route.summary } : {}),
      ...(route.description ? { description: route.description } : {}),
      ...(access.roles === 'public' ? {} : { security: access.apiKey ? securityWithKey : security }),
      ...(parts.params ? { params: parts.params } : {}),
      ...(parts.query ? { querystring: parts.query } : {}),
      ...(parts.body ? { body: parts.body } : {}),
      ...(parts.headers ? { headers: parts.headers } : {}),
      ...(Object.keys(response).length > 0 ? { response } : {}),
      ...extra.schema,
    },
    handler: async (request, reply) => {
      const result = await handler(callOf<C>(request, reply, access, status));
      if (result === reply || reply.sent) return reply;
      reply.status(status);
      return status === 204 ? reply.send(null) : result;
    },
  };
  if (extra.logLevel) options.logLevel = extra.logLevel;
  if (access.apiKey) options.config = { ...options.config, apiKey: true };
  // A HEAD would run the handler (and write its audit entry) to send no body: only public reads
  // (the health check) answer one; the rest are 404 like any unknown route.
  if (access.roles !== 'public') options.exposeHeadRoute = false;
  if (access.roles !== 'public') {
    options.onRequest = access.roles.length === SIGNED_IN.length ? requireUser : requireRole(...access.roles);
  }
  app.route(options);
}

function inputShape(schema: unknown): {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  headers?: ZodType;
} {
  if (!schema) return {};
  if (!(schema instanceof z.ZodObject))
    throw new Error('serve: a contract input must be z.object({ params, query, body, headers })');
  const shape = schema.shape as Record<string, ZodType>;
  return { params: shape.params, query: shape.query, body: shape.body, headers: shape.headers };
}

function callOf<C extends Endpoint>(
  request: FastifyRequest,
  reply: FastifyReply,
  access: Access,
  status: number,
): Call<C> {
  let reach: Reach | undefined;
  const auth = (): AuthContext => {
    if (!request.auth) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
    return request.auth;
  };
  return {
    params: request.params as Part<C, 'params'>,
    query: request.query as Part<C, 'query'>,
    body: request.body as Part<C, 'body'>,
    headers: request.headers as Part<C, 'headers'>,
    get auth() {
      return auth();
    },
    get reach() {
      reach ??= reachOf(access.reach ?? 'self', auth());
      return reach;
    },
    request,
    reply,
    toJson: (answer) => {
      const text = reply.serializeInput(answer as Record<string, unknown>, String(status)) as string;
      // Weak: the same answer compressed or not is the same to its reader.
      return { text, etag: `W/"${createHash('sha1').update(text).digest('base64url')}"` };
    },
    sendJson: ({ text, etag }) => {
      // Stored by the browser only (private) and asked about again on every poll (no-cache); a 304
      // carries the Vary its 200 would (the /api answers may be compressed, plugins/compression.ts).
      reply
        .header('etag', etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding');
      if (namesTag(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.status(status).type('application/json; charset=utf-8').send(text);
    },
  };
}

/** If-None-Match compares weakly: `W/"x"` and `"x"` name the same answer; `*` names any. */
function namesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}
