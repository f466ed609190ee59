// Mermaid source: frontmatter, %%{init}%% directives, comments, the diagram-type line and statements with their spans.
import { parseDocument, visit } from 'yaml';
import { ToolError } from '../contract.ts';
import { familyOf } from './keywords.ts';
import type { Family } from './keywords.ts';
import { lineOf, lineStartsOf } from '../text.ts';
import { yamlExcess } from '../yaml-precheck.ts';

/** One statement: a line, or a `;`-separated part of one, with its span in that line (trimmed). */
export interface Statement {
  line: number;
  start: number;
  end: number;
  text: string;
}

interface Directive {
  line: number;
  start: number;
  end: number;
  type: string;
  args: Record<string, unknown>;
}

interface Frontmatter {
  startLine: number;
  endLine: number;
  data: Record<string, unknown>;
}

export interface MermaidSource {
  lines: string[];
  eol: string;
  frontmatter: Frontmatter | null;
  directives: Directive[];
  /** Deep merge of frontmatter `config` and the init directives (directives win, as in Mermaid). */
  config: Record<string, unknown>;
  headerLine: number | null;
  keyword: string | null;
  family: Family;
  statements: Statement[];
}

const STYLE_STATEMENT = /^(classDef|class|style|linkStyle|cssClass)\s/;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Objects merge key by key (later wins); everything else is replaced. */
function deepMerge(into: Record<string, unknown>, from: Record<string, unknown>, depth = 0): Record<string, unknown> {
  if (depth > 8) return into;
  for (const [k, v] of Object.entries(from)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
    const cur = into[k];
    if (isPlainObject(cur) && isPlainObject(v)) into[k] = deepMerge({ ...cur }, v, depth + 1);
    else into[k] = v;
  }
  return into;
}

/** The deepest `[`/`{` nesting of JSON text outside its strings (escapes honoured), in one pass. */
function jsonNesting(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      depth++;
      if (depth > max) max = depth;
    } else if ((ch === ']' || ch === '}') && depth > 0) depth--;
  }
  return max;
}

/**
 * Mermaid reads directive arguments as JSON after turning every single quote into a double quote. Nesting
 * deeper than the frontmatter allows is refused too: nothing in a configuration needs it, and copying or
 * writing such a value back recurses once per level.
 */
