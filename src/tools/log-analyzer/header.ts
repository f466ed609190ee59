// Header detection: split each line into header chunks, find where the message starts, and agree on one layout per file.
import type { Level } from './levels.ts';
import { levelLetter, levelWord, levelWordAt } from './levels.ts';
import type { TimeReference } from './timestamps.ts';
import { epochFromDigits, matchTimestamp } from './timestamps.ts';

/** Chunk classes: timestamp, level, number, bracketed field, delimiter, `component:`, other word. */
export type ChunkClass = 'TS' | 'LVL' | 'NUM' | 'BRK' | 'DASH' | 'COLON' | 'WORD';

export interface Chunk {
  start: number;
  end: number;
  cls: ChunkClass;
  /** Whitespace characters after the chunk (column padding is a field boundary). */
  spaceAfter: number;
  level: Level | null;
  epochMs: number | null;
  /** Timestamp precision (see TimestampMatch.precision); 0 for other chunks. */
  precision: number;
  /** The chunk is a timestamp in syslog/ctime form (month name first). */
  monthName: boolean;
}

/** Chunks read when a line's header is judged on its own. */
const MAX_CHUNKS = 12;
const MAX_HEADER_SCAN = 1024;
const PID_COMPONENT = /\[\d{1,10}\]:$/;

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

