// Mermaid model: the elements a diagram draws (nodes, subgraphs, edges, notes, actors...) and its style statements.
import { ToolError } from '../contract.ts';
import { EdgeIdReader, readClassSuffixes, readId } from './ids.ts';
import { readSubgraphHeader, SubgraphClosings } from './subgraph.ts';
import { LinkReader, readPipeLabel } from './links.ts';
import { readShape, SHAPE_DELIMITERS } from './shapes.ts';
import { parseDecls } from './style.ts';
import { readClassStatement, readStyleStatement, styleListSpan } from './statements.ts';
import { readShapeData } from './shape-data.ts';
import type { Decl } from './style.ts';
import type { Family } from './keywords.ts';
import type { MermaidSource, Statement } from './source.ts';

/** A classDef, style or linkStyle statement, with the span of its property list for rewriting. */
export interface StyleLine {
  idx: number;
  kind: 'classDef' | 'style' | 'linkStyle';
  line: number;
  propsStart: number;
  propsEnd: number;
  targets: string[];
  decls: Decl[];
  /** Leading non-style words kept verbatim (linkStyle `interpolate basis`). */
  lead: string;
}

type ElementKind = 'node' | 'cluster' | 'edge' | 'note' | 'actor' | 'message' | 'venn';

export interface MElement {
  kind: ElementKind;
  id: string;
  label: string | null;
  classes: string[];
  parent: string | null;
  from?: string;
  to?: string;
  edgeIndex?: number;
  hasLabel?: boolean;
  invisible?: boolean;
  /** The innermost sequence `rect` colour around a message or note (its `parent` the next one out). */
  layers?: SeqLayer | null;
}

/** A sequence `rect` colour, where it is written, and the block around it; shared by everything inside. */
export interface SeqLayer {
  color: string;
  line: number;
  start: number;
  end: number;
  parent: SeqLayer | null;
}

export interface MermaidModel {
  family: Family;
  keyword: string | null;
  nodes: Map<string, MElement>;
  clusters: Map<string, MElement>;
  edges: MElement[];
  notes: MElement[];
  actors: Map<string, MElement>;
  messages: MElement[];
  venn: MElement[];
  hasTitle: boolean;
  styleLines: StyleLine[];
  classDefs: Map<string, StyleLine[]>;
  styles: Map<string, StyleLine[]>;
  linkStyles: StyleLine[];
  /** Class names assigned with `class`/`cssClass`/`:::` to ids that are not drawn elements (kept for edges). */
  pendingClasses: Map<string, string[]>;
  /** Edge ids (`e1@-->`) to edge indexes. */
  edgeIds: Map<string, number>;
}

/**
 * Links drawn at most. Mermaid itself stops at 500 (its `maxEdges` setting); real diagrams stay far below
 * this, while `a & b & ... --> c & d & ...` multiplies with every `&`.
 */
const MAX_EDGES = 20_000;

function tooManyEdges(): never {
  throw new ToolError(400, 'mermaid_too_complex', `The diagram draws more than ${MAX_EDGES} links (Mermaid's own default limit is 500).`, { limit: MAX_EDGES });
}

function unquote(label: string): string {
  const t = label.trim();
  if (t.length >= 2 && ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith('`') && t.endsWith('`')))) return t.slice(1, -1).trim();
  return t;
}

// ---------------------------------------------------------------- flowchart / block tokens

interface NodeToken {
  id: string;
  label: string | null;
  classes: string[];
  end: number;
}

/**
 * The shape at `p` (kit/mermaid/shapes.ts reads it; here only the label and where the node ends count). An opener
 * whose closer never comes gives way to a shorter one (`A(-5 °C)` is a round node, not an ellipse); when none
 * closes, the label runs to the end of the statement.
 */
function parseShape(s: string, p: number): { label: string; end: number } | null {
  let fallback: { label: string; end: number } | null = null;
  for (const d of SHAPE_DELIMITERS) {
    if (!s.startsWith(d.open, p)) continue;
    if (d.open === '@{') {
      // kit/mermaid/shape-data.ts, the body on one line or (statements joined by buildModel) over several.
      const close = s.indexOf('}', p);
      if (close < 0) return { label: unquote(s.slice(p + 2)), end: s.length };
      return { label: readShapeData(s.slice(p + 2, close))?.label ?? '', end: close + 1 };
    }
    const read = readShape(s, p, s.length, d);
    if ('problem' in read) {
      fallback ??= { label: unquote(s.slice(p + d.open.length)), end: s.length };
      continue;
    }
    let end = read.end;
    // Block arrows carry a direction: <["label"]>(down)
    if (d.open === '<[' && s[end] === '(') {
      const k = s.indexOf(')', end);
      if (k > 0) end = k + 1;
    }
    return { label: read.quoted ? read.text.trim() : unquote(read.text), end };
  }
  return fallback;
}

