// Mermaid flowchart statements both diagram tools read alike: classDef, style, linkStyle and class, as Mermaid's
// grammar takes them (`style A,B ...` styles one node named `A,B`; `class A, B c` and `linkStyle 0, 1 ...` are refused).

export type StyleKind = 'classDef' | 'style' | 'linkStyle';

export interface StyleStatement {
  /**
   * classDef: the class names (`a,b` split on commas); style: the one id as written (Mermaid does not split `A,B`
   * and reads `A,` as an id); linkStyle: `default` or the link numbers.
   */
  targets: string[];
  /** The words between the targets and the style list, kept verbatim (linkStyle `interpolate basis `). */
  lead: string;
  /** The style list's span in the statement text, without a final `;` or blanks. */
  propsStart: number;
  propsEnd: number;
}

export type StyleProblem = 'missing' | 'bad_links';

const isBlank = (ch: string | undefined): boolean => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';

function skipBlanks(s: string, p: number): number {
  let q = p;
  while (q < s.length && isBlank(s[q])) q++;
  return q;
}

function skipWord(s: string, p: number): number {
  let q = p;
  while (q < s.length && !isBlank(s[q])) q++;
  return q;
}

/** Link numbers as Mermaid's grammar writes them: digits, commas between them, no blanks. */
function linkNumbers(word: string): number[] | null {
  const parts = word.split(',');
  return parts.every((p) => p !== '' && [...p].every((c) => c >= '0' && c <= '9')) ? parts.map(Number) : null;
}

/**
 * A `classDef`, `style` or `linkStyle` statement (its text starting with the keyword): the target word after the
 * keyword, then blanks, then the style list (a linkStyle may put `interpolate <curve>` first). 'missing' when the
 * target or the styles are absent, 'bad_links' when a linkStyle names neither `default` nor link numbers.
 */
export function readStyleStatement(text: string, kind: StyleKind): StyleStatement | StyleProblem {
  const t0 = skipBlanks(text, kind.length);
  const t1 = skipWord(text, t0);
  const target = text.slice(t0, t1);
  const p = skipBlanks(text, t1);
  if (target === '' || p === t1) return 'missing';
  let targets: string[];
  if (kind === 'linkStyle') {
    if (target !== 'default' && linkNumbers(target) === null) return 'bad_links';
    targets = target === 'default' ? ['default'] : target.split(',');
  } else targets = kind === 'classDef' ? target.split(',').filter((x) => x !== '') : [target];
  const span = styleListSpan(text, p, kind);
  if (span.propsEnd === span.propsStart && span.lead === '') return 'missing';
  return { targets, ...span };
}

/** From `p` after the targets: a linkStyle's `interpolate <curve>`, then the style list up to a final `;` or blanks. */
export function styleListSpan(text: string, p: number, kind: StyleKind): Pick<StyleStatement, 'lead' | 'propsStart' | 'propsEnd'> {
  let lead = '';
  let start = p;
  if (kind === 'linkStyle' && text.startsWith('interpolate', p)) {
    const m = /^interpolate\s+\S+\s*/.exec(text.slice(p));
    if (m) {
      lead = m[0];
      start += m[0].length;
    }
  }
  let propsEnd = text.length;
  while (propsEnd > start && (text[propsEnd - 1] === ';' || isBlank(text[propsEnd - 1]))) propsEnd--;
  return { lead, propsStart: start, propsEnd };
}

/** The link numbers of a linkStyle's targets, or 'default'. */
export function linkStyleTargets(st: StyleStatement): 'default' | number[] {
  return st.targets[0] === 'default' ? 'default' : st.targets.map(Number);
}

/**
 * `class a,b name` (the text starting with `class`): the ids (split on commas) and the class name, or null unless
 * exactly two words follow the keyword (Mermaid refuses `class a, b name` and `class a b name`).
 */
export function readClassStatement(text: string): { ids: string[]; className: string } | null {
  let end = text.length;
  while (end > 5 && (text[end - 1] === ';' || isBlank(text[end - 1]))) end--;
  const s = text.slice(0, end);
  const i0 = skipBlanks(s, 5);
  const i1 = skipWord(s, i0);
  const c0 = skipBlanks(s, i1);
  const c1 = skipWord(s, c0);
  if (i0 === 5 || i1 === i0 || c0 === i1 || c1 === c0 || c1 !== s.length) return null;
  const ids = s
    .slice(i0, i1)
    .split(',')
    .filter((x) => x !== '');
  return ids.length > 0 ? { ids, className: s.slice(c0, c1) } : null;
}
