// npm run bench:agile: defect-triage and coverage-check accuracy, criteria/ticket rule shares, sprint-health spread.
// (Their hostile inputs are timed with the other tools' by npm run bench:hostile.)
import { run as criteria } from './agile-criteria.ts';
import { run as sprint } from './agile-sprint.ts';
import { run as triage } from './agile-triage.ts';

for (const [title, run] of [
  ['defect-triage and coverage-check', triage],
  ['acceptance-criteria-validator and ticket-lint', criteria],
  ['sprint-health', sprint],
] as const) {
  process.stdout.write(`\n==== ${title} ====\n`);
  process.stdout.write(`${await run()}\n`);
}
