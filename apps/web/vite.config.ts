import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** The API server in development (`npm run dev` starts it on port 3000). */
const apiServer = 'http://localhost:3000';

const TEXT_FILE = /\.(?:js|css|html|svg|txt|json)$/;

// What a first visit to each page runs besides the entry, as the Vite manifest names it (source
// paths), mirroring app/guest-app.tsx (/login, /register without the router) and app/router.tsx
// (the panel, its providers and shell, the admin's layout, then the page). A page's HTML preloads
// these so the browser fetches them with the entry instead of one round trip after another.
const signedIn = [
  'src/app/app.tsx',
  'src/app/signed-in-providers.tsx',
  'src/components/ui/sonner.tsx',
  'src/app/routes/app-shell.tsx',
];
const admin = [...signedIn, 'src/components/layouts/admin-layout.tsx'];
const ICON = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;
const SIGNED_OUT_PAGE = /src[\\/]app[\\/]routes[\\/](?:login|register)-page\.tsx$/;
interface ChunkingModule {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}
let signedOutIcons: Set<string> | undefined;

/**
 * The icons (their file names, 'loader-circle') the signed-out pages draw: the names their own
 * modules, and the app's modules they import, take from lucide-react, worked out once a build.
 */
function iconsOfSignedOutPages(ctx: { getModuleInfo(id: string): ChunkingModule | null }): Set<string> {
  if (signedOutIcons) return signedOutIcons;
  const icons = new Set<string>();
  const seen = new Set<string>();
  const walk = (id: string, onPage: boolean) => {
    if (seen.has(`${onPage}:${id}`) || id.includes('node_modules')) return;
    seen.add(`${onPage}:${id}`);
    const info = ctx.getModuleInfo(id);
    if (!info) return;
    if (onPage) {
      for (const [, names = ''] of (info.code ?? '').matchAll(
        /import\s*{([^}]*)}\s*from\s*['"]lucide-react['"]/g,
      )) {
        for (const name of names.split(',').map((part) => part.trim().split(/\s+as\s+/)[0] ?? '')) {
          if (name && !name.startsWith('type '))
            icons.add(name.replace(/([a-z0-9])([A-Z])|([a-z])(\d)/g, '$1$3-$2$4').toLowerCase());
        }
      }
    }
    for (const next of info.importedIds) walk(next, onPage);
    for (const next of info.dynamicallyImportedIds) walk(next, onPage || SIGNED_OUT_PAGE.test(next));
  };
  walk(resolve(import.meta.dirname, 'src/main.tsx'), false);
  signedOutIcons = icons;
  return icons;
}

/** pages/<name>.html for each path; the server sends the one nearest up the path (plugins/spa.ts). */
const pagePreloads: Record<string, string[]> = {
  login: ['src/app/routes/login-page.tsx'],
  register: ['src/app/routes/register-page.tsx'],
  index: [...signedIn, 'src/app/routes/dashboard.tsx'],
  planos: [...signedIn, 'src/app/routes/planos.tsx'],
  historico: [...signedIn, 'src/app/routes/historico.tsx'],
  profile: [...signedIn, 'src/app/routes/profile.tsx'],
  consulta: [...signedIn, 'src/app/routes/consulta.tsx'],
  pagamentos: [...signedIn, 'src/app/routes/recibo.tsx'],
  admin: [...admin, 'src/app/routes/admin/dashboard.tsx'],
  'admin/usuarios': [...admin, 'src/app/routes/admin/usuarios.tsx'],
  'admin/plans': [...admin, 'src/app/routes/admin/plans.tsx'],
  'admin/metricas': [...admin, 'src/app/routes/admin/metricas.tsx'],
  'admin/modulos': [...admin, 'src/app/routes/admin/modulos.tsx'],
  'admin/logs': [...admin, 'src/app/routes/admin/logs.tsx'],
  'admin/finalidades': [...admin, 'src/app/routes/admin/finalidades.tsx'],
  'admin/registros': [...admin, 'src/app/routes/admin/registros.tsx'],
  'admin/configuracoes': [...admin, 'src/app/routes/admin/configuracoes.tsx'],
};

/**
 * API calls a page makes as soon as it opens, without a session (so without headers the browser
 * could not send itself): the page's HTML starts them with the entry, and the page's own fetch is
 * handed that answer. The sign-in forms load their captcha on opening (features/auth/api/get-captcha.ts).
 */
const pageFetches: Record<string, string[]> = {
  login: ['/api/captcha'],
  register: ['/api/captcha'],
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** A chunk's JavaScript file and those of everything it imports statically. */
function chunkFiles(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`vite.config.ts pagePreloads: "${key}" is not in the build (renamed?)`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const next of chunk.imports ?? []) chunkFiles(manifest, next, seen);
  return seen;
}

/**
 * Writes pages/<name>.html: index.html with a modulepreload for each file the page needs beyond the
 * entry, and a preload for each call in pageFetches.
 */
async function writePages(outDir: string) {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    await readFile(join(outDir, '.vite/manifest.json'), 'utf8'),
  );
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the build has no entry chunk');
  const entry = chunkFiles(manifest, entryKey);
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  for (const [name, keys] of Object.entries(pagePreloads)) {
    const files = new Set<string>();
    for (const key of keys) chunkFiles(manifest, key, files);
    const links = [...files]
      .filter((file) => !entry.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .concat(
        (pageFetches[name] ?? []).map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
      );
    const path = join(outDir, 'pages', `${name}.html`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, html.replace(/(\s*)<\/head>/, `\n    ${links.join('\n    ')}$1</head>`));
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text file of the
 * build, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing on every request; a variant that is not smaller than its file is not written, and the
 * server then sends the file itself. Vite's own manifest (.vite/) is not served and is left alone.
 */
async function precompress(outDir: string) {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.startsWith(join(outDir, '.vite')));
  await Promise.all(
    files.map(async (path) => {
      const content = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < content.length) await writeFile(`${path}.br`, br);
      if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
    }),
  );
}

/** The files the server sends, made once the bundle is written: the pages, then the compressed copies. */
function servedFiles(): Plugin {
  let outDir = '';
  return {
    name: 'painel:served-files',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      // A rebuild in the same process (vite build --watch) works the signed-out icons out again.
      signedOutIcons = undefined;
    },
    async closeBundle(error?: Error) {
      if (error) return;
      await writePages(outDir);
      await precompress(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), servedFiles()],
  resolve: { tsconfigPaths: true },
  server: {
    proxy: {
      '/api': apiServer,
      '/demo-api': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    // Lets the pages (writePages) and `npm run bench:web` work out which files each route needs.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Every page is a lazy route; React and the router change rarely, so they get their own
        // long-cached chunk and /login downloads only the shell, that chunk and its own page.
        // zod, the query client and sonner serve signed-in pages only (/login and /register use
        // none of them): one chunk for the three compresses better than the many slices a
        // per-page split makes of zod's core.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // Each icon alone is a chunk of 150-700 bytes; together they are one request instead of
            // one per icon, a few KB after compression. The few the signed-out pages draw are a chunk of
            // their own, so a first visit to /login does not download every icon of the panel.
            // What draws every icon (lucide's Icon and createLucideIcon) is needed by both.
            { name: 'icon-base', test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/ },
            {
              name: (id, ctx) => {
                const icon = ICON.exec(id)?.[1];
                if (!icon) return null;
                return iconsOfSignedOutPages(ctx).has(icon) ? 'signed-out-icons' : 'icons';
              },
            },
            {
              name: 'signed-in-vendor',
              test: /node_modules[\\/](zod|@tanstack[\\/](query-core|react-query)|sonner)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
