import { apiKeyContract } from '@painel/shared/contracts/api-keys';
import { messages } from '@painel/shared/messages';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serve } from '../../plugins/serve.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { Caller } from '../users/user-scope.ts';
import { toApiKey } from './api-key.presenter.ts';
import {
  createOwnKey,
  listKeysOfUser,
  listOwnKeys,
  revokeKeyOfUser,
  revokeOwnKey,
  setKeyRate,
} from './api-key.service.ts';

export const apiKeyRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.services.db };
  const { apiKeys } = app.services;
  const callerOf = ({ auth, request }: { auth: AuthContext; request: FastifyRequest }): Caller => ({
    userId: auth.userId,
    tipo: auth.tipo,
    sessionId: auth.sessionId,
    ip: request.ip,
  });
  /** After the change is committed, every process stops honouring what it kept of the key. */
  const changed = <T extends { id: number }>(row: T): T => {
    apiKeys.keysChanged([row.id]);
    return row;
  };
  const revoked = (row: { id: number }) => ({ message: messages.apiKeyRevoked, id: changed(row).id });

  serve(app, apiKeyContract.list, ({ auth }) => listOwnKeys(deps, auth.userId));

  serve(app, apiKeyContract.create, (call) => createOwnKey(deps, callerOf(call), call.body));

  serve(app, apiKeyContract.revoke, async (call) =>
    revoked(await revokeOwnKey(deps, callerOf(call), call.params.id)),
  );

  serve(app, apiKeyContract.listOfUser, (call) => listKeysOfUser(deps, callerOf(call), call.params.id));

  serve(app, apiKeyContract.revokeOfUser, async (call) =>
    revoked(await revokeKeyOfUser(deps, callerOf(call), call.params.id, call.params.keyId)),
  );

  serve(app, apiKeyContract.setRate, async (call) =>
    toApiKey(
      changed(
        await setKeyRate(
          deps,
          callerOf(call),
          call.params.id,
          call.params.keyId,
          call.body.limite_por_segundo,
        ),
      ),
    ),
  );
};