function parseNodeToken(s: string, p: number, family: Family): NodeToken | null {
  const idEnd = readId(s, p);
  if (idEnd === p) return null;
  const id = s.slice(p, idEnd);
  let q = idEnd;
  let label: string | null = null;
  const shape = parseShape(s, q);
  if (shape) {
    label = shape.label;
    q = shape.end;
  }
  const suffixes = readClassSuffixes(s, q);
  const classes = suffixes.classes;
  q = suffixes.end;
  if (family === 'block' && s[q] === ':') {
    let k = q + 1;
    while (/\d/.test(s[k] ?? '')) k++;
    if (k > q + 1) q = k;
  }
  return { id, label, classes, end: q };
}

interface LinkToken {
  end: number;
  label: string | null;
  invisible: boolean;
}

/** The link at `p` (kit/mermaid/links.ts) with its label: the text of `-- text -->` or a `|label|` after it. */
function parseLink(links: LinkReader, s: string, p: number): LinkToken | null {
  const link = links.read(p, s.length);
  if (link === null) return null;
  // `<-- text --x`, which Mermaid refuses: the link still ends where its second half does.
  if (link === 'ends_differ') return null;
  let label = link.text === undefined ? null : unquote(link.text);
  let end = link.end;
  let t = end;
  while (s[t] === ' ' || s[t] === '\t') t++;
  const pipe = readPipeLabel(s, t, s.length);
  if (pipe && pipe !== 'unclosed') {
    label = unquote(pipe.text);
    end = pipe.end;
  }
  return { end, label: label === '' ? null : label, invisible: link.line === 'invisible' };
}

// ---------------------------------------------------------------- the builder

interface ClusterFrame {
  el: MElement;
  explicitId: string | null;
  members: string[];
  kind: 'subgraph' | 'block' | 'composite' | 'namespace' | 'members' | 'entity' | 'seq';
  color?: { color: string; line: number; start: number; end: number } | null;
  /** The innermost coloured `rect` in effect inside this block. */
  layer?: SeqLayer | null;
}

class Builder {
  readonly model: MermaidModel;
  private stack: ClusterFrame[] = [];
  private closings = new SubgraphClosings();

  constructor(family: Family, keyword: string | null) {
    this.model = {
      family,
      keyword,
      nodes: new Map(),
      clusters: new Map(),
      edges: [],
      notes: [],
      actors: new Map(),
      messages: [],
      venn: [],
      hasTitle: false,
      styleLines: [],
      classDefs: new Map(),
      styles: new Map(),
      linkStyles: [],
      pendingClasses: new Map(),
      edgeIds: new Map(),
    };
  }

