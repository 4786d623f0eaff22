import { messages } from '@painel/shared/messages';
import type { Role } from '@painel/shared/schemas/user';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../lib/app-error.ts';
import type { ApiKeyUse, AuthContext } from '../modules/auth/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** requireUser and every requireRole guard, so a route that runs one late is refused at start. */
const guards = new WeakSet<object>();
const LATE_HOOKS = ['preParsing', 'preValidation', 'preHandler'] as const;

/** The header a customer's API key comes in (docs/product/api-keys.md#use). */
export const API_KEY_HEADER = 'x-api-key';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an API key instead of a session (the contract's `apiKey`). */
    apiKey?: boolean;
  }
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  // A key is refused on every route that does not take one, before anything else runs: it never
  // opens a session, changes a password or reaches an admin screen.
  app.addHook('onRequest', async (request) => {
    if (request.headers[API_KEY_HEADER] !== undefined && request.routeOptions.config?.apiKey !== true) {
      throw new AppError('API_KEY_NOT_ALLOWED', messages.apiKeyNotAllowed);
    }
  });
  // Who calls is settled before the body is read or validated: an anonymous call is 401 whatever
  // it sends, and a schema's field list is never shown to it (docs/decisions/0010).
  app.addHook('onRoute', (route) => {
    for (const hook of LATE_HOOKS) {
      const handlers = [route[hook]].flat();
      if (handlers.some((handler) => handler && guards.has(handler))) {
        throw new Error(`${route.method} ${route.url}: authenticate in onRequest, not in ${hook}`);
      }
    }
  });
}

/** onRequest: the caller must hold a live session, or, where the route takes one, an API key. */
export async function requireUser(
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const key = request.headers[API_KEY_HEADER];
  if (key !== undefined && request.routeOptions.config?.apiKey === true) {
    // The header given twice arrives as a list: that is no key.
    if (typeof key !== 'string') throw new AppError('API_KEY_INVALID', messages.apiKeyInvalid);
    request.auth = await this.services.apiKeys.resolve(key, request.ip);
    await countKeyCall(this, reply, request.auth.apiKey!);
    return;
  }
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  const claims = await this.services.tokens.verify(token);
  request.auth = await this.services.sessions.resolve(claims.userId, claims.sessionId);
}
guards.add(requireUser);

/** onRequest factory: a live session whose role is one of these. */
export function requireRole(...roles: Role[]) {
  const checkRole = async function checkRole(
    this: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    await requireUser.call(this, request, reply);
    if (!request.auth || !roles.includes(request.auth.tipo)) throw forbidden();
  };
  guards.add(checkRole);
  return checkRole;
}

/**
 * Every call made with a key counts against its requests per second (default 10; one window of a
 * second, shared by every process through Redis when it is set) and says where it stands in
 * X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (seconds until the window ends);
 * past the allowance, 429 RATE_LIMITED with Retry-After (docs/product/api-keys.md#rate-limit).
 */
async function countKeyCall(app: FastifyInstance, reply: FastifyReply, key: ApiKeyUse): Promise<void> {
  const { consumed, msBeforeReset } = await app.services.apiKeyCalls.hit(String(key.id));
  const resetSeconds = Math.max(1, Math.ceil(msBeforeReset / 1000));
  reply.header('x-ratelimit-limit', String(key.limitePorSegundo));
  reply.header('x-ratelimit-remaining', String(Math.max(0, key.limitePorSegundo - consumed)));
  reply.header('x-ratelimit-reset', String(resetSeconds));
  if (consumed > key.limitePorSegundo) {
    throw new AppError('RATE_LIMITED', messages.rateLimited(resetSeconds), {
      retryAfterSeconds: resetSeconds,
    });
  }
}
