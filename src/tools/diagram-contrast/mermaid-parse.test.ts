// Harden output checked against the real thing: Mermaid's own parser (mermaid under jsdom) and its entity encoding.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDiagramContrast } from './engine.ts';
import { entityCount, entityStarts, splitLines } from '../kit/mermaid/entities.ts';
import { SOURCE_CASES } from '../kit/mermaid/source-cases.ts';
import { mermaidEncodeEntities, mermaidParser } from './mermaid-reference.ts';
import type { MermaidParse } from './mermaid-reference.ts';
import { THEME_NAMES } from './mermaid-theme.ts';

let parse: MermaidParse;
let encode: ((text: string) => string) | null = null;

beforeAll(async () => {
  parse = await mermaidParser();
  encode = await mermaidEncodeEntities();
});

const harden = (diagram: string, level: 'AA' | 'AAA' = 'AA', theme?: (typeof THEME_NAMES)[number]): string =>
  runDiagramContrast({ diagram, format: 'mermaid', level, mode: 'harden', theme }).diagram ?? '';

describe("kit/mermaid's source cases carry Mermaid's own verdicts", () => {
  for (const c of SOURCE_CASES) {
    it(c.name, async () => {
      expect((await parse(c.text)) === null).toBe(c.nodes !== null);
    });
  }
});

describe("Mermaid's entity encoding, restated", () => {
  it('finds the same entities as Mermaid on random lines of its own delimiters', () => {
    if (!encode) throw new Error("this mermaid build has no encodeEntities chunk; the restatement cannot be checked");
    const real = encode;
    const piece = fc.constantFrom('style', 'classDef', 'linkStyle', 'color', ':', '#', '#d90000', '#fff', ';', ' ', '\t', 'x', '0', '_', '-', ',', '%%');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (parts) => {
        const line = parts.join('');
        const mine = entityStarts(line).length;
        const theirs = (real(line).match(/\uFB02\u00B0/g) ?? []).length;
        expect(mine).toBe(theirs);
      }),
      { numRuns: 3000 },
    );
  });

  const cases: { line: string; starts: number[] }[] = [
    { line: 'linkStyle 0 color:#d90000;', starts: [18] },
    { line: 'linkStyle 0 color:#d90000', starts: [] },
    // `style ...:#...;` loses its last `;` first, so only an earlier `#x;` is read as an entity.
    { line: 'style A fill:#fff,color:#000;', starts: [] },
    { line: 'style A fill:#fff;color:#000;', starts: [13] },
    { line: 'classDef x fill:#fff,color:#000;classDef y color:#111;', starts: [27] },
    { line: 'A[#35; issue]', starts: [2] },
  ];
  for (const c of cases) {
    it(`entities in ${JSON.stringify(c.line)}`, () => {
      expect(entityStarts(c.line)).toEqual(c.starts);
    });
  }
});

describe('harden output parses in Mermaid', () => {
  // Each of these was written back as `...#d90000;`, which Mermaid refuses (issue 17).
  const cases: { name: string; diagram: string; line: RegExp }[] = [
    { name: 'a linkStyle ending in ;', diagram: 'graph LR\nA -->|go| B\nlinkStyle 0 color:red;', line: /^linkStyle 0 color:#[0-9a-f]{6}$/ },
    { name: 'a linkStyle followed by a statement', diagram: 'graph LR\nA -->|go| B\nlinkStyle 0 color:red;A-->C', line: /^linkStyle 0 color:#[0-9a-f]{6} ;A-->C$/ },
    { name: 'a linkStyle ending in ;;', diagram: 'graph LR\nA -->|go| B\nlinkStyle 0 color:red;;', line: /^linkStyle 0 color:#[0-9a-f]{6}$/ },
    { name: 'two styles on one line', diagram: 'graph LR\nA --> B\nstyle A color:silver; style B color:silver;', line: /^style A color:#[0-9a-f]{6} ; style B color:#[0-9a-f]{6};$/ },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      expect(await parse(c.diagram)).toBeNull();
      const out = harden(c.diagram);
      expect(splitLines(out)[2]).toMatch(c.line);
      expect(await parse(out)).toBeNull();
    });
  }
  it('a style line keeps its ; when Mermaid drops it itself', () => {
    expect(harden('erDiagram\nA ||--o{ B : has\nstyle A color:#aaa;')).toBe('erDiagram\nA ||--o{ B : has\nstyle A color:#6c6c6c;');
  });
});

const root = path.resolve(process.cwd(), '../shared/bench/diagrams/mermaid');
const files = existsSync(root) ? readdirSync(root).sort().filter((f) => f.endsWith('.mmd')) : [];

describe.skipIf(files.length === 0)('benchmark corpus: every harden output, five themes x AA and AAA', () => {
  for (const file of files) {
    it(`${file}: Mermaid parses each harden output it parsed as given; a new check finds nothing unreported`, async () => {
      const diagram = readFileSync(path.join(root, file), 'utf8');
      const acceptedAsGiven = (await parse(diagram)) === null;
      const before = entityCount(splitLines(diagram));
      const outputs = new Map<string, string>();
      for (const theme of THEME_NAMES) {
        for (const level of ['AA', 'AAA'] as const) {
          const res = runDiagramContrast({ diagram, format: 'mermaid', level, mode: 'harden', theme });
          const out = res.diagram ?? '';
          // Our own check: no colour of ours is read as an entity, and the output passes (or says what cannot).
          expect(entityCount(splitLines(out)), `${theme} ${level}`).toBeLessThanOrEqual(before);
          const again = runDiagramContrast({ diagram: out, format: 'mermaid', level, mode: 'check', theme });
          const listed = (res.unfixable ?? []).map((u) => u.label);
          for (const f of again.failures) expect(listed, `${theme} ${level}`).toContain(f.label);
          if (acceptedAsGiven && out !== diagram && !outputs.has(out)) outputs.set(out, `${theme} ${level}`);
        }
      }
      // Themes and levels often agree on an output: each distinct one is parsed once.
      for (const [out, where] of outputs) expect(await parse(out), where).toBeNull();
    });
  }
});
