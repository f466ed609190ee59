// Mermaid flowchart parser: frontmatter, directives, comments, node shapes, chained and fanned edges, subgraphs, styling.
import { parse as parseYaml } from 'yaml';
import { withoutImportant } from '../kit/colour/colour.ts';
import { decodeMermaidEntities } from '../kit/mermaid/entities.ts';
import { familyOf } from '../kit/mermaid/keywords.ts';
import { directiveSpans, frontmatterSpan, frontmatterYaml } from '../kit/mermaid/source.ts';
import { EdgeIdReader, readClassSuffixes, readId } from '../kit/mermaid/ids.ts';
import { LinkReader, readPipeLabel } from '../kit/mermaid/links.ts';
import { readSubgraphHeader, SubgraphClosings } from '../kit/mermaid/subgraph.ts';
import { readShapeData } from '../kit/mermaid/shape-data.ts';
import { BRACKET_DELIMITERS, readShape, SHAPE_DELIMITERS } from '../kit/mermaid/shapes.ts';
import type { ShapeDelimiter } from '../kit/mermaid/shapes.ts';
import { splitOutsideParens } from '../kit/mermaid/style.ts';
import { linkStyleTargets, readClassStatement, readStyleStatement } from '../kit/mermaid/statements.ts';
import type { StyleKind } from '../kit/mermaid/statements.ts';
import { cssColour } from '../kit/colour/notations.ts';
import type { Direction, EdgeStyle, Graph, GraphEdge, Head, LineKind, LostList, Shape, Style } from './model.ts';
import { addGroup, emptyGraph, ensureNode, LIMITS, parseError, pushEdge, tooDeep, unsupportedType } from './model.ts';
import { flattenHtml, hasHtmlTags, stripMarkdown } from './text.ts';
import { lineOf, lineStarts, truncate } from '../kit/text.ts';

const MERMAID_DIRECTIONS: Record<string, Direction> = { TB: 'TB', TD: 'TB', BT: 'BT', RL: 'RL', LR: 'LR', v: 'TB', '^': 'BT', '<': 'RL', '>': 'LR' };

/** Mermaid v11 `A@{ shape: ... }` names (and aliases) mapped to the shapes the other notations know. */
const V11_SHAPES: Record<string, Shape> = {
  rect: 'rect',
  rectangle: 'rect',
  proc: 'rect',
  process: 'rect',
  square: 'rect',
  rounded: 'round',
  event: 'round',
  stadium: 'stadium',
  pill: 'stadium',
  terminal: 'stadium',
  subproc: 'subroutine',
  subprocess: 'subroutine',
  subroutine: 'subroutine',
  'fr-rect': 'subroutine',
  'framed-rectangle': 'subroutine',
  cyl: 'cylinder',
  cylinder: 'cylinder',
  db: 'cylinder',
  database: 'cylinder',
  circle: 'circle',
  circ: 'circle',
  'dbl-circ': 'double_circle',
  'double-circle': 'double_circle',
  'fr-circ': 'double_circle',
  'framed-circle': 'double_circle',
  stop: 'double_circle',
  diam: 'diamond',
  diamond: 'diamond',
  decision: 'diamond',
  question: 'diamond',
  hex: 'hexagon',
  hexagon: 'hexagon',
  prepare: 'hexagon',
  'lean-r': 'parallelogram',
  'lean-right': 'parallelogram',
  'in-out': 'parallelogram',
  'lean-l': 'parallelogram_alt',
  'lean-left': 'parallelogram_alt',
  'out-in': 'parallelogram_alt',
  'trap-b': 'trapezoid',
  trapezoid: 'trapezoid',
  priority: 'trapezoid',
  'trapezoid-bottom': 'trapezoid',
  'trap-t': 'trapezoid_alt',
  'inv-trapezoid': 'trapezoid_alt',
  manual: 'trapezoid_alt',
  'trapezoid-top': 'trapezoid_alt',
  odd: 'asymmetric',
  text: 'text',
  doc: 'note',
  document: 'note',
  cloud: 'cloud',
  'f-circ': 'point',
  'filled-circle': 'point',
  junction: 'point',
  'sm-circ': 'circle',
  'small-circle': 'circle',
  start: 'circle',
  'h-cyl': 'queue',
  das: 'queue',
  'horizontal-cylinder': 'queue',
};

