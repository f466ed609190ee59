// Records: lines split, headers read with the layouts the file agrees on, continuation lines folded, the format named.
import type { Chunk, ChunkClass } from './header.ts';
import { ChunkScanner, describeLayout, headerCode, headerKey, headerLength, headerLevel, headerTimestamp } from './header.ts';
import type { Level } from './levels.ts';
import type { StructuredLine } from './structured.ts';
import { parseAccessLine, parseJsonLine, parseLogfmtLine } from './structured.ts';
import type { TimeReference } from './timestamps.ts';

import type { Output } from './tool.ts';

type FormatOut = Output['format'];
type FormatName = FormatOut['name'];

/** One log event: a header line plus any continuation lines below it. */
export interface LogRecord {
  line: number;
  message: string;
  literalTail: string | null;
  level: Level | null;
  epochMs: number | null;
}

const STACK_LINE = /^(?:\s+at\s|\s*Caused by:|\s*Suppressed:|\s*\.\.\. \d+ (?:more|common frames omitted)|Traceback \(most recent call last\)|\s+File ")/;
const EXCEPTION_LINE = /^(?:[\w$]{1,80}\.){0,12}[\w$]{0,80}(?:Exception|Error|Throwable)(?::|$)/;

/** Line kinds, one byte per line (a 5 MB upload of newlines is five million lines). */
const BLANK = 0;
const STRUCTURED = 1;
const PLAIN = 2;

/** Split into lines (LF or CRLF); a final newline does not start an extra line. */
function splitLines(text: string): string[] {
  if (text.length === 0) return [];
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.endsWith('\r')) lines[i] = l.slice(0, -1);
  }
  return lines;
}

export interface Parsed {
  lines: string[];
  records: LogRecord[];
  /** For each line, the record it starts, -1 for blank lines, -2 for continuation lines. */
  lineRecord: Int32Array;
  format: FormatOut;
}

/** Lines whose headers are read in full to learn the layouts; beyond this a deterministic stride sample. */
const LAYOUT_SAMPLE = 3000;
/** Eligible layouts tried per line, most frequent first. */
const MAX_LAYOUTS = 32;

/** Each line's kind (blank, structured, plain), the structured lines read, and the plain lines' indexes. */
interface LineKinds {
  kinds: Uint8Array;
  structuredByLine: Map<number, StructuredLine>;
  structuredCount: { json: number; logfmt: number; access: number };
  plainIndexes: number[];
  blankLines: number;
}

function classifyLines(lines: readonly string[], ref: TimeReference): LineKinds {
  const kinds = new Uint8Array(lines.length);
  const structuredByLine = new Map<number, StructuredLine>();
  const structuredCount = { json: 0, logfmt: 0, access: 0 };
  const plainIndexes: number[] = [];
  let blankLines = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isBlank(line)) {
      kinds[i] = BLANK;
      blankLines++;
      continue;
    }
    const structured = parseStructured(line, ref);
    if (structured) {
      structuredCount[structured.kind]++;
      kinds[i] = STRUCTURED;
      structuredByLine.set(i, structured);
      continue;
    }
    kinds[i] = PLAIN;
    plainIndexes.push(i);
  }
  return { kinds, structuredByLine, structuredCount, plainIndexes, blankLines };
}

/** A sampled plain line's header, read in full: its scanner (kept, so its chunks are not read twice) and length. */
interface SampledHeader {
  scanner: ChunkScanner;
  own: number;
}

/**
 * Learns the header layouts from (a sample of) the plain lines, reading each header in full. A sampled line keeps
 * its scanner, so the pass over every line goes on reading its chunks instead of reading them again.
 */
function sampleHeaders(lines: readonly string[], plainIndexes: readonly number[], ref: TimeReference): { sampledHeaders: SampledHeader[]; sampledLines: number[]; layoutCount: Map<string, number> } {
  const plainLines = plainIndexes.length;
  const codeCount = new Map<number, { key: string; count: number }>();
  const sampledHeaders: SampledHeader[] = [];
  const sampledLines: number[] = [];
  const stride = plainLines <= LAYOUT_SAMPLE ? 1 : plainLines / LAYOUT_SAMPLE;
  for (let k = 0; k < LAYOUT_SAMPLE && Math.floor(k * stride) < plainLines; k++) {
    const i = plainIndexes[Math.floor(k * stride)]!;
    const sampleScanner = new ChunkScanner(ref).reset(lines[i]!);
    const own = headerLength(lines[i]!, sampleScanner);
    sampledHeaders.push({ scanner: sampleScanner, own });
    sampledLines.push(i);
    if (own > 0) {
      // Counted by a numeric code (no key string per line); the key is spelt once per distinct layout.
      const code = headerCode(sampleScanner.chunks, own);
      const counted = codeCount.get(code);
      if (counted) counted.count++;
      else codeCount.set(code, { key: headerKey(sampleScanner.chunks, own), count: 1 });
    }
  }
  const layoutCount = new Map<string, number>();
  for (const { key, count } of codeCount.values()) layoutCount.set(key, count);
  return { sampledHeaders, sampledLines, layoutCount };
}

