// Signature rendering: constant words, typed placeholders, and wildcards that keep a shared frame.
import { MASK, PLACEHOLDER, isMaskCode, isMasked, renderSkeleton, residue, skeleton } from './tokens.ts';
import { truncate } from '../kit/text.ts';

/** The raw text of a record's token (see TokenTable). */
export interface RawTokens {
  raw(record: number, column: number): string;
  /** A number for the raw text (equal numbers, equal texts; different numbers, different texts), or -1. */
  rawId(record: number, column: number): number;
}

const MAX_SIGNATURE = 2000;
const COLUMN_VALUE_LIMIT = 64;
const COLUMN_SCAN_LIMIT = 1024;

/**
 * Render one cluster's signature from its sequences of the most common token length. A column whose skeleton
 * is the same unmasked word everywhere is that word (raw and skeleton coincide); other columns look at raw values.
 */
export function renderSignature(tokens: RawTokens, seqs: { skel: string[]; records: number[] }[], columns: number, recordCount: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let c = 0; c < columns; c++) {
    const skel = seqs[0]!.skel[c]!;
    let sameSkel = true;
    // From the first sequence (which agrees with itself): the loop's reads then run for every cluster, not only for
    // those with several sequences, so the first such cluster meets no read that never ran in optimised code.
    for (let i = 0; i < seqs.length; i++) {
      if (seqs[i]!.skel[c] !== skel) {
        sameSkel = false;
        break;
      }
    }
    let part: string;
    if (sameSkel && !isMasked(skel)) {
      part = skel;
    } else {
      const first = tokens.raw(seqs[0]!.records[0]!, c);
      const firstId = tokens.rawId(seqs[0]!.records[0]!, c);
      const seen = new Set<string>([first]);
      // Numbers of the raw texts in `seen` (a shortcut: a text is compared by its number when it has one).
      const seenIds = new Set<number>();
      if (firstId >= 0) seenIds.add(firstId);
      const values = [first];
      // Whether every line agrees matters only when the token could be shown as it is.
      const mayShow = sameSkel && mayShowConstant(skel);
      let sameRaw = mayShow;
      let scanned = 0;
      // Scan until the column is known to vary and enough values are collected for the wildcard's frame.
      outer: for (const seq of seqs) {
        for (const r of seq.records) {
          if (!sameRaw && (values.length >= COLUMN_VALUE_LIMIT || ++scanned > COLUMN_SCAN_LIMIT)) break outer;
          const id = tokens.rawId(r, c);
          if (id >= 0 && firstId >= 0) {
            if (id === firstId) continue;
            sameRaw = false;
            if (seenIds.has(id)) continue;
            seenIds.add(id);
          } else {
            const raw = tokens.raw(r, c);
            if (raw === first) continue;
            sameRaw = false;
            if (seen.has(raw)) continue;
            if (id >= 0) seenIds.add(id);
            seen.add(raw);
            values.push(raw);
            continue;
          }
          const raw = tokens.raw(r, c);
          if (!seen.has(raw)) {
            seen.add(raw);
            values.push(raw);
          }
        }
      }
      if (sameRaw && sameSkel && showConstant(first, skel, recordCount > 1 ? 3 : 2)) part = first;
      else if (sameSkel) part = renderMasked(skel, values);
      else part = wildcard(values, seqs, c);
    }
    parts.push(part);
    length += part.length + 1;
    if (length > MAX_SIGNATURE) break;
  }
  const sig = parts.join(' ');
  return truncate(sig, MAX_SIGNATURE);
}

/** Masks of named things that stay readable when every line of the event carries the same one. */
const SHOWABLE_NAMES = new Set<string>([MASK.path, MASK.quoted, MASK.name]);

/** The masks of a skeleton allow showing its raw value when constant (see showConstant). */
function mayShowConstant(skel: string): boolean {
  let hasNumber = false;
  for (let i = 0; i < skel.length; i++) {
    const ch = skel.charAt(i);
    if (!isMaskCode(skel.charCodeAt(i))) continue;
    if (ch === MASK.num || ch === MASK.qty) hasNumber = true;
    else if (!SHOWABLE_NAMES.has(ch)) return false;
  }
  return !hasNumber || /[A-Za-z]/.test(residue(skel));
}

/**
 * May a masked token that is identical on every line be shown as is? Names (paths, quoted values, users) yes,
 * when more than one line agrees; words with short numbers (`ssh2`, `HTTP/1.1`, `uid=0`) yes; ids, addresses,
 * hosts and bare numbers never. `maxDigits` is the longest digit run allowed (shorter for a single line).
 */
function showConstant(raw: string, skel: string, maxDigits: number): boolean {
  if (!mayShowConstant(skel)) return false;
  if (maxDigits < 3) {
    for (let i = 0; i < skel.length; i++) if (SHOWABLE_NAMES.has(skel.charAt(i))) return false;
  }
  // Long digit runs are ids or stamps even inside a constant name (`/var/log/app-20260101.log`).
  let run = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++run > maxDigits) return false;
    } else run = 0;
  }
  return true;
}

