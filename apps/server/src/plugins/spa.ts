import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@painel/shared/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A path segment that may name a page file; anything else (dots, escapes) gets index.html. */
const PAGE_SEGMENT = /^[\w-]+$/;
const API_PREFIXES = ['/api/', '/api', '/demo-api/', '/demo-api'];

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix.replace(/\/$/, '')}/`));
}

/** The build's pages/<name>.html, by name ('consulta', 'admin/usuarios'), read once at start. */
function pageNames(distDir: string): Set<string> {
  const folder = join(distDir, 'pages');
  if (!existsSync(folder)) return new Set();
  return new Set(
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html'))
      .map((file) => file.slice(0, -'.html'.length).split(sep).join('/')),
  );
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html for every other
 * GET that is not an API path (history fallback), JSON 404 for unknown API routes. Each file is
 * sent as the build compressed it (`<file>.br`, `<file>.gz`, written by the web build) when the
 * client accepts that encoding, as it is otherwise; nothing is compressed per request here.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  const hashedAssets = join(distDir, 'assets') + sep;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed names change with their content; every other file (the page, the icon, robots.txt)
        // keeps its name and is checked again on each use.
        res.setHeader(
          'cache-control',
          path.startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // A cache must not hand a brotli body to a client that asked for gzip, or the reverse.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  /**
   * The page for a path: the build's pages/<path>.html nearest up the path (pages/consulta.html for
   * /consulta/7, pages/index.html for /), which preloads what that page runs besides the entry
   * (apps/web/vite.config.ts), or index.html.
   */
  const pages = pageNames(distDir);
  const pageFor = (url: string): string => {
    const segments = (url.split('?')[0] ?? '').split('/').filter(Boolean);
    if (!segments.every((segment) => PAGE_SEGMENT.test(segment))) return 'index.html';
    const names = segments.length
      ? segments.map((_, i) => segments.slice(0, segments.length - i).join('/'))
      : ['index'];
    const found = names.find((name) => pages.has(name));
    return found ? `pages/${found}.html` : 'index.html';
  };
  const sendPage = (request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile(pageFor(request.url));
  // The root is a directory to the static plugin; it is the page here.
  if (hasBuild) app.get('/', { schema: { hide: true } }, sendPage);

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset is a 404, never the page (a stale tab must not parse HTML as JS).
    const isAsset = request.url.startsWith('/assets/');
    if (hasBuild && wantsPage && !isApiPath(request.url) && !isAsset) {
      return sendPage(request, reply);
    }
    return reply.status(404).send({ error: messages.routeNotFound, code: 'ROUTE_NOT_FOUND' });
  });
}
