// Mermaid flowchart links: `-->`, `---`, `==>`, `-.->`, `~~~`, `<-->`, `x--x`, `-- text -->`, and `|label|` after one.

type LinkLine = 'solid' | 'bold' | 'dotted' | 'invisible';
type LinkEnd = 'none' | 'normal' | 'cross' | 'dot';

export interface Link {
  /** Offset just past the link (past its text for `-- text -->`, not past a `|label|`). */
  end: number;
  line: LinkLine;
  head: LinkEnd;
  tail: LinkEnd;
  /** Mermaid's link length: the extra dashes, equals or dots (`--->` is 2). */
  length: number;
  /** The text between the two halves of `-- text -->`, trimmed, without its enclosing double quotes. */
  text?: string;
}

const HEAD_OF: Record<string, LinkEnd> = { '>': 'normal', x: 'cross', o: 'dot' };

/** Mermaid's rule: a start marker only counts when it matches the end marker (`<-->`, `x--x`, `o--o`). */
function tailFor(prefix: string, end: string): LinkEnd {
  if (prefix === '<' && end === '>') return 'normal';
  if (prefix === 'x' && end === 'x') return 'cross';
  if (prefix === 'o' && end === 'o') return 'dot';
  return 'none';
}

/** Where the text of a link ends: the closing run (`-->`, `.->`, `==>`) at `index`, its dashes/dots/equals and its head. */
interface EndHit {
  index: number;
  whole: string;
  run: string;
  end: string;
}

/**
 * The end of a dotted link's text (`-. text .->`): the first run of dots followed by `-` (and an optional head).
 * Each dot run is read once (the regex /(\.+)-([xo>]?)/g rescanned a long run of dots from each of its dots).
 */
function dottedEnd(src: string, from: number): EndHit | null {
  for (let i = src.indexOf('.', from); i >= 0; i = src.indexOf('.', i)) {
    let j = i;
    while (j < src.length && src[j] === '.') j++;
    if (src[j] === '-') {
      const head = /[xo>]/.test(src[j + 1] ?? '') ? (src[j + 1] as string) : '';
      return { index: i, whole: src.slice(i, j + 1 + head.length), run: src.slice(i, j), end: head };
    }
    i = j;
  }
  return null;
}

/** The first closing run (`-->`, `==>`, `.->`) at or after `from`, for a link opened with `kind`. */
function closingRun(src: string, kind: string, from: number): EndHit | null {
  if (kind === '-.') return dottedEnd(src, from);
  const endRe = kind === '--' ? /(-{2,})([-xo>])/g : /(={2,})([=xo>])/g;
  endRe.lastIndex = from;
  const e = endRe.exec(src);
  return e ? { index: e.index, whole: e[0], run: e[1] ?? '', end: e[2] ?? '' } : null;
}

/**
 * Mermaid flowchart links of one text, read where they start. The search for the second half of `-- text -->`
 * is remembered per kind: the first closing run after `from` is the first one after any later start up to it, so
 * `a -- -- -- ...` costs one scan of the text, not one per `--`.
 */
export class LinkReader {
  private readonly runs = new Map<string, { from: number; hit: EndHit | null }>();

  constructor(private readonly src: string) {}

  private closing(kind: string, from: number): EndHit | null {
    const known = this.runs.get(kind);
    if (known && known.from <= from && (known.hit === null || from <= known.hit.index)) return known.hit;
    const hit = closingRun(this.src, kind, from);
    this.runs.set(kind, { from, hit });
    return hit;
  }

