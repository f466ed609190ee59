// Line bookkeeping shared by the parsers: offsets to lines, and locating a declaration in the source text.

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
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
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

/** Escape a literal for use inside a RegExp. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** True for a git commit id (abbreviated or full). */
export function isCommitHash(ref: string): boolean {
  return /^[0-9a-f]{7,40}$/i.test(ref);
}

/** Lower-case, runs of -_. collapsed to one hyphen: PEP 503 name normalisation. */
export function normalizePypi(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}