function closingBracket(line: string, pos: number, limit: number): number {
  const open = line.charCodeAt(pos);
  const close = open === 91 ? 93 : 41;
  let depth = 0;
  const end = Math.min(line.length, pos + limit);
  for (let i = pos; i < end; i++) {
    const c = line.charCodeAt(i);
    if (c === open) depth++;
    else if (c === close) {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function chunk(start: number, end: number, cls: ChunkClass): Chunk {
  return { start, end, cls, spaceAfter: 0, level: null, epochMs: null, precision: 0, monthName: false };
}

/**
 * Reads a line's header-candidate chunks one at a time (a timestamp spanning spaces is one chunk). `reset`
 * reuses the scanner and its chunk objects for the next line, so chunks are valid until then.
 */
export class ChunkScanner {
  readonly chunks: Chunk[] = [];
  private readonly pool: Chunk[] = [];
  private line = '';
  private pos = 0;
  private n = 0;
  private done = false;
  private tabs = false;

  constructor(private readonly ref: TimeReference) {}

  reset(line: string): this {
    this.line = line;
    // Without tabs, a word ends at the next space, which indexOf finds faster than a character loop.
    this.tabs = line.indexOf('\t') >= 0;
    this.chunks.length = 0;
    this.n = Math.min(line.length, MAX_HEADER_SCAN);
    this.pos = 0;
    this.done = false;
    while (this.pos < this.n && isSpace(line.charCodeAt(this.pos))) this.pos++;
    return this;
  }

  /** The chunk at index i, scanning as far as needed; null past the end of the header region. */
  at(i: number): Chunk | null {
    while (this.chunks.length <= i && !this.done) this.scanOne();
    return this.chunks[i] ?? null;
  }

  makeChunk(start: number, end: number, cls: ChunkClass): Chunk {
    return this.make(start, end, cls);
  }

  private make(start: number, end: number, cls: ChunkClass): Chunk {
    const k = this.chunks.length;
    let ch = this.pool[k];
    if (!ch) {
      ch = chunk(start, end, cls);
      this.pool[k] = ch;
    }
    // A new chunk is set like a reused one: the sampled lines (each with a new scanner) and the other lines (one
    // reused scanner) then run the same code, and the optimised scanner is not discarded when reuse begins.
    ch.start = start;
    ch.end = end;
    ch.cls = cls;
    ch.spaceAfter = 0;
    ch.level = null;
    ch.epochMs = null;
    ch.precision = 0;
    ch.monthName = false;
    return ch;
  }

  private scanOne(): void {
    const { line, ref } = this;
    const pos = this.pos;
    if (pos >= this.n || this.chunks.length >= MAX_CHUNKS) {
      this.done = true;
      return;
    }
    const c = line.charCodeAt(pos);
    let ch: Chunk | null = null;
    if (c === 91) {
      const close = closingBracket(line, pos, 400);
      if (close > pos) {
        const inner = line.slice(pos + 1, close).trim();
        let end = close + 1;
        if (line.charCodeAt(end) === 58 && (end + 1 >= line.length || isSpace(line.charCodeAt(end + 1)))) end++;
        const ts = inner.length > 0 ? matchTimestamp(inner, 0, ref) : null;
        if (ts && ts.end === inner.length) {
          ch = this.make(pos, end, 'TS');
          ch.epochMs = ts.epochMs;
          ch.precision = ts.precision;
          ch.monthName = !isDigitCode(inner.charCodeAt(0));
        } else {
          const lvl = levelWord(inner);
          if (lvl) {
            ch = this.make(pos, end, 'LVL');
            ch.level = lvl;
          } else ch = this.make(pos, end, 'BRK');
        }
      }
    }
    if (!ch && pos === 0) ch = glogStamp(line, ref, this);
    // Timestamps start with a digit or a capitalised month or weekday name.
    if (!ch && ((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) {
      const ts = matchTimestamp(line, pos, ref);
      if (ts) {
        let end = ts.end;
        if (line.charCodeAt(end) === 44 || (line.charCodeAt(end) === 58 && isSpace(line.charCodeAt(end + 1)))) end++;
        ch = this.make(pos, end, 'TS');
        ch.epochMs = ts.epochMs;
        ch.precision = ts.precision;
        ch.monthName = c >= 65;
      }
    }
    if (!ch) {
      let end: number;
      if (this.tabs) {
        end = pos;
        while (end < line.length && !isSpace(line.charCodeAt(end))) end++;
      } else {
        end = line.indexOf(' ', pos);
        if (end < 0) end = line.length;
      }
      // Judged in place: most chunks are message words, and slicing each one out cost more than judging it.
      // A very long token is a WORD; it is never looked up.
      const short = end - pos <= 256;
      const lvl = short ? levelWordAt(line, pos, end) : null;
      ch = this.make(pos, end, lvl ? 'LVL' : short ? classifyWord(line, pos, end) : 'WORD');
      ch.level = lvl;
      // Only a 10-digit number can be epoch seconds (NUM chunks have at most 12 digits).
      if (ch.cls === 'NUM' && end - pos === 10) {
        const epoch = epochFromDigits(line.slice(pos, end));
        if (epoch !== null) {
          ch.cls = 'TS';
          ch.epochMs = epoch;
          ch.precision = 3;
        }
      }
    }
    let after = ch.end;
    while (after < line.length && isSpace(line.charCodeAt(after))) after++;
    ch.spaceAfter = after - ch.end;
    this.chunks.push(ch);
    if (ch.end === pos) this.done = true;
    this.pos = after;
  }
}

// glog/klog: a level letter fused with a month-day, then the time (I0102 15:04:05.999999).
const GLOG = /^([IWEF])(\d{2})(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?=\s)/;

function glogStamp(line: string, ref: TimeReference, scanner: { makeChunk(start: number, end: number, cls: ChunkClass): Chunk }): Chunk | null {
  const c = line.charCodeAt(0);
  if (c !== 73 && c !== 87 && c !== 69 && c !== 70) return null;
  const m = GLOG.exec(line);
  if (!m) return null;
  const ts = matchTimestamp(`${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}${m[7] ? `.${m[7]}` : ''}`, 0, ref);
  if (!ts) return null;
  const ch = scanner.makeChunk(0, m[0].length, 'TS');
  ch.epochMs = ts.epochMs;
  ch.precision = ts.precision;
  ch.level = levelLetter(m[1]!);
  return ch;
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

function classifyWord(line: string, a: number, b: number): ChunkClass {
  const n = b - a;
  if (n <= 3 && isDelimiter(line, a, n)) return 'DASH';
  let digits = true;
  for (let i = a; i < b; i++) {
    const c = line.charCodeAt(i);
    if (c < 48 || c > 57) {
      digits = false;
      break;
    }
  }
  if (digits && n > 0 && n <= 12) return 'NUM';
  const last = line.charCodeAt(b - 1);
  // A component's colon (`kernel:`, not `a::` nor `key=v:` nor a URL), and glog's "file.go:42]", which closes the
  // header like a component's colon (a colon after the first character and no opening bracket). One scan and both
  // judgements for either ending, so that the first glog word of a log runs code the colon words already ran
  // (code that never ran would make V8 discard the optimised header scanner and compile it again).
  const colonEnd = n >= 2 && last === 58 && line.charCodeAt(b - 2) !== 58;
  const bracketEnd = n >= 4 && last === 93;
  if (colonEnd || bracketEnd) {
    const marks = wordMarks(line, a, b);
    const plainColon = (marks & EQUALS_OR_SCHEME) === 0;
    const glogClose = (marks & (OPEN_BRACKET | INNER_COLON)) === INNER_COLON;
    if (colonEnd ? plainColon : glogClose) return 'COLON';
  }
  return 'WORD';
}

/** A header delimiter (`-`, `--`, `---`, `|`, `:`, `::`, `>`, `>>`, `->`, `=>`, `~`) at a, n <= 3 characters long. */
function isDelimiter(line: string, a: number, n: number): boolean {
  const c0 = line.charCodeAt(a);
  if (n === 1) return c0 === 45 || c0 === 124 || c0 === 58 || c0 === 62 || c0 === 126;
  const c1 = line.charCodeAt(a + 1);
  if (n === 2) return (c0 === 45 && (c1 === 45 || c1 === 62)) || (c0 === 58 && c1 === 58) || (c0 === 62 && c1 === 62) || (c0 === 61 && c1 === 62);
  return n === 3 && c0 === 45 && c1 === 45 && line.charCodeAt(a + 2) === 45;
}

const EQUALS_OR_SCHEME = 1;
const OPEN_BRACKET = 2;
const INNER_COLON = 4;

/**
 * What a word holds, as flags: `=` or `://` anywhere, `[` anywhere, `:` after its first character. The colon step
 * runs for every word that ends with a colon, and the other flags are or-ed in as 0 or their bit on every
 * character, so no step waits for a rare word.
 */
function wordMarks(line: string, a: number, b: number): number {
  let marks = 0;
  for (let i = a; i < b; i++) {
    const c = line.charCodeAt(i);
    if (c === 58) {
      const scheme = i + 2 < b && line.charCodeAt(i + 1) === 47 && line.charCodeAt(i + 2) === 47;
      marks |= (scheme ? EQUALS_OR_SCHEME : 0) | (i > a ? INNER_COLON : 0);
    } else marks |= c === 61 ? EQUALS_OR_SCHEME : c === 91 ? OPEN_BRACKET : 0;
  }
  return marks;
}

/** Is this chunk a single-letter level in a logcat-like position (after a number or timestamp)? */
function letterLevel(line: string, chunks: Chunk[], i: number): Level | null {
  const c = chunks[i]!;
  if (c.end - c.start !== 1 || i === 0) return null;
  const prev = chunks[i - 1]!.cls;
  if (prev !== 'NUM' && prev !== 'TS') return null;
  return levelLetter(line.charAt(c.start));
}

/**
 * Number of leading chunks that form the header of one line, judged on that line alone. Zero when the line
 * has no timestamp or level to anchor a header. Chunks are read from the scanner only as far as the judgement
 * needs (the chunk after the current one at most): the answer is the one the first MAX_CHUNKS chunks give.
 */
export function headerLength(line: string, scanner: ChunkScanner): number {
  const chunks = scanner.chunks;
  let anchored = false;
  let postLevel = false;
  let end = 0;
  let words = 0;
  for (let i = 0; scanner.at(i) !== null; i++) {
    const c = chunks[i]!;
    const next = scanner.at(i + 1) ?? undefined;
    let cls = c.cls;
    if (cls === 'WORD' && !postLevel && letterLevel(line, chunks, i)) cls = 'LVL';
    if (!anchored) {
      if (i >= 8) break;
      // A level word after other words anchors nothing ("auth failure ..." is prose), though a timestamp may follow.
      if (cls === 'LVL' && words > 0) cls = 'WORD';
      if (cls === 'TS' || cls === 'LVL') {
        anchored = true;
        end = i + 1;
        words = 0;
        if (cls === 'LVL') postLevel = true;
      } else if (cls === 'WORD') {
        words++;
        if (words > 3) break;
      } else if (cls === 'COLON') {
        break;
      } else {
        words = 0;
      }
      continue;
    }
    if (!postLevel) {
      if (cls === 'TS' || cls === 'NUM' || cls === 'BRK') {
        end = i + 1;
        words = 0;
      } else if (cls === 'LVL') {
        end = i + 1;
        words = 0;
        postLevel = true;
      } else if (cls === 'DASH') {
        end = i + 1;
        // A delimiter after a word ends the header, unless the level is still to come (Python's default layout).
        if (words > 0 && !levelAhead(line, chunks, i)) break;
        words = 0;
      } else if (cls === 'COLON') {
        // `host proc[pid]:`; a `[pid]:` component may have a name of several words (`Google Chrome Helper[42]:`).
        if (words <= 2 || (words <= 4 && PID_COMPONENT.test(line.slice(c.start, c.end)))) end = i + 1;
        break;
      } else {
        words++;
        if (words > 3) break;
      }
      continue;
    }
    // After the level: thread/context brackets, a logger name, and a delimiter may still belong to the header.
    if (cls === 'BRK') {
      end = i + 1;
      words = 0;
    } else if (cls === 'COLON') {
      if (words <= 1) end = i + 1;
      break;
    } else if (cls === 'DASH') {
      if (words <= 1) end = i + 1;
      if (words > 0) break;
    } else if (cls === 'NUM') {
      if (next && (next.cls === 'DASH' || next.cls === 'BRK')) end = i + 1;
      else break;
    } else if (cls === 'WORD' && words === 0 && next) {
      if (c.spaceAfter >= 2 || next.cls === 'BRK') {
        end = i + 1;
      } else if (next.cls !== 'DASH' && next.cls !== 'COLON') {
        break;
      }
      words++;
    } else {
      break;
    }
  }
  return anchored ? end : 0;
}

function levelAhead(line: string, chunks: Chunk[], i: number): boolean {
  const j = i + 1;
  return j < chunks.length && (chunks[j]!.cls === 'LVL' || letterLevel(line, chunks, j) !== null);
}

const CLASS_CODE: Record<ChunkClass, number> = { TS: 1, LVL: 2, NUM: 3, BRK: 4, DASH: 5, COLON: 6, WORD: 7 };

/** The classes of a header as one number (three bits per chunk, never zero): equal exactly when headerKey is. */
export function headerCode(chunks: Chunk[], length: number): number {
  let code = 0;
  // At most MAX_CHUNKS (12) chunks: 36 bits, exact in a double.
  for (let i = length - 1; i >= 0; i--) code = code * 8 + CLASS_CODE[chunks[i]!.cls];
  return code;
}

/** The classes of a header, as a comparable key. */
export function headerKey(chunks: Chunk[], length: number): string {
  let key = '';
  for (let i = 0; i < length; i++) key += (i ? ' ' : '') + chunks[i]!.cls;
  return key;
}

/** Level named in a line's header chunks, if any. */
export function headerLevel(line: string, chunks: Chunk[], length: number): Level | null {
  for (let i = 0; i < length; i++) {
    const c = chunks[i]!;
    if (c.level) return c.level;
    if (c.cls === 'WORD') {
      const l = letterLevel(line, chunks, i);
      if (l) return l;
    }
  }
  return null;
}

/** The most precise timestamp among a line's header chunks (BGL lines carry three). */
export function headerTimestamp(chunks: Chunk[], length: number): { epochMs: number | null; hasTimestamp: boolean } {
  let best: Chunk | null = null;
  for (let i = 0; i < length; i++) {
    const c = chunks[i]!;
    if (c.cls !== 'TS') continue;
    if (!best || c.precision > best.precision || (c.precision === best.precision && best.epochMs === null && c.epochMs !== null)) best = c;
  }
  return { epochMs: best ? best.epochMs : null, hasTimestamp: best !== null };
}

/** Human-readable layout of a header, e.g. `<timestamp> <level> [<field>] <component>: <message>`. */
export function describeLayout(line: string, chunks: Chunk[], length: number): string {
  const parts: string[] = [];
  for (let i = 0; i < length; i++) {
    const c = chunks[i]!;
    switch (c.cls) {
      case 'TS':
        parts.push(line.charCodeAt(c.start) === 91 ? '[<timestamp>]' : '<timestamp>');
        break;
      case 'LVL':
        parts.push(line.charCodeAt(c.start) === 91 ? '[<level>]' : '<level>');
        break;
      case 'NUM':
        parts.push('<number>');
        break;
      case 'BRK':
        parts.push('[<field>]');
        break;
      case 'DASH':
        parts.push(line.slice(c.start, c.end));
        break;
      case 'COLON':
        parts.push('<component>:');
        break;
      default:
        parts.push(letterLevel(line, chunks, i) ? '<level>' : '<field>');
    }
  }
  parts.push('<message>');
  return parts.join(' ');
}
