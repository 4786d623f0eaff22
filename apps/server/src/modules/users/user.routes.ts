import { userContract } from '@painel/shared/contracts/users';
import { messages } from '@painel/shared/messages';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serve } from '../../plugins/serve.ts';
import type { AuthContext } from '../auth/session.service.ts';
import {
  activatePlan,
  bulkAddTime,
  changeCredits,
  changeDays,
  getLimits,
  resetUsage,
  setModuleLimit,
} from './user-access.service.ts';
import { exportUsersCsv } from './user-export.ts';
import type { Caller, UsersDeps } from './user-scope.ts';
import {
  banUser,
  changeRole,
  createUser,
  deleteUser,
  getCreditStatement,
  getUser,
  listUsersFor,
  unbanUser,
  updateUser,
} from './users.service.ts';

/**
 * User administration (issue 6): /users and its sub-resources, declared in
 * packages/shared/src/contracts/users.ts. An admin reaches every user, a reseller its clients
 * (docs/product/roles.md#role-table); the role check runs on request, before the body is read, so
 * an anonymous caller learns nothing but 401.
 */
export const userRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  const deps: UsersDeps = {
    db: services.db,
    catalog: services.catalog,
    sessions: services.sessions,
  };
  /** The caller as the audit trail records it: who, and from where. */
  const callerOf = ({ auth, request }: { auth: AuthContext; request: FastifyRequest }): Caller => ({
    ...auth,
    ip: request.ip,
  });
  const done = (user: Awaited<ReturnType<typeof getUser>>, message: string) => ({ user, message });

  serve(app, userContract.list, ({ reach, query }) => listUsersFor(deps, reach.scope, query));

  serve(app, userContract.create, async (call) =>
    done(await createUser(deps, callerOf(call), call.body), messages.userCreated),
  );

  serve(app, userContract.exportCsv, ({ reach, query, reply }) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="usuarios-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(exportUsersCsv(deps, reach.scope, query));
  });

  serve(app, userContract.bulkAddTime, async (call) => ({
    message: messages.timeAdded,
    atualizados: await bulkAddTime(deps, callerOf(call), call.body),
  }));

  serve(app, userContract.get, async (call) => ({
    user: await getUser(deps, callerOf(call), call.params.id),
  }));

  serve(app, userContract.update, async (call) =>
    done(await updateUser(deps, callerOf(call), call.params.id, call.body), messages.userUpdated),
  );

  serve(app, userContract.delete, async (call) => {
    await deleteUser(deps, callerOf(call), call.params.id);
    return { message: messages.userDeleted };
  });

  serve(app, userContract.ban, async (call) =>
    done(await banUser(deps, callerOf(call), call.params.id, call.body.motivo), messages.userBannedDone),
  );

  serve(app, userContract.unban, async (call) =>
    done(await unbanUser(deps, callerOf(call), call.params.id), messages.userUnbanned),
  );

  for (const [contract, sign, message] of [
    [userContract.addCredits, 1, messages.creditsAdded],
    [userContract.removeCredits, -1, messages.creditsRemoved],
  ] as const) {
    serve(app, contract, async (call) =>
      done(await changeCredits(deps, callerOf(call), call.params.id, sign * call.body.amount), message),
    );
  }

  for (const [contract, sign, message] of [
    [userContract.addDays, 1, messages.daysAdded],
    [userContract.removeDays, -1, messages.daysRemoved],
  ] as const) {
    serve(app, contract, async (call) =>
      done(await changeDays(deps, callerOf(call), call.params.id, sign * call.body.days), message),
    );
  }

  serve(app, userContract.activatePlan, async (call) =>
    done(await activatePlan(deps, callerOf(call), call.params.id, call.body.plan_id), messages.planActivated),
  );

  serve(app, userContract.changeRole, async (call) =>
    done(await changeRole(deps, callerOf(call), call.params.id, call.body.tipo), messages.roleChanged),
  );

  serve(app, userContract.setModuleLimit, async (call) =>
    done(
      await setModuleLimit(deps, callerOf(call), call.params.id, call.body.modulo_id, call.body.limite),
      messages.moduleLimitSet,
    ),
  );

  serve(app, userContract.resetUsage, async (call) => ({
    message: messages.limitsReset,
    resetados: await resetUsage(deps, callerOf(call), call.params.id, call.body.modulo_id),
  }));

  serve(app, userContract.limits, (call) => getLimits(deps, callerOf(call), call.params.id));

  serve(app, userContract.creditStatement, (call) =>
    getCreditStatement(deps, callerOf(call), call.params.id, call.query.page, call.query.limit),
  );
};
