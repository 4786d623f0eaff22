import { randomUUID } from 'node:crypto';
import { ipAllowed } from '@painel/shared/rules/ip-ranges';
import { configureZod } from '@painel/shared/zod-config';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type { Env } from './config/env.ts';
import { type Database, type DatabaseHandle, openDatabase } from './db/client.ts';
import { type SeedReport, seed } from './db/seed.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import { createNoticeBus, LOOKUP_FINISHED, type NoticeBus } from './lib/notice-bus.ts';
import { createPolledAnswers, type PolledAnswers } from './lib/polled-answers.ts';
import { createLimiter, createWindowCounter, type Limiter, type WindowCount } from './lib/rate-limit.ts';
import { connectRedis, watchRedis } from './lib/redis.ts';
import { createTokenService, resolveJwtSecret, type TokenService } from './lib/tokens.ts';
import { createUpstreamGateway, type UpstreamGateway } from './lib/upstream.ts';
import { createUpstreamHealth, type UpstreamHealth } from './lib/upstream-health.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { apiKeyRoutes } from './modules/api-keys/api-key.routes.ts';
import { type ApiKeyGuard, createApiKeyGuard } from './modules/api-keys/api-key-guard.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import type { AuthDeps } from './modules/auth/auth.service.ts';
import type { CaptchaOptions } from './modules/auth/captcha.service.ts';
import { createSessionGuard, type SessionGuard } from './modules/auth/session-guard.ts';
import { moduleRoutes } from './modules/catalog/module.routes.ts';
import type { CatalogDeps } from './modules/catalog/module.service.ts';
import { createModuleCatalog, type ModuleCatalog } from './modules/catalog/module-catalog.ts';
import { moduleHealthRoutes } from './modules/catalog/module-health.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { logRoutes } from './modules/logs/log.routes.ts';
import { lookupRoutes } from './modules/lookups/lookup.routes.ts';
import type { LookupDeps } from './modules/lookups/lookup.service.ts';
import { createLookupWrites } from './modules/lookups/lookup-writes.ts';
import { acquireProcessLease } from './modules/lookups/process-lease.ts';
import { startRetentionJob } from './modules/lookups/retention.job.ts';
import { loteRoutes } from './modules/lotes/lote.routes.ts';
import type { LoteDeps } from './modules/lotes/lote.service.ts';
import { startLoteRunner } from './modules/lotes/lote-runner.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { paymentRoutes } from './modules/payments/payment.routes.ts';
import { planRoutes } from './modules/plans/plan.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { purposeRoutes } from './modules/purposes/purpose.routes.ts';
import type { PurposeDeps } from './modules/purposes/purpose.service.ts';
import { createPurposeCatalog } from './modules/purposes/purpose-catalog.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createDocumentHasher, type DocumentHasher } from './modules/titulares/document-hash.ts';
import { indexOldLookups } from './modules/titulares/index-old-lookups.ts';
import { titularRoutes } from './modules/titulares/titular.routes.ts';
import type { TitularDeps } from './modules/titulares/titular.service.ts';
import { deleteModuleImage, uploadRoutes } from './modules/uploads/upload.routes.ts';
import { userRoutes } from './modules/users/user.routes.ts';
import { defaultWebDist } from './paths.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { clientErrorHandler, frameworkErrors, refuseMissingHost } from './plugins/framework-errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerSpa } from './plugins/spa.ts';

export interface AppServices {
  env: Env;
  database: DatabaseHandle;
  db: Database;
  redis: Redis | null;
  tokens: TokenService;
  captcha: CaptchaOptions;
  limits: { authPerIp: Limiter; loginPerAccount: Limiter; captchaPerIp: Limiter };
  auth: AuthDeps;
  notices: NoticeBus;
  sessions: SessionGuard;
  apiKeys: ApiKeyGuard;
  /** Calls made with each API key in the current second (plugins/auth.ts). */
  apiKeyCalls: { hit(key: string): Promise<WindowCount> };
  polled: PolledAnswers;
  catalog: ModuleCatalog;
  catalogDeps: CatalogDeps;
  upstream: UpstreamGateway;
  health: UpstreamHealth;
  lookups: LookupDeps;
  purposes: PurposeDeps;
  /** The titulares index's keyed hash (DOCUMENT_HASH_SECRET). */
  documents: DocumentHasher;
  titulares: TitularDeps;
  /** Prometheus series of this app (lib/metrics.ts), served by plugins/metrics.ts. */
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    seedReport: SeedReport;
  }
}

