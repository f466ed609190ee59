// Every regular expression in src/ is checked by recheck (scripts/redos.ts): none may backtrack super-linearly
// unless a `// redos-bounded:` comment says why its input is short. Verdicts are kept in scripts/redos-verdicts.json;
// a pattern not there yet is analysed now (and `npm run redos` writes it there).
import path from 'node:path';
import { expect, it } from 'vitest';
import { findings, scan } from '../scripts/redos.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

it('no regular expression in src/ is proved exponential or polynomial without a justified bound', async () => {
  const verdicts = await scan([path.join(ROOT, 'src')]);
  expect(verdicts.length).toBeGreaterThan(1000);
  const bad = findings(verdicts).map((v) => `${v.file}:${v.line} ${v.complexity ?? ''} /${v.source}/${v.flags}`);
  expect(bad).toEqual([]);
  const undecided = verdicts.filter((v) => v.status === 'unknown' && v.justified === undefined).map((v) => `${v.file}:${v.line} /${v.source}/`);
  expect(undecided).toEqual([]);
}, 300_000);
