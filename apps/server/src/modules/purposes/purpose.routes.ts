import { purposeContract } from '@painel/shared/contracts/finalidades';
import { messages } from '@painel/shared/messages';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serve } from '../../plugins/serve.ts';
import type { AuthContext } from '../auth/session.service.ts';
import {
  createPurpose,
  deletePurpose,
  listActivePurposes,
  listPurposes,
  type PurposeCaller,
  updatePurpose,
} from './purpose.service.ts';

const callerOf = ({ auth, request }: { auth: AuthContext; request: FastifyRequest }): PurposeCaller => ({
  userId: auth.userId,
  tipo: auth.tipo,
  ip: request.ip,
});

/** Purposes of lookups (issue 18), as packages/shared/src/contracts/finalidades.ts declares them. */
export const purposeRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.services.purposes;

  serve(app, purposeContract.active, () => listActivePurposes(deps));

  serve(app, purposeContract.list, () => listPurposes(deps));

  serve(app, purposeContract.create, (call) => createPurpose(deps, callerOf(call), call.body));

  serve(app, purposeContract.update, (call) =>
    updatePurpose(deps, callerOf(call), call.params.id, call.body),
  );

  serve(app, purposeContract.remove, async (call) => {
    await deletePurpose(deps, callerOf(call), call.params.id);
    return { message: messages.purposeDeleted, id: call.params.id };
  });
};
