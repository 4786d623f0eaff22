import { randomBytes } from 'node:crypto';
import { messages } from '@painel/shared/messages';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { keepFirstValue } from './internal-state.repository.ts';

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export interface TokenService {
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** Throws AppError TOKEN_EXPIRED (403, errorType TokenExpiredError) or INVALID_TOKEN (401). */
  verify(token: string): Promise<TokenClaims>;
}

const ALGORITHM = 'HS256';
/** Tokens already verified, kept until they expire: a dashboard polls several calls every 5 s. */
const VERIFIED_CACHE_SIZE = 20_000;
const ISSUER = 'painel-consulta';

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, TokenClaims & { expiresAtMs: number }>();
  return {
    sign({ userId, sessionId }, expiresAt) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > Date.now()) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
        throw new AppError('TOKEN_EXPIRED', messages.tokenExpired, { errorType: 'TokenExpiredError' });
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
          throw new Error('malformed claims');
        }
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
        verified.set(token, { userId, sessionId: payload.sid, expiresAtMs: payload.exp * 1000 });
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw new AppError('TOKEN_EXPIRED', messages.tokenExpired, { errorType: 'TokenExpiredError' });
        }
        throw new AppError('INVALID_TOKEN', messages.unauthenticated);
      }
    },
  };
}

/**
 * The signing secret: JWT_SECRET when given (required in production), otherwise one generated on
 * first start and kept in the database, so restarts and sibling processes accept each other's tokens.
 */
export async function resolveJwtSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(48).toString('base64url');
  const row = await keepFirstValue(db, 'jwt', candidate);
  if (!row) throw new Error('could not store the generated JWT secret');
  return row.value;
}
