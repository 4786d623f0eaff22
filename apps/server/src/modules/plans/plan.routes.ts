import { planContract } from '@painel/shared/contracts/plans';
import { messages } from '@painel/shared/messages';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serve } from '../../plugins/serve.ts';
import type { AuthContext } from '../auth/session.service.ts';
import {
  createPlan,
  deletePlan,
  listActivePlans,
  listPlans,
  type PlanCaller,
  updatePlan,
} from './plan.service.ts';

const callerOf = ({ auth, request }: { auth: AuthContext; request: FastifyRequest }): PlanCaller => ({
  userId: auth.userId,
  tipo: auth.tipo,
  ip: request.ip,
});

/** Plans (issue 8), as packages/shared/src/contracts/plans.ts declares them. */
export const planRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.services;

  serve(app, planContract.active, async ({ query }) => ({ plans: await listActivePlans(db, query.limit) }));

  serve(app, planContract.list, ({ query }) => listPlans(db, query.page, query.limit));

  serve(app, planContract.create, (call) => createPlan(db, callerOf(call), call.body));

  serve(app, planContract.update, (call) => updatePlan(db, callerOf(call), call.params.id, call.body));

  serve(app, planContract.remove, async (call) => {
    await deletePlan(db, callerOf(call), call.params.id);
    return { message: messages.planDeleted, id: call.params.id };
  });
};
