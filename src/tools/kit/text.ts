// Small text helpers several tools need: escaping a literal for a RegExp, trimming a trailing run of characters
// without a pattern, cutting text to a length with an ellipsis, and turning a character offset into a line.

/** `s` as a literal inside a RegExp source. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `s` without a trailing run of any of `chars` (a loop: a regex like /\/+$/ backtracks on long inner runs). */
export function stripTrailing(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1] as string)) end--;
  return s.slice(0, end);
}

/**
 * `s` cut to `max` UTF-16 units, an ellipsis last. With `keepPairs` a surrogate pair is never split (the cut moves
 * one unit back); without it the cut is at exactly `max - 1` units, as the callers that do not ask have always had.
 */
export function truncate(s: string, max: number, { keepPairs = false }: { keepPairs?: boolean } = {}): string {
  if (s.length <= max) return s;
  let cut = max - 1;
  if (keepPairs) {
    const code = s.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  }
  return `${s.slice(0, cut)}…`;
}

/** Offsets of the line starts of `text`, a line ending at each LF. */
export function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) out.push(i + 1);
  return out;
}

/** Offsets of the line starts of `lines` (joined by single line breaks). */
export function lineStartsOf(lines: readonly string[]): number[] {
  const starts: number[] = [];
  let acc = 0;
  for (const l of lines) {
    starts.push(acc);
    acc += l.length + 1;
  }
  return starts;
}

/** 1-based line of a 0-based character `offset`, given the sorted offsets of the line starts (a binary search). */
export function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
