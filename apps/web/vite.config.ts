import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** The API server in development (`npm run dev` starts it on port 3000). */
const apiServer = 'http://localhost:3000';

const TEXT_FILE = /\.(?:js|css|html|svg|txt|json)$/;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text file of the
 * build, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing on every request; a variant that is not smaller than its file is not written, and the
 * server then sends the file itself. Vite's own manifest (.vite/) is not served and is left alone.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  let outDir = '';
  return {
    name: 'painel:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (error) return;
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
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { tsconfigPaths: true },
  server: {
    proxy: {
      '/api': apiServer,
      '/demo-api': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    // Lets `npm run bench:web` work out which files each route needs.
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
