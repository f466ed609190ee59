// humanize numbers guarantee: the token definition, artefact indexes, the window check, generated texts and the bench texts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonl } from '../kit/text-tells/evaluation.ts';
import { humanize } from './engine.ts';
import { ARTEFACT_TOKEN, keepsNumbers, numberTokens, numberWindow, sameNumbers } from './numbers.ts';

/** The definition, written out again so the test does not lean on the module it checks. */
function tokensByDefinition(text: string): string[] {
  return (text.replace(ARTEFACT_TOKEN, ' ').match(/\p{Nd}+(?:[.,]\p{Nd}+)*/gu) ?? []).sort();
}

describe('number tokens', () => {
  it('are maximal digit runs with the separators between their digits', () => {
    expect(numberTokens('1,200.50 and 2024-05-01, p95 v2.0.1 at 10:30 (3.5%). ١٢ apples')).toEqual(['01', '05', '1,200.50', '10', '2.0.1', '2024', '30', '3.5', '95', '١٢'].sort());
    expect(numberTokens('Ends with 7. Then 8, 9.')).toEqual(['7', '8', '9']);
  });

  it('leave out the indexes of chat citation artefacts, and only those', () => {
    expect(numberTokens('Rose 5% [oaicite:2] and 3 :contentReference[oaicite:0]{index=0} turn0search3 【turn1news4】 oai_citation:1‡site9.org')).toEqual(['3', '5']);
    // A look-alike that is not an artefact token keeps its digits.
    expect(numberTokens('turn0 search 3, oaicite 4, index=5')).toEqual(['0', '3', '4', '5']);
  });

  it('compare as multisets', () => {
    expect(sameNumbers('7 and 7', '7 7')).toBe(true);
    expect(sameNumbers('7 and 7', '7')).toBe(false);
    expect(sameNumbers('12 34', '1234')).toBe(false);
    expect(sameNumbers('1.5', '1 5')).toBe(false);
  });

  it('window check: an edit next to a number is judged with the whole digit run around it', () => {
    const text = 'It was 12[oaicite:1]34 units.';
    const w = numberWindow(text, 9, 22);
    expect(text.slice(w.start, w.end)).toBe('12[oaicite:1]34');
    expect(keepsNumbers(text, w.start, w.end, [{ start: 9, end: 20, after: '' }])).toBe(false);
    expect(keepsNumbers(text, w.start, w.end, [{ start: 9, end: 20, after: ' ' }])).toBe(true);
  });
});

