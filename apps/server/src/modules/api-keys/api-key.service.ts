import { messages } from '@painel/shared/messages';
import {
  API_KEYS_PER_USER,
  type ApiKeyList,
  type CreateApiKey,
  type CreatedApiKey,
} from '@painel/shared/schemas/api-keys';
import type { Database, Executor } from '../../db/client.ts';
import type { ApiKeyRow } from '../../db/schema/api-keys.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type Actor, writeActionLog, writeLog } from '../logs/log.repository.ts';
import { hasDatabaseCode, UNIQUE_VIOLATION } from '../purposes/purpose.repository.ts';
import { type Caller, requireManaged, withManagedUser } from '../users/user-scope.ts';
import { findUser, lockUsers } from '../users/users.repository.ts';
import { keyAuditView, toApiKey } from './api-key.presenter.ts';
import { insertApiKey, liveKeyCount, liveKeysOf, revokeApiKey, setApiKeyRate } from './api-key.repository.ts';
import { hashOf, newApiKey, prefixOf } from './api-key-secret.ts';

/** Customers' API keys (docs/product/api-keys.md): made, listed and revoked. */

export interface ApiKeyDeps {
  db: Database;
}

export interface KeyOwner extends Actor {
  ip?: string | null;
}

/** A key's owner acting on it: logged as an access event of theirs, as a login is. */
const ownLog = (tx: Executor, owner: KeyOwner, acao: string, detalhes: Record<string, unknown>) =>
  writeLog(tx, {
    tipo: 'login',
    acao,
    userId: owner.userId,
    targetUserId: owner.userId,
    detalhes,
    ip: owner.ip,
  });

export async function listOwnKeys(deps: ApiKeyDeps, userId: number): Promise<ApiKeyList> {
  return { chaves: (await liveKeysOf(deps.db, userId)).map(toApiKey) };
}

/**
 * Makes a key: at most API_KEYS_PER_USER live ones, counted under the user's row lock so racing
 * creations cannot pass it. The whole key is in this answer only; the database keeps its hash.
 */
export async function createOwnKey(
  deps: ApiKeyDeps,
  owner: KeyOwner,
  input: CreateApiKey,
): Promise<CreatedApiKey> {
  return deps.db.transaction(async (tx) => {
    await lockUsers(tx, [owner.userId]);
    if ((await liveKeyCount(tx, owner.userId)) >= API_KEYS_PER_USER) {
      throw new AppError('API_KEY_LIMIT', messages.apiKeyLimitReached(API_KEYS_PER_USER));
    }
    const { key, row } = await insertFreshKey(tx, owner.userId, input);
    await ownLog(tx, owner, 'chave_api_criada', { depois: keyAuditView(row) });
    return { id: row.id, nome: row.nome, prefixo: row.prefixo, chave: key };
  });
}

/** Two keys sharing a prefix is a one-in-10^16 draw; should it happen, another key is drawn. */
async function insertFreshKey(tx: Executor, userId: number, input: CreateApiKey) {
  for (let attempt = 1; ; attempt++) {
    const key = newApiKey();
    try {
      // A savepoint: a refused insert must not end the caller's transaction.
      const row = await tx.transaction((savepoint) =>
        insertApiKey(savepoint, {
          usuarioId: userId,
          nome: input.nome,
          prefixo: prefixOf(key),
          hash: hashOf(key),
          modulos: input.modulos ?? null,
          ips: input.ips ?? null,
          limiteDiarioCents:
            input.limite_diario_creditos == null ? null : Math.round(input.limite_diario_creditos * 100),
          expiraEm: input.expira_em ?? null,
        }),
      );
      return { key, row };
    } catch (error) {
      if (attempt >= 3 || !hasDatabaseCode(error, UNIQUE_VIOLATION)) throw error;
    }
  }
}

export async function revokeOwnKey(deps: ApiKeyDeps, owner: KeyOwner, keyId: number): Promise<ApiKeyRow> {
  return deps.db.transaction(async (tx) => {
    const row = await revokeApiKey(tx, owner.userId, keyId);
    if (!row) throw notFound(messages.apiKeyNotFound);
    await ownLog(tx, owner, 'chave_api_revogada', { antes: keyAuditView(row), depois: null });
    return row;
  });
}

/** A managed user's live keys: an admin's anyone's, a reseller's its clients' (404 otherwise). */
export async function listKeysOfUser(
  deps: ApiKeyDeps,
  caller: Caller,
  targetId: number,
): Promise<ApiKeyList> {
  requireManaged(caller, await findUser(deps.db, targetId));
  return listOwnKeys(deps, targetId);
}

export async function revokeKeyOfUser(
  deps: ApiKeyDeps,
  caller: Caller,
  targetId: number,
  keyId: number,
): Promise<ApiKeyRow> {
  return withManagedUser(deps.db, caller, targetId, async (tx) => {
    const row = await revokeApiKey(tx, targetId, keyId);
    if (!row) throw notFound(messages.apiKeyNotFound);
    await writeActionLog(
      tx,
      caller,
      'chave_api_revogada',
      { targetUserId: targetId, antes: keyAuditView(row), depois: null },
      caller.ip,
    );
    return row;
  });
}

/** The admin sets how many requests per second one key may make. */
export async function setKeyRate(
  deps: ApiKeyDeps,
  caller: Caller,
  targetId: number,
  keyId: number,
  perSecond: number,
): Promise<ApiKeyRow> {
  return withManagedUser(deps.db, caller, targetId, async (tx) => {
    const changed = await setApiKeyRate(tx, targetId, keyId, perSecond);
    if (!changed) throw notFound(messages.apiKeyNotFound);
    if (changed.before !== perSecond) {
      await writeActionLog(
        tx,
        caller,
        'chave_api_limite_alterado',
        {
          targetUserId: targetId,
          chave_id: keyId,
          antes: { limite_por_segundo: changed.before },
          depois: { limite_por_segundo: perSecond },
        },
        caller.ip,
      );
    }
    return changed.row;
  });
}
