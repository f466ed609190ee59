// requirements.txt lines as pip reads them: backslash continuations joined, comments dropped, each with its first line.

export interface LogicalLine {
  /** The joined line, trimmed; never empty. */
  text: string;
  /** 1-based line where it starts. */
  line: number;
}

/**
 * Where a comment starts. `whitespace` (pip's own rule, `(^|\s+)#`): a `#` at the line start or after any
 * whitespace, and that whitespace goes with the comment. `blank`: a `#` at the line start or after a space or a
 * tab, which stay with the text (so `x \ # note` does not continue). dependency-check reads the first,
 * supply-chain-scan the second.
 */
export type CommentRule = 'whitespace' | 'blank';

/** The text before the comment of one physical line. */
function withoutComment(l: string, rule: CommentRule): string {
  if (rule === 'whitespace') {
    const hash = l.search(/(^|\s)#/);
    return hash < 0 ? l : l.slice(0, hash);
  }
  for (let i = 0; i < l.length; i++) {
    if (l[i] === '#' && (i === 0 || l[i - 1] === ' ' || l[i - 1] === '\t')) return l.slice(0, i);
  }
  return l;
}

/**
 * Joins backslash continuations and drops comments. Lines are produced as they are read, so a parser can stop
 * (at a dependency limit) without splitting the rest of the file. Linear in the input.
 */
export function* logicalLines(text: string, rule: CommentRule): Generator<LogicalLine> {
  const breaks = /\r\n|\n|\r/g;
  let buf = '';
  let start = 0;
  let lineNo = 0;
  let from = 0;
  for (;;) {
    const m = breaks.exec(text);
    const body = withoutComment(text.slice(from, m ? m.index : text.length), rule);
    lineNo++;
    if (buf === '') start = lineNo;
    if (body.endsWith('\\')) buf += `${body.slice(0, -1)} `;
    else {
      buf += body;
      if (buf.trim() !== '') yield { text: buf.trim(), line: start };
      buf = '';
    }
    if (!m) break;
    from = m.index + m[0].length;
  }
  if (buf.trim() !== '') yield { text: buf.trim(), line: start };
}