/** `A>label]`, the asymmetric shape (read when `>` follows an id directly). */
const ASYMMETRIC = SHAPE_DELIMITERS.find((d) => d.open === '>') as ShapeDelimiter<'asymmetric'>;

interface OpenSubgraph {
  explicitId?: string;
  title?: string;
  line: number;
  members: string[];
  memberSet: Set<string>;
  direction?: Direction;
  parent?: OpenSubgraph;
}

interface ClosedSubgraph {
  id: string;
  title?: string;
  line: number;
  members: string[];
  direction?: Direction;
  parent?: OpenSubgraph;
}

interface LinkInfo {
  line: LineKind;
  head: Head;
  tail: Head;
  length: number;
  label?: string;
}

/** Read a Mermaid CSS-like style list (`fill:#f9f,stroke:#333,stroke-width:4px`) into a node/subgraph style. */
function parseNodeStyle(text: string, lost: LostList, line: number, where: string): Style {
  const style: Style = {};
  for (const part of splitOutsideParens(text.replace(/;\s*$/, ''), ',')) {
    const idx = part.indexOf(':');
    if (idx < 0) {
      if (part.trim() !== '') lost.add('style_property_dropped', `${where}: "${truncate(part.trim(), 60)}" is not a property`, line);
      continue;
    }
    const key = part.slice(0, idx).trim().toLowerCase();
    const value = withoutImportant(part.slice(idx + 1).trim());
    switch (key) {
      case 'fill':
      case 'background':
      case 'background-color':
      case 'stroke':
      case 'color': {
        if (value.toLowerCase() === 'none' || value.toLowerCase() === 'transparent') {
          const slot = key === 'stroke' ? 'stroke' : key === 'color' ? 'color' : 'fill';
          style[slot] = '#00000000';
          break;
        }
        const hex = cssColour(value);
        if (hex === undefined) {
          lost.add('colour_dropped', `${where}: ${key} "${truncate(value, 40)}" is not a colour`, line);
          break;
        }
        if (key === 'stroke') style.stroke = hex;
        else if (key === 'color') style.color = hex;
        else style.fill = hex;
        break;
      }
      case 'stroke-width': {
        const n = parseFloat(value);
        if (Number.isFinite(n) && n >= 0 && n <= 100) style.strokeWidth = n;
        break;
      }
      case 'stroke-dasharray': {
        const nums = value.split(/[\s,]+/).map(Number).filter((n) => Number.isFinite(n));
        if (nums.length > 0 && nums.some((n) => n > 0)) style.dash = (nums[0] ?? 0) <= 2 ? 'dotted' : 'dashed';
        break;
      }
      case 'font-weight':
        if (/^(bold|bolder|[6-9]00)$/i.test(value)) style.fontWeight = 'bold';
        break;
      case 'font-style':
        if (/^(italic|oblique)$/i.test(value)) style.fontStyle = 'italic';
        break;
      case 'font-size': {
        const n = parseFloat(value);
        if (Number.isFinite(n) && n > 0 && n <= 200) style.fontSize = n;
        break;
      }
      case 'font-family':
        if (value !== '') style.fontFamily = value.replace(/^["']|["']$/g, '');
        break;
      default:
        lost.add('style_property_dropped', `${where}: ${key} has no equivalent`, line);
    }
  }
  return style;
}

/** linkStyle properties: stroke (line colour), stroke-width, color (label colour), stroke-dasharray. */
function parseEdgeStyle(text: string, lost: LostList, line: number): { style: EdgeStyle; dashed?: LineKind } {
  const style: EdgeStyle = {};
  let dashed: LineKind | undefined;
  for (const part of splitOutsideParens(text.replace(/;\s*$/, ''), ',')) {
    const idx = part.indexOf(':');
    if (idx < 0) continue;
    const key = part.slice(0, idx).trim().toLowerCase();
    const value = part.slice(idx + 1).trim();
    if (key === 'stroke' || key === 'color') {
      const hex = cssColour(value);
      if (hex === undefined) lost.add('colour_dropped', `linkStyle: ${key} "${truncate(value, 40)}" is not a colour`, line);
      else if (key === 'stroke') style.color = hex;
      else style.fontColor = hex;
    } else if (key === 'stroke-width') {
      const n = parseFloat(value);
      if (Number.isFinite(n) && n >= 0 && n <= 100) style.width = n;
    } else if (key === 'stroke-dasharray') {
      const first = Number(value.split(/[\s,]+/)[0]);
      if (Number.isFinite(first) && first > 0) dashed = first <= 2 ? 'dotted' : 'dashed';
    } else if (key === 'fill' && value === 'none') {
      // Mermaid writes fill:none on links to keep paths unfilled; it carries nothing.
    } else {
      lost.add('style_property_dropped', `linkStyle: ${key} has no equivalent`, line);
    }
  }
  return dashed === undefined ? { style } : { style, dashed };
}

class MermaidParser {
  private pos = 0;
  private readonly starts: number[];
  private readonly g: Graph = emptyGraph();
  private readonly stack: OpenSubgraph[] = [];
  private readonly closed: ClosedSubgraph[] = [];
  private readonly closedOf = new Map<OpenSubgraph, ClosedSubgraph>();
  private readonly closings = new SubgraphClosings();
  private readonly pendingClass: { ids: string[]; cls: string; line: number }[] = [];
  private readonly pendingStyle: { id: string; style: Style; line: number }[] = [];
  private readonly pendingLinkStyle: { which: 'default' | number[]; text: string; line: number }[] = [];
  private readonly edgeIds = new Set<string>();
  private readonly links: LinkReader;
  private readonly edgeIdReader: EdgeIdReader;

  constructor(
    private readonly src: string,
    private readonly lost: LostList,
  ) {
    this.starts = lineStarts(src);
    this.links = new LinkReader(src);
    this.edgeIdReader = new EdgeIdReader(src);
  }

  private line(at = this.pos): number {
    return lineOf(this.starts, at);
  }

  /** Offset of the newline (or end of text) that ends the line holding `at`. */
  private lineEnd(at: number): number {
    const next = this.starts[lineOf(this.starts, at)];
    return next === undefined ? this.src.length : next - 1;
  }

  private peek(n = 0): string {
    return this.src[this.pos + n] ?? '';
  }

  private skipInline(): void {
    while (this.pos < this.src.length && (this.src[this.pos] === ' ' || this.src[this.pos] === '\t')) this.pos++;
  }

  private restOfLine(): string {
    const nl = this.src.indexOf('\n', this.pos);
    const end = nl < 0 ? this.src.length : nl;
    const text = this.src.slice(this.pos, end);
    this.pos = end;
    return text;
  }

  /** Rest of a statement whose quoted strings may run over line breaks (click tooltips do). */
  private restOfQuotedStatement(): void {
    let quoted = false;
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos];
      if (ch === '"') quoted = !quoted;
      else if ((ch === '\n' || ch === ';') && !quoted) return;
      this.pos++;
    }
  }

  /** Rest of the statement: up to a newline or an unquoted `;`. */
  private restOfStatement(): string {
    let i = this.pos;
    let quoted = false;
    while (i < this.src.length) {
      const ch = this.src[i];
      if (ch === '\n') break;
      if (ch === '"') quoted = !quoted;
      if (ch === ';' && !quoted) break;
      i++;
    }
    const text = this.src.slice(this.pos, i);
    this.pos = i;
    return text;
  }

  parse(header: { end: number; direction?: Direction }): Graph {
    if (header.direction) this.g.direction = header.direction;
    this.pos = header.end;
    while (this.pos < this.src.length) {
      const ch = this.peek();
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === ';') {
        this.pos++;
        continue;
      }
      if (ch === '%' && this.peek(1) === '%') {
        this.restOfLine();
        continue;
      }
      this.statement();
    }
    if (this.stack.length > 0) {
      const open = this.stack[this.stack.length - 1];
      throw parseError(`subgraph "${truncate(open?.explicitId ?? open?.title ?? '', 60)}" is never closed with end`, open?.line);
    }
    this.finish();
    return this.g;
  }

  private keyword(): string | null {
    const m = /[A-Za-z]+/y;
    m.lastIndex = this.pos;
    const hit = m.exec(this.src);
    if (!hit) return null;
    const after = this.src[this.pos + hit[0].length] ?? '';
    if (after === '' || after === ' ' || after === '\t' || after === '\n' || after === ';' || (hit[0].startsWith('acc') && after === ':')) return hit[0];
    if (hit[0] === 'accDescr' && after === '{') return hit[0];
    return null;
  }

  private statement(): void {
    const line = this.line();
    const kw = this.keyword();
    switch (kw) {
      case 'subgraph':
        this.pos += kw.length;
        this.openSubgraph(this.restOfLine(), line);
        return;
      case 'end':
        this.pos += kw.length;
        this.closeSubgraph(line);
        return;
      case 'direction': {
        this.pos += kw.length;
        const rest = this.restOfStatement().trim();
        const dir = MERMAID_DIRECTIONS[rest];
        if (!dir) throw parseError(`unknown direction "${truncate(rest, 20)}"`, line);
        const top = this.stack[this.stack.length - 1];
        // Mermaid 11.17.2 reads `direction` only inside a subgraph: outside one, the header's direction stands.
        if (top) top.direction = dir;
        else this.lost.add('statement_dropped', 'direction outside a subgraph: Mermaid keeps the direction of the header', line);
        return;
      }
      case 'classDef':
      case 'style':
      case 'linkStyle':
        this.styleStatement(kw, line);
        return;
      case 'class': {
        const read = readClassStatement(this.restOfStatement().trim());
        if (!read) throw parseError('class needs node ids and a class name (two words)', line);
        this.pendingClass.push({ ids: read.ids, cls: read.className, line });
        return;
      }
      case 'click':
      case 'call':
      case 'href':
        this.pos += kw.length;
        this.restOfQuotedStatement();
        this.lost.add('link_dropped', `${kw}: interactions and links are not carried over`, line);
        return;
      case 'accTitle':
      case 'accDescr': {
        this.pos += kw.length;
        this.skipInline();
        if (this.peek() === '{') {
          const close = this.src.indexOf('}', this.pos);
          if (close < 0) throw parseError('accDescr { is never closed', line);
          this.pos = close + 1;
        } else {
          this.restOfLine();
        }
        this.lost.add('accessibility_dropped', `${kw} has no equivalent`, line);
        return;
      }
      default:
        this.vertexStatement(line);
    }
  }

  /** `classDef names styles`, `style id styles`, `linkStyle numbers|default [interpolate curve] styles` (kit/mermaid). */
  private styleStatement(kw: StyleKind, line: number): void {
    const text = this.restOfStatement().trim();
    const read = readStyleStatement(text, kw);
    if (read === 'bad_links') throw parseError('linkStyle needs link numbers (0,1 without blanks) or default', line);
    if (read === 'missing') {
      throw parseError(kw === 'classDef' ? 'classDef needs a class name and styles' : kw === 'style' ? 'style needs a node id and styles' : 'linkStyle needs link numbers (or default) and styles', line);
    }
    const styles = text.slice(read.propsStart, read.propsEnd);
    if (kw === 'linkStyle') {
      if (read.lead !== '') this.lost.add('attribute_dropped', 'linkStyle interpolate (curve style) has no equivalent', line);
      this.pendingLinkStyle.push({ which: linkStyleTargets(read), text: styles, line });
    } else if (kw === 'classDef') {
      for (const name of read.targets) this.g.classDefs.set(name, { style: parseNodeStyle(styles, this.lost, line, `classDef ${name}`), line });
    } else {
      const id = read.targets[0] ?? '';
      this.pendingStyle.push({ id, style: parseNodeStyle(styles, this.lost, line, `style ${id}`), line });
    }
  }

  private openSubgraph(rest: string, line: number): void {
    if (this.stack.length >= LIMITS.depth) throw tooDeep(line);
    const text = rest.trim().replace(/;$/, '').trim();
    if (text === '') throw parseError('subgraph needs an id or a title', line);
    const open: OpenSubgraph = { line, members: [], memberSet: new Set() };
    const parent = this.stack[this.stack.length - 1];
    if (parent) open.parent = parent;
    const header = readSubgraphHeader(text);
    if (header.id !== null) open.explicitId = header.id;
    let title = header.title;
    if (header.bracketed && title.length >= 2 && title.startsWith('`') && title.endsWith('`')) {
      title = stripMarkdown(title.slice(1, -1));
      this.lost.add('markdown_label_flattened', `subgraph ${truncate(header.id ?? '', 40)}: Markdown emphasis in the title was dropped`, line);
    }
    open.title = this.cleanLabel(title, line, header.bracketed ? `subgraph ${header.id ?? ''}` : 'subgraph');
    this.stack.push(open);
  }

  private closeSubgraph(line: number): void {
    const open = this.stack.pop();
    if (!open) throw parseError('end without an open subgraph', line);
    // kit/mermaid/subgraph.ts: subGraph<n> numbering, a node kept by the first subgraph to close around it.
    const { id, members } = this.closings.close(open.explicitId ?? null, open.members);
    const closed: ClosedSubgraph = { id, line: open.line, members };
    if (open.title !== undefined) closed.title = open.title;
    if (open.direction) closed.direction = open.direction;
    if (open.parent) closed.parent = open.parent;
    this.closed.push(closed);
    this.closedOf.set(open, closed);
    this.mention(id);
  }

  private mention(id: string): void {
    const top = this.stack[this.stack.length - 1];
    if (top && !top.memberSet.has(id)) {
      top.memberSet.add(id);
      top.members.push(id);
    }
  }

  private vertexStatement(line: number): void {
    // `id@{ ... }` on an edge id: properties of the link, not a node.
    const idEnd = readId(this.src, this.pos);
    const ep = this.src.startsWith('@{', idEnd) ? ['', this.src.slice(this.pos, idEnd)] : null;
    if (ep && this.edgeIds.has(ep[1] ?? '')) {
      const close = this.src.indexOf('}', this.pos);
      if (close < 0) throw parseError(`the @{ ... } block of edge ${truncate(ep[1] ?? '', 40)} is never closed`, line);
      this.pos = close + 1;
      this.lost.add('attribute_dropped', `edge ${truncate(ep[1] ?? '', 40)}: @{ ... } properties (animation) have no equivalent`, line);
      return;
    }
    let left = this.nodeList(line);
    for (;;) {
      this.skipInline();
      const link = this.link(line);
      if (!link) break;
      this.skipInline();
      const right = this.nodeList(line);
      for (const from of left) {
        for (const to of right) {
          const e: GraphEdge = { from, to, line: link.line, head: link.head, tail: link.tail, length: link.length, style: {}, sourceLine: line };
          if (link.label !== undefined && link.label !== '') e.label = link.label;
          pushEdge(this.g, e);
        }
      }
      left = right;
    }
    this.skipInline();
    const ch = this.peek();
    if (ch === '' || ch === '\n' || ch === ';') return;
    if (ch === '%' && this.peek(1) === '%') {
      this.restOfLine();
      return;
    }
    throw parseError(`unexpected "${truncate(this.src.slice(this.pos, this.pos + 20).split('\n')[0] ?? '', 20)}"`, this.line());
  }

  private nodeList(line: number): string[] {
    const ids = [this.node(line)];
    for (;;) {
      const save = this.pos;
      this.skipInline();
      if (this.peek() === '&') {
        this.pos++;
        this.skipInline();
        ids.push(this.node(line));
      } else {
        this.pos = save;
        return ids;
      }
    }
  }

  private readId(): string {
    const start = this.pos;
    this.pos = readId(this.src, start);
    return this.src.slice(start, this.pos);
  }

  private node(line: number): string {
    const id = this.readId();
    if (id === '') {
      const near = this.src.slice(this.pos, this.pos + 20).split('\n')[0] ?? '';
      throw parseError(near === '' ? 'a node id is missing' : `expected a node id, found "${truncate(near, 20)}"`, this.line());
    }
    if (id === 'end' || id === 'subgraph') throw parseError(`"${id}" is a keyword and cannot be a node id`, line);
    if (this.peek() === '@' && this.peek(1) === '{') {
      this.v11Shape(id, line);
    } else if (this.peek() === '>') {
      this.shape(id, line, true);
    } else {
      const save = this.pos;
      this.skipInline();
      if (!this.shape(id, line, false)) this.pos = save;
    }
    const node = ensureNode(this.g, id, line);
    const suffixes = readClassSuffixes(this.src, this.pos);
    if (suffixes.empty) throw parseError('a class name must follow :::', line);
    node.classes.push(...suffixes.classes);
    this.pos = suffixes.end;
    this.mention(id);
    return id;
  }

  /** `A@{ shape: ..., label: ... }` (kit/mermaid/shape-data.ts: on one line or over several, as Mermaid reads it). */
  private v11Shape(id: string, line: number): void {
    const close = this.src.indexOf('}', this.pos);
    if (close < 0) throw parseError(`the @{ ... } block of ${truncate(id, 40)} is never closed`, line);
    const data = readShapeData(this.src.slice(this.pos + 2, close));
    this.pos = close + 1;
    if (!data) throw parseError(`the @{ ... } block of ${truncate(id, 40)} is not valid`, line);
    const node = ensureNode(this.g, id, line);
    if (data.label !== undefined) node.label = this.cleanLabel(data.label, line, `node ${id}`);
    if (data.shape !== undefined) {
      const shape = V11_SHAPES[data.shape];
      if (shape) node.shape = shape;
      else {
        node.shape = 'rect';
        this.lost.add('shape_approximated', `node ${truncate(id, 40)}: Mermaid shape ${truncate(data.shape, 30)} drawn as a rectangle`, line);
      }
    }
    for (const k of data.keys) {
      if (k !== 'label' && k !== 'shape') this.lost.add('attribute_dropped', `node ${truncate(id, 40)}: @{ ${truncate(k, 30)} } has no equivalent`, line);
    }
    if (!node.shape) node.shape = 'rect';
  }

  /** Shape brackets after a node id; returns false when none follows. */
  private shape(id: string, line: number, asymmetric: boolean): boolean {
    const opener = asymmetric ? ASYMMETRIC : BRACKET_DELIMITERS.find((o) => this.src.startsWith(o.open, this.pos));
    if (!opener) return false;
    const read = readShape(this.src, this.pos, this.src.length, opener);
    if ('problem' in read) {
      const expected = read.closes.join(' or ');
      if (read.problem === 'quote_unclosed') throw parseError(`unterminated quoted label of node ${truncate(id, 40)}`, line);
      throw parseError(`node ${truncate(id, 40)}: the shape is never closed (expected ${expected})`, line);
    }
    this.pos = read.end;
    const node = ensureNode(this.g, id, line);
    node.shape = read.shape;
    const markdown = read.quoted && read.text.length >= 2 && read.text.startsWith('`') && read.text.endsWith('`');
    node.label = markdown ? this.markdownLabel(read.text.slice(1, -1), line, id) : this.cleanLabel(read.text, line, `node ${id}`);
    return true;
  }

  private markdownLabel(raw: string, line: number, id: string): string {
    const plain = stripMarkdown(raw);
    if (plain !== raw) this.lost.add('markdown_label_flattened', `node ${truncate(id, 40)}: Markdown emphasis in the label was dropped`, line);
    return this.cleanLabel(plain, line, `node ${id}`);
  }

  /** Entity codes decoded, `<br>` to a line break, other tags dropped (and reported). */
  private cleanLabel(raw: string, line: number, where: string): string {
    const decoded = decodeMermaidEntities(raw);
    if (hasHtmlTags(decoded)) this.lost.add('html_label_flattened', `${truncate(where, 60)}: HTML tags in the label were dropped`, line);
    return flattenHtml(decoded).text.trim();
  }

  /** A link with its label, or null when none starts here. */
  private link(line: number): LinkInfo | null {
    // An edge id `e1@` before the link (kit/mermaid/ids.ts), when no link starts here; blanks may follow its `@`.
    const start = this.pos;
    const limit = this.lineEnd(start);
    let token = this.links.read(start, limit);
    let idEnd = start;
    if (token === null) {
      idEnd = this.edgeIdReader.read(start);
      if (idEnd === start) return null;
      let from = idEnd;
      while (this.src[from] === ' ' || this.src[from] === '\t') from++;
      token = this.links.read(from, limit);
    }
    if (token === 'ends_differ') throw parseError('the two ends of this link do not match', line);
    if (!token) return null;
    this.pos = token.end;
    const info: LinkInfo = { line: token.line, head: token.head, tail: token.tail, length: token.length };
    if (token.text !== undefined) info.label = this.cleanLabel(token.text, line, 'edge label');
    if (idEnd > start) {
      const edgeId = this.src.slice(start, idEnd - 1);
      this.edgeIds.add(edgeId);
      this.lost.add('attribute_dropped', `edge id ${truncate(edgeId, 40)} has no equivalent`, line);
    }
    this.skipInline();
    const pipe = readPipeLabel(this.src, this.pos, this.lineEnd(this.pos));
    if (pipe === 'unclosed') throw parseError('edge label |...| is never closed', line);
    if (pipe) {
      this.pos = pipe.end;
      let text = pipe.text;
      if (text.startsWith('`') && text.endsWith('`') && text.length >= 2) {
        text = stripMarkdown(text.slice(1, -1));
        this.lost.add('markdown_label_flattened', 'an edge label used Markdown; emphasis dropped', line);
      }
      info.label = this.cleanLabel(text, line, 'edge label');
    }
    return info;
  }

  private finish(): void {
    const g = this.g;
    // Subgraphs, in the order they were opened (parents before children read best when emitted).
    const byId = new Map<string, ClosedSubgraph>();
    for (const c of this.closed) byId.set(c.id, c);
    const ordered = [...this.closed].sort((a, b) => a.line - b.line);
    for (const c of ordered) {
      const group = { id: c.id, classes: [], style: {}, line: c.line } as Parameters<typeof addGroup>[1];
      if (c.title !== undefined && c.title !== '') group.title = c.title;
      if (c.direction) group.direction = c.direction;
      addGroup(g, group);
    }
    // Nesting follows the text's structure; a subgraph id repeated inside another is a reference, not a move.
    for (const c of this.closed) {
      const parent = c.parent ? this.closedOf.get(c.parent) : undefined;
      const grp = g.groups.get(c.id);
      if (grp && parent && grp.parent === undefined && !this.isAncestor(c.id, parent.id)) grp.parent = parent.id;
      for (const m of c.members) {
        if (byId.has(m)) continue;
        const n = g.nodes.get(m);
        if (n && n.group === undefined) n.group = c.id;
      }
    }
    // Ids used as both a node and a subgraph are the subgraph (edges to it point at the cluster).
    for (const id of g.groups.keys()) {
      const n = g.nodes.get(id);
      if (n) {
        const grp = g.groups.get(id);
        if (grp) grp.classes.push(...n.classes);
        g.nodes.delete(id);
      }
    }
    for (const { ids, cls, line } of this.pendingClass) {
      for (const id of ids) {
        const target = g.nodes.get(id) ?? g.groups.get(id);
        if (target) target.classes.push(cls);
        else if (this.edgeIds.has(id)) this.lost.add('attribute_dropped', `class ${truncate(cls, 40)} on edge ${truncate(id, 40)}: edge classes have no equivalent`, line);
        else this.lost.add('statement_dropped', `class ${truncate(cls, 40)}: no node or subgraph named ${truncate(id, 40)}`, line);
      }
    }
    for (const { id, style, line } of this.pendingStyle) {
      const grp = g.groups.get(id);
      if (grp) {
        grp.style = { ...grp.style, ...style };
        continue;
      }
      const n = ensureNode(g, id, line);
      n.style = { ...n.style, ...style };
      if (!n.shape) n.shape = 'rect';
    }
    for (const n of g.nodes.values()) if (!n.shape) n.shape = 'rect';
    for (const { which, text, line } of this.pendingLinkStyle) {
      const { style, dashed } = parseEdgeStyle(text, this.lost, line);
      const targets = which === 'default' ? g.edges.map((_, i) => i) : which;
      for (const i of targets) {
        const e = g.edges[i];
        if (!e) {
          this.lost.add('statement_dropped', `linkStyle ${i}: there is no link number ${i}`, line);
          continue;
        }
        e.style = { ...e.style, ...style };
        if (dashed && (e.line === 'solid' || e.line === 'bold')) e.line = dashed;
      }
    }
  }

  /** Is `candidate` the group `of` or one of its ancestors? (Guards against cycles from repeated ids.) */
  private isAncestor(candidate: string, of: string): boolean {
    let cur: string | undefined = of;
    for (let i = 0; cur !== undefined && i <= LIMITS.depth + 1; i++) {
      if (cur === candidate) return true;
      cur = this.g.groups.get(cur)?.parent;
    }
    return false;
  }
}

