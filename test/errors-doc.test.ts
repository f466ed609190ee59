// Every platform error code is documented in docs/errors.md with its status, and the doc lists no other.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ERROR_CODES } from '../src/platform/errors.ts';

it('docs/errors.md and ERROR_CODES list the same codes with the same statuses', () => {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../docs/errors.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Platform codes'), doc.indexOf('## Field-specific'));
  const documented = Object.fromEntries([...section.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]));
  const code = Object.fromEntries(Object.entries(ERROR_CODES).map(([k, v]) => [k, v.status]));
  expect(documented).toEqual(code);
});
