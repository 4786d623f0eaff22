// Mutation testing of the rules that decide money, access and masking; what and why in
// docs/decisions/0015-mutation-testing.md. `npm run test:mutation` runs each group in turn
// (scripts/mutation.mjs); `MUTATION_GROUP=rules npx stryker run` runs one of them.

import { readFileSync } from 'node:fs';

/** `file:start-end` of one top-level function, so the range follows the file as it is edited. */
function functionLines(file, name) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.findIndex((line) => line.startsWith(`export async function ${name}(`));
  const end = lines.findIndex((line, index) => index > start && line === '}');
  if (start < 0 || end < 0) throw new Error(`${name} not found in ${file}`);
  return `${file}:${start + 1}-${end + 1}`;
}

/** Each group: the code mutated, and the tests beside it that alone must kill its mutants. */
export const groups = {
  rules: {
    mutate: ['packages/shared/src/rules/*.ts', '!packages/shared/src/rules/*.test.ts'],
    testFiles: ['packages/shared/src/rules/*.test.ts'],
  },
  // The lookups module file by file, each against the tests beside it: a mutant reruns every test
  // of its group that covers it (a module-level constant, every test of the group), and the
  // database tests take seconds each. The service's decisions are pinned by its unit tests (fake
  // writes and provider). The routes (declarations whose mutants are all module-level) and the
  // retention job's timers are left out: the rules they call are in these files.
  'trial-mask': {
    mutate: ['apps/server/src/modules/lookups/trial-mask.ts'],
    // Not the property test: most of this file is module-level tables, each mutant of which would
    // rerun it (about 20 s); a run with it took over 80 minutes here.
    testFiles: ['apps/server/src/modules/lookups/trial-mask.test.ts'],
  },
  'lookup-service': {
    mutate: ['apps/server/src/modules/lookups/lookup.service.ts'],
    testFiles: ['apps/server/src/modules/lookups/lookup.service.test.ts'],
  },
  'lookup-writes': {
    mutate: ['apps/server/src/modules/lookups/lookup-writes.ts'],
    testFiles: ['apps/server/src/modules/lookups/lookup-writes.test.ts'],
  },
  'process-lease': {
    mutate: ['apps/server/src/modules/lookups/process-lease.ts'],
    testFiles: [
      'apps/server/src/modules/lookups/process-lease.test.ts',
      'apps/server/src/modules/lookups/crash-release.test.ts',
    ],
  },
  'lookup-repository': {
    mutate: ['apps/server/src/modules/lookups/lookup.repository.ts'],
    testFiles: [
      'apps/server/src/modules/lookups/lookups*.test.ts',
      'apps/server/src/modules/lookups/lookup-writes.test.ts',
      'apps/server/src/modules/lookups/process-lease.test.ts',
      'apps/server/src/modules/lookups/crash-release.test.ts',
    ],
  },
  ledger: {
    mutate: ['apps/server/src/lib/ledger.repository.ts'],
    testFiles: ['apps/server/src/lib/ledger.repository.test.ts'],
  },
  payments: {
    mutate: [functionLines('apps/server/src/modules/payments/payment.service.ts', 'applyVerified')],
    testFiles: ['apps/server/src/modules/payments/payment.service.test.ts'],
  },
};

const chosen = (process.env.MUTATION_GROUP ?? Object.keys(groups).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of chosen) if (!groups[name]) throw new Error(`Unknown MUTATION_GROUP "${name}"`);
const reportName = process.env.MUTATION_GROUP ? chosen.join('-') : 'mutation';
// The test files go to vitest.mutation.config.ts (read by the test runner processes Stryker starts)
// rather than to Stryker's own `testFiles`: with `testFiles`, Stryker 9.6 activates mutants in
// module-level constants only after their module has loaded, so every such mutant "survives".
process.env.MUTATION_TEST_FILES = JSON.stringify(chosen.flatMap((name) => groups[name].testFiles));

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Only the group's tests run (vitest.mutation.config.ts), so vitest's related mode is not needed.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: chosen.flatMap((name) => groups[name].mutate),
  ignorePatterns: [
    'reports',
    'test-results',
    'playwright-report',
    'dist',
    'data',
    'apps/web',
    '.stryker-tmp*',
  ],
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  timeoutMS: 60_000,
  thresholds: { high: 90, low: 85, break: 85 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${reportName}.html` },
  jsonReporter: { fileName: `reports/mutation/${reportName}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
