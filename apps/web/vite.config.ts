import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The API server in development (`npm run dev` starts it on port 3000). */
const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
