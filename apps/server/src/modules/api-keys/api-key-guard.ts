import { messages } from '@painel/shared/messages';
import { ipAllowed } from '@painel/shared/rules/ip-ranges';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createBatcher } from '../../lib/batcher.ts';
import { type NoticeBus, USER_CHANGED } from '../../lib/notice-bus.ts';
import type { AuthContext } from '../auth/session.service.ts';
import {
  type KeyAuthRow,
  type KeyStanding,
  readKeyForAuth,
  readKeyStandings,
  touchApiKey,
} from './api-key.repository.ts';
import { hashOf, looksLikeApiKey, prefixOf, sameHash } from './api-key-secret.ts';

/** Published when a key is revoked or changed: every process drops what it kept of it at once. */
export const API_KEYS_CHANGED = 'api-keys-changed';

const MAX_ENTRIES = 50_000;
/** `ultimo_uso` is written at most this often per key and process: a day's use, not each call. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Every call made with `X-Api-Key` checks its key (docs/product/api-keys.md#use). The key's row and
 * its owner's standing are kept for a few seconds per process, like sessions, and dropped at once in
 * every process when the key is revoked or changed or its owner changes; a wrong key is never kept.
 */
export interface ApiKeyGuard {
  resolve(presented: string, ip: string): Promise<AuthContext>;
  /**
   * Reads the key again, past the cache, before a call that moves money: a revocation (or a ban)
   * answered a moment ago in another process holds here even if its notice has not arrived yet.
   */
  confirmLive(prefix: string): Promise<void>;
  keysChanged(keyIds: number[]): void;
  close(): void;
}

interface Entry {
  row: KeyAuthRow;
  at: number;
}

const standingOf = (row: KeyAuthRow): KeyStanding => ({
  prefixo: row.prefixo,
  revogada: row.revogadaEm !== null,
  expirada: row.expiraEm !== null && row.expiraEm.getTime() <= Date.now(),
  banido: row.banido,
  ativo: row.ativo,
});

/** A key that was revoked or expired, or whose owner is banned or inactive, is refused, each with its code. */
function refuseUnusable(key: KeyStanding): void {
  if (key.revogada) throw new AppError('API_KEY_REVOKED', messages.apiKeyRevokedUse);
  if (key.expirada) throw new AppError('API_KEY_EXPIRED', messages.apiKeyExpired);
  if (key.banido) throw new AppError('API_KEY_USER_BANNED', messages.apiKeyUserBanned);
  if (!key.ativo) throw new AppError('API_KEY_USER_INACTIVE', messages.apiKeyUserInactive);
}

export function createApiKeyGuard(
  db: Database,
  bus: NoticeBus,
  ttlMs: number,
  onTouchError: (error: unknown) => void,
): ApiKeyGuard {
  const cache = new Map<string, Entry>();
  const touched = new Map<number, number>();

  const dropKeys = (ids: unknown) => {
    if (!Array.isArray(ids)) return;
    for (const [prefix, entry] of cache) if (ids.includes(entry.row.id)) cache.delete(prefix);
  };
  const dropUser = (userId: unknown) => {
    for (const [prefix, entry] of cache) if (entry.row.userId === userId) cache.delete(prefix);
  };
  const unsubscribe = [bus.subscribe(API_KEYS_CHANGED, dropKeys), bus.subscribe(USER_CHANGED, dropUser)];
  // Lookups confirming their keys at the same moment share one read (one statement, not one each).
  const standings = createBatcher<string, KeyStanding | null>({
    maxBatch: 64,
    maxInFlight: 2,
    async run(prefixes) {
      const found = new Map(
        (await readKeyStandings(db, [...new Set(prefixes)])).map((key) => [key.prefixo, key]),
      );
      return prefixes.map((prefix) => found.get(prefix) ?? null);
    },
  });

  async function rowOf(prefix: string): Promise<KeyAuthRow | null> {
    const cached = cache.get(prefix);
    if (cached && Date.now() - cached.at < ttlMs) return cached.row;
    const row = await readKeyForAuth(db, prefix);
    if (row && ttlMs > 0) {
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(prefix, { row, at: Date.now() });
    }
    return row;
  }

  function touch(row: KeyAuthRow) {
    const now = Date.now();
    const last = touched.get(row.id) ?? row.ultimoUso?.getTime() ?? 0;
    if (now - last < TOUCH_EVERY_MS) return;
    touched.set(row.id, now);
    touchApiKey(db, row.id).catch(onTouchError);
  }

  return {
    async confirmLive(prefix) {
      const standing = await standings.submit(prefix);
      if (!standing) throw new AppError('API_KEY_INVALID', messages.apiKeyInvalid);
      if (standing.revogada || standing.banido || !standing.ativo) cache.delete(prefix);
      refuseUnusable(standing);
    },
    async resolve(presented, ip) {
      if (!looksLikeApiKey(presented)) throw new AppError('API_KEY_INVALID', messages.apiKeyInvalid);
      const row = await rowOf(prefixOf(presented));
      if (!row || !sameHash(row.hash, hashOf(presented))) {
        throw new AppError('API_KEY_INVALID', messages.apiKeyInvalid);
      }
      refuseUnusable(standingOf(row));
      if (row.ips && !ipAllowed(ip, row.ips))
        throw new AppError('API_KEY_IP_DENIED', messages.apiKeyIpDenied);
      touch(row);
      return {
        userId: row.userId,
        sessionId: `chave-api:${row.id}`,
        tipo: row.tipo,
        revendedorId: row.revendedorId,
        access: {
          dataExpiracao: row.dataExpiracao,
          subscriptionEndsAt: row.subscriptionEndsAt ? new Date(row.subscriptionEndsAt) : null,
          modulos: row.userModulos,
        },
        apiKey: {
          id: row.id,
          prefixo: row.prefixo,
          modulos: row.modulos,
          limiteDiarioCents: row.limiteDiarioCents,
          limitePorSegundo: row.limitePorSegundo,
        },
      };
    },
    keysChanged(keyIds) {
      if (keyIds.length > 0) bus.publish(API_KEYS_CHANGED, keyIds);
    },
    close() {
      for (const stop of unsubscribe) stop();
      cache.clear();
    },
  };
}
