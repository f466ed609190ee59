// The numbers guarantee of humanize: number tokens, chat-citation artefact tokens, and the check that no edit changes them.

/**
 * A number token: a maximal run of decimal digits (any script) with the decimal or thousands separators
 * between its digits, so "1,200.50" is one token, "2024-05-01" is three ("2024", "05", "01") and "p95" holds
 * "95". Signs, currency symbols and units are not part of the token (rules never touch them anyway).
 */
const NUMBER_TOKEN = /\p{Nd}+(?:[.,]\p{Nd}+)*/gu;

/**
 * Chat-interface citation markers, as the markup-residue rules remove them: turn0search3,
 * :contentReference[oaicite:1]{index=1}, [oaicite:3], and oai_citation:2‡source-label. Their indexes point into a chat session's source list and say nothing about the
 * text, so a digit inside one of these tokens is part of the artefact, not a number of the text. The 【】 or
 * private-use wrappers the rule also removes hold no digit, so the token is matched without them (matched
 * with them, a long run of wrappers was rescanned from each position: quadratic).
 */
export const ARTEFACT_TOKEN =
  /\bturn\d{1,3}(?:search|view|news|image|file)\d{1,3}\b|:?contentReference\[oaicite:\d{1,4}\]\{index=\d{1,4}\}|\[?oaicite:\d{1,4}\]?|oai_citation:\d{1,4}(?:‡[^\s)\]]{1,200})?/gi;

/** A character that can continue a number token (a digit or a separator between digits). */
const NUMBER_CHAR = /[\p{Nd}.,]/u;
const DIGIT = /\p{Nd}/u;

/** `text` with every artefact token replaced by one space (a space, so that removing one never joins two numbers). */
function withoutArtefacts(text: string): string {
  return text.replace(ARTEFACT_TOKEN, ' ');
}

/** Number tokens of `text` outside artefact tokens, sorted (a multiset in a comparable form). */
export function numberTokens(text: string): string[] {
  return (withoutArtefacts(text).match(NUMBER_TOKEN) ?? []).sort();
}

/** Whether two texts hold the same multiset of number tokens outside artefact tokens. */
export function sameNumbers(a: string, b: string): boolean {
  const x = numberTokens(a);
  const y = numberTokens(b);
  return x.length === y.length && x.every((t, i) => t === y[i]);
}

export function hasDigit(s: string): boolean {
  return DIGIT.test(s);
}

/** A replacement of text[start, end) by `after`. */
export interface Replacement {
  start: number;
  end: number;
  after: string;
}

/**
 * The stretch of `text` whose number tokens one edit can affect: the edit's range widened over adjacent
 * digits and separators, then over any artefact token it cuts into. Outside it, a number token can only
 * change through another edit, so two edits whose windows are disjoint can be checked one at a time.
 */
export function numberWindow(text: string, start: number, end: number, artefacts: readonly Replacement[] = []): { start: number; end: number } {
  let s = start;
  let e = end;
  for (let changed = true; changed; ) {
    changed = false;
    while (s > 0 && NUMBER_CHAR.test(text[s - 1] as string)) s--;
    while (e < text.length && NUMBER_CHAR.test(text[e] as string)) e++;
    // First artefact ending after s (binary search over the sorted, disjoint spans), then those starting before e.
    let lo = 0;
    let hi = artefacts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((artefacts[mid] as Replacement).end <= s) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < artefacts.length && (artefacts[k] as Replacement).start < e; k++) {
      const a = artefacts[k] as Replacement;
      if (a.start < s) {
        s = a.start;
        changed = true;
      }
      if (a.end > e) {
        e = a.end;
        changed = true;
      }
    }
  }
  return { start: s, end: e };
}

/** Spans of the artefact tokens of `text`, sorted. */
export function artefactSpans(text: string): Replacement[] {
  return [...text.matchAll(ARTEFACT_TOKEN)].map((m) => ({ start: m.index, end: m.index + m[0].length, after: '' }));
}

/**
 * Whether applying `edits` (sorted, disjoint, all inside window [ws, we) of `text`) keeps the number tokens
 * of that window. Returns false when the window's text before and after differ in their number multiset.
 */
export function keepsNumbers(text: string, ws: number, we: number, edits: readonly Replacement[]): boolean {
  const parts: string[] = [];
  let pos = ws;
  for (const e of edits) {
    parts.push(text.slice(pos, e.start), e.after);
    pos = e.end;
  }
  parts.push(text.slice(pos, we));
  return sameNumbers(text.slice(ws, we), parts.join(''));
}
