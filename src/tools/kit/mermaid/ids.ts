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
