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
