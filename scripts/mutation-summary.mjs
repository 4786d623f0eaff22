// Prints the mutation figures of each group from StrykerJS's JSON reports
// (reports/mutation/<group>.json, one per group of stryker.config.mjs, or the files named), and
// with --survivors each mutant that no test killed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const showSurvivors = args.includes('--survivors');
const named = args.filter((arg) => !arg.startsWith('--'));
const dir = 'reports/mutation';
const files = named.length
  ? named
  : readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => path.join(dir, name));

console.log('| group | mutants | killed | survived | timeout | no coverage | score |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const file of files) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const count = { mutants: 0, Killed: 0, Survived: 0, Timeout: 0, NoCoverage: 0 };
  for (const [name, entry] of Object.entries(report.files)) {
    for (const mutant of entry.mutants) {
      // Stryker leaves these out of the score: ignored on purpose, or not valid code.
      if (['Ignored', 'CompileError', 'RuntimeError'].includes(mutant.status)) continue;
      count.mutants += 1;
      count[mutant.status] += 1;
      if (showSurvivors && (mutant.status === 'Survived' || mutant.status === 'NoCoverage'))
        console.error(
          `${name}:${mutant.location.start.line} ${mutant.status} ${mutant.mutatorName}: ${JSON.stringify(mutant.replacement ?? '')}`,
        );
    }
  }
  const score = count.mutants ? ((100 * (count.Killed + count.Timeout)) / count.mutants).toFixed(2) : '-';
  const group = path.basename(file, '.json');
  console.log(
    `| ${group} | ${count.mutants} | ${count.Killed} | ${count.Survived} | ${count.Timeout} | ${count.NoCoverage} | ${score}% |`,
  );
}