/** Header of a Mermaid text: frontmatter title, the diagram keyword and direction, where the body starts. */
export function parseMermaid(input: string, lost: LostList): Graph {
  const lines = input.split('\n');
  let src = input;
  let title: string | undefined;
  // Frontmatter: --- yaml --- at the top (kit/mermaid: Mermaid's fences). Blank it out so line numbers stay right.
  const fm = frontmatterSpan(lines);
  if (fm) {
    const i = fm.open;
    const j = fm.close;
    if (j < 0) throw parseError('the frontmatter block (---) is never closed', i + 1);
    let data: unknown;
    try {
      data = parseYaml(frontmatterYaml(lines, fm), { maxAliasCount: 10 });
    } catch {
      throw parseError('the frontmatter block is not valid YAML', i + 1);
    }
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      const rec = data as Record<string, unknown>;
      if (typeof rec.title === 'string' && rec.title.trim() !== '') title = rec.title.trim();
      for (const k of Object.keys(rec)) if (k !== 'title') lost.add('directive_dropped', `frontmatter ${truncate(k, 30)} (Mermaid configuration) is not carried over`, i + 1);
    }
    for (let k = i; k <= j; k++) lines[k] = '';
    src = lines.join('\n');
  }
  // %%{init: ...}%% directives (kit/mermaid: where Mermaid finds them, a label included) may span lines: Mermaid
  // removes them, so do we, keeping their newlines so that line numbers stay right (one forward scan).
  const starts = lineStarts(src);
  let out = '';
  let from = 0;
  for (const { open: at, end, closed } of directiveSpans(src)) {
    const message = closed ? 'a %%{init}%% directive (Mermaid configuration) is not carried over' : 'a %%{ directive is never closed: Mermaid drops it and the rest of the text';
    lost.add('directive_dropped', message, lineOf(starts, at));
    out += src.slice(from, at) + src.slice(at, end).replace(/[^\n]/g, '');
    from = end;
  }
  src = out + src.slice(from);
  // The header: the first line that is not blank or a comment.
  const header = /^(?:[ \t]*(?:%%[^\n]*)?\n)*[ \t]*([A-Za-z][\w-]*)/y;
  const hm = header.exec(src);
  if (!hm) throw parseError('expected a Mermaid diagram header such as "flowchart TD" or "graph LR"', 1);
  const keyword = hm[1] ?? '';
  const headerLine = lineOf(lineStarts(src), hm.index + hm[0].length - keyword.length);
  const family = familyOf(keyword);
  if (family !== 'flowchart') {
    if (family !== undefined) throw unsupportedType('mermaid', keyword, headerLine);
    throw parseError(`expected a Mermaid diagram header such as "flowchart TD" or "graph LR", found "${truncate(keyword, 30)}"`, headerLine);
  }
  let end = hm.index + hm[0].length;
  // The direction after the header, read by hand: spaces, a direction, then only spaces before ; or the line end.
  const skipSpaces = (from: number): number => {
    let k = from;
    while (k < src.length && (src[k] === ' ' || src[k] === '\t')) k++;
    return k;
  };
  const endsStatement = (k: number): boolean => k >= src.length || src[k] === ';' || src[k] === '\n';
  const dirStart = skipSpaces(end);
  const dirWord = dirStart > end ? (/^(?:TB|TD|BT|RL|LR|v|\^|<|>)/.exec(src.slice(dirStart, dirStart + 2))?.[0] ?? '') : '';
  let direction: Direction | undefined;
  if (dirWord !== '' && endsStatement(skipSpaces(dirStart + dirWord.length))) {
    direction = MERMAID_DIRECTIONS[dirWord];
    end = dirStart + dirWord.length;
  } else if (!endsStatement(dirStart)) throw parseError('unexpected text after the diagram header', headerLine);
  if (keyword === 'flowchart-elk') lost.add('directive_dropped', 'the ELK layout (flowchart-elk) is not carried over', headerLine);
  const parser = new MermaidParser(src, lost);
  const g = parser.parse(direction ? { end, direction } : { end });
  if (title !== undefined) g.title = title;
  return g;
}
