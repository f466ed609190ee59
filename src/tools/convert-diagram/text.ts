// Label text helpers shared by the parsers: HTML-ish markup to plain text, line numbers.
import { decodeEntities } from '../kit/mermaid/entities.ts';

/**
 * HTML-ish markup to plain text: `<br>` becomes a line break, other tags are removed, entities decoded.
 * Returns whether any tag other than `<br>` was dropped, so callers can report it.
 */
export function flattenHtml(s: string): { text: string; dropped: boolean } {
  let dropped = false;
  const text = s
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?[a-z][a-z0-9-]*(?:\s[^<>]{0,500})?\/?>/gi, () => {
      dropped = true;
      return '';
    });
  return { text: decodeEntities(text), dropped };
}

/** Does the text carry markup that `flattenHtml` would change (other than `<br>`)? */
export function hasHtmlTags(s: string): boolean {
  return /<\/?[a-z][a-z0-9-]*(?:\s[^<>]{0,500})?\/?>/i.test(s.replace(/<br\s*\/?>/gi, ''));
}

/** Mermaid markdown strings (`"`text`"`): drop the emphasis markers, keep the words. */
export function stripMarkdown(s: string): string {
  // Bounded character classes keep this linear on hostile runs of asterisks.
  return s
    .replace(/\*\*([^*\n]{1,500})\*\*/g, '$1')
    .replace(/__([^_\n]{1,500})__/g, '$1')
    .replace(/\*([^*\n]{1,500})\*/g, '$1')
    .replace(/(^|\s)_([^_\n]{1,500})_(?=\s|$)/g, '$1$2');
}


/** CRLF and lone CR to LF, BOM dropped, so every parser counts lines the same way. */
export function normaliseNewlines(s: string): string {
  return s.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
}

const isSpace = (c: string | undefined): boolean => c !== undefined && c.trim() === '' && c !== '';

/** `s` without leading and trailing characters of `chars` (a character loop: `^[_-]+|[_-]+$` was quadratic). */
export function trimChars(s: string, chars: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && chars.includes(s[a] as string)) a++;
  while (b > a && chars.includes(s[b - 1] as string)) b--;
  return s.slice(a, b);
}

/** "head rest": the first run of non-space characters and the non-empty rest after the space that follows it. */
export function splitFirstWord(s: string): [string, string] | null {
  let i = 0;
  while (i < s.length && !isSpace(s[i])) i++;
  if (i === 0 || i === s.length) return null;
  let j = i;
  while (j < s.length && isSpace(s[j])) j++;
  return j < s.length ? [s.slice(0, i), s.slice(j)] : null;
}

/** "rest last": the non-empty text before the last run of spaces, and the word after it. */
export function splitLastWord(s: string): [string, string] | null {
  let j = s.length;
  while (j > 0 && !isSpace(s[j - 1])) j--;
  if (j === s.length || j === 0) return null;
  let i = j;
  while (i > 0 && isSpace(s[i - 1])) i--;
  return i > 0 ? [s.slice(0, i), s.slice(j)] : null;
}
