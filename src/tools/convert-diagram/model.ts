// The format-neutral graph every parser builds and every emitter reads, plus the list of what was lost.
import { ToolError } from '../kit/contract.ts';
import { truncate } from '../kit/text.ts';

export type Format = 'mermaid' | 'dot' | 'plantuml';
export type Direction = 'TB' | 'BT' | 'LR' | 'RL';

/**
 * Node shapes known to at least one of the three notations. `undefined` on a node means "the source
 * notation's default shape" (only DOT leaves it open: its implicit ellipse is not a choice the author made).
 */
export type Shape =
  | 'rect'
  | 'round'
  | 'stadium'
  | 'subroutine'
  | 'cylinder'
  | 'circle'
  | 'double_circle'
  | 'ellipse'
  | 'diamond'
  | 'hexagon'
  | 'parallelogram'
  | 'parallelogram_alt'
  | 'trapezoid'
  | 'trapezoid_alt'
  | 'asymmetric'
  | 'point'
  | 'text'
  | 'note'
  | 'folder'
  | 'component'
  | 'box3d'
  | 'cloud'
  | 'actor'
  | 'queue'
  | 'package'
  | 'interface';

/** Arrow ends. `none` is a plain line end. */
export type Head = 'none' | 'normal' | 'vee' | 'empty' | 'dot' | 'odot' | 'diamond' | 'odiamond' | 'cross' | 'tee' | 'box';
export type LineKind = 'solid' | 'dashed' | 'dotted' | 'bold' | 'invisible';

/** Colours are normalised to lower-case `#rrggbb` or `#rrggbbaa`. */
export interface Style {
  fill?: string;
  stroke?: string;
  /** Label (font) colour. */
  color?: string;
  strokeWidth?: number;
  dash?: 'dashed' | 'dotted';
  fontWeight?: 'bold';
  fontStyle?: 'italic';
  fontSize?: number;
  fontFamily?: string;
}

export interface EdgeStyle {
  color?: string;
  width?: number;
  fontColor?: string;
}

export interface GraphNode {
  id: string;
  /** Plain text; line breaks as `\n`. */
  label: string;
  shape?: Shape;
  /** Class names in application order (Mermaid classDef, PlantUML stereotypes with a skinparam). */
  classes: string[];
  /** Inline style (Mermaid `style`, DOT attributes, PlantUML `#colour` spec); wins over classes. */
  style: Style;
  group?: string;
  line?: number;
  /** PlantUML element keyword when the source was PlantUML (component, database, node ...). */
  keyword?: string;
  /** PlantUML stereotypes (`<<name>>`), shown as text by PlantUML only. */
  stereotypes?: string[];
}

export interface GraphEdge {
  /** A node id or a group id (edges to clusters). */
  from: string;
  to: string;
  label?: string;
  line: LineKind;
  head: Head;
  tail: Head;
  /** Rank length: 1 is the normal length (Mermaid `-->`, DOT minlen 1, PlantUML `-->`); 0 is PlantUML's same-rank `->`. */
  length: number;
  style: EdgeStyle;
  sourceLine?: number;
}

export interface GraphGroup {
  id: string;
  title?: string;
  parent?: string;
  /** PlantUML container keyword when the source was PlantUML (package, node, frame ...). */
  kind?: string;
  stereotypes?: string[];
  classes: string[];
  style: Style;
  direction?: Direction;
  line?: number;
}

interface ClassDef {
  style: Style;
  line?: number;
}

export interface Graph {
  direction?: Direction;
  title?: string;
  nodes: Map<string, GraphNode>;
  edges: GraphEdge[];
  groups: Map<string, GraphGroup>;
  classDefs: Map<string, ClassDef>;
}

export interface Lost {
  code: LostCode;
  detail: string;
  line?: number;
}