  currentCluster(): ClusterFrame | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const f = this.stack[i];
      if (f && (f.kind === 'subgraph' || f.kind === 'block' || f.kind === 'composite' || f.kind === 'namespace')) return f;
    }
    return undefined;
  }

  top(): ClusterFrame | undefined {
    return this.stack[this.stack.length - 1];
  }

  node(id: string, label: string | null, classes: string[] = []): MElement {
    let el = this.model.nodes.get(id);
    if (!el) {
      el = { kind: 'node', id, label, classes: [], parent: null };
      this.model.nodes.set(id, el);
    }
    if (label !== null && (el.label === null || el.label === '')) el.label = label;
    for (const c of classes) el.classes.push(c);
    this.currentCluster()?.members.push(id);
    return el;
  }

  edge(from: string, to: string, label: string | null, invisible: boolean, edgeId: string | null): void {
    if (this.model.edges.length >= MAX_EDGES) tooManyEdges();
    const el: MElement = {
      kind: 'edge',
      id: edgeId ?? `${from}->${to}`,
      label,
      classes: [],
      parent: null,
      from,
      to,
      edgeIndex: this.model.edges.length,
      hasLabel: label !== null,
      invisible,
    };
    if (edgeId) this.model.edgeIds.set(edgeId, el.edgeIndex ?? 0);
    this.model.edges.push(el);
  }

  open(kind: ClusterFrame['kind'], explicitId: string | null, label: string | null, color: ClusterFrame['color'] = null): void {
    const el: MElement = { kind: 'cluster', id: explicitId ?? '', label, classes: [], parent: this.currentCluster()?.el.id ?? null };
    const outer = this.top()?.layer ?? null;
    const layer = color && color.color !== '' ? { ...color, parent: outer } : outer;
    this.stack.push({ el, explicitId, members: [], kind, color, layer });
    if (explicitId && (kind === 'subgraph' || kind === 'block' || kind === 'composite' || kind === 'namespace')) {
      this.model.clusters.set(explicitId, el);
      // Composite states and namespaces are nodes in their own right for class/style statements.
      this.currentParentMember(explicitId);
    }
  }

  private currentParentMember(id: string): void {
    for (let i = this.stack.length - 2; i >= 0; i--) {
      const f = this.stack[i];
      if (f && (f.kind === 'subgraph' || f.kind === 'block' || f.kind === 'composite' || f.kind === 'namespace')) {
        f.members.push(id);
        return;
      }
    }
  }

  close(): ClusterFrame | undefined {
    const frame = this.stack.pop();
    if (!frame) return undefined;
    if (frame.kind === 'subgraph' || frame.kind === 'block' || frame.kind === 'composite' || frame.kind === 'namespace') {
      const { id, members } = this.closings.close(frame.explicitId, frame.members);
      if (!frame.explicitId) {
        frame.el.id = id;
        this.model.clusters.set(id, frame.el);
        this.currentParentMember(id);
      }
      for (const m of members) {
        const n = this.model.nodes.get(m);
        if (n) n.parent = id;
        const c = this.model.clusters.get(m);
        if (c && c !== frame.el) c.parent = id;
      }
    }
    return frame;
  }

  closeAll(): void {
    while (this.stack.length > 0) this.close();
  }

  depth(): number {
    return this.stack.length;
  }

  frames(): ClusterFrame[] {
    return this.stack;
  }

  assignClass(ids: string[], className: string): void {
    for (const raw of ids) {
      const id = raw.trim();
      if (id === '') continue;
      const target = this.model.nodes.get(id) ?? this.model.clusters.get(id) ?? this.model.actors.get(id);
      if (target) target.classes.push(className);
      else {
        const list = this.model.pendingClasses.get(id) ?? [];
        list.push(className);
        this.model.pendingClasses.set(id, list);
      }
    }
  }

  styleLine(st: Statement, kind: StyleLine['kind']): void {
    const s = st.text;
    if (this.model.family === 'flowchart') {
      // Flowcharts read as Mermaid's grammar does (kit/mermaid/statements.ts); a statement it refuses styles nothing.
      const read = readStyleStatement(s, kind);
      if (typeof read === 'string') return;
      // Mermaid draws the node a style statement names, outside any subgraph.
      if (kind === 'style') for (const id of read.targets) if (!this.model.nodes.has(id) && !this.model.clusters.has(id)) this.model.nodes.set(id, { kind: 'node', id, label: null, classes: [], parent: null });
      this.addStyleLine(st, kind, read.targets, read.lead, read.propsStart, read.propsEnd);
      return;
    }
    const kw = kind.length;
    let p = kw;
    while (p < s.length && /\s/.test(s[p] ?? '')) p++;
    const t0 = p;
    while (p < s.length && !/\s/.test(s[p] ?? '')) p++;
    let targetText = s.slice(t0, p);
    while (p < s.length && /\s/.test(s[p] ?? '')) p++;
    // `style a, b fill:...` keeps ids separated by ", " (state diagrams take `class a, b name` too).
    while (targetText.endsWith(',') && p < s.length) {
      const n0 = p;
      while (p < s.length && !/\s/.test(s[p] ?? '')) p++;
      targetText += s.slice(n0, p);
      while (p < s.length && /\s/.test(s[p] ?? '')) p++;
    }
    const span = styleListSpan(s, p, kind);
    this.addStyleLine(st, kind, targetText.split(',').map((x) => x.trim()).filter((x) => x !== ''), span.lead, span.propsStart, span.propsEnd);
  }

  private addStyleLine(st: Statement, kind: StyleLine['kind'], targets: string[], lead: string, p: number, propsEnd: number): void {
    const line: StyleLine = {
      idx: this.model.styleLines.length,
      kind,
      line: st.line,
      propsStart: st.start + p,
      propsEnd: st.start + propsEnd,
      targets,
      decls: parseDecls(st.text.slice(p, propsEnd)),
      lead,
    };
    this.model.styleLines.push(line);
    if (kind === 'classDef') {
      for (const name of line.targets) {
        const list = this.model.classDefs.get(name) ?? [];
        list.push(line);
        this.model.classDefs.set(name, list);
      }
    } else if (kind === 'style') {
      for (const id of line.targets) {
        const list = this.model.styles.get(id) ?? [];
        list.push(line);
        this.model.styles.set(id, list);
      }
    } else {
      this.model.linkStyles.push(line);
    }
  }
}

