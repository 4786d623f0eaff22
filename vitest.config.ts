import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/demo-provider', 'apps/server', 'apps/web'],
    // In CI a JSON report is written too, so .ci/run can print one closing count for the whole run.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: `test-results/vitest-${process.env.CI_RUN_LABEL ?? 'run'}.json` }]]
      : ['default'],
  },
});