/** Stable codes of the `lost` list (documented in README.md; the tests check the two agree). */
export const LOST_CODES = [
  'shape_approximated',
  'arrowhead_approximated',
  'edge_style_approximated',
  'edge_reversed',
  'edge_to_subgraph_approximated',
  'style_property_dropped',
  'colour_dropped',
  'class_flattened',
  'direction_approximated',
  'subgraph_direction_dropped',
  'id_renamed',
  'port_dropped',
  'html_label_flattened',
  'markdown_label_flattened',
  'attribute_dropped',
  'rank_constraint_dropped',
  'link_dropped',
  'accessibility_dropped',
  'directive_dropped',
  'note_dropped',
  'stereotype_dropped',
  'activity_flattened',
  'label_dropped',
  'statement_dropped',
] as const;
export type LostCode = (typeof LOST_CODES)[number];

/** Limits that keep the work bounded; both parsers and emitters respect them. */
export const LIMITS = {
  /** The `diagram` field's maximum, in characters. */
  chars: 500_000,
  nodes: 5_000,
  edges: 20_000,
  groups: 1_000,
  depth: 64,
  lost: 500,
};

export function emptyGraph(): Graph {
  return { nodes: new Map(), edges: [], groups: new Map(), classDefs: new Map() };
}

/** Collects lost items, dropping exact repeats (same code, detail and line). */
export class LostList {
  readonly items: Lost[] = [];
  private readonly seen = new Set<string>();
  total = 0;