function parseDirectiveArgs(raw: string): Record<string, unknown> | 'deep' | null {
  const text = raw.trim();
  if (text === '') return {};
  if (jsonNesting(text.replace(/'/g, '"')) > MAX_YAML_NESTING) return 'deep';
  for (const candidate of [text, text.replace(/'/g, '"')]) {
    try {
      const v: unknown = JSON.parse(candidate);
      if (isPlainObject(v)) return v;
    } catch {
      // try the next reading
    }
  }
  return null;
}

/** The text with each [start, end) range blanked, newlines kept, so that line/column positions stay valid. */
function blanked(text: string, ranges: readonly [number, number][]): string {
  const pieces: string[] = [];
  let cursor = 0;
  for (const [start, end] of ranges) {
    if (start < cursor) continue;
    pieces.push(text.slice(cursor, start));
    for (const part of text.slice(start, end).split('\n')) pieces.push(' '.repeat(part.length), '\n');
    pieces.pop();
    cursor = end;
  }
  pieces.push(text.slice(cursor));
  return pieces.join('');
}

/** Split one line into statements on `;` outside quotes and brackets. */
function splitStatements(line: string, lineNo: number, splitOnSemicolon: boolean): Statement[] {
  const out: Statement[] = [];
  const push = (s: number, e: number): void => {
    let a = s;
    let b = e;
    while (a < b && /\s/.test(line[a] ?? '')) a++;
    while (b > a && /\s/.test(line[b - 1] ?? '')) b--;
    if (b > a) out.push({ line: lineNo, start: a, end: b, text: line.slice(a, b) });
  };
  if (!splitOnSemicolon) {
    push(0, line.length);
    return out;
  }
  let depth = 0;
  let quote = false;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') quote = !quote;
    else if (quote) continue;
    else if (ch === '[' || ch === '(' || ch === '{') depth++;
    else if ((ch === ']' || ch === ')' || ch === '}') && depth > 0) depth--;
    else if (ch === ';' && depth === 0) {
      push(start, i);
      start = i + 1;
    }
  }
  push(start, line.length);
  return out;
}

/** Frontmatter (title, displayMode, config) read at most; YAML is read several times over in harden mode. */
const MAX_FRONTMATTER = 20_000;

/** Flow collections (`[`, `{`) nested deeper than this are refused before parsing: no configuration needs it. */
const MAX_YAML_NESTING = 64;

/**
 * YAML as Mermaid reads frontmatter (js-yaml refuses a key given twice in one mapping). Duplicate keys are
 * found in one walk over the document: the parser's own check compares every pair of keys.
 */
function readYaml(text: string): unknown {
  if (yamlExcess(text, MAX_YAML_NESTING) !== null) throw new Error(`collections are nested more than ${MAX_YAML_NESTING} deep`);
  const doc = parseDocument(text, { uniqueKeys: false });
  const first = doc.errors[0];
  if (first) throw first;
  let duplicate: string | null = null;
  visit(doc, {
    Map(_key, node) {
      const seen = new Set<string>();
      for (const item of node.items) {
        const k = item.key === null || item.key === undefined ? '' : String(item.key);
        if (seen.has(k)) {
          duplicate = k;
          return visit.BREAK;
        }
        seen.add(k);
      }
      return undefined;
    },
  });
  if (duplicate !== null) throw new Error(`the key "${String(duplicate).slice(0, 40)}" appears twice in one mapping`);
  const value: unknown = doc.toJS({ maxAliasCount: 50 });
  // Block collections nest by indentation too (`- - - 1`): the value itself is measured, without recursion.
  if (depthOf(value) > MAX_YAML_NESTING) throw new Error(`collections are nested more than ${MAX_YAML_NESTING} deep`);
  return value;
}

function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (d > max) max = d;
    if (d > MAX_YAML_NESTING || v === null || typeof v !== 'object') continue;
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) stack.push([child, d + 1]);
  }
  return max;
}

/** A frontmatter block: its fence lines (0-based; `close` -1 when never closed) and the indent its YAML lines lose. */
export interface FrontmatterSpan {
  open: number;
  close: number;
  indent: string;
}

const FENCE = /^---\s*$/;

/**
 * Where a frontmatter block is, as `mermaid.parse` finds it. Mermaid matches /^([^\S\n\r]*)-{3}\s*[\n\r](.*?)[\n\r]\1-{3}\s*[\n\r]+/s
 * twice: on the text as given (an opening fence on the first line may be indented, the closing one then carries the
 * same indent, which every YAML line loses), and again once leading white space is trimmed (the opening fence is the
 * first line that is not blank, the closing one is not indented). A closing fence is followed by another line.
 */
export function frontmatterSpan(lines: readonly string[]): FrontmatterSpan | null {
  let open = 0;
  while (open < lines.length && (lines[open] ?? '').trim() === '') open++;
  const first = lines[open] ?? '';
  const indent = first.length - first.trimStart().length;
  if (!FENCE.test(first.slice(indent))) return null;
  const closing = (pad: string): number => {
    for (let k = open + 1; k < lines.length - 1; k++) {
      const line = lines[k] ?? '';
      if (line.startsWith(pad) && FENCE.test(line.slice(pad.length))) return k;
    }
    return -1;
  };
  const pad = open === 0 ? first.slice(0, indent) : '';
  if (pad !== '') {
    const close = closing(pad);
    if (close >= 0) return { open, close, indent: pad };
  }
  return { open, close: closing(''), indent: '' };
}

/** The YAML text between the fences, each line without the block's indent. */
export function frontmatterYaml(lines: readonly string[], span: FrontmatterSpan): string {
  const body = lines.slice(span.open + 1, span.close);
  return (span.indent === '' ? body : body.map((l) => (l.startsWith(span.indent) ? l.slice(span.indent.length) : l))).join('\n');
}

/**
 * The `%%{ ... }%%` directives of a text from offset `from`, in order, as [open, end) offsets (end past the
 * closing `}%%`), as Mermaid's directive pattern finds them: anywhere, inside a label too, when a word follows
 * `%%{`; one never closed runs to the end of the text (`closed` false). indexOf keeps this linear on hostile input.
 */
export function directiveSpans(text: string, from = 0): { open: number; end: number; closed: boolean }[] {
  const out: { open: number; end: number; closed: boolean }[] = [];
  let at = from;
  for (let open = text.indexOf('%%{', at); open >= 0; open = text.indexOf('%%{', at)) {
    let w = open + 3;
    while (w < text.length && ' \t\n\r'.includes(text[w] ?? '')) w++;
    if (!/\w/.test(text[w] ?? '')) {
      at = open + 3;
      continue;
    }
    const close = text.indexOf('}%%', open + 3);
    if (close < 0) {
      out.push({ open, end: text.length, closed: false });
      break;
    }
    out.push({ open, end: close + 3, closed: true });
    at = close + 3;
  }
  return out;
}

/** The frontmatter read as Mermaid reads it (YAML, js-yaml's strictness); 400 mermaid_frontmatter_invalid. */
function readFrontmatter(lines: readonly string[]): Frontmatter | null {
  const span = frontmatterSpan(lines);
  if (!span) return null;
  const first = span.open;
  const close = span.close;
  if (close < 0) {
    throw new ToolError(400, 'mermaid_frontmatter_invalid', 'The frontmatter opened with --- is never closed.', { line: first + 1 });
  }
  const yamlText = frontmatterYaml(lines, span);
  if (yamlText.length > MAX_FRONTMATTER) {
    throw new ToolError(400, 'mermaid_frontmatter_invalid', `The frontmatter is longer than ${MAX_FRONTMATTER} characters; Mermaid's frontmatter holds a title and a configuration.`, { line: first + 1 });
  }
  let data: unknown;
  try {
    data = yamlText.trim() === '' ? {} : readYaml(yamlText);
  } catch (err) {
    const pos = (err as { linePos?: { line: number }[] }).linePos?.[0]?.line ?? 1;
    throw new ToolError(400, 'mermaid_frontmatter_invalid', `The frontmatter is not valid YAML: ${(err as Error).message.split('\n')[0] ?? ''}`, {
      line: first + 1 + pos,
    });
  }
  return { startLine: first, endLine: close, data: isPlainObject(data) ? data : {} };
}

/** The directives after the frontmatter; init arguments read as Mermaid reads them (400 mermaid_directive_invalid). */
function readDirectives(normal: string, lineStarts: number[], frontmatterEnd: number, ranges: [number, number][]): Directive[] {
  const directives: Directive[] = [];
  for (const { open, end, closed } of directiveSpans(normal, Math.max(0, frontmatterEnd))) {
    // One never closed takes the rest of the text with it, and Mermaid applies nothing of it.
    ranges.push([open, end]);
    if (!closed) break;
    const body = normal.slice(open + 3, end - 3);
    const m = /^\s*([A-Za-z]+)\s*:?/.exec(body);
    const line = lineOf(lineStarts, open) - 1;
    if (m) {
      const type = (m[1] ?? '').toLowerCase();
      if (type === 'init' || type === 'initialize') {
        const args = parseDirectiveArgs(body.slice(m[0].length));
        if (args === 'deep') throw new ToolError(400, 'mermaid_directive_invalid', `The %%{init: ...}%% directive nests objects or arrays more than ${MAX_YAML_NESTING} deep.`, { line: line + 1 });
        if (!args) throw new ToolError(400, 'mermaid_directive_invalid', 'The %%{init: ...}%% directive is not valid JSON.', { line: line + 1 });
        directives.push({ line, start: open, end, type, args });
      } else {
        directives.push({ line, start: open, end, type, args: {} });
      }
    }
  }
  return directives;
}

/** The lines with frontmatter, directives and `%%` comments blanked (positions kept). */
function workLinesOf(normal: string, ranges: readonly [number, number][]): string[] {
  const workLines = blanked(normal, ranges).split('\n');
  for (let i = 0; i < workLines.length; i++) {
    const l = workLines[i] ?? '';
    const c = l.indexOf('%%');
    if (c >= 0) workLines[i] = l.slice(0, c) + ' '.repeat(l.length - c);
  }
  return workLines;
}

/** The first line that is not blank, when it opens with a diagram keyword. */
function headerOf(workLines: readonly string[]): { headerLine: number | null; keyword: string | null; family: Family } {
  for (let i = 0; i < workLines.length; i++) {
    const t = (workLines[i] ?? '').trim();
    if (t === '') continue;
    const word = /^[A-Za-z][\w-]*/.exec(t)?.[0] ?? '';
    const family = familyOf(word);
    return family === undefined ? { headerLine: null, keyword: null, family: 'fragment' } : { headerLine: i, keyword: word, family };
  }
  return { headerLine: null, keyword: null, family: 'fragment' };
}

/** The statements after the header (and, in a flowchart, those after `;` on the header line itself). */
function statementsOf(workLines: readonly string[], headerLine: number | null, family: Family): Statement[] {
  const splitSemi = family === 'flowchart' || family === 'block' || family === 'fragment';
  const statements: Statement[] = [];
  for (let i = headerLine === null ? 0 : headerLine + 1; i < workLines.length; i++) {
    statements.push(...splitStatements(workLines[i] ?? '', i, splitSemi));
  }
  if (headerLine !== null && family === 'flowchart') {
    // `graph TD; A-->B` keeps statements on the header line after its direction.
    const header = workLines[headerLine] ?? '';
    const semi = header.indexOf(';');
    if (semi >= 0) {
      const rest = splitStatements(header.slice(semi + 1), headerLine, true).map((s) => ({ ...s, start: s.start + semi + 1, end: s.end + semi + 1 }));
      statements.unshift(...rest);
    }
  }
  return statements;
}

/** Read the frontmatter, directives, comments and the diagram type; 400 when the text is not Mermaid. */
export function readMermaidSource(text: string): MermaidSource {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const normal = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = normal.split('\n');
  const lineStarts = lineStartsOf(lines);
  const ranges: [number, number][] = [];
  const frontmatter = readFrontmatter(lines);
  if (frontmatter) ranges.push([lineStarts[frontmatter.startLine] ?? 0, (lineStarts[frontmatter.endLine] ?? 0) + (lines[frontmatter.endLine] ?? '').length]);
  const frontmatterEnd = ranges[0]?.[1] ?? -1;
  const directives = readDirectives(normal, lineStarts, frontmatterEnd, ranges);
  const workLines = workLinesOf(normal, ranges);

  const config: Record<string, unknown> = {};
  if (frontmatter && isPlainObject(frontmatter.data.config)) deepMerge(config, frontmatter.data.config);
  for (const d of directives) if (d.type === 'init' || d.type === 'initialize') deepMerge(config, d.args);

  const { headerLine, keyword, family } = headerOf(workLines);
  const statements = statementsOf(workLines, headerLine, family);
  if (headerLine === null && !statements.some((s) => STYLE_STATEMENT.test(s.text))) {
    const firstLine = statements[0];
    throw new ToolError(
      400,
      'diagram_not_recognized',
      'The text is neither an SVG document nor a Mermaid diagram: no diagram type (graph, flowchart, sequenceDiagram, classDiagram, ...) and no classDef/style statements.',
      firstLine ? { line: firstLine.line + 1 } : {},
    );
  }
  return { lines, eol, frontmatter, directives, config, headerLine, keyword, family, statements };
}
