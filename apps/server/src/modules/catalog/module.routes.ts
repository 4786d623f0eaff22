import { moduleContract } from '@painel/shared/contracts/modules';
import { can } from '@painel/shared/rules/policy';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../plugins/serve.ts';
import { quotaUsageByModule } from '../lookups/lookup.repository.ts';
import { quantityLimitFor } from '../lookups/lookup.service.ts';
import { toModuleView } from './module.presenter.ts';
import {
  createModule,
  deleteModule,
  reorderModules,
  setModuleStatus,
  setModuleTimeout,
  updateModule,
} from './module.service.ts';
import { testModule } from './module-test.service.ts';

export const moduleRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;

  // Polled every 5 s by each dashboard: kept per user, as the JSON it is sent as (a browser that holds
  // it gets 304), until a lookup, a change of the user or of the catalog (its version is the stamp)
  // makes it stale (lib/polled-answers.ts). `all()` comes first: it reloads the catalog and moves
  // its version.
  serve(app, moduleContract.active, async ({ auth: { userId, access }, toJson, sendJson }) => {
    const rows = await services.catalog.all();
    const kept = await services.polled.get(userId, 'modulos-ativos', services.catalog.version(), async () => {
      const usage = await quotaUsageByModule(services.db, userId);
      return toJson({
        modulos: rows
          .filter((row) => row.ativo)
          .map((row) => ({
            ...toModuleView(row, { admin: false }),
            ...(row.tipoLimite === 'quantidade'
              ? { usado: usage.get(row.id) ?? 0, limite: quantityLimitFor(row, access) }
              : {}),
          })),
      });
    });
    return sendJson(kept);
  });

  serve(app, moduleContract.list, async ({ auth }) => {
    const admin = can(auth.tipo, 'seeModuleUpstream');
    return { modulos: (await services.catalog.all()).map((row) => toModuleView(row, { admin })) };
  });

  serve(app, moduleContract.create, async ({ auth, body }) =>
    toModuleView(await createModule(services.catalogDeps, auth, body), { admin: true }),
  );

  serve(app, moduleContract.update, async ({ auth, params, body }) =>
    toModuleView(await updateModule(services.catalogDeps, auth, params.id, body), { admin: true }),
  );

  serve(app, moduleContract.setTimeout, async ({ auth, params, body }) =>
    toModuleView(await setModuleTimeout(services.catalogDeps, auth, params.id, body.timeout_segundos), {
      admin: true,
    }),
  );

  serve(app, moduleContract.setStatus, async ({ auth, params, body }) =>
    toModuleView(await setModuleStatus(services.catalogDeps, auth, params.id, body), { admin: true }),
  );

  serve(app, moduleContract.reorder, async ({ auth, body }) => {
    await reorderModules(services.catalogDeps, auth, body);
    return { modulos: (await services.catalog.all()).map((row) => toModuleView(row, { admin: true })) };
  });

  serve(app, moduleContract.remove, async ({ auth, params }) => {
    await deleteModule(services.catalogDeps, auth, params.id);
    return null;
  });

  serve(app, moduleContract.test, ({ auth, params, body }) =>
    testModule({ db: services.db, upstream: services.upstream }, auth, params.id, body.input),
  );
};
