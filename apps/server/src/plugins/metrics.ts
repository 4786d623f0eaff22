import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { messages } from '@painel/shared/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readBacklog } from '../lib/metrics.repository.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** Headers a reverse proxy writes with the client's address (nginx's own is X-Real-IP). */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Who may read /metrics (docs/decisions/0022-metrics.md): with METRICS_TOKEN, whoever sends it as
 * `Authorization: Bearer <token>` (digests compared, so in constant time whatever the length);
 * without it, a caller on this machine whose request no proxy forwarded (a proxy on the same host
 * would otherwise lend its loopback address to the internet). The socket's address, not
 * `request.ip`, which TRUST_PROXY lets a proxy's header decide; both must be loopback.
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token !== undefined) {
    const given = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return given !== undefined && timingSafeEqual(digest(given), digest(token));
  }
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return !forwarded && isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}

const METRICS_PATH = '/metrics';

/**
 * GET /metrics in the Prometheus text format, and the timing of every request. Not an API contract:
 * it answers scrapers, not the panel. Anyone not allowed gets the answer an unknown route gets.
 * Registered before the routes, so its onResponse hook times them all but the scrape itself
 * (Prometheus times it as scrape_duration_seconds; here it would only dilute the panel's own
 * figures). A refused scrape is timed as what it looks like: the unknown route.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { metrics, env, health, database } = app.services;
  if (!metrics.enabled) return;
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== METRICS_PATH) {
      metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    } else if (reply.statusCode === 404) {
      metrics.httpRequest(request.method, undefined, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
  const sources = {
    breakerOpen: (moduleId: number) => health.isOpen(moduleId),
    pool: () => database.pool?.() ?? null,
    backlog: () => readBacklog(database.db),
    onBacklogError: (error: unknown) => app.log.warn({ err: error }, 'metrics: backlog not read'),
  };
  app.get(METRICS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!mayScrape(request, env.METRICS_TOKEN)) {
      return reply.status(404).send({ error: messages.routeNotFound, code: 'ROUTE_NOT_FOUND' });
    }
    const text = await metrics.scrape(sources);
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