export interface BuildOptions {
  env: Env;
  /** An open database to use (tests share one); otherwise one is opened from env and closed with the app. */
  database?: DatabaseHandle;
  /** Prefix of the rate-limit keys, so apps sharing one Redis in tests do not share counters. */
  rateLimitNamespace?: string;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: NodeJS.WritableStream;
}

/**
 * Which hops of X-Forwarded-For to believe (TRUST_PROXY, config/env.ts): counted from the panel's
 * side, so a client cannot choose its own address by writing the header's left end.
 */
function trustedProxies(setting: false | number | string[]) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return (address: string) => ipAllowed(address, setting);
}

export async function buildApp({
  env,
  database: given,
  rateLimitNamespace = 'painel',
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  configureZod();
  const database =
    given ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: env.DATABASE_POOL_SIZE,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    }));
  const documents = createDocumentHasher(env.DOCUMENT_HASH_SECRET);
  // The lookups written before the titulares index are indexed once, then each start reads one row.
  await database.migrate([(db) => indexOldLookups(db, documents)]);
  const demoProvider =
    env.DEMO_PROVIDER === undefined
      ? env.NODE_ENV !== 'production'
      : env.DEMO_PROVIDER === 'true' || env.DEMO_PROVIDER === '1';
  const seedReport = await seed(database.db, {
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    demoModules: demoProvider,
  });
  const redis = env.REDIS_URL ? await connectRedis(env.REDIS_URL, env.REDIS_TIMEOUT_MS) : null;
  const tokens = createTokenService(await resolveJwtSecret(database.db, env.JWT_SECRET));
  const limiterStore = redis ? { redis, namespace: rateLimitNamespace } : { namespace: rateLimitNamespace };
  const limits = {
    authPerIp: createLimiter(
      { name: 'auth-ip', points: env.AUTH_RATE_LIMIT_PER_IP, windowSeconds: 300 },
      limiterStore,
    ),
    loginPerAccount: createLimiter(
      { name: 'login-account', points: env.AUTH_RATE_LIMIT_PER_ACCOUNT, windowSeconds: 900 },
      limiterStore,
    ),
    captchaPerIp: createLimiter(
      { name: 'captcha-ip', points: env.CAPTCHA_RATE_LIMIT_PER_IP, windowSeconds: 60 },
      limiterStore,
    ),
  };
  const captcha: CaptchaOptions = {
    testAnswer: env.NODE_ENV === 'production' ? undefined : env.CAPTCHA_TEST_ANSWER,
  };
  const notices = createNoticeBus(redis);
  const sessions = createSessionGuard(database.db, notices, env.SESSION_CACHE_TTL_MS);
  const apiKeys = createApiKeyGuard(database.db, notices, env.SESSION_CACHE_TTL_MS, (error) =>
    internalApp?.log.warn({ err: error }, 'ultimo_uso of an API key not written'),
  );
  const polled = createPolledAnswers(notices, env.POLLED_ANSWER_TTL_MS);
  const catalog = createModuleCatalog(database.db);
  const purposes = createPurposeCatalog(database.db, notices);
  const metrics = createMetrics({ enabled: env.METRICS_ENABLED });
  const health = createUpstreamHealth({
    window: 20,
    minCalls: 10,
    failureRate: 0.5,
    cooldownMs: env.UPSTREAM_BREAKER_COOLDOWN_MS,
    onRecord: metrics.upstreamCall,
  });
  const blockPrivate =
    env.UPSTREAM_BLOCK_PRIVATE === undefined
      ? env.NODE_ENV === 'production'
      : env.UPSTREAM_BLOCK_PRIVATE === 'true' || env.UPSTREAM_BLOCK_PRIVATE === '1';
  // The built-in demo provider is answered in-process (set once the app exists, below).
  let internalApp: FastifyInstance | null = null;
  const upstream = createUpstreamGateway({
    guard: { blockPrivate, allowedHosts: env.UPSTREAM_ALLOWED_HOSTS },
    internal: async ({ method, path, body }) => {
      if (!internalApp) throw new Error('app not ready');
      const response = await internalApp.inject({
        method,
        url: path,
        ...(body ? { payload: body as object } : {}),
      });
      return { statusCode: response.statusCode, body: response.body };
    },
  });

  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
        censor: '[oculto]',
      },
      serializers: {
        // Fastify's request line, with any API key someone put in the address hidden as a header's is.
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url.replace(/pk_[0-9A-Za-z]+/g, 'pk_[oculto]'),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: trustedProxies(env.TRUST_PROXY),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // The router's and the HTTP parser's own refusals answer in the API's shape too.
    frameworkErrors,
    clientErrorHandler,
    http: { requireHostHeader: false },
  }).withTypeProvider<ZodTypeProvider>();

  if (redis) watchRedis(redis, app.log);
  const lease = await acquireProcessLease(database, { log: app.log, onReleased: metrics.lookupsReleased });
  const lookupWrites = createLookupWrites(database.db, {
    owner: lease.owner,
    documents,
    onBatch: metrics.groupCommit,
    onReservation: metrics.reservation,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', {
    env,
    database,
    db: database.db,
    redis,
    tokens,
    captcha,
    limits,
    auth: { db: database.db, tokens, captcha, sessionTtlHours: env.JWT_TTL_HOURS, limits, sessions },
    notices,
    sessions,
    apiKeys,
    apiKeyCalls: createWindowCounter({ name: 'api-key', windowSeconds: 1 }, limiterStore),
    polled,
    catalog,
    catalogDeps: { db: database.db, catalog, onImageReleased: (url) => deleteModuleImage(database.db, url) },
    upstream,
    lookups: {
      db: database.db,
      catalog,
      purposes,
      upstream,
      health,
      writes: lookupWrites,
      retentionDays: env.RESULT_RETENTION_DAYS,
      onFinished: ({ errorCode, costCents, ...event }) => {
        metrics.lookupFinished({ ...event, errorCode, costCents });
        notices.publish(LOOKUP_FINISHED, event);
      },
    },
    health,
    purposes: { db: database.db, catalog: purposes },
    documents,
    titulares: { db: database.db, documents, retentionDays: env.RESULT_RETENTION_DAYS },
    metrics,
  } satisfies AppServices);
  internalApp = app;
  app.decorate('seedReport', seedReport);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const retention = startRetentionJob({
    db: database.db,
    log: app.log,
    lease,
    writes: lookupWrites,
    onReleased: metrics.lookupsReleased,
  });
  // Batches run on the job engine in the processes that run jobs (docs/decisions/0023-batch-jobs.md).
  const loteRunner =
    env.LOTES_WORKER === 'true'
      ? await startLoteRunner({
          database,
          lookups: app.services.lookups,
          owner: lease.owner,
          log: app.log,
          perBatch: env.LOTE_ROWS_IN_FLIGHT,
        })
      : null;
  const lotes: LoteDeps = {
    db: database.db,
    lookups: app.services.lookups,
    dispatch: async (id) => {
      await loteRunner?.dispatch(id);
    },
  };
  app.addHook('onClose', async () => {
    await loteRunner?.close();
    await retention.stop();
    await lease.close();
    sessions.close();
    apiKeys.close();
    polled.close();
    purposes.close();
    await notices.close();
    await upstream.close();
    redis?.disconnect();
    if (!given) await database.close();
  });

  registerErrorHandler(app);
  app.addHook('onRequest', refuseMissingHost);
  registerAuth(app);
  registerInputGuard(app);
  registerMetrics(app);
  // Security headers on every answer. Helmet's middleware is built once here: the Fastify wrapper
  // built it again (parsing every directive) on each request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await registerDocs(app);
  await app.register(
    async (api) => {
      await registerCompression(api);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(apiKeyRoutes);
      await api.register(moduleHealthRoutes);
      await api.register(moduleRoutes);
      await api.register(lookupRoutes);
      await api.register(loteRoutes(lotes));
      await api.register(purposeRoutes);
      await api.register(recordsRoutes);
      await api.register(titularRoutes);
      await api.register(settingsRoutes);
      await api.register(userRoutes);
      await api.register(planRoutes);
      await api.register(paymentRoutes);
      await api.register(adminRoutes);
      await api.register(logRoutes);
      await api.register(metricsRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(uploadRoutes);
  if (demoProvider) {
    // Loaded only when on, so a production server that leaves it off never runs its code.
    const { demoProviderRoutes } = await import('@painel/demo-provider/demo-provider.routes');
    await app.register(demoProviderRoutes, { prefix: '/demo-api' });
  }
  await registerSpa(app, env.WEB_DIST_DIR ?? defaultWebDist);
  return app;
}
