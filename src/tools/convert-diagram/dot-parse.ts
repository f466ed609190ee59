// Graphviz DOT parser: graph/digraph, scoped attribute defaults, edge chains over nodes and subgraphs, clusters.
import { dotColour } from '../kit/colour/notations.ts';
import type { Token } from './dot-lexer.ts';
import { tokenizeDot } from './dot-lexer.ts';
import type { Direction, Graph, GraphEdge, GraphGroup, Head, LineKind, LostCode, LostList, Shape, Style } from './model.ts';
import { addGroup, emptyGraph, ensureNode, LIMITS, parseError, pushEdge, tooDeep } from './model.ts';
import { decodeEntities } from '../kit/mermaid/entities.ts';
import { flattenHtml } from './text.ts';
import { truncate } from '../kit/text.ts';

type Attrs = Map<string, { value: string; html: boolean; line: number }>;

interface Scope {
  nodeDefaults: Attrs;
  edgeDefaults: Attrs;
  /** Graph attributes set in this (sub)graph; cluster style comes from here. */
  graphAttrs: Attrs;
  /** Inheritable cluster style attributes from enclosing graphs. */
  inherited: Attrs;
  cluster?: string;
  /** Every node mentioned inside this subgraph (edge operands that are subgraphs expand to these). */
  members: string[];
  memberSet: Set<string>;
}

interface RawEdge {
  from: string;
  to: string;
  attrs: Attrs;
  line: number;
}

const DOT_SHAPES: Record<string, Shape> = {
  box: 'rect',
  rect: 'rect',
  rectangle: 'rect',
  square: 'rect',
  ellipse: 'ellipse',
  oval: 'ellipse',
  circle: 'circle',
  doublecircle: 'double_circle',
  point: 'point',
  plaintext: 'text',
  plain: 'text',
  none: 'text',
  diamond: 'diamond',
  hexagon: 'hexagon',
  parallelogram: 'parallelogram',
  trapezium: 'trapezoid',
  invtrapezium: 'trapezoid_alt',
  cylinder: 'cylinder',
  note: 'note',
  folder: 'folder',
  tab: 'package',
  component: 'component',
  box3d: 'box3d',
};

/** DOT shapes with no counterpart in the model, and the nearest one. */
const DOT_SHAPE_APPROX: Record<string, Shape> = {
  record: 'rect',
  Mrecord: 'round',
  Msquare: 'rect',
  Mdiamond: 'diamond',
  Mcircle: 'circle',
  cds: 'asymmetric',
  underline: 'text',
  egg: 'ellipse',
  triangle: 'diamond',
  invtriangle: 'diamond',
  house: 'rect',
  invhouse: 'rect',
  pentagon: 'hexagon',
  septagon: 'hexagon',
  octagon: 'hexagon',
  doubleoctagon: 'hexagon',
  tripleoctagon: 'hexagon',
  polygon: 'rect',
  star: 'circle',
  larrow: 'asymmetric',
  rarrow: 'asymmetric',
  lpromoter: 'asymmetric',
  rpromoter: 'asymmetric',
  signature: 'rect',
};

const DOT_HEADS: Record<string, Head> = {
  normal: 'normal',
  none: 'none',
  dot: 'dot',
  odot: 'odot',
  tee: 'tee',
  empty: 'empty',
  onormal: 'empty',
  diamond: 'diamond',
  odiamond: 'odiamond',
  ediamond: 'odiamond',
  box: 'box',
  vee: 'vee',
  open: 'vee',
};

const DIRECTIONS: Record<string, Direction> = { TB: 'TB', BT: 'BT', LR: 'LR', RL: 'RL' };

const NODE_KNOWN = new Set(['label', 'shape', 'style', 'color', 'fillcolor', 'fontcolor', 'penwidth', 'fontsize', 'fontname', 'pencolor']);
const EDGE_KNOWN = new Set(['label', 'style', 'color', 'fontcolor', 'penwidth', 'minlen', 'arrowhead', 'arrowtail', 'dir', 'lhead', 'ltail']);
const CLUSTER_KNOWN = new Set(['label', 'style', 'color', 'fillcolor', 'bgcolor', 'pencolor', 'fontcolor', 'penwidth']);
const CLUSTER_INHERITED = ['color', 'fillcolor', 'fontcolor', 'pencolor', 'penwidth', 'style'];
const LINK_ATTRS = new Set(['url', 'href', 'tooltip', 'target', 'labelurl', 'labelhref', 'headurl', 'tailurl', 'edgeurl', 'edgehref', 'labeltooltip', 'headtooltip', 'tailtooltip', 'edgetooltip']);

