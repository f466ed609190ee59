// Line bookkeeping shared by the parsers: offsets to lines, and locating a declaration in the source text.
import { lineOf } from '../kit/text.ts';

export class Lines {
  readonly lines: string[];
  private readonly starts: number[];

  constructor(text: string) {
    this.lines = text.split(/\r\n|\n|\r/);
    // Offsets of line starts, from the raw text so that CRLF counts as one break.
    this.starts = [0];
    const re = /\r\n|\n|\r/g;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) this.starts.push(m.index + m[0].length);
  }

  /** 1-based line of a 0-based character offset. */
  lineOf(offset: number): number {
    return lineOf(this.starts, offset);
  }

  get count(): number {
    return this.lines.length;
  }

  /** First 1-based line at or after `from` whose text satisfies `test`, or null. */
  find(test: (line: string) => boolean, from = 1, to = this.lines.length): number | null {
    for (let i = Math.max(1, from); i <= Math.min(to, this.lines.length); i++) {
      if (test(this.lines[i - 1] as string)) return i;
    }
    return null;
  }
}

/** True for a git commit id (abbreviated or full). */
export function isCommitHash(ref: string): boolean {
  return /^[0-9a-f]{7,40}$/i.test(ref);
}


/**
 * Poetry, gem and Cargo requirements written with spaces (`>= 1.0 < 2.0`): the parts, each starting with an
 * operator character. Whitespace-split tokens are joined back to the part they continue; linear in the input.
 */
export function splitBeforeOperators(s: string): string[] {
  const parts: string[] = [];
  for (const token of s.trim().split(/\s+/)) {
    if (token === '') continue;
    if (parts.length === 0 || '<>=!~^'.includes(token[0] as string)) parts.push(token);
    else parts[parts.length - 1] += ` ${token}`;
  }
  return parts;
}
