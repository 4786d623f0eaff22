// `npm run test:mutation [group…]`: runs StrykerJS once per target group (stryker.config.mjs), each
// against only its own tests, then prints the figures per group. Exits non-zero when a run fails or
// a group scores under the break threshold.
import { spawnSync } from 'node:child_process';
import { groups } from '../stryker.config.mjs';

const asked = process.argv.slice(2);
for (const name of asked) if (!(name in groups)) throw new Error(`Unknown group "${name}"`);
let failed = false;
for (const group of asked.length ? asked : Object.keys(groups)) {
  console.log(`\n== mutation testing: ${group} ==`);
  const run = spawnSync('npx', ['stryker', 'run'], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_GROUP: group },
  });
  failed ||= run.status !== 0;
}
spawnSync('node', ['scripts/mutation-summary.mjs'], { stdio: 'inherit' });
process.exit(failed ? 1 : 0);