  /**
   * The link starting at `p`, or null when none does; `ends_differ` for `<-- text --x`, whose two ends Mermaid
   * refuses. A link with text ends before `limit` (the end of its line).
   */
  read(p: number, limit: number): Link | 'ends_differ' | null {
    const src = this.src;
    // Every link opens with a line character, or with one end marker before one.
    const first = src[p] ?? '';
    const line = 'xo<'.includes(first) ? (src[p + 1] ?? '') : first;
    if (line === '' || !'-=.~'.includes(line)) return null;
    const at = (re: RegExp): RegExpExecArray | null => {
      re.lastIndex = p;
      return re.exec(src);
    };
    let m = at(/([xo<]?)(-{2,})([-xo>])/y);
    if (m) {
      const end = m[3] ?? '-';
      return { end: p + m[0].length, line: 'solid', head: HEAD_OF[end] ?? 'none', tail: tailFor(m[1] ?? '', end), length: Math.max(1, (m[2] ?? '').length - 1) };
    }
    m = at(/([xo<]?)(={2,})([=xo>])/y);
    if (m) {
      const end = m[3] ?? '=';
      return { end: p + m[0].length, line: 'bold', head: HEAD_OF[end] ?? 'none', tail: tailFor(m[1] ?? '', end), length: Math.max(1, (m[2] ?? '').length - 1) };
    }
    m = at(/([xo<]?)-?(?<!\.)(?=(\.+))\2-([xo>]?)/y);
    if (m) {
      const end = m[3] ?? '';
      return { end: p + m[0].length, line: 'dotted', head: HEAD_OF[end] ?? 'none', tail: tailFor(m[1] ?? '', end), length: Math.max(1, (m[2] ?? '').length) };
    }
    m = at(/~{3,}/y);
    if (m) return { end: p + m[0].length, line: 'invisible', head: 'none', tail: 'none', length: Math.max(1, m[0].length - 2) };
    return this.textLink(p, limit);
  }

  /** A link whose two halves hold its text: `-- text -->`, `== text ==>`, `-. text .->` (ending before `limit`). */
  private textLink(p: number, limit: number): Link | 'ends_differ' | null {
    const m = /([xo<]?)(--|==|-\.)/y;
    m.lastIndex = p;
    const hit = m.exec(this.src);
    if (!hit) return null;
    const kind = hit[2] ?? '';
    const prefix = hit[1] ?? '';
    const textStart = p + hit[0].length;
    const endHit = this.closing(kind, textStart);
    if (!endHit || endHit.index === textStart || endHit.index + endHit.whole.length > limit) return null;
    const text = this.src.slice(textStart, endHit.index).trim();
    const head = HEAD_OF[endHit.end] ?? 'none';
    const startType = HEAD_OF[prefix === '<' ? '>' : prefix] ?? 'none';
    if (startType !== 'none' && startType !== head) return 'ends_differ';
    const line: LinkLine = kind === '--' ? 'solid' : kind === '==' ? 'bold' : 'dotted';
    const length = kind === '-.' ? Math.max(1, endHit.run.length) : Math.max(1, endHit.run.length - 1);
    const link: Link = { end: endHit.index + endHit.whole.length, line, head, tail: startType === 'none' ? 'none' : head, length };
    const unquoted = text.startsWith('"') && text.endsWith('"') && text.length >= 2 ? text.slice(1, -1) : text;
    if (unquoted !== '') link.text = unquoted;
    return link;
  }
}

/**
 * The `|label|` starting at `p` (after a link and blanks), up to `limit`: its text trimmed, without enclosing double
 * quotes, and the offset past the closing bar; `unclosed` when no bar closes it; null when no `|` is at `p`. A
 * quoted label may hold a `|`: the closing bar is looked for after the closing quote.
 */
export function readPipeLabel(src: string, p: number, limit: number): { text: string; end: number } | 'unclosed' | null {
  if (src[p] !== '|') return null;
  let from = p + 1;
  while (from < limit && (src[from] === ' ' || src[from] === '\t')) from++;
  if (src[from] === '"') {
    const q = src.indexOf('"', from + 1);
    if (q >= 0 && q < limit) from = q + 1;
  }
  const close = src.indexOf('|', from);
  if (close < 0 || close > limit) return 'unclosed';
  const text = src.slice(p + 1, close).trim();
  return { text: text.startsWith('"') && text.endsWith('"') && text.length >= 2 ? text.slice(1, -1) : text, end: close + 1 };
}
