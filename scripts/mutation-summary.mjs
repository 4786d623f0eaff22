// Prints the mutation figures per target group from StrykerJS's JSON reports
// (default reports/mutation/*.json), and with --survivors each surviving mutant.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const groups = [
  ['rules (packages/shared/src/rules)', 'packages/shared/src/rules/'],
  ['lookups: trial masking (trial-mask.ts)', 'apps/server/src/modules/lookups/trial-mask.ts'],
  ['lookups: the lookup flow (lookup.service.ts)', 'apps/server/src/modules/lookups/lookup.service.ts'],
  ['lookups: writes, quota, leases (database)', 'apps/server/src/modules/lookups/'],
  ['ledger (lib/ledger.ts)', 'apps/server/src/lib/ledger.ts'],
  ['payment application (applyVerified)', 'apps/server/src/modules/payments/'],
];
const args = process.argv.slice(2);
const showSurvivors = args.includes('--survivors');
const named = args.filter((arg) => !arg.startsWith('--'));
const dir = 'reports/mutation';
const files = named.length
  ? named
  : readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => path.join(dir, name));

// A file seen in several reports counts once, from the report named last.
const byFile = new Map();
for (const file of files) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const [name, entry] of Object.entries(report.files))
    byFile.set(path.relative(process.cwd(), path.resolve(name)), entry);
}

const rows = [];
// A file belongs to the first group whose prefix it starts with.
const counted = new Set();
for (const [group, prefix] of groups) {
  const count = { mutants: 0, Killed: 0, Survived: 0, Timeout: 0, NoCoverage: 0 };
  for (const [name, entry] of byFile) {
    if (!name.startsWith(prefix) || counted.has(name)) continue;
    counted.add(name);
    for (const mutant of entry.mutants) {
      // Stryker leaves these out of the score: ignored on purpose, or not valid code.
      if (['Ignored', 'CompileError', 'RuntimeError'].includes(mutant.status)) continue;
      count.mutants += 1;
      count[mutant.status] += 1;
      if (showSurvivors && (mutant.status === 'Survived' || mutant.status === 'NoCoverage'))
        console.log(
          `${name}:${mutant.location.start.line} ${mutant.status} ${mutant.mutatorName}: ${JSON.stringify(mutant.replacement ?? '')}`,
        );
    }
  }
  if (count.mutants === 0) continue;
  const detected = count.Killed + count.Timeout;
  rows.push({ group, ...count, score: `${((100 * detected) / count.mutants).toFixed(2)}%` });
}
console.log('| group | mutants | killed | survived | timeout | no coverage | score |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows)
  console.log(
    `| ${row.group} | ${row.mutants} | ${row.Killed} | ${row.Survived} | ${row.Timeout} | ${row.NoCoverage} | ${row.score} |`,
  );
