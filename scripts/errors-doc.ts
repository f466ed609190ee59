// The error catalogue in docs/errors.md, written from the code: the platform's codes (ERROR_CODES) and every
// tool's declared codes (its definition's `codes`). `npm run errors-doc` rewrites the two tables; the tests
// check the committed document against what this prints (and each tool README against its codes).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '../src/platform/errors.ts';
import { tools } from '../src/tools/registry.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ERRORS_DOC = path.join(ROOT, 'docs/errors.md');

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function platformTable(): string {
  const rows = Object.entries(ERROR_CODES).sort((a, b) => a[1].status - b[1].status || a[0].localeCompare(b[0]));
  return ['| error | status | meaning |', '|---|---|---|', ...rows.map(([k, v]) => `| \`${k}\` | ${v.status} | ${cell(v.meaning)} |`)].join('\n');
}

export function toolTable(): string {
  const rows: string[] = [];
  for (const t of tools) {
    for (const [code, v] of Object.entries(t.codes).sort((a, b) => a[1].status - b[1].status || a[0].localeCompare(b[0]))) {
      rows.push(`| ${t.name} | \`${code}\` | ${v.status} | ${cell(v.meaning)} |`);
    }
  }
  return ['| tool | error | status | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** The document with both tables replaced by what the code declares. */
export function renderErrorsDoc(current: string): string {
  const replaceTable = (doc: string, heading: string, table: string): string => {
    const start = doc.indexOf(heading);
    if (start < 0) throw new Error(`docs/errors.md has no "${heading}" section`);
    const tableStart = doc.indexOf('\n|', start) + 1;
    let end = tableStart;
    while (end < doc.length && doc[end] === '|') end = doc.indexOf('\n', end) + 1 || doc.length;
    return `${doc.slice(0, tableStart)}${table}\n${doc.slice(end)}`;
  };
  return replaceTable(replaceTable(current, '## Platform codes', platformTable()), '## Tool codes', toolTable());
}

if (process.argv[1] !== undefined && /scripts[\\/]errors-doc\.ts$/.test(process.argv[1])) {
  const current = fs.readFileSync(ERRORS_DOC, 'utf8');
  const next = renderErrorsDoc(current);
  if (process.argv.includes('--check')) {
    if (next !== current) {
      process.stderr.write('docs/errors.md is out of date with the code: run npm run errors-doc\n');
      process.exitCode = 1;
    }
  } else if (next !== current) {
    fs.writeFileSync(ERRORS_DOC, next);
    process.stderr.write('wrote docs/errors.md\n');
  }
}
