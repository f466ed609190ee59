// Mermaid source: frontmatter, %%{init}%% directives, comments, the diagram-type line and statements with their spans.
import { parseDocument, visit } from 'yaml';
import { ToolError } from '../kit/contract.ts';

export type Family = 'flowchart' | 'block' | 'class' | 'state' | 'er' | 'sequence' | 'venn' | 'other' | 'fragment';

/** One statement: a line, or a `;`-separated part of one, with its span in that line (trimmed). */
export interface Statement {
  line: number;
  start: number;
  end: number;
  text: string;
}

export interface Directive {
  line: number;
  start: number;
  end: number;
  type: string;
  args: Record<string, unknown>;
}

export interface Frontmatter {
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

const KEYWORDS: [RegExp, Family][] = [
  [/^(graph|flowchart|flowchart-v2|flowchart-elk)$/, 'flowchart'],
  [/^(block|block-beta)$/, 'block'],
  [/^(classDiagram|classDiagram-v2)$/, 'class'],
  [/^(stateDiagram|stateDiagram-v2)$/, 'state'],
  [/^erDiagram$/, 'er'],
  [/^sequenceDiagram$/, 'sequence'],
  [/^venn-beta$/, 'venn'],
  [
    /^(journey|gantt|pie|quadrantChart|requirementDiagram|requirement|gitGraph|C4Context|C4Container|C4Component|C4Dynamic|C4Deployment|mindmap|timeline|zenuml|sankey|sankey-beta|xychart|xychart-beta|packet|packet-beta|kanban|architecture|architecture-beta|radar-beta|treemap|treemap-beta|info|ishikawa|ishikawa-beta|eventmodeling|treeView-beta|wardley-beta)$/,
    'other',
  ],
];

const STYLE_STATEMENT = /^(classDef|class|style|linkStyle|cssClass)\s/;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Objects merge key by key (later wins); everything else is replaced. */
export function deepMerge(into: Record<string, unknown>, from: Record<string, unknown>, depth = 0): Record<string, unknown> {
  if (depth > 8) return into;
  for (const [k, v] of Object.entries(from)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
    const cur = into[k];
    if (isPlainObject(cur) && isPlainObject(v)) into[k] = deepMerge({ ...cur }, v, depth + 1);
    else into[k] = v;
  }
  return into;
}

function lineOfOffset(lineStarts: number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
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

/** The deepest `[`/`{` nesting outside quoted scalars and comments, in one pass. */
function flowNesting(text: string): number {
  let depth = 0;
  let max = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = '';
      else if (ch === '\n') quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#' && (i === 0 || /\s/.test(text[i - 1] ?? ''))) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) break;
      i = nl;
    } else if (ch === '[' || ch === '{') {
      depth++;
      if (depth > max) max = depth;
    } else if ((ch === ']' || ch === '}') && depth > 0) depth--;
  }
  return max;
}

/**
 * YAML as Mermaid reads frontmatter (js-yaml refuses a key given twice in one mapping). Duplicate keys are
 * found in one walk over the document: the parser's own check compares every pair of keys.
 */
