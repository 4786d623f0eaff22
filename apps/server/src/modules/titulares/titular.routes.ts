import { titularContract } from '@painel/shared/contracts/titulares';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../plugins/serve.ts';
import { findTitularLookups } from './titular.service.ts';

/** Who looked a titular up (issue 18), as packages/shared/src/contracts/titulares.ts declares it. */
export const titularRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.services.titulares;

  serve(app, titularContract.lookups, ({ auth, reach, request, query }) =>
    findTitularLookups(deps, { userId: auth.userId, tipo: auth.tipo, ip: request.ip }, reach, query),
  );
};