function firstWord(s: string): string {
  return /^[A-Za-z][\w-]*/.exec(s)?.[0] ?? '';
}

/** `class a,b name` / `class a, b name`: ids before the last word, class after it. */
function parseClassAssignment(text: string): { ids: string[]; className: string } | null {
  const rest = text.slice(5).trim();
  const lastSpace = Math.max(rest.lastIndexOf(' '), rest.lastIndexOf('\t'));
  if (lastSpace <= 0) return null;
  const className = rest.slice(lastSpace + 1).trim().replace(/;$/, '');
  const ids = rest
    .slice(0, lastSpace)
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
  return ids.length > 0 && className !== '' ? { ids, className } : null;
}

function flowStatement(b: Builder, s: string, family: Family): void {
  const groups: string[][] = [[]];
  const links: { link: LinkToken; edgeId: string | null }[] = [];
  let pendingEdgeId: string | null = null;
  const reader = new LinkReader(s);
  const edgeIdReader = new EdgeIdReader(s);
  let pos = 0;
  let guard = 0;
  while (pos < s.length && guard++ < 100_000) {
    while (pos < s.length && /\s/.test(s[pos] ?? '')) pos++;
    if (pos >= s.length) break;
    const current = groups[groups.length - 1] ?? [];
    const link = current.length > 0 ? parseLink(reader, s, pos) : null;
    if (link) {
      links.push({ link, edgeId: pendingEdgeId });
      pendingEdgeId = null;
      groups.push([]);
      pos = link.end;
      continue;
    }
    // An edge id `e1@` (kit/mermaid/ids.ts) where no link starts.
    if (!link && (current.length > 0 || reader.read(pos, s.length) === null)) {
      const idEnd = edgeIdReader.read(pos);
      if (idEnd > pos) {
        pendingEdgeId = s.slice(pos, idEnd - 1);
        pos = idEnd;
        continue;
      }
    }
    if (s[pos] === '&') {
      pos++;
      continue;
    }
    const tok = parseNodeToken(s, pos, family);
    if (tok) {
      // `e1@{ animate: true }` gives properties to the link e1, not a node.
      const edgeProperties = b.model.edgeIds.has(tok.id) && s.startsWith('@{', pos + tok.id.length);
      pos = Math.max(tok.end, pos + 1);
      if (edgeProperties) continue;
      if (family === 'block' && (tok.id === 'space' || tok.id === 'columns')) continue;
      b.node(tok.id, tok.label, tok.classes);
      current.push(tok.id);
      continue;
    }
    pos++;
  }
  for (let i = 0; i < links.length; i++) {
    const a = groups[i] ?? [];
    const c = groups[i + 1] ?? [];
    const l = links[i];
    if (!l) continue;
    // `a & b --> c & d` links every pair: count before making them, so a fan-out cannot exhaust memory.
    if (b.model.edges.length + a.length * c.length > MAX_EDGES) tooManyEdges();
    for (const from of a) for (const to of c) b.edge(from, to, l.link.label, l.link.invisible, l.edgeId);
  }
}

/** `subgraph ...` through kit/mermaid/subgraph.ts; an empty header opens a numbered subgraph without a title. */
function subgraphHeader(rest: string): { id: string | null; label: string | null } {
  const t = rest.trim();
  if (t === '') return { id: null, label: null };
  const h = readSubgraphHeader(t);
  return { id: h.id, label: unquote(h.title) };
}

const SKIP_WORDS = new Set(['click', 'direction', 'accTitle', 'accDescr', 'title', 'call', 'href', 'link', 'callback', 'linkStyles']);

