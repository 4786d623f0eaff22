import { messages } from '@painel/shared/messages';
import type { Role } from '@painel/shared/schemas/user';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../lib/app-error.ts';
import type { AuthContext } from '../modules/auth/session.service.ts';

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

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/** preHandler: the caller must hold a live session. */
export async function requireUser(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  const claims = await this.services.tokens.verify(token);
  request.auth = await this.services.sessions.resolve(claims.userId, claims.sessionId);
}

/** preHandler factory: a live session whose role is one of these. */
export function requireRole(...roles: Role[]) {
  return async function checkRole(this: FastifyInstance, request: FastifyRequest): Promise<void> {
    await requireUser.call(this, request);
    if (!request.auth || !roles.includes(request.auth.tipo)) throw forbidden();
  };
}

/** The signed-in caller inside a handler guarded by requireUser or requireRole. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return request.auth;
}