/** Read every line: blank, structured (JSON, logfmt, access log) or a header plus a message. */
export function parseLines(text: string, ref: TimeReference): Parsed {
  const lines = splitLines(text);
  const { kinds, structuredByLine, structuredCount, plainIndexes, blankLines } = classifyLines(lines, ref);
  const plainLines = plainIndexes.length;

  const pipe = pipeLayout(lines, kinds);

  const { sampledHeaders, sampledLines, layoutCount } = sampleHeaders(lines, plainIndexes, ref);
  const layouts = eligibleLayouts(layoutCount, sampledHeaders.length);
  const tree = layoutTree(layouts);
  const dominant = layouts.length > 0 ? layouts[0]! : null;
  const dominantTimestamped = dominant !== null && dominant.classes.includes('TS');
  let timestampedLines = 0;
  let layoutExample: { line: string; chunks: Chunk[]; length: number } | null = null;

  const records: LogRecord[] = [];
  const lineRecord = new Int32Array(lines.length).fill(-1);
  const scanner = new ChunkScanner(ref);
  let sampledAt = 0;
  let nextSampled = sampledLines.length > 0 ? sampledLines[0]! : -1;
  let previousWasRecordOrContinuation = false;
  for (let i = 0; i < lines.length; i++) {
    const kind = kinds[i]!;
    const line = lines[i]!;
    if (kind === BLANK) {
      previousWasRecordOrContinuation = false;
      continue;
    }
    if (kind === STRUCTURED) {
      const s = structuredByLine.get(i)!;
      if (s.epochMs !== null) timestampedLines++;
      lineRecord[i] = records.length;
      records.push({ line: i, message: s.message, literalTail: s.literalTail, level: s.level, epochMs: s.epochMs });
      previousWasRecordOrContinuation = true;
      continue;
    }
    // Sampled lines come in line order (all plain), so the next one is known without a lookup.
    let sampled: SampledHeader | undefined;
    if (i === nextSampled) {
      sampled = sampledHeaders[sampledAt++]!;
      nextSampled = sampledAt < sampledLines.length ? sampledLines[sampledAt]! : -1;
    }
    if (pipe) {
      const p = pipe.parse(line, ref);
      if (p) {
        if (p.epochMs !== null || p.hasTimestamp) timestampedLines++;
        lineRecord[i] = records.length;
        records.push({ line: i, message: p.message, literalTail: null, level: p.level, epochMs: p.epochMs });
        previousWasRecordOrContinuation = true;
        continue;
      }
    }
    // Only as many chunks as the layouts need; the line's own reading only when no layout fits.
    const lineScanner = sampled ? sampled.scanner : scanner.reset(line);
    let length = fitLayout(lineScanner, tree);
    const chunks = lineScanner.chunks;
    if (length < 0) length = sampled ? sampled.own : headerLength(line, lineScanner);
    if (length === 0 && records.length > 0 && previousWasRecordOrContinuation && dominantTimestamped && isContinuation(line)) {
      lineRecord[i] = -2;
      continue;
    }
    const ts = headerTimestamp(chunks, length);
    if (ts.hasTimestamp) timestampedLines++;
    if (!layoutExample && dominant && length === dominant.classes.length && headerKey(chunks, length) === dominant.key) layoutExample = { line, chunks: chunks.slice(0, length).map((c) => ({ ...c })), length };
    const start = length > 0 ? chunks[length - 1]!.end : 0;
    lineRecord[i] = records.length;
    records.push({ line: i, message: line.slice(start).trim(), literalTail: null, level: headerLevel(line, chunks, length), epochMs: ts.epochMs });
    previousWasRecordOrContinuation = true;
  }

  const nonBlank = lines.length - blankLines;
  const format = describeFormat(nonBlank, plainLines, structuredCount, pipe ? pipe.layout : null, layoutExample, timestampedLines);
  return { lines, records, lineRecord, format };
}