function readYaml(text: string): unknown {
  if (flowNesting(text) > MAX_YAML_NESTING) throw new Error(`collections are nested more than ${MAX_YAML_NESTING} deep`);
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

/** Read the frontmatter, directives, comments and the diagram type; 400 when the text is not Mermaid. */
export function readMermaidSource(text: string): MermaidSource {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const normal = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = normal.split('\n');
  const lineStarts: number[] = [];
  let acc = 0;
  for (const l of lines) {
    lineStarts.push(acc);
    acc += l.length + 1;
  }
  const ranges: [number, number][] = [];

  // Frontmatter: a `---` line before anything else, closed by the next `---` line.
  let frontmatter: Frontmatter | null = null;
  let first = 0;
  while (first < lines.length && (lines[first] ?? '').trim() === '') first++;
  if ((lines[first] ?? '').trimEnd() === '---') {
    let close = first + 1;
    while (close < lines.length && (lines[close] ?? '').trimEnd() !== '---') close++;
    if (close >= lines.length) {
      throw new ToolError(400, 'mermaid_frontmatter_invalid', 'The frontmatter opened with --- is never closed.', { line: first + 1 });
    }
    const yamlText = lines.slice(first + 1, close).join('\n');
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
    frontmatter = { startLine: first, endLine: close, data: isPlainObject(data) ? data : {} };
    ranges.push([lineStarts[first] ?? 0, (lineStarts[close] ?? 0) + (lines[close] ?? '').length]);
  }
  const frontmatterEnd = ranges[0]?.[1] ?? -1;

  // Directives %%{ type: args }%%, possibly over several lines. indexOf keeps this linear on hostile input.
  const directives: Directive[] = [];
  let from = 0;
  for (;;) {
    const open = normal.indexOf('%%{', from);
    if (open < 0) break;
    if (open < frontmatterEnd) {
      from = frontmatterEnd;
      continue;
    }
    const close = normal.indexOf('}%%', open + 3);
    if (close < 0) break;
    const body = normal.slice(open + 3, close);
    const m = /^\s*([A-Za-z]+)\s*:?/.exec(body);
    const line = lineOfOffset(lineStarts, open);
    if (m) {
      const type = (m[1] ?? '').toLowerCase();
      if (type === 'init' || type === 'initialize') {
        const args = parseDirectiveArgs(body.slice(m[0].length));
        if (args === 'deep') throw new ToolError(400, 'mermaid_directive_invalid', `The %%{init: ...}%% directive nests objects or arrays more than ${MAX_YAML_NESTING} deep.`, { line: line + 1 });
        if (!args) throw new ToolError(400, 'mermaid_directive_invalid', 'The %%{init: ...}%% directive is not valid JSON.', { line: line + 1 });
        directives.push({ line, start: open, end: close + 3, type, args });
      } else {
        directives.push({ line, start: open, end: close + 3, type, args: {} });
      }
    }
    ranges.push([open, close + 3]);
    from = close + 3;
  }

  // Comments: %% to the end of the line.
  const workText = blanked(normal, ranges);
  const workLines = workText.split('\n');
  for (let i = 0; i < workLines.length; i++) {
    const l = workLines[i] ?? '';
    const c = l.indexOf('%%');
    if (c >= 0) workLines[i] = l.slice(0, c) + ' '.repeat(l.length - c);
  }

  const config: Record<string, unknown> = {};
  if (frontmatter) {
    if (isPlainObject(frontmatter.data.config)) deepMerge(config, frontmatter.data.config);
  }
  for (const d of directives) if (d.type === 'init' || d.type === 'initialize') deepMerge(config, d.args);

  let headerLine: number | null = null;
  let keyword: string | null = null;
  let family: Family = 'fragment';
  for (let i = 0; i < workLines.length; i++) {
    const t = (workLines[i] ?? '').trim();
    if (t === '') continue;
    const word = /^[A-Za-z][\w-]*/.exec(t)?.[0] ?? '';
    for (const [re, fam] of KEYWORDS) {
      if (re.test(word)) {
        headerLine = i;
        keyword = word;
        family = fam;
        break;
      }
    }
    break;
  }

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

  if (headerLine === null) {
    const hasStyle = statements.some((s) => STYLE_STATEMENT.test(s.text));
    if (!hasStyle) {
      const firstLine = statements[0];
      throw new ToolError(
        400,
        'diagram_not_recognized',
        'The text is neither an SVG document nor a Mermaid diagram: no diagram type (graph, flowchart, sequenceDiagram, classDiagram, ...) and no classDef/style statements.',
        firstLine ? { line: firstLine.line + 1 } : {},
      );
    }
  }
  return { lines, eol, frontmatter, directives, config, headerLine, keyword, family, statements };
}