function handleFlow(b: Builder, st: Statement, family: Family): void {
  const s = st.text;
  const word = firstWord(s);
  if (word === 'subgraph') {
    const h = subgraphHeader(s.slice(8));
    b.open('subgraph', h.id, h.label);
    return;
  }
  if (word === 'end' && s.trim() === 'end') {
    b.close();
    return;
  }
  if (family === 'block') {
    if (word === 'columns') return;
    if (word === 'block' && (s.length === 5 || s[5] === ':' || /\s/.test(s[5] ?? ''))) {
      const m = /^block(?::([\p{L}\p{N}_$-]+))?/u.exec(s);
      b.open('block', m?.[1] ?? null, null);
      const rest = s.slice(m?.[0].length ?? 5).replace(/^:\d+/, '');
      if (rest.trim() !== '') flowStatement(b, rest, family);
      return;
    }
  }
  flowStatement(b, s, family);
}

function stateId(raw: string): { id: string | null; classes: string[] } {
  let t = raw.trim();
  const classes: string[] = [];
  const k = t.indexOf(':::');
  if (k >= 0) {
    classes.push(...t.slice(k + 3).split(':::').map((x) => x.trim()).filter((x) => x !== ''));
    t = t.slice(0, k).trim();
  }
  if (t === '' || t === '[*]' || t.startsWith('[*]')) return { id: null, classes };
  const idEnd = readId(t, 0);
  return { id: idEnd > 0 ? t.slice(0, idEnd) : null, classes };
}

function handleState(b: Builder, st: Statement, inNote: { on: boolean }): void {
  const s = st.text.replace(/;$/, '');
  const lower = s.toLowerCase();
  if (inNote.on) {
    if (lower === 'end note') inNote.on = false;
    return;
  }
  const word = firstWord(s);
  if (word.toLowerCase() === 'note') {
    const note: MElement = { kind: 'note', id: `note${b.model.notes.length + 1}`, label: null, classes: [], parent: b.currentCluster()?.el.id ?? null };
    b.model.notes.push(note);
    if (!s.includes(':')) inNote.on = true;
    return;
  }
  if (s === '}') {
    b.close();
    return;
  }
  if (s === '--') return;
  if (word === 'state') {
    const rest = s.slice(5).trim();
    const asMatch = /^"([^"]*)"\s+as\s+([\p{L}\p{N}_$-]+)/u.exec(rest);
    const label: string | null = asMatch ? (asMatch[1] ?? null) : null;
    const id: string | null = asMatch ? (asMatch[2] ?? null) : stateId(rest.replace(/\{$/, '').replace(/<<\w+>>/, '')).id;
    const classes = stateId(rest.replace(/\{$/, '')).classes;
    if (rest.endsWith('{') && id) {
      b.open('composite', id, label ?? id);
      const c = b.model.clusters.get(id);
      if (c) c.classes.push(...classes);
      return;
    }
    if (id && !/<<(fork|join|choice)>>/.test(rest)) b.node(id, label, classes);
    return;
  }
  if (['direction', 'accTitle', 'accDescr', 'title', 'hide', 'scale'].includes(word)) return;
  const arrow = s.indexOf('-->');
  if (arrow >= 0) {
    const left = stateId(s.slice(0, arrow));
    const rightRaw = s.slice(arrow + 3);
    const colon = rightRaw.indexOf(':');
    const right = stateId(colon >= 0 ? rightRaw.slice(0, colon) : rightRaw);
    const label = colon >= 0 ? rightRaw.slice(colon + 1).trim() : null;
    if (left.id) b.node(left.id, null, left.classes);
    if (right.id) b.node(right.id, null, right.classes);
    b.edge(left.id ?? '[*]', right.id ?? '[*]', label && label !== '' ? label : null, false, null);
    return;
  }
  const colon = s.indexOf(':');
  const head = colon >= 0 && !s.startsWith(':::', colon) ? s.slice(0, colon) : s;
  const ref = stateId(head);
  if (ref.id) b.node(ref.id, colon >= 0 ? s.slice(colon + 1).trim() : null, ref.classes);
}

const CLASS_RELATION = /(<\|--|--\|>|<\|\.\.|\.\.\|>|\*--|--\*|o--|--o|<--|-->|<\.\.|\.\.>|--|\.\.)/;

