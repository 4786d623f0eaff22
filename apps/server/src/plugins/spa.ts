import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@painel/shared/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';

const API_PREFIXES = ['/api/', '/api', '/demo-api/', '/demo-api'];

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix.replace(/\/$/, '')}/`));
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html for every other
 * GET that is not an API path (history fallback), JSON 404 for unknown API routes.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const sendPage = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  // The root is a directory to the static plugin; it is the page here.
  if (hasBuild) app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset is a 404, never the page (a stale tab must not parse HTML as JS).
    const isAsset = request.url.startsWith('/assets/');
    if (hasBuild && wantsPage && !isApiPath(request.url) && !isAsset) {
      return sendPage(reply);
    }
    return reply.status(404).send({ error: messages.routeNotFound, code: 'ROUTE_NOT_FOUND' });
  });
}
