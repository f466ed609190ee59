// npm run bench:agile: defect-triage and coverage-check accuracy, criteria/ticket rule shares, sprint-health spread, hostile timings.
import { run as criteria } from './agile-criteria.ts';
import { run as sprint } from './agile-sprint.ts';
import { hostileTimings, run as triage } from './agile-triage.ts';

for (const [title, run] of [
  ['defect-triage and coverage-check', triage],
  ['acceptance-criteria-validator and ticket-lint', criteria],
  ['sprint-health', sprint],
  ['hostile inputs of defect-triage, coverage-check and acceptance-criteria-validator', hostileTimings],
] as const) {
  process.stdout.write(`\n==== ${title} ====\n`);
  process.stdout.write(`${await run()}\n`);
}