function classRef(raw: string, fromEnd: boolean): string | null {
  const cleaned = raw.replace(/"[^"]*"/g, ' ').trim();
  const tokens = cleaned.split(/\s+/).filter((x) => x !== '');
  const tok = fromEnd ? tokens[tokens.length - 1] : tokens[0];
  if (!tok) return null;
  // The id ends at a class shorthand, a generic `~T~` or a label `[...]`.
  let end = tok.length;
  for (const mark of [':::', '~', '[']) {
    const k = tok.indexOf(mark);
    if (k >= 0 && k < end) end = k;
  }
  const id = tok.slice(0, end);
  return id === '' ? null : id;
}

function handleClass(b: Builder, st: Statement): void {
  const s = st.text.replace(/;$/, '');
  const top = b.top();
  if (top?.kind === 'members') {
    if (s.includes('}')) b.close();
    return;
  }
  if (s === '}') {
    b.close();
    return;
  }
  const word = firstWord(s);
  if (word === 'namespace') {
    const id = s.slice(9).replace(/\{\s*$/, '').trim();
    b.open('namespace', id || null, id || null);
    return;
  }
  if (word === 'class') {
    const rest = s.slice(5).trim();
    const idEnd = readId(rest, 0);
    const id = rest.slice(0, idEnd);
    if (id === '') return;
    const after = rest.slice(idEnd);
    const classes: string[] = [];
    const m = /:::([\w-]+)/.exec(after);
    if (m?.[1]) classes.push(m[1]);
    const labelM = /\["([^"]*)"\]/.exec(after);
    b.node(id, labelM ? (labelM[1] ?? null) : id, classes);
    if (after.includes('{') && !after.includes('}')) b.open('members', null, null);
    return;
  }
  if (word === 'cssClass') {
    const m = /^cssClass\s+"([^"]*)"\s+([\w-]+)/.exec(s);
    if (m) b.assignClass((m[1] ?? '').split(','), m[2] ?? '');
    return;
  }
  if (word.toLowerCase() === 'note') {
    b.model.notes.push({ kind: 'note', id: `note${b.model.notes.length + 1}`, label: null, classes: [], parent: null });
    return;
  }
  if (['direction', 'accTitle', 'accDescr', 'title', 'click', 'link', 'callback'].includes(word) || s.startsWith('<<')) return;
  const rel = CLASS_RELATION.exec(s);
  if (rel && rel.index > 0) {
    const left = classRef(s.slice(0, rel.index), true);
    const rightRaw = s.slice(rel.index + rel[0].length);
    const colon = rightRaw.indexOf(':');
    const right = classRef(colon >= 0 ? rightRaw.slice(0, colon) : rightRaw, false);
    if (left) b.node(left, left);
    if (right) b.node(right, right);
    if (left && right) b.edge(left, right, colon >= 0 ? rightRaw.slice(colon + 1).trim() || null : null, false, null);
    return;
  }
  const colon = s.indexOf(':');
  if (colon > 0 && !s.startsWith(':::', colon)) {
    const id = classRef(s.slice(0, colon), true);
    if (id) b.node(id, id);
    return;
  }
  const idEnd = readId(s, 0);
  if (idEnd > 0) {
    const m = /:::([\w-]+)/.exec(s);
    b.node(s.slice(0, idEnd), s.slice(0, idEnd), m?.[1] ? [m[1]] : []);
  }
}

const ER_REL = /^[|}o{]{1,2}(--|\.\.)[|{o}]{1,2}$/;

/** An alias `[ "Label" ]` after position `from`: the text inside the first brackets, its quotes removed. */
function bracketLabel(s: string, from: number): string | null {
  const open = s.indexOf('[', from);
  if (open < 0) return null;
  const close = s.indexOf(']', open + 1);
  if (close < 0) return null;
  let inner = s.slice(open + 1, close).trim();
  if (inner.startsWith('"')) inner = inner.slice(1);
  if (inner.endsWith('"')) inner = inner.slice(0, -1);
  return inner.includes('"') ? null : inner.trim();
}