describe('humanize keeps every number token', () => {
  it.each([
    ['Prices rose 5% [oaicite:2] in May.', 'Prices rose 5% in May.'],
    ['Sales grew 12 turn0search3 percent.', 'Sales grew 12 percent.'],
    ['Revenue hit $1,200 :contentReference[oaicite:1]{index=1}.', 'Revenue hit $1,200.'],
    // Removing the marker would join 12 and 34 into 1234: the marker stays.
    ['It was 12[oaicite:1]34 units.', 'It was 12[oaicite:1]34 units.'],
    ['Here is a 20 sentence story based on the prompt:\n\nThe rain fell.', 'A story in 20 sentences:\n\nThe rain fell.'],
    ['Here is an 8 sentence news article based on the summary:protesters gathered at 9.', 'A news article in 8 sentences. Protesters gathered at 9.'],
  ])('%j', (input, expected) => {
    const out = humanize(input);
    expect(out.text).toBe(expected);
    expect(tokensByDefinition(out.text)).toEqual(tokensByDefinition(input));
  });

  const numbers = fc.oneof(
    fc.nat(99_999).map(String),
    fc.tuple(fc.nat(999), fc.nat(99)).map(([a, b]) => `${a}.${b}`),
    fc.nat(9_999_999).map((n) => n.toLocaleString('en-US')),
    fc.constantFrom('2024-05-01', '10:30', '3.5%', '$1,200', 'p95', 'v2.0.1', '1st', '١٢', '0.5', '1,2,3'),
  );
  const preamble = fc
    .tuple(
      fc.constantFrom('Here is a', "Here's a", 'Here are the', "Sure, here's a", 'Below is a', 'Here is an'),
      numbers,
      fc.constantFrom(' sentence story based on the prompt', '-word summary for the given title', ' paragraph essay about "Q3 2024"', ' main points', ' step plan'),
      fc.constantFrom(':', '.'),
    )
    .map(([a, n, b, t]) => `\n${a} ${n}${b}${t}`);
  const tells = fc.constantFrom(
    'Moreover, ',
    'we delve into it',
    ' — ',
    ', highlighting the gap',
    'It is not only fast but also cheap',
    'In conclusion, ',
    'Certainly! ',
    'plays a crucial role',
    'I hope this helps!',
    'He sat at the old desk by the window, staring at the screen',
    'The old lights flickered on, revealing the seats',
    'the fee, which could rise',
    'Let me know if you need more.',
    '\n- **Label:** item\n',
    "It's worth noting that ",
    'As of my last update, ',
    '; ',
    ', and they ',
  );
  const protectedBits = fc.constantFrom(
    '"a vibrant 3 quote"',
    '“we delve 7 — always”',
    '"unbalanced 5',
    'said 9" he',
    '`x = 42`',
    '\n```\nconst pivotal = 1; // Moreover, 2\n```\n',
    'https://example.com/a/12?utm=3',
    'www.site9.org/delve-4',
  );
  const artefacts = fc.constantFrom('turn0search3', ' [oaicite:2]', ':contentReference[oaicite:0]{index=0}', '【turn1news4】', 'oai_citation:1‡example.com');
  const piece = fc.oneof({ arbitrary: tells, weight: 4 }, { arbitrary: numbers, weight: 3 }, { arbitrary: preamble, weight: 1 }, { arbitrary: protectedBits, weight: 2 }, { arbitrary: artefacts, weight: 1 });
  const separator = fc.constantFrom('', ' ', ' ', '\n', '\n\n', ', ', '. ', '.');
  const texts = fc.array(fc.tuple(piece, separator), { maxLength: 30 }).map((parts) => parts.map(([p, s]) => p + s).join(''));

  it('on generated texts mixing tells, numbers, preambles, quotes, code, URLs and artefacts (and is idempotent)', () => {
    fc.assert(
      fc.property(texts, (input) => {
        const once = humanize(input);
        expect(tokensByDefinition(once.text)).toEqual(tokensByDefinition(input));
        expect(humanize(once.text).text).toBe(once.text);
      }),
      { numRuns: 400 },
    );
  });

  it('on long uniform texts, where the cadence rules split sentences', () => {
    const sentence = fc
      .tuple(fc.constantFrom('He sat at the old desk', 'The team met in the hall', 'She walked to the station', 'The price rose'), numbers, fc.constantFrom(', staring at the screen for hours', ', and they planned the release', ', which could change the plan', '; the data came in late'))
      .map(([a, n, b]) => `${a} at ${n}${b}. `);
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 8, maxLength: 14 }), (parts) => {
        const input = parts.join('');
        const once = humanize(input);
        expect(tokensByDefinition(once.text)).toEqual(tokensByDefinition(input));
        expect(humanize(once.text).text).toBe(once.text);
      }),
      { numRuns: 150 },
    );
  });

  const bench = path.resolve(process.cwd(), '../shared/bench/aitext/dev.jsonl');
  it.skipIf(!existsSync(bench))('on every AI text of the bench', () => {
    const ai = parseJsonl(readFileSync(bench, 'utf8')).filter((r) => r.label === 'ai');
    expect(ai.length).toBeGreaterThan(0);
    for (const r of ai) expect({ id: r.id, numbers: tokensByDefinition(humanize(r.text).text) }).toEqual({ id: r.id, numbers: tokensByDefinition(r.text) });
  });
});