class DotParser {
  private i = 0;
  private readonly g: Graph = emptyGraph();
  private directed = true;
  private strict = false;
  private graphName = '';
  private readonly rawNodes = new Map<string, Attrs>();
  private readonly rawEdges: RawEdge[] = [];
  /** Subgraph name -> group data gathered while parsing (final ids decided at the end). */
  private readonly clusters = new Map<string, { parent?: string; attrs: Attrs; line: number }>();
  private readonly nodeGroup = new Map<string, string>();
  private readonly reported = new Set<string>();
  private anon = 0;
  private depth = 0;

  constructor(
    private readonly toks: Token[],
    private readonly lost: LostList,
  ) {}

  private peek(k = 0): Token {
    return this.toks[Math.min(this.i + k, this.toks.length - 1)] as Token;
  }

  private next(): Token {
    const t = this.peek();
    if (this.i < this.toks.length - 1) this.i++;
    return t;
  }

  private isPunct(t: Token, v: string): boolean {
    return t.kind === 'punct' && t.value === v;
  }

  private isKeyword(t: Token, kw: string): boolean {
    return t.kind === 'id' && !t.quoted && !t.html && t.value.toLowerCase() === kw;
  }

  private expectPunct(v: string): Token {
    const t = this.next();
    if (!this.isPunct(t, v)) throw parseError(`expected "${v}", found ${this.describe(t)}`, t.line);
    return t;
  }

  private describe(t: Token): string {
    if (t.kind === 'eof') return 'the end of the text';
    return `"${truncate(t.value, 30)}"`;
  }