function erRef(raw: string): { id: string | null; classes: string[]; label: string | null } {
  const t = raw.trim().replace(/\{$/, '').trim();
  const classes: string[] = [];
  let body = t;
  const k = t.indexOf(':::');
  if (k >= 0) {
    classes.push(...t.slice(k + 3).split(/[\s{]/)[0]!.split(':::').filter((x) => x !== ''));
    body = t.slice(0, k);
  }
  const idEnd = readId(body, 0);
  if (idEnd === 0) return { id: null, classes, label: null };
  return { id: body.slice(0, idEnd), classes, label: bracketLabel(body, idEnd) };
}

function handleEr(b: Builder, st: Statement): void {
  const s = st.text.replace(/;$/, '');
  if (b.top()?.kind === 'entity') {
    if (s.includes('}')) b.close();
    return;
  }
  const word = firstWord(s);
  if (['direction', 'accTitle', 'accDescr', 'title'].includes(word)) return;
  const tokens = s.split(/\s+/).filter((x) => x !== '');
  const relAt = tokens.findIndex((t) => ER_REL.test(t));
  if (relAt > 0 && tokens[relAt + 1]) {
    const left = erRef(tokens.slice(0, relAt).join(' '));
    const right = erRef(tokens[relAt + 1] ?? '');
    const colon = s.indexOf(':', s.indexOf(tokens[relAt] ?? '') + 1);
    if (left.id) b.node(left.id, left.label ?? left.id, left.classes);
    if (right.id) b.node(right.id, right.label ?? right.id, right.classes);
    if (left.id && right.id) b.edge(left.id, right.id, colon >= 0 ? s.slice(colon + 1).trim() || null : null, false, null);
    return;
  }
  const ref = erRef(s);
  if (ref.id) b.node(ref.id, ref.label ?? ref.id, ref.classes);
  if (s.endsWith('{')) b.open('entity', null, null);
}

const SEQ_ARROWS = ['<<-->>', '<<->>', '-->>', '->>', '--x', '-x', '--)', '-)', '-->', '->'];

function seqActor(b: Builder, raw: string): void {
  const id = raw.trim().replace(/^[+-]/, '').trim();
  if (id === '' || b.model.actors.has(id)) return;
  b.model.actors.set(id, { kind: 'actor', id, label: id, classes: [], parent: null });
}

function handleSequence(b: Builder, st: Statement): void {
  const s = st.text.replace(/;$/, '');
  const word = firstWord(s);
  const lower = word.toLowerCase();
  if (lower === 'participant' || lower === 'actor' || ((lower === 'create' || lower === 'destroy') && /\s(participant|actor)\s/.test(s))) {
    const m = /(?:participant|actor)\s+([^\s@]+)(?:\s+as\s+(.*))?/.exec(s);
    if (m?.[1]) {
      seqActor(b, m[1]);
      const a = b.model.actors.get(m[1]);
      if (a && m[2]) a.label = m[2].trim();
    }
    return;
  }
  if (lower === 'rect') {
    const offset = st.text.length - st.text.slice(4).trimStart().length;
    const color = st.text.slice(offset).replace(/;$/, '').trim();
    b.open('seq', null, null, color ? { color, line: st.line, start: st.start + offset, end: st.start + offset + color.length } : null);
    return;
  }
  if (['loop', 'alt', 'opt', 'par', 'critical', 'break', 'box'].includes(lower)) {
    b.open('seq', null, null, null);
    return;
  }
  if (lower === 'end') {
    b.close();
    return;
  }
  const layers = b.top()?.layer ?? null;
  if (lower === 'note') {
    // `note left of A, B: text`: the actors sit between the placement words and the first colon.
    const colon = s.indexOf(':');
    const head = colon >= 0 ? s.slice(0, colon) : '';
    const m = /^note\s+(?:left of|right of|over)\s/i.exec(head);
    const actors = m ? head.slice(m[0].length).trim() : '';
    if (actors !== '') for (const a of actors.split(',')) seqActor(b, a);
    b.model.notes.push({ kind: 'note', id: `note${b.model.notes.length + 1}`, label: null, classes: [], parent: null, layers });
    return;
  }
  const colon = s.indexOf(':');
  const head = colon >= 0 ? s.slice(0, colon) : s;
  for (const arrow of SEQ_ARROWS) {
    const k = head.indexOf(arrow);
    if (k <= 0) continue;
    const from = head.slice(0, k).trim();
    const to = head.slice(k + arrow.length).trim();
    seqActor(b, from);
    seqActor(b, to);
    b.model.messages.push({
      kind: 'message',
      id: `${from}->${to}`,
      label: colon >= 0 ? s.slice(colon + 1).trim() : null,
      classes: [],
      parent: null,
      hasLabel: colon >= 0 && s.slice(colon + 1).trim() !== '',
      layers,
    });
    return;
  }
}

function handleVenn(b: Builder, st: Statement): void {
  const s = st.text;
  const word = firstWord(s);
  if (word === 'title') {
    b.model.hasTitle = true;
    return;
  }
  if (word === 'set' || word === 'union' || word === 'text') {
    const rest = s.slice(word.length).trim();
    let id = rest.startsWith('"') ? unquote(rest.slice(0, rest.indexOf('"', 1) + 1)) : rest.slice(0, readId(rest, 0));
    if (word === 'union') id = rest.split(/[[:\s]/)[0] ?? rest;
    const labelM = /\["([^"]*)"\]/.exec(rest);
    b.model.venn.push({ kind: 'venn', id, label: labelM ? (labelM[1] ?? null) : id, classes: [], parent: null });
  }
}

/** Each family's reader of the statements left once the shared ones (styles, classes, titles ...) are read. */
const READERS: Record<Family, (b: Builder, st: Statement, inNote: { on: boolean }) => void> = {
  flowchart: (b, st) => handleFlow(b, st, 'flowchart'),
  block: (b, st) => handleFlow(b, st, 'block'),
  fragment: (b, st) => handleFlow(b, st, 'fragment'),
  state: handleState,
  class: handleClass,
  er: handleEr,
  sequence: handleSequence,
  venn: handleVenn,
  // A family the model does not read element by element: the shared statements are all it has.
  other: () => undefined,
};

/** Does the statement open `@{` (outside a quoted label) without closing it? */
function opensShapeBlock(s: string): boolean {
  const at = s.lastIndexOf('@{');
  if (at < 0 || s.includes('}', at)) return false;
  let quotes = 0;
  for (let i = s.indexOf('"'); i >= 0 && i < at; i = s.indexOf('"', i + 1)) quotes++;
  return quotes % 2 === 0;
}

/** Build the model from the statements of a read source. */
export function buildModel(src: MermaidSource): MermaidModel {
  const b = new Builder(src.family, src.keyword);
  const inNote = { on: false };
  let openQuote = false;
  let inAccDescr = false;
  // A flowchart `A@{` whose `}` comes on a later line: its lines are one statement, as Mermaid reads them.
  let shapeBlock: Statement | null = null;
  const statements: Statement[] = [];
  for (const st of src.statements) {
    if (shapeBlock) {
      shapeBlock.text += `\n${st.text}`;
      if (st.text.includes('}')) {
        statements.push(shapeBlock);
        shapeBlock = null;
      }
    } else if (src.family === 'flowchart' && opensShapeBlock(st.text)) shapeBlock = { ...st };
    else statements.push(st);
  }
  if (shapeBlock) statements.push(shapeBlock);
  for (const st of statements) {
    const s = st.text;
    // A click tooltip may run over several lines; skip until its quote closes.
    if (openQuote) {
      if ((s.split('"').length - 1) % 2 === 1) openQuote = false;
      continue;
    }
    if (inAccDescr) {
      if (s.includes('}')) inAccDescr = false;
      continue;
    }
    const word = firstWord(s);
    if (word === 'accDescr' && /^accDescr\s*\{/.test(s) && !s.includes('}')) {
      inAccDescr = true;
      continue;
    }
    if (word === 'classDef' || word === 'style' || word === 'linkStyle') {
      if (!(word === 'style' && src.family === 'sequence')) b.styleLine(st, word);
      continue;
    }
    if (word === 'class' && src.family !== 'class') {
      // Flowcharts as Mermaid's grammar reads them (two words: `class a, b c` is refused and assigns nothing).
      const a = src.family === 'flowchart' ? readClassStatement(s) : parseClassAssignment(s);
      if (a) b.assignClass(a.ids, a.className);
      continue;
    }
    if (word === 'click' && (s.split('"').length - 1) % 2 === 1) {
      openQuote = true;
      continue;
    }
    if (SKIP_WORDS.has(word) && src.family !== 'sequence' && src.family !== 'venn') {
      if (word === 'title') b.model.hasTitle = true;
      continue;
    }
    READERS[src.family](b, st, inNote);
  }
  b.closeAll();
  // Class assignments made before the element appeared (`class A c` above `A --> B`).
  for (const [id, classes] of b.model.pendingClasses) {
    const target = b.model.nodes.get(id) ?? b.model.clusters.get(id) ?? b.model.actors.get(id);
    if (target) {
      target.classes.unshift(...classes);
      b.model.pendingClasses.delete(id);
    }
  }
  return b.model;
}
