import { fileURLToPath } from 'node:url';

/*
 * Files the server reads at run time, found from this module's own address. It sits at the top of
 * src/ because the compiled server is one file at the top of dist/, so the same relative paths
 * hold when running the sources (tests, `npm run dev`) and the build (`npm start`).
 */
export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
