// requirements.txt logical lines: continuations, comments under both rules, line numbers; against a plain reference.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logicalLines } from './lines.ts';
import type { CommentRule } from './lines.ts';

/** The same reading written plainly: split, cut the comment, join continuations. */
function reference(text: string, rule: CommentRule): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let buf = '';
  let start = 0;
  text.split(/\r\n|\n|\r/).forEach((raw, i) => {
    const m = (rule === 'whitespace' ? /(^|\s)#/ : /(^|[ \t])#/).exec(raw);
    const body = m === null ? raw : raw.slice(0, rule === 'whitespace' ? m.index : m.index + (m[1] as string).length);
    if (buf === '') start = i + 1;
    if (body.endsWith('\\')) buf += `${body.slice(0, -1)} `;
    else {
      buf += body;
      if (buf.trim() !== '') out.push({ text: buf.trim(), line: start });
      buf = '';
    }
  });
  if (buf.trim() !== '') out.push({ text: buf.trim(), line: start });
  return out;
}

describe('kit/python-requirements logical lines', () => {
  it('joins continuations and drops comments, keeping the first line of each', () => {
    const text = '# head\nrequests==2.31 \\\n  --hash=sha256:ab  # pinned\n\nflask>=3\r\nx \\ # note\ny';
    expect([...logicalLines(text, 'whitespace')]).toEqual([
      { text: 'requests==2.31    --hash=sha256:ab', line: 2 },
      { text: 'flask>=3', line: 5 },
      { text: 'x  y', line: 6 },
    ]);
    // Under the blank rule the space before the comment stays, so `x \ # note` does not continue.
    expect([...logicalLines(text, 'blank')].slice(2)).toEqual([
      { text: 'x \\', line: 6 },
      { text: 'y', line: 7 },
    ]);
  });

  it('reads as the plain reference does, under both rules', () => {
    const piece = fc.constantFrom('a', '==1', ' ', '\t', '\u000b', '#', '\\', '\n', '\r\n', '\r', '-e .', '--hash=x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.constantFrom<CommentRule>('whitespace', 'blank'), (parts, rule) => {
        const text = parts.join('');
        expect([...logicalLines(text, rule)]).toEqual(reference(text, rule));
      }),
      { numRuns: 1000 },
    );
  });
});