  /** Report a lost item once per key (the first line it occurs on). */
  private once(code: LostCode, key: string, detail: string, line?: number): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.lost.add(code, detail, line);
  }

  /** An ID, joining `"a" + "b"` concatenations. */
  private id(): Token & { kind: 'id' } {
    const t = this.next();
    if (t.kind !== 'id') throw parseError(`expected an id, found ${this.describe(t)}`, t.line);
    if (t.quoted && this.isPunct(this.peek(), '+')) {
      let value = t.value;
      while (this.isPunct(this.peek(), '+')) {
        this.next();
        const more = this.next();
        if (more.kind !== 'id' || !more.quoted) throw parseError('"+" must join two quoted strings', more.line);
        value += more.value;
      }
      return { ...t, value };
    }
    return t;
  }

  parse(): Graph {
    const first = this.peek();
    if (this.isKeyword(first, 'strict')) {
      this.next();
      this.strict = true;
    }
    const kind = this.next();
    if (this.isKeyword(kind, 'digraph')) this.directed = true;
    else if (this.isKeyword(kind, 'graph')) this.directed = false;
    else throw parseError(`a DOT file starts with "graph" or "digraph", found ${this.describe(kind)}`, kind.line);
    if (this.peek().kind === 'id') this.graphName = this.id().value;
    this.expectPunct('{');
    const root: Scope = { nodeDefaults: new Map(), edgeDefaults: new Map(), graphAttrs: new Map(), inherited: new Map(), members: [], memberSet: new Set() };
    this.stmtList(root);
    this.expectPunct('}');
    const rest = this.peek();
    if (rest.kind !== 'eof') this.lost.add('statement_dropped', 'only the first graph in the text is converted', rest.line);
    this.rootAttrs(root.graphAttrs);
    this.build();
    return this.g;
  }

  private stmtList(scope: Scope): void {
    for (;;) {
      const t = this.peek();
      if (t.kind === 'eof' || this.isPunct(t, '}')) return;
      if (this.isPunct(t, ';')) {
        this.next();
        continue;
      }
      this.stmt(scope);
    }
  }

  private stmt(scope: Scope): void {
    const t = this.peek();
    const after = this.peek(1);
    if ((this.isKeyword(t, 'graph') || this.isKeyword(t, 'node') || this.isKeyword(t, 'edge')) && this.isPunct(after, '[')) {
      this.next();
      const attrs = this.attrList();
      const kw = t.kind === 'id' ? t.value.toLowerCase() : '';
      const target = kw === 'node' ? scope.nodeDefaults : kw === 'edge' ? scope.edgeDefaults : scope.graphAttrs;
      for (const [k, v] of attrs) target.set(k, v);
      return;
    }
    if (t.kind === 'id' && !this.isKeyword(t, 'subgraph') && this.isPunct(after, '=')) {
      const key = this.id();
      this.next();
      const value = this.id();
      scope.graphAttrs.set(key.value, { value: value.value, html: value.html, line: key.line });
      return;
    }
    const operands: string[][] = [this.operand(scope)];
    while (this.peek().kind === 'edgeop') {
      const op = this.next();
      if (op.kind === 'edgeop' && (op.value === '->') !== this.directed) {
        throw parseError(`"${op.value}" is not allowed in a ${this.directed ? 'digraph' : 'graph'}`, op.line);
      }
      operands.push(this.operand(scope));
    }
    const attrs = this.isPunct(this.peek(), '[') ? this.attrList() : new Map() as Attrs;
    if (operands.length === 1) {
      // A node statement (or a bare subgraph): attributes apply to the node.
      const only = operands[0] ?? [];
      if (this.operandWasNode && only.length === 1) {
        const raw = this.rawNodes.get(only[0] ?? '');
        if (raw) for (const [k, v] of attrs) raw.set(k, v);
      }
      return;
    }
    const merged: Attrs = new Map(scope.edgeDefaults);
    for (const [k, v] of attrs) merged.set(k, v);
    for (let k = 0; k + 1 < operands.length; k++) {
      for (const from of operands[k] ?? []) {
        for (const to of operands[k + 1] ?? []) {
          if (this.rawEdges.length >= LIMITS.edges) throw parseError(`more than ${LIMITS.edges} edges`, t.line);
          this.rawEdges.push({ from, to, attrs: merged, line: t.line });
        }
      }
    }
  }

  private operandWasNode = false;

  /** A node id (with optional port) or a subgraph; returns the node ids it stands for. */
  private operand(scope: Scope): string[] {
    const t = this.peek();
    if (this.isKeyword(t, 'subgraph') || this.isPunct(t, '{')) {
      this.operandWasNode = false;
      return this.subgraph(scope);
    }
    const idTok = this.id();
    this.operandWasNode = true;
    if (idTok.html) throw parseError('an HTML string cannot be a node id here', idTok.line);
    if (this.isPunct(this.peek(), ':')) {
      this.next();
      this.id();
      if (this.isPunct(this.peek(), ':')) {
        this.next();
        this.id();
      }
      this.once('port_dropped', `port:${idTok.value}`, `node ${truncate(idTok.value, 40)}: ports (record fields, compass points) are not carried over`, idTok.line);
    }
    this.touchNode(idTok.value, scope, idTok.line);
    return [idTok.value];
  }

  private touchNode(id: string, scope: Scope, line: number): void {
    if (!this.rawNodes.has(id)) {
      ensureNode(this.g, id, line);
      const attrs: Attrs = new Map(scope.nodeDefaults);
      this.rawNodes.set(id, attrs);
    }
    if (scope.cluster !== undefined && !this.nodeGroup.has(id)) this.nodeGroup.set(id, scope.cluster);
    this.addMember(scope, id);
  }

  private addMember(scope: Scope, id: string): void {
    if (!scope.memberSet.has(id)) {
      scope.memberSet.add(id);
      scope.members.push(id);
    }
  }

  private subgraph(parent: Scope): string[] {
    const open = this.peek();
    let name: string;
    if (this.isKeyword(open, 'subgraph')) {
      this.next();
      name = this.peek().kind === 'id' ? this.id().value : `\u0000anon${this.anon++}`;
    } else {
      name = `\u0000anon${this.anon++}`;
    }
    this.depth++;
    if (this.depth > LIMITS.depth) throw tooDeep(open.line);
    const inherited: Attrs = new Map(parent.inherited);
    for (const k of CLUSTER_INHERITED) {
      const v = parent.graphAttrs.get(k);
      if (v) inherited.set(k, v);
    }
    const scope: Scope = {
      nodeDefaults: new Map(parent.nodeDefaults),
      edgeDefaults: new Map(parent.edgeDefaults),
      graphAttrs: new Map(),
      inherited,
      members: [],
      memberSet: new Set(),
    };
    const isCluster = name.startsWith('cluster');
    if (isCluster) {
      scope.cluster = name;
      const existing = this.clusters.get(name);
      if (!existing) {
        if (this.clusters.size >= LIMITS.groups) throw parseError(`more than ${LIMITS.groups} clusters`, open.line);
        const entry: { parent?: string; attrs: Attrs; line: number } = { attrs: new Map(inherited), line: open.line };
        if (parent.cluster !== undefined) entry.parent = parent.cluster;
        this.clusters.set(name, entry);
      }
    } else if (parent.cluster !== undefined) {
      scope.cluster = parent.cluster;
    }
    // `subgraph name` with no body refers to an earlier subgraph.
    if (!this.isPunct(this.peek(), '{')) {
      this.depth--;
      return [];
    }
    this.expectPunct('{');
    this.stmtList(scope);
    this.expectPunct('}');
    this.depth--;
    if (isCluster) {
      const entry = this.clusters.get(name);
      if (entry) for (const [k, v] of scope.graphAttrs) entry.attrs.set(k, v);
    } else {
      const rank = scope.graphAttrs.get('rank');
      if (rank) this.once('rank_constraint_dropped', `rank:${rank.line}`, `rank=${truncate(rank.value, 20)} (same-rank constraint) has no equivalent`, rank.line);
      for (const [k, v] of scope.graphAttrs) {
        if (k !== 'rank') this.once('attribute_dropped', `sub:${k}`, `subgraph attribute ${truncate(k, 30)} has no equivalent`, v.line);
      }
    }
    for (const m of scope.members) this.addMember(parent, m);
    return scope.members;
  }

  private attrList(): Attrs {
    const out: Attrs = new Map();
    while (this.isPunct(this.peek(), '[')) {
      this.next();
      while (!this.isPunct(this.peek(), ']')) {
        const key = this.id();
        let value: { value: string; html: boolean; line: number } = { value: 'true', html: false, line: key.line };
        if (this.isPunct(this.peek(), '=')) {
          this.next();
          const v = this.id();
          value = { value: v.value, html: v.html, line: v.line };
        }
        out.set(key.value, value);
        if (this.isPunct(this.peek(), ',') || this.isPunct(this.peek(), ';')) this.next();
        if (this.peek().kind === 'eof') throw parseError('an attribute list [ ... ] is never closed', key.line);
      }
      this.next();
    }
    return out;
  }

  private rootAttrs(attrs: Attrs): void {
    for (const [k, v] of attrs) {
      if (k === 'rankdir') {
        const d = DIRECTIONS[v.value.toUpperCase()];
        if (d) this.g.direction = d;
      } else if (k === 'label') {
        const text = this.labelText(v, this.graphName, 'graph label').trim();
        if (text !== '') this.g.title = text;
      } else if (k === 'labelloc' || k === 'labeljust' || k === 'compound') {
        // Placement of the title and the cluster-edge switch: the converted text decides these itself.
      } else {
        this.once('attribute_dropped', `graph:${k}`, `graph attribute ${truncate(k, 30)} has no equivalent`, v.line);
      }
    }
  }

  /** Label text: HTML flattened; escapes \N \G \E \T \H \L and \n \l \r resolved. */
  private labelText(v: { value: string; html: boolean; line: number }, self: string, where: string, edge?: { from: string; to: string }): string {
    if (v.html) {
      const flat = flattenHtml(
        v.value
          .split('\n')
          .map((part) => part.trim())
          .join(' '),
      );
      this.once('html_label_flattened', `html:${where}`, `${truncate(where, 60)}: the HTML label was reduced to its text`, v.line);
      return flat.text.trim();
    }
    let out = '';
    const s = v.value;
    for (let k = 0; k < s.length; k++) {
      const c = s[k];
      if (c !== '\\' || k + 1 >= s.length) {
        out += c;
        continue;
      }
      const e = s[k + 1];
      k++;
      if (e === 'n' || e === 'l' || e === 'r') out += '\n';
      else if (e === 'N') out += self;
      else if (e === 'G') out += this.graphName;
      else if (e === 'E') out += edge ? `${edge.from}${this.directed ? '->' : '--'}${edge.to}` : '';
      else if (e === 'T') out += edge?.from ?? '';
      else if (e === 'H') out += edge?.to ?? '';
      else if (e === 'L') out += '';
      else out += e;
    }
    return decodeEntities(out).replace(/\n$/, '');
  }

  private styleWords(v: string | undefined): Set<string> {
    return new Set(
      (v ?? '')
        .split(',')
        .map((s) => {
          const w = s.trim().toLowerCase();
          const paren = w.indexOf('(');
          return paren < 0 ? w : w.slice(0, paren);
        })
        .filter((s) => s !== ''),
    );
  }

  private colour(v: { value: string; line: number } | undefined, where: string): string | undefined {
    if (!v) return undefined;
    const read = dotColour(v.value);
    if (read.partial) this.once('colour_dropped', `cl:${where}:${v.line}`, `${truncate(where, 60)}: a colour list or gradient keeps only its first colour`, v.line);
    if (read.hex === undefined) this.once('colour_dropped', `cx:${where}:${v.value}`, `${truncate(where, 60)}: colour "${truncate(v.value, 30)}" is not recognised`, v.line);
    return read.hex;
  }

  private reportUnknown(attrs: Attrs, known: Set<string>, kind: string): void {
    for (const [k, v] of attrs) {
      if (known.has(k)) continue;
      const lower = k.toLowerCase();
      if (LINK_ATTRS.has(lower)) this.once('link_dropped', `link:${kind}:${lower}`, `${kind} attribute ${lower} (links and tooltips) is not carried over`, v.line);
      else if (lower === 'xlabel' || lower === 'headlabel' || lower === 'taillabel') this.once('label_dropped', `lab:${kind}:${lower}`, `${kind} attribute ${lower} has no equivalent; that text is dropped`, v.line);
      else if (lower === 'headport' || lower === 'tailport') this.once('port_dropped', `port:${kind}:${lower}`, `${kind} attribute ${lower} is not carried over`, v.line);
      else this.once('attribute_dropped', `${kind}:${k}`, `${kind} attribute ${truncate(k, 30)} has no equivalent`, v.line);
    }
  }

  private build(): void {
    const g = this.g;
    // Final group ids: "cluster_x" -> "x" unless that clashes with a node or another group.
    const taken = new Set(g.nodes.keys());
    const groupId = new Map<string, string>();
    for (const name of this.clusters.keys()) {
      const stripped = name.replace(/^cluster_?/, '');
      let id = stripped !== '' && !taken.has(stripped) ? stripped : name;
      for (let k = 2; taken.has(id); k++) id = `${name}_${k}`;
      taken.add(id);
      groupId.set(name, id);
    }
    for (const [name, c] of this.clusters) {
      const id = groupId.get(name) ?? name;
      const grp: GraphGroup = { id, classes: [], style: {}, line: c.line };
      if (c.parent !== undefined) grp.parent = groupId.get(c.parent) ?? c.parent;
      const label = c.attrs.get('label');
      if (label) {
        const t = this.labelText(label, name, `cluster ${id}`).trim();
        if (t !== '') grp.title = t;
      }
      grp.style = this.clusterStyle(c.attrs, `cluster ${id}`);
      this.reportUnknown(c.attrs, CLUSTER_KNOWN, 'cluster');
      addGroup(g, grp);
    }
    for (const [id, attrs] of this.rawNodes) {
      const n = g.nodes.get(id);
      if (!n) continue;
      const grp = this.nodeGroup.get(id);
      if (grp !== undefined) n.group = groupId.get(grp) ?? grp;
      this.nodeAttrs(n, attrs);
    }
    const seen = new Set<string>();
    for (const raw of this.rawEdges) {
      const e = this.edge(raw, groupId);
      if (this.strict) {
        const key = this.directed ? `${e.from}\u0000${e.to}` : [e.from, e.to].sort().join('\u0000');
        if (seen.has(key)) continue;
        seen.add(key);
      }
      pushEdge(g, e);
    }
  }

  /** Is the node inside the cluster (directly or in a nested one)? */
  private inside(node: string, cluster: string): boolean {
    let cur = this.nodeGroup.get(node);
    for (let k = 0; cur !== undefined && k <= LIMITS.depth + 1; k++) {
      if (cur === cluster) return true;
      cur = this.clusters.get(cur)?.parent;
    }
    return false;
  }

  private clusterStyle(attrs: Attrs, where: string): Style {
    const s: Style = {};
    const words = this.styleWords(attrs.get('style')?.value);
    const color = this.colour(attrs.get('color'), where);
    const pencolor = this.colour(attrs.get('pencolor'), where);
    const fillcolor = this.colour(attrs.get('fillcolor'), where);
    const bgcolor = this.colour(attrs.get('bgcolor'), where);
    const stroke = pencolor ?? color;
    if (stroke) s.stroke = stroke;
    if (words.has('filled')) {
      const fill = fillcolor ?? color ?? bgcolor;
      if (fill) s.fill = fill;
    } else if (bgcolor) s.fill = bgcolor;
    const font = this.colour(attrs.get('fontcolor'), where);
    if (font) s.color = font;
    const pw = Number(attrs.get('penwidth')?.value);
    if (Number.isFinite(pw) && pw >= 0 && pw <= 100 && attrs.has('penwidth')) s.strokeWidth = pw;
    else if (words.has('bold')) s.strokeWidth = 2;
    if (words.has('dashed')) s.dash = 'dashed';
    else if (words.has('dotted')) s.dash = 'dotted';
    if (words.has('invis')) this.once('attribute_dropped', `invis:${where}`, `${truncate(where, 60)}: style=invis has no equivalent`, attrs.get('style')?.line);
    return s;
  }

  private nodeAttrs(n: { id: string; label: string; shape?: Shape; style: Style; line?: number }, attrs: Attrs): void {
    const where = `node ${n.id}`;
    const label = attrs.get('label');
    n.label = label ? this.labelText(label, n.id, where) : n.id;
    const words = this.styleWords(attrs.get('style')?.value);
    const shapeAttr = attrs.get('shape');
    if (shapeAttr) {
      const name = shapeAttr.value;
      const exact = DOT_SHAPES[name.toLowerCase()];
      if (exact) n.shape = exact === 'rect' && words.has('rounded') ? 'round' : exact;
      else {
        const approx = DOT_SHAPE_APPROX[name] ?? DOT_SHAPE_APPROX[name.toLowerCase()] ?? 'rect';
        n.shape = approx;
        this.lost.add('shape_approximated', `${truncate(where, 50)}: DOT shape ${truncate(name, 20)} read as ${approx}`, shapeAttr.line);
        if (/^m?record$/i.test(name) && !label?.html) n.label = this.recordText(n.label);
      }
    } else if (words.has('rounded')) n.shape = 'round';
    const s: Style = {};
    const color = this.colour(attrs.get('color'), where);
    const pencolor = this.colour(attrs.get('pencolor'), where);
    const fillcolor = this.colour(attrs.get('fillcolor'), where);
    if (pencolor ?? color) s.stroke = pencolor ?? color;
    if (words.has('filled')) {
      // Graphviz fills with fillcolor, else color, else light grey.
      s.fill = fillcolor ?? color ?? '#d3d3d3';
    }
    const font = this.colour(attrs.get('fontcolor'), where);
    if (font) s.color = font;
    const pw = attrs.get('penwidth');
    if (pw && Number.isFinite(Number(pw.value)) && Number(pw.value) >= 0 && Number(pw.value) <= 100) s.strokeWidth = Number(pw.value);
    else if (words.has('bold')) s.strokeWidth = 2;
    if (words.has('dashed')) s.dash = 'dashed';
    else if (words.has('dotted')) s.dash = 'dotted';
    const fs = attrs.get('fontsize');
    if (fs && Number.isFinite(Number(fs.value)) && Number(fs.value) > 0 && Number(fs.value) <= 200) s.fontSize = Number(fs.value);
    const fn = attrs.get('fontname');
    if (fn && fn.value.trim() !== '') {
      const family = fn.value.trim();
      if (/[-\s](bold)/i.test(family)) s.fontWeight = 'bold';
      if (/[-\s](italic|oblique)/i.test(family)) s.fontStyle = 'italic';
      s.fontFamily = family.replace(/[-\s](bold|italic|oblique)+/gi, '').trim() || family;
    }
    for (const w of words) {
      if (!['filled', 'rounded', 'dashed', 'dotted', 'bold', 'solid'].includes(w)) {
        this.once('attribute_dropped', `nstyle:${w}`, `node style ${truncate(w, 20)} has no equivalent`, attrs.get('style')?.line);
      }
    }
    n.style = s;
    this.reportUnknown(attrs, NODE_KNOWN, 'node');
  }

  /** Record labels `{a|<p> b}` as plain text: fields on their own lines, port names dropped. */
  private recordText(label: string): string {
    return label
      .replace(/<[^<>]{0,100}>/g, '')
      .replace(/[{}]/g, '')
      .split('|')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .join('\n');
  }

  private head(name: string | undefined, fallback: Head, where: string, line: number): Head {
    if (name === undefined) return fallback;
    const h = DOT_HEADS[name.toLowerCase()];
    if (h) return h;
    this.once('arrowhead_approximated', `ah:${name}`, `${truncate(where, 50)}: DOT arrow ${truncate(name, 20)} read as normal`, line);
    return 'normal';
  }

  private edge(raw: RawEdge, groupId: Map<string, string>): GraphEdge {
    const a = raw.attrs;
    const where = `edge ${raw.from} -> ${raw.to}`;
    const dir = (a.get('dir')?.value ?? (this.directed ? 'forward' : 'none')).toLowerCase();
    const forward = dir === 'forward' || dir === 'both';
    const back = dir === 'back' || dir === 'both';
    const head = forward ? this.head(a.get('arrowhead')?.value, 'normal', where, raw.line) : 'none';
    const tail = back ? this.head(a.get('arrowtail')?.value, 'normal', where, raw.line) : 'none';
    const words = this.styleWords(a.get('style')?.value);
    let line: LineKind = 'solid';
    if (words.has('invis')) line = 'invisible';
    else if (words.has('dashed')) line = 'dashed';
    else if (words.has('dotted')) line = 'dotted';
    else if (words.has('bold')) line = 'bold';
    for (const w of words) {
      if (!['invis', 'dashed', 'dotted', 'bold', 'solid'].includes(w)) this.once('attribute_dropped', `estyle:${w}`, `edge style ${truncate(w, 20)} has no equivalent`, a.get('style')?.line);
    }
    // lhead/ltail clip the edge at a cluster; Graphviz honours them only when the node is inside that cluster.
    const clip = (end: string, attr: string): string => {
      const v = a.get(attr);
      if (v === undefined) return end;
      const target = groupId.get(v.value);
      if (target !== undefined && this.inside(end, v.value)) return target;
      this.once('edge_to_subgraph_approximated', `${attr}:${raw.line}`, `${truncate(where, 50)}: ${attr}=${truncate(v.value, 30)} does not name a cluster holding ${truncate(end, 30)}; ignored`, v.line);
      return end;
    };
    const from = clip(raw.from, 'ltail');
    const to = clip(raw.to, 'lhead');
    const minlen = Number(a.get('minlen')?.value ?? '1');
    const e: GraphEdge = { from, to, line, head, tail, length: Number.isFinite(minlen) ? Math.max(0, Math.min(10, Math.round(minlen))) : 1, style: {}, sourceLine: raw.line };
    const label = a.get('label');
    if (label) {
      const text = this.labelText(label, '', where, { from: raw.from, to: raw.to }).trim();
      if (text !== '') e.label = text;
    }
    const color = this.colour(a.get('color'), where);
    if (color) e.style.color = color;
    const font = this.colour(a.get('fontcolor'), where);
    if (font) e.style.fontColor = font;
    const pw = a.get('penwidth');
    if (pw && Number.isFinite(Number(pw.value)) && Number(pw.value) >= 0 && Number(pw.value) <= 100) e.style.width = Number(pw.value);
    this.reportUnknown(a, EDGE_KNOWN, 'edge');
    return e;
  }
}

export function parseDot(src: string, lost: LostList): Graph {
  const toks = tokenizeDot(src);
  return new DotParser(toks, lost).parse();
}
