#!/usr/bin/env node
// Compiles the server for `npm start`: src/server.ts and everything it imports from this repo
// (including @painel/shared, which ships TypeScript) into one ESM file, dist/server.js.
// Installed packages stay imports, resolved from node_modules at run time as in development.
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

await build({
  absWorkingDir: root,
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  charset: 'utf8',
  plugins: [installedPackagesExternal],
  logLevel: 'warning',
});
