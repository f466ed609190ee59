// Every diagram of the benchmark corpus answers 200 (or a 400 with a clear code), and its harden output passes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../../test/support/tool-harness.ts';
import tool from './tool.ts';

const root = path.resolve(process.cwd(), '../shared/bench/diagrams');
const dirs = [path.join(root, 'mermaid'), path.join(root, 'svg')];
const present = dirs.every((d) => existsSync(d));
const files = present ? dirs.flatMap((d) => readdirSync(d).sort().map((f) => path.join(d, f))) : [];

/** 400s a real file may legitimately get: it is not a diagram, or not well-formed. */
const CLEAR_CODES = new Set(['diagram_not_recognized', 'svg_malformed', 'svg_not_svg', 'svg_too_complex', 'mermaid_frontmatter_invalid', 'mermaid_directive_invalid', 'mermaid_too_long']);

describe.skipIf(!present)('benchmark corpus (../shared/bench/diagrams)', () => {
  it('holds diagrams of both formats', () => {
    expect(files.some((f) => f.endsWith('.mmd'))).toBe(true);
    expect(files.some((f) => f.endsWith('.svg'))).toBe(true);
  });

  for (const file of files) {
    it(`${path.basename(file)}: 200 or a clear 400; harden output passes`, async () => {
      const diagram = readFileSync(file, 'utf8');
      for (const level of ['AA', 'AAA']) {
        const res = await callTool(tool, { diagram, level, mode: 'harden' });
        if (!res.ok) {
          expect(res.status).toBe(400);
          expect(CLEAR_CODES.has(String(res.body.error))).toBe(true);
          return;
        }
        expect(res.body.format).toBe(file.endsWith('.svg') ? 'svg' : 'mermaid');
        const again = await callTool(tool, { diagram: res.body.diagram, level });
        expect(again.ok).toBe(true);
        expect(again.body.failures).toEqual([]);
      }
    });
  }
});
