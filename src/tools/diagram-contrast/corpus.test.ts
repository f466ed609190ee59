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
/** WCAG 2.x contrast of two #rrggbb colours, written out: what a browser paints and axe-core reads. */
function wcagHex(a: string, b: string): number {
  const lum = (hex: string): number => {
    const lin = (i: number): number => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(1) + 0.7152 * lin(3) + 0.0722 * lin(5);
  };
  const [l1, l2] = [lum(a), lum(b)];
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

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

    it(`${path.basename(file)}: every fix of an opaque colour passes on the painted (8-bit) colours it names`, async () => {
      const diagram = readFileSync(file, 'utf8');
      for (const theme of ['default', 'dark', 'neutral']) {
        for (const level of ['AA', 'AAA']) {
          const res = await callTool(tool, { diagram, level, theme, mode: 'fix' });
          if (!res.ok) return;
          for (const f of res.body.fixes as { fg: string; bg: string; needed: number; suggested_fg: string; suggested_bg?: string; unfixable?: true }[]) {
            if (f.fg.length !== 7 || f.unfixable) continue;
            expect(wcagHex(f.suggested_fg, f.suggested_bg ?? f.bg), `${theme} ${level} ${JSON.stringify(f)}`).toBeGreaterThanOrEqual(f.needed);
          }
        }
      }
    });
  }
});
