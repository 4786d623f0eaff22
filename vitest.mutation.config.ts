import { defineConfig } from 'vitest/config';

/**
 * The vitest projects StrykerJS runs (stryker.config.mjs): the shared rules and the server, each
 * limited to the test files of the groups being mutated (MUTATION_TEST_FILES, set by the Stryker
 * config), so a mutant counts as killed only by the tests beside its code.
 */
const testFiles: string[] = JSON.parse(process.env.MUTATION_TEST_FILES ?? '[]');
const within = (dir: string) =>
  testFiles.filter((file) => file.startsWith(`${dir}/`)).map((file) => file.slice(dir.length + 1));

const shared = within('packages/shared');
const server = within('apps/server');

export default defineConfig({
  test: {
    projects: [
      ...(shared.length
        ? [{ test: { name: 'shared', root: 'packages/shared', environment: 'node', include: shared } }]
        : []),
      ...(server.length
        ? [
            {
              test: {
                name: 'server',
                root: 'apps/server',
                environment: 'node',
                include: server,
                globalSetup: ['test/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