interface Layout {
  key: string;
  classes: string[];
  count: number;
}

/**
 * Header layouts common enough to trust, most frequent first. A layout that merely extends a more frequent one
 * (`... INFO` + `ciod:`) is content that looks like a header field, so it is not eligible.
 */
function eligibleLayouts(layoutCount: Map<string, number>, plainLines: number): Layout[] {
  const min = Math.max(3, plainLines * 0.01);
  const all = [...layoutCount.entries()]
    .map(([key, count]) => ({ key, classes: key.split(' '), count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const out: Layout[] = [];
  for (const l of all) {
    if (l.count < min && out.length > 0) break;
    const extendsMoreFrequent = out.some((p) => p.classes.length < l.classes.length && p.count >= l.count && l.key.startsWith(`${p.key} `));
    if (!extendsMoreFrequent) out.push(l);
  }
  return out;
}

/** The eligible layouts tried per line (at most MAX_LAYOUTS, most frequent first) as a tree of chunk classes. */
interface LayoutNode {
  next: Map<ChunkClass, LayoutNode>;
  /** The length of the layout that ends here, or -1. */
  end: number;
}

function layoutTree(layouts: Layout[]): LayoutNode {
  const root: LayoutNode = { next: new Map(), end: -1 };
  for (let k = 0; k < Math.min(layouts.length, MAX_LAYOUTS); k++) {
    const classes = layouts[k]!.classes;
    let node = root;
    for (const cls of classes) {
      let child = node.next.get(cls as ChunkClass);
      if (!child) {
        child = { next: new Map(), end: -1 };
        node.next.set(cls as ChunkClass, child);
      }
      node = child;
    }
    node.end = classes.length;
  }
  return root;
}

/**
 * Header length from the longest eligible layout the line's chunks fit, or -1; reads chunks only as needed (while
 * some layout longer than the chunks read so far still fits). One step down the tree per chunk, not one comparison
 * per layout.
 */
function fitLayout(scanner: ChunkScanner, tree: LayoutNode): number {
  let best = -1;
  let node = tree;
  for (let i = 0; node.next.size > 0; i++) {
    const ch = scanner.at(i);
    if (!ch) break;
    const child = node.next.get(ch.cls);
    if (!child) break;
    node = child;
    if (node.end > 0) best = node.end;
  }
  return best;
}

function parseStructured(line: string, ref: TimeReference): StructuredLine | null {
  const c = line.charCodeAt(0);
  if (c === 123 || c === 32 || c === 9) {
    const j = parseJsonLine(line, ref);
    if (j) return j;
  }
  return parseAccessLine(line, ref) ?? parseLogfmtLine(line, ref);
}

function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 11 && c !== 12) return false;
  }
  return true;
}

function isContinuation(line: string): boolean {
  const c = line.charCodeAt(0);
  if (c === 32 || c === 9) return true;
  return STACK_LINE.test(line) || EXCEPTION_LINE.test(line);
}

interface PipeLayout {
  layout: string;
  parse(line: string, ref: TimeReference): { message: string; level: Level | null; epochMs: number | null; hasTimestamp: boolean } | null;
}

/**
 * Pipe-delimited headers (`ts|component|pid|message`): most lines put their first pipe before any space. The
 * number of header fields is the most common count of leading space-free fields, one less than the last field.
 */
/** Is this code unit one of the characters `\s` matches in a JavaScript regular expression? */
function isRegexSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Pipe-delimited header candidates: the number of leading fields (among the first 2000 characters, the last field
 * excluded) that are non-empty and hold no whitespace, when the line's first pipe comes before any whitespace and
 * it has at least three fields; otherwise 0. One pass over the characters, without splitting the line.
 */
export function leadingPipeFields(line: string): number {
  const firstPipe = line.indexOf('|');
  if (firstPipe <= 0) return 0;
  for (let i = 0; i < firstPipe; i++) if (isRegexSpace(line.charCodeAt(i))) return 0;
  const limit = Math.min(line.length, 2000);
  let fields = 1;
  let lead = 0;
  let leading = true;
  let fieldStart = 0;
  let fieldHasSpace = false;
  for (let i = 0; i < limit; i++) {
    const c = line.charCodeAt(i);
    if (c === 124) {
      if (leading) {
        if (!fieldHasSpace && i > fieldStart) lead++;
        else leading = false;
      }
      fields++;
      fieldStart = i + 1;
      fieldHasSpace = false;
      if (!leading && fields >= 3) break;
    } else if (!fieldHasSpace && isRegexSpace(c)) fieldHasSpace = true;
  }
  return fields < 3 ? 0 : lead;
}

