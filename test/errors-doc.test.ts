// One closed catalogue of error codes: the platform's list and every tool's declared codes are documented in
// docs/errors.md, and each tool's README lists its own, both checked against the code in both directions
// (Fastify's errors-docs test is the model).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS_DOC, renderErrorsDoc } from '../scripts/errors-doc.ts';
import { ERROR_CODES } from '../src/platform/errors.ts';
import { tools } from '../src/tools/registry.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

it('docs/errors.md lists exactly the platform codes and every tool code, with their statuses (npm run errors-doc writes them)', () => {
  const doc = fs.readFileSync(ERRORS_DOC, 'utf8');
  expect(doc).toBe(renderErrorsDoc(doc));
  const section = doc.slice(doc.indexOf('## Platform codes'), doc.indexOf('### Unknown fields'));
  const documented = Object.fromEntries([...section.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]));
  expect(documented).toEqual(Object.fromEntries(Object.entries(ERROR_CODES).map(([k, v]) => [k, v.status])));
});

/** The `## Codes` table of a README: code -> status. */
function readmeCodes(readme: string): Record<string, number> | 'none' | undefined {
  const start = readme.indexOf('\n## Codes');
  if (start < 0) return undefined;
  const next = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, next < 0 ? undefined : next);
  if (section.includes('This tool declares no codes of its own.')) return 'none';
  return Object.fromEntries([...section.matchAll(/^\| `([a-z0-9_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]));
}

describe.each(tools.map((t) => [t.name, t] as const))('%s README', (name, tool) => {
  it('lists exactly the codes the tool declares, with their statuses', () => {
    const listed = readmeCodes(fs.readFileSync(path.join(ROOT, 'src/tools', name, 'README.md'), 'utf8'));
    const declared = Object.fromEntries(Object.entries(tool.codes).map(([k, v]) => [k, v.status]));
    expect(listed, 'a ## Codes section').toBeDefined();
    expect(listed === 'none' ? {} : listed).toEqual(declared);
  });
});
