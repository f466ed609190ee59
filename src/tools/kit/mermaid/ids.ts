// Mermaid flowchart node ids: where one ends.

const ID_CHAR = /[\p{L}\p{N}_$]/u;

/** A hyphen belongs to an id unless it starts a link (`--`, `->`, `-.`, `-=`); a dot unless `.-` ends a dotted link. */
function isIdChar(s: string, i: number): boolean {
  const ch = s[i] ?? '';
  if (ID_CHAR.test(ch)) return true;
  const next = s[i + 1] ?? '';
  if (ch === '-') return next !== '-' && next !== '>' && next !== '.' && next !== '=' && next !== '' && ID_CHAR.test(next);
  if (ch === '.') return next !== '-' && ID_CHAR.test(next);
  return false;
}

/**
 * Where the node id starting at `p` ends (`p` when none starts there). Letters, digits, `_` and `$` (Mermaid takes
 * `A$b` and `$`), and a `-` or `.` between them (`a-b`, `a.b`, `.a`); Mermaid's own id grammar takes more
 * punctuation still (`a..b`, `a!`), which neither diagram tool reads as one id.
 */
export function readId(s: string, p: number): number {
  let q = p;
  while (q < s.length && isIdChar(s, q)) q++;
  return q;
}

/**
 * Edge ids before a link (`A e1@--> B`), read as Mermaid's lexer reads them: the characters up to a blank or a
 * quote, through the last `@` among them that a character other than `{` or `"` follows (`e1@{` gives properties;
 * `a-b@`, `e.1@` and `e1@ -->` are ids). Callers read a link first: a link is never an id. One scan a run of
 * characters, however many positions in it are asked about.
 */
export class EdgeIdReader {
  private runStart = -1;
  private runEnd = -1;
  private lastAt = -1;

  constructor(private readonly s: string) {}

  /** Where the id starting at `p` ends, past its `@`; `p` when none starts there. */
  read(p: number): number {
    const s = this.s;
    if (p < this.runStart || p >= this.runEnd) {
      this.runStart = p;
      this.lastAt = -1;
      let q = p;
      for (; q < s.length; q++) {
        const ch = s[q];
        if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '"') break;
        if (ch === '@' && q + 1 < s.length && s[q + 1] !== '{' && s[q + 1] !== '"') this.lastAt = q;
      }
      this.runEnd = q;
    }
    return this.lastAt > p ? this.lastAt + 1 : p;
  }
}

/**
 * The `:::name` class shorthands after a node at `p`, each name read as a node id (Mermaid takes `c-d`, `c.d`,
 * `c$d`, and `c-` before a blank); `empty` when a `:::` has no name after it.
 */
export function readClassSuffixes(s: string, p: number): { classes: string[]; end: number; empty: boolean } {
  const classes: string[] = [];
  let q = p;
  while (s.startsWith(':::', q)) {
    let end = readId(s, q + 3);
    if (end === q + 3) return { classes, end: q + 3, empty: true };
    // A final hyphen belongs to the name unless a link starts with it (`c- -->` is the class c-, `c-->` a link).
    if (s[end] === '-' && (end + 1 === s.length || ' \t\n;'.includes(s[end + 1] ?? ''))) end++;
    classes.push(s.slice(q + 3, end));
    q = end;
  }
  return { classes, end: q, empty: false };
}