function pipeLayout(lines: string[], kinds: Uint8Array): PipeLayout | null {
  let candidates = 0;
  let plain = 0;
  const fieldCounts = new Map<number, number>();
  for (let i = 0; i < lines.length; i++) {
    if (kinds[i] !== PLAIN) continue;
    plain++;
    const headerFields = leadingPipeFields(lines[i]!);
    if (headerFields < 2) continue;
    candidates++;
    fieldCounts.set(headerFields, (fieldCounts.get(headerFields) ?? 0) + 1);
  }
  if (plain === 0 || candidates < plain * 0.6) return null;
  let h = 0;
  let best = 0;
  for (const [k, v] of fieldCounts) {
    if (v > best || (v === best && k < h)) {
      h = k;
      best = v;
    }
  }
  const layout = `${Array.from({ length: h }, (_, i) => (i === 0 ? '<timestamp>' : '<field>')).join('|')}|<message>`;
  // One scanner for every field of every line (its chunks are read before the next reset).
  let scanner: ChunkScanner | null = null;
  return {
    layout,
    parse(line, ref) {
      scanner ??= new ChunkScanner(ref);
      let pos = 0;
      const fields: string[] = [];
      for (let k = 0; k < h; k++) {
        const next = line.indexOf('|', pos);
        if (next < 0) return null;
        fields.push(line.slice(pos, next));
        pos = next + 1;
      }
      let epochMs: number | null = null;
      let hasTimestamp = false;
      let level: Level | null = null;
      for (const f of fields) {
        scanner.reset(f).at(1);
        const chunks = scanner.chunks;
        if (chunks.length === 1 && chunks[0]!.cls === 'TS' && !hasTimestamp) {
          hasTimestamp = true;
          epochMs = chunks[0]!.epochMs;
        } else if (chunks.length === 1 && chunks[0]!.level && !level) {
          level = chunks[0]!.level;
        }
      }
      return { message: line.slice(pos).trim(), level, epochMs, hasTimestamp };
    },
  };
}

function describeFormat(
  nonBlank: number,
  plainLines: number,
  structured: { json: number; logfmt: number; access: number },
  pipe: string | null,
  example: { line: string; chunks: Chunk[]; length: number } | null,
  timestampedLines: number,
): FormatOut {
  if (nonBlank === 0) return { name: 'empty', layout: '', timestamped_lines: 0 };
  const half = nonBlank / 2;
  if (structured.json > half) return { name: 'json_lines', layout: '{json object per line}', timestamped_lines: timestampedLines };
  if (structured.access > half) return { name: 'apache_access', layout: '<client> <ident> <user> [<timestamp>] "<request>" <status> <size>', timestamped_lines: timestampedLines };
  if (structured.logfmt > half) return { name: 'logfmt', layout: 'key=value ...', timestamped_lines: timestampedLines };
  if (pipe) return { name: 'pipe_delimited', layout: pipe, timestamped_lines: timestampedLines };
  if (!example || plainLines === 0) return { name: 'plain', layout: '<message>', timestamped_lines: timestampedLines };
  const { line, chunks, length } = example;
  const layout = describeLayout(line, chunks, length);
  const classes = headerKey(chunks, length).split(' ');
  const first = chunks[0]!;
  const tsChunk = chunks.slice(0, length).find((c) => c.cls === 'TS');
  let name: FormatName = 'custom';
  if (classes[0] === 'TS' && first.monthName && line.charCodeAt(first.start) !== 91 && classes.length === 3 && classes[1] === 'WORD' && classes[2] === 'COLON') name = 'syslog';
  else if (classes[0] === 'TS' && line.charCodeAt(first.start) === 91 && classes[1] === 'LVL') name = 'apache_error';
  else if (classes[0] === 'TS' && /^\d{4}\/\d{2}\/\d{2} /.test(line.slice(first.start, first.end)) && classes[1] === 'LVL' && line.charCodeAt(chunks[1]!.start) === 91) name = 'nginx_error';
  else if (classes[0] === 'TS' && classes.includes('LVL') && (classes.includes('COLON') || classes.includes('DASH') || classes.includes('BRK')) && !first.monthName) name = 'log4j';
  else if (tsChunk && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(line.slice(tsChunk.start, tsChunk.end))) name = 'iso8601';
  return { name, layout, timestamped_lines: timestampedLines };
}

