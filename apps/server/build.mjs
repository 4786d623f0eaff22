#!/usr/bin/env node
// Compiles the server for `npm start`: src/server.ts and everything it imports from this repo
// (including @painel/shared, which ships TypeScript) into ESM in dist/: server.js, plus the demo
// provider in a file of its own that is loaded only when DEMO_PROVIDER is on. Every file lands
// directly in dist/, so paths found from import.meta.url (src/paths.ts) hold from any of them.
// Installed packages stay imports, resolved from node_modules at run time as in development.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Bare imports are installed packages, except this repo's own workspaces. */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@painel/') ? undefined : { path: args.path, external: true },
    );
  },
};

// A clean dist/, so no file of an older build is left beside the new one.
rmSync(new URL('dist', import.meta.url), { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  charset: 'utf8',
  plugins: [installedPackagesExternal],
  logLevel: 'warning',
});