/**
 * A masked column: typed placeholders; an amount keeps its unit when every line used the same one; plain numbers
 * are shown with their separators (`<NUM>.<NUM>.<NUM>`) as the first value has them.
 */
function renderMasked(skel: string, values: string[]): string {
  if (!skel.includes(MASK.qty) && !skel.includes(MASK.date) && !skel.includes(MASK.name) && !skel.includes(MASK.quoted)) {
    const display = skeleton(values[0]!, false);
    if (skeleton(values[0]!) === skel) return renderSkeleton(display);
  }
  if (skel.includes(MASK.qty)) {
    const units = new Set(values.map(unitOf));
    if (units.size === 1) {
      const unit = units.values().next().value as string;
      return skel.split(MASK.qty).join(`<NUM> ${unit}`).replace(/[\ue001-\ue00a]/g, (m) => PLACEHOLDER[m] ?? '<*>');
    }
  }
  return renderSkeleton(skel);
}

/** The unit of an amount joined to it by a space (`1.2 KB,` -> `KB`): the last word without trailing punctuation. */
export function unitOf(amount: string): string {
  // A character scan, not /[^A-Za-zµ%]+$/: that pattern backtracks over every run of punctuation it meets.
  let end = amount.length;
  const start = amount.lastIndexOf(' ') + 1;
  while (end > start && !isUnitChar(amount.charCodeAt(end - 1))) end--;
  return amount.slice(start, end);
}

function isUnitChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 0xb5 || c === 37;
}

/**
 * The part of a shared prefix that may frame a wildcard when the prefix holds a digit: what comes before the first
 * digit, less the word it cuts into (`job-12` -> `job-`, `v1` -> ``).
 */
export function frameBeforeDigit(prefix: string): string {
  // Scans, not /\d.*$/ and /[A-Za-z0-9]+$/: both backtrack quadratically on long runs.
  let end = 0;
  while (end < prefix.length && !isDigitCode(prefix.charCodeAt(end))) end++;
  while (end > 0 && isWordChar(prefix.charCodeAt(end - 1))) end--;
  return prefix.slice(0, end);
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** A varying column: keep a shared prefix and suffix that end at punctuation (`rhost=<*>`, `/<*>`, `<*>:<NUM>`). */
function wildcard(values: string[], seqs: { skel: string[] }[], c: number): string {
  let skelSuffix = seqs[0]!.skel[c]!;
  for (const s of seqs) {
    const t = s.skel[c]!;
    let j = 0;
    while (j < skelSuffix.length && j < t.length && skelSuffix.charCodeAt(skelSuffix.length - 1 - j) === t.charCodeAt(t.length - 1 - j)) j++;
    skelSuffix = skelSuffix.slice(skelSuffix.length - j);
  }
  // A shared masked tail such as ":<port>" is kept; it must start at punctuation and hold no letters.
  while (skelSuffix.length > 0 && (isWordChar(skelSuffix.charCodeAt(0)) || isMaskCode(skelSuffix.charCodeAt(0)))) skelSuffix = skelSuffix.slice(1);
  // A tail joined by `_` or `-` is the rest of an identifier (attempt_<*>_<NUM>), not a separate value.
  const joined = skelSuffix.charCodeAt(0) === 95 || skelSuffix.charCodeAt(0) === 45;
  const maskedTail = !joined && isMasked(skelSuffix) && !/[A-Za-z]/.test(skelSuffix) ? renderSkeleton(skelSuffix) : '';
  let prefix = values[0]!;
  let suffix = values[0]!;
  for (const v of values) {
    let i = 0;
    while (i < prefix.length && i < v.length && prefix.charCodeAt(i) === v.charCodeAt(i)) i++;
    prefix = prefix.slice(0, i);
    let j = 0;
    while (j < suffix.length && j < v.length && suffix.charCodeAt(suffix.length - 1 - j) === v.charCodeAt(v.length - 1 - j)) j++;
    suffix = suffix.slice(suffix.length - j);
  }
  while (prefix.length > 0 && isWordChar(prefix.charCodeAt(prefix.length - 1))) prefix = prefix.slice(0, -1);
  while (suffix.length > 0 && isWordChar(suffix.charCodeAt(0))) suffix = suffix.slice(1);
  if (prefix.length + suffix.length >= Math.min(...values.map((v) => v.length))) suffix = '';
  // Digits never survive in a varying column's frame (a shared "1" prefix of two numbers is not a constant).
  if (/\d/.test(prefix)) prefix = frameBeforeDigit(prefix);
  if (/\d/.test(suffix)) suffix = '';
  if (maskedTail && maskedTail.length > suffix.length) suffix = maskedTail;
  return `${prefix}<*>${suffix}`;
}

