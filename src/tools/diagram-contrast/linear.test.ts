// Each regular expression recheck found super-linear, rewritten: same answers, and linear time on the input that broke it.
import { describe, expect, it } from 'vitest';
import { parsePaint, withoutImportant } from '../kit/colour/colour.ts';
import { fontPx } from './mermaid-check.ts';
import { buildModel } from '../kit/mermaid/model.ts';
import { parseDecls } from '../kit/mermaid/style.ts';
import { readMermaidSource } from '../kit/mermaid/source.ts';
import { length, parseTransform, transformCalls } from './svg-geometry.ts';

/** Every crafted input below took seconds (quadratic or worse) with the expression it replaces, at 20,000 characters. */
const N = 200_000;
const BUDGET_MS = 250;

function timed<T>(f: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = f();
  return { value, ms: performance.now() - started };
}

const model = (text: string): ReturnType<typeof buildModel> => buildModel(readMermaidSource(text));

describe('rewritten expressions: the answers they gave', () => {
  const cases: { name: string; got: () => unknown; want: unknown }[] = [
    { name: 'transform calls in order', got: () => transformCalls('translate(10 20) scale(2)rotate (90)'), want: [{ fn: 'translate', args: '10 20' }, { fn: 'scale', args: '2' }, { fn: 'rotate', args: '90' }] },
    { name: 'a word not followed by ( is skipped', got: () => transformCalls('ab c(1)'), want: [{ fn: 'c', args: '1' }] },
    { name: 'an unclosed call ends the list', got: () => transformCalls('scale(2) translate(1'), want: [{ fn: 'scale', args: '2' }] },
    { name: 'translate then scale', got: () => parseTransform('translate(10,20) scale(2)'), want: [2, 0, 0, 2, 10, 20] },
    { name: 'length with unit and blanks', got: () => length(' 12.5 px ', 100), want: 12.5 },
    { name: 'length in percent', got: () => length('50%', 200), want: 100 },
    { name: 'length of a trailing dot', got: () => length('3.', 100), want: 3 },
    { name: 'length not a number', got: () => length('1.2.3', 100, -1), want: -1 },
    { name: '!important dropped', got: () => withoutImportant('red  !IMPORTANT'), want: 'red' },
    { name: '!important must follow the bang', got: () => withoutImportant('red ! important'), want: 'red ! important' },
    { name: 'paint with !important', got: () => parsePaint('#fff !important').kind, want: 'color' },
    { name: 'font size in pt', got: () => fontPx(' 12pt '), want: 16 },
    { name: 'font size with a blank before the unit', got: () => fontPx('20 px'), want: 20 },
    { name: 'declarations lose trailing semicolons', got: () => parseDecls('fill:#fff;;, color:#000;').map((d) => d.value), want: ['#fff', '#000'] },
    { name: 'class ids end at ::: ~ or [', got: () => [...model('classDiagram\n A~T~ <|-- B:::x\n C[c] --> D').nodes.keys()], want: ['A', 'B', 'C', 'D'] },
    { name: 'ER alias label', got: () => model('erDiagram\n CUSTOMER[ "Customer Account" ] ||--o{ ORDER : places').nodes.get('CUSTOMER')?.label, want: 'Customer Account' },
    { name: 'note actors before the colon', got: () => [...model('sequenceDiagram\n note over Alice, Bob: hi').actors.keys()], want: ['Alice', 'Bob'] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(c.got()).toEqual(c.want);
    });
  }
});

describe('rewritten expressions: linear on the input that made them backtrack', () => {
  const cases: { name: string; run: () => unknown }[] = [
    { name: 'transform: a run of letters without (', run: () => parseTransform(`${'a'.repeat(N)}!`) },
    { name: 'length: a run of digits then a bad unit', run: () => length(`${'1'.repeat(N)}x`, 100) },
    { name: 'length: blanks between number and garbage', run: () => length(`1${' '.repeat(N)}x`, 100) },
    { name: '!important: blanks then no bang', run: () => withoutImportant(`x${' '.repeat(N)}x`) },
    { name: 'font size: blanks then garbage', run: () => fontPx(`1${' '.repeat(N)}x`) },
    { name: 'declarations: semicolons then a letter', run: () => parseDecls(`fill:${';'.repeat(N)}x`) },
    { name: 'class id: a run of tildes', run: () => model(`classDiagram\n ${'~'.repeat(N)} --> B`) },
    { name: 'ER alias: open brackets', run: () => model(`erDiagram\n A${'['.repeat(N)} ||--o{ B : r`) },
    { name: 'ER alias: bracket then blanks', run: () => model(`erDiagram\n A[${' '.repeat(N)} ||--o{ B : r`) },
    { name: 'note: blanks and no colon', run: () => model(`sequenceDiagram\n note over ${' '.repeat(N)}x`) },
    { name: 'links: first halves of text links never closed', run: () => model(`flowchart TD\n a${' --'.repeat(N / 3)}`) },
    { name: 'links: first halves of dotted text links never closed', run: () => model(`flowchart TD\n a${' -.'.repeat(N / 3)}`) },
  ];
  for (const c of cases) {
    it(`${c.name} (${N} characters)`, () => {
      c.run();
      const { ms } = timed(c.run);
      expect(ms).toBeLessThan(BUDGET_MS);
    });
  }
});