  add(code: LostCode, rawDetail: string, line?: number): void {
    const detail = truncate(rawDetail, 300);
    const key = `${code}\u0000${detail}\u0000${line ?? ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.total += 1;
    if (this.items.length < LIMITS.lost) this.items.push(line === undefined ? { code, detail } : { code, detail, line });
  }
}

export function parseError(message: string, line?: number): ToolError {
  return new ToolError(400, 'diagram_parse_error', message, line === undefined ? {} : { line });
}

export function unsupportedType(format: Format, type: string, line?: number): ToolError {
  const details: Record<string, unknown> = { type: `${format}:${type}` };
  if (line !== undefined) details.line = line;
  return new ToolError(400, 'diagram_unsupported_type', `This is a ${format} ${type} diagram; only Mermaid flowcharts, Graphviz DOT graphs and PlantUML activity/component diagrams are converted.`, details);
}

function tooLarge(what: 'nodes' | 'edges' | 'groups', line?: number): ToolError {
  const details: Record<string, unknown> = { limit: LIMITS[what], what };
  if (line !== undefined) details.line = line;
  return new ToolError(400, 'diagram_too_large', `The diagram has more than ${LIMITS[what]} ${what === 'groups' ? 'subgraphs' : what}.`, details);
}

export function tooDeep(line?: number): ToolError {
  const details: Record<string, unknown> = { limit: LIMITS.depth };
  if (line !== undefined) details.line = line;
  return new ToolError(400, 'diagram_too_deep', `Subgraphs or blocks are nested more than ${LIMITS.depth} deep.`, details);
}

/** Add an edge, enforcing the edge cap. */
export function pushEdge(g: Graph, e: GraphEdge): void {
  if (g.edges.length >= LIMITS.edges) throw tooLarge('edges', e.sourceLine);
  g.edges.push(e);
}

/** Create a node when it does not exist yet, enforcing the node cap; returns it either way. */
export function ensureNode(g: Graph, id: string, line?: number): GraphNode {
  let n = g.nodes.get(id);
  if (!n) {
    if (g.nodes.size >= LIMITS.nodes) throw tooLarge('nodes', line);
    n = { id, label: id, classes: [], style: {} };
    if (line !== undefined) n.line = line;
    g.nodes.set(id, n);
  }
  return n;
}

export function addGroup(g: Graph, group: GraphGroup): void {
  if (!g.groups.has(group.id) && g.groups.size >= LIMITS.groups) throw tooLarge('groups', group.line);
  g.groups.set(group.id, group);
}

/** Merge styles; properties of `over` win. */
export function mergeStyle(base: Style, over: Style): Style {
  const out: Style = { ...base };
  for (const [k, v] of Object.entries(over) as [keyof Style, Style[keyof Style]][]) {
    if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

export function styleIsEmpty(s: Style | EdgeStyle): boolean {
  return Object.values(s).every((v) => v === undefined);
}

/** The style a renderer applies: `classDef default` (nodes only) < classes in order < inline style. */
export function effectiveStyle(g: Graph, classes: string[], inline: Style, isNode: boolean): Style {
  let s: Style = {};
  // Mermaid compiles `default` first for every node, then the node's classes in order.
  const def = isNode ? g.classDefs.get('default') : undefined;
  if (def) s = mergeStyle(s, def.style);
  for (const c of classes) {
    const cd = g.classDefs.get(c);
    if (cd) s = mergeStyle(s, cd.style);
  }
  return mergeStyle(s, inline);
}

interface GroupIndex {
  nodes: Map<string | undefined, GraphNode[]>;
  groups: Map<string | undefined, GraphGroup[]>;
  size: string;
}

// Writers walk the group tree once per group; an index built once per graph keeps that linear.
const indexes = new WeakMap<Graph, GroupIndex>();

function groupIndex(g: Graph): GroupIndex {
  const size = `${g.nodes.size}/${g.groups.size}`;
  const known = indexes.get(g);
  if (known && known.size === size) return known;
  const idx: GroupIndex = { nodes: new Map(), groups: new Map(), size };
  // A parent that is missing, or that would close a cycle, puts the group at the top level instead of losing it.
  const parentOf = (grp: GraphGroup): string | undefined => {
    let cur = grp.parent;
    for (let k = 0; cur !== undefined; k++) {
      if (cur === grp.id || k > LIMITS.depth || !g.groups.has(cur)) return undefined;
      cur = g.groups.get(cur)?.parent;
    }
    return grp.parent;
  };
  for (const grp of g.groups.values()) {
    const p = parentOf(grp);
    const list = idx.groups.get(p) ?? [];
    list.push(grp);
    idx.groups.set(p, list);
  }
  for (const n of g.nodes.values()) {
    const at = n.group !== undefined && g.groups.has(n.group) ? n.group : undefined;
    const list = idx.nodes.get(at) ?? [];
    list.push(n);
    idx.nodes.set(at, list);
  }
  indexes.set(g, idx);
  return idx;
}

/** Direct child groups of a group (undefined: the top level), in declaration order. */
export function childGroups(g: Graph, parent: string | undefined): GraphGroup[] {
  return groupIndex(g).groups.get(parent) ?? [];
}

/** Nodes directly in a group (undefined: the top level), in declaration order. */
export function nodesIn(g: Graph, group: string | undefined): GraphNode[] {
  return groupIndex(g).nodes.get(group) ?? [];
}

/** First node inside a group or any of its descendants (edges to clusters in DOT need one). */
export function firstNodeIn(g: Graph, group: string, depth = 0): GraphNode | undefined {
  if (depth > LIMITS.depth) return undefined;
  const direct = nodesIn(g, group)[0];
  if (direct) return direct;
  for (const child of childGroups(g, group)) {
    const n = firstNodeIn(g, child.id, depth + 1);
    if (n) return n;
  }
  return undefined;
}

/** Stable, unique ids for a target syntax: keep valid ids, rewrite the rest, record each rename. */
export class IdMap {
  private readonly map = new Map<string, string>();
  private readonly used = new Set<string>();

  constructor(
    private readonly valid: (id: string) => boolean,
    private readonly sanitize: (id: string) => string,
    private readonly lost: LostList,
    private readonly target: string,
  ) {}

  /** Reserve every id that is valid as it stands first, so renamed ids never steal a kept one. */
  reserve(ids: Iterable<string>): void {
    for (const id of ids) {
      if (this.valid(id) && !this.used.has(id)) {
        this.used.add(id);
        this.map.set(id, id);
      }
    }
  }

  get(id: string, line?: number): string {
    const known = this.map.get(id);
    if (known !== undefined) return known;
    let base = this.sanitize(id);
    if (base === '' || !this.valid(base)) base = `n_${base}`;
    let out = base;
    for (let i = 2; this.used.has(out) || !this.valid(out); i++) out = `${base}_${i}`;
    this.used.add(out);
    this.map.set(id, out);
    if (out !== id) this.lost.add('id_renamed', `id "${truncate(id, 80)}" is not a valid ${this.target} id; written as ${out}`, line);
    return out;
  }
}

