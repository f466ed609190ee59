// The fast pnpm-lock read (js-yaml, parsers/pnpm-fast.ts) answers exactly as the reference read through the `yaml`
// library: the same packages, lines, notes and refusals, on the fixtures, the hostile cases and generated lockfiles.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolError } from '../kit/contract.ts';
import { fastPnpmRead } from './parsers/pnpm-fast.ts';
import { parsePnpmLock } from './parsers/pnpm-lock.ts';
import tool from './tool.ts';

/** The parse's answer, or the refusal it throws, as plain data. */
function outcome(text: string, reader: 'auto' | 'yaml'): unknown {
  try {
    return { ok: parsePnpmLock(text, reader) };
  } catch (err) {
    if (err instanceof ToolError) return { status: err.status, code: err.code, message: err.message, details: err.details };
    throw err;
  }
}

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

describe('the fast pnpm-lock read', () => {
  it.each(['pnpm-lock.yaml', 'pnpm-lock-v6.yaml'])('reads the fixture %s, as the yaml library does', (name) => {
    const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
    expect(fastPnpmRead(text)).toBeDefined();
    expect(outcome(text, 'auto')).toEqual(outcome(text, 'yaml'));
  });

  it('answers every pnpm hostile case as the yaml library does, and takes the fast read for 1 MB of package keys', () => {
    const cases = (tool.hostile?.() ?? []).filter((c) => c.input.filename === 'pnpm-lock.yaml');
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      const text = c.input.lockfile as string;
      expect(outcome(text, 'auto'), c.name).toEqual(outcome(text, 'yaml'));
    }
    const keys = cases.find((c) => c.name === 'pnpm-lock.yaml: package keys');
    expect(fastPnpmRead(keys?.input.lockfile as string)).toBeDefined();
  });

  it('gives up where only the yaml library can be sure: anchors, tags, merge keys, several documents, tabs', () => {
    const base = "lockfileVersion: '9.0'\npackages:\n  a@1.0.0:\n    resolution: {integrity: sha512-x}\n";
    for (const text of [`${base}x: &a [1]\n`, `${base}y: !!str 1\n`, `${base}z:\n  <<: {a: 1}\n`, `---\n${base}---\n${base}`, base.replace('    resolution', '\tresolution')]) {
      expect(fastPnpmRead(text), text).toBeUndefined();
      expect(outcome(text, 'auto')).toEqual(outcome(text, 'yaml'));
    }
  });

  // Generated lockfiles in pnpm's three key styles (v5 /name/1.0.0, v6 /name@1.0.0, v9 name@1.0.0(peer)), quoted or
  // not, block or flow values, comments, blank lines, CRLF, and now and then a break that makes the YAML invalid.
  const name = fc.constantFrom('a', 'left-pad', '@scope/pkg', 'react-dom', "o'neil", 'x.y_z');
  const version = fc.constantFrom('1.0.0', '2.3.4-beta.1', '0.0.0-2026', 'https://example.com/a.tgz');
  const entry = fc.record({
    name,
    version,
    style: fc.constantFrom('plain', 'single', 'double'),
    peer: fc.boolean(),
    flow: fc.boolean(),
    build: fc.constantFrom(undefined, 'true', 'false'),
    comment: fc.boolean(),
  });
  const lockfile = fc.record({
    major: fc.constantFrom('5.4', '6.0', '9.0'),
    entries: fc.array(entry, { maxLength: 12 }),
    crlf: fc.boolean(),
    blank: fc.boolean(),
    breakAt: fc.option(fc.nat(400), { nil: undefined }),
  });
  type LockfileShape = typeof lockfile extends fc.Arbitrary<infer T> ? T : never;

  function render(l: LockfileShape): string {
    const out = [`lockfileVersion: '${l.major}'`, '', 'packages:'];
    for (const e of l.entries) {
      const bare = l.major === '5.4' ? `/${e.name}/${e.version}` : l.major === '6.0' ? `/${e.name}@${e.version}` : `${e.name}@${e.version}`;
      const key0 = e.peer && l.major !== '5.4' ? `${bare}(react@18.2.0)` : bare;
      const key = e.style === 'single' ? `'${key0.replace(/'/g, "''")}'` : e.style === 'double' ? JSON.stringify(key0) : key0.includes("'") ? `'${key0.replace(/'/g, "''")}'` : key0;
      if (l.blank) out.push('');
      if (e.comment) out.push('  # a comment');
      if (e.flow) out.push(`  ${key}: {resolution: {integrity: sha512-abc}}`);
      else {
        out.push(`  ${key}:`, '    resolution:', '      integrity: sha512-abc');
        if (e.build) out.push(`    requiresBuild: ${e.build}`);
      }
    }
    let text = out.join(l.crlf ? '\r\n' : '\n') + '\n';
    if (l.breakAt !== undefined) text = text.slice(0, l.breakAt % (text.length + 1)) + '  ]: {' + text.slice(l.breakAt % (text.length + 1));
    return text;
  }

  it('answers generated lockfiles exactly as the yaml library does', () => {
    fc.assert(
      fc.property(lockfile, (l) => {
        const text = render(l);
        expect(outcome(text, 'auto')).toEqual(outcome(text, 'yaml'));
      }),
      { numRuns: 300 },
    );
  });
});
