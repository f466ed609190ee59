// Mermaid contrast pairs: resolve each element's colours (theme < classDef default < classes < style) and measure them.
import { contrastRatio, isLargeText, over, parsePaint, requiredRatio, TRANSPARENT, WHITE, withAlpha } from '../kit/colour/colour.ts';
import type { Level, PairKind, Rgba } from '../kit/colour/colour.ts';
import type { Family } from '../kit/mermaid/keywords.ts';
import type { MermaidSource } from '../kit/mermaid/source.ts';
import { buildModel } from '../kit/mermaid/model.ts';
import type { MElement, MermaidModel, SeqLayer, StyleLine } from '../kit/mermaid/model.ts';
import { cleanOverrides, themeVariables } from './mermaid-theme.ts';
import type { ThemeName, ThemeVars } from './mermaid-theme.ts';
import { measure, slotKey } from './pairs.ts';
import type { Backdrop, Pair, Slot } from './pairs.ts';

/** Where each role takes its colours from in the theme, per diagram family. */
interface FamilyRoles {
  noun: string;
  nodeFill: string;
  nodeStroke: string;
  nodeText: string[];
  edge: string;
  edgeText: string[];
  edgeLabelBg: string;
  clusterNoun: string;
  clusterFill: string;
  clusterTitleBg: string | null;
  clusterStroke: string;
  clusterText: string[];
  /** Block containers are drawn with a faded fill and no title. */
  clusterAlpha: number;
}

const FLOW: FamilyRoles = {
  noun: 'node',
  nodeFill: 'mainBkg',
  nodeStroke: 'nodeBorder',
  nodeText: ['nodeTextColor', 'textColor'],
  edge: 'lineColor',
  edgeText: ['nodeTextColor', 'textColor'],
  edgeLabelBg: 'edgeLabelBackground',
  clusterNoun: 'subgraph',
  clusterFill: 'clusterBkg',
  clusterTitleBg: null,
  clusterStroke: 'clusterBorder',
  clusterText: ['titleColor'],
  clusterAlpha: 1,
};

const ROLES: Record<Family, FamilyRoles> = {
  flowchart: FLOW,
  fragment: FLOW,
  other: FLOW,
  venn: FLOW,
  sequence: FLOW,
  block: { ...FLOW, noun: 'block', clusterNoun: 'block group', clusterAlpha: 0.5 },
  class: { ...FLOW, noun: 'class', nodeText: ['classText'], edgeText: ['classText'], edgeLabelBg: 'mainBkg', clusterNoun: 'namespace' },
  state: {
    ...FLOW,
    noun: 'state',
    nodeFill: 'stateBkg',
    nodeText: ['stateLabelColor'],
    edge: 'transitionColor',
    edgeText: ['transitionLabelColor', 'tertiaryTextColor'],
    clusterNoun: 'composite state',
    clusterFill: 'background',
    clusterTitleBg: 'mainBkg',
    clusterStroke: 'nodeBorder',
    clusterText: ['stateLabelColor'],
  },
  er: { ...FLOW, noun: 'entity', edgeText: ['textColor'] },
};

export interface MermaidAnalysis {
  src: MermaidSource;
  model: MermaidModel;
  theme: string;
  themeModelled: boolean;
  vars: ThemeVars | null;
  /** themeVariables the diagram itself declares. */
  declared: ThemeVars;
  pairs: Pair[];
}

interface Resolved {
  value: string;
  slot: Slot;
}

type Props = Map<string, Resolved>;

const TEXT_PROPS = new Set(['fill', 'stroke', 'color', 'stroke-width', 'font-size', 'font-weight', 'opacity', 'fill-opacity', 'stroke-opacity']);

function themeLayer(vars: ThemeVars | null, map: Record<string, string[]>): Props {
  const out: Props = new Map();
  for (const [prop, chain] of Object.entries(map)) {
    const first = chain[0] ?? '';
    let value: string | undefined;
    for (const v of chain) {
      const x = vars?.[v];
      if (typeof x === 'string' && x !== '') {
        value = x;
        break;
      }
    }
    out.set(prop, { value: value ?? '', slot: { kind: 'theme', variable: first } });
  }
  const fs = vars?.fontSize;
  if (typeof fs === 'string') out.set('font-size', { value: fs, slot: { kind: 'fixed' } });
  return out;
}

function withLines(base: Props, lines: readonly StyleLine[]): Props {
  const props: Props = new Map(base);
  for (const l of lines) applyLine(props, l);
  return props;
}

function applyLine(props: Props, line: StyleLine): void {
  for (const d of line.decls) {
    if (!TEXT_PROPS.has(d.prop)) continue;
    const slot: Slot = d.prop === 'fill' || d.prop === 'color' || d.prop === 'stroke' ? { kind: 'line', line: line.idx, prop: d.prop } : { kind: 'fixed' };
    props.set(d.prop, { value: d.value, slot });
  }
}

function numberOf(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = parseFloat(value);
  if (!Number.isFinite(n)) return fallback;
  return value.trim().endsWith('%') ? n / 100 : n;
}

/** CSS font-size in px (px, pt, em/rem against 16px). */
export function fontPx(value: string | undefined, parent = 16): number {
  if (!value) return parent;
  const m = /^([\d.]+)\s*(px|pt|em|rem|%)?$/i.exec(value.trim());
  if (!m) return parent;
  const n = parseFloat(m[1] ?? '');
  if (!Number.isFinite(n)) return parent;
  switch ((m[2] ?? 'px').toLowerCase()) {
    case 'pt':
      return (n * 4) / 3;
    case 'em':
      return n * parent;
    case 'rem':
      return n * 16;
    case '%':
      return (n / 100) * parent;
    default:
      return n;
  }
}

export function fontWeight(value: string | undefined): number {
  if (!value) return 400;
  const v = value.trim().toLowerCase();
  if (v === 'bold' || v === 'bolder') return 700;
  const n = parseInt(v, 10);
  return Number.isFinite(n) ? n : 400;
}

/** A paint value read: a colour (null for none), or the reason it cannot be measured. */
type Painted = { ok: true; color: Rgba | null; raw: string } | { ok: false; reason: string; raw: string };

/** A shape to check: its text on its fill, and its border on the backdrop. */
interface ShapeSpec {
  roleNoun: string;
  element: string;
  props: Props;
  backdrop: Backdrop;
  /** A title bar colour under the text, when it differs from the shape's fill (composite states). */
  textBg?: Props;
  text: boolean;
  border: boolean;
  fillAlpha?: number;
  textRole?: string;
  ref?: Pair['ref'];
  /** The statements applied to the element, in order (harden mode asks which of them wins). */
  lineOrder?: readonly number[];
  /** What to move when the text sits directly on the backdrop (no fill of its own). */
  backdropSlot?: Slot;
}

function ownersOf(props: Props): string[] {
  const out = new Set<string>();
  for (const key of ['fill', 'color', 'stroke']) {
    const r = props.get(key);
    if (r && r.slot.kind !== 'fixed') out.add(slotKey(r.slot));
  }
  return [...out];
}

class Checker {
  readonly pairs: Pair[] = [];
  private readonly roles: FamilyRoles;
  private readonly canvas: Backdrop;
  private readonly clusterBg = new Map<string, Backdrop>();
  private readonly templates = new Map<string, Pair[]>();
  private readonly layerBg = new Map<SeqLayer, { backdrop: Backdrop; slot: Slot }>();
  private readonly layerIds = new Map<SeqLayer, number>();

  private layerId(layer: SeqLayer | null): number {
    if (!layer) return 0;
    let id = this.layerIds.get(layer);
    if (id === undefined) {
      id = this.layerIds.size + 1;
      this.layerIds.set(layer, id);
    }
    return id;
  }
  private readonly handDrawn: boolean;

  constructor(
    private readonly model: MermaidModel,
    private readonly vars: ThemeVars | null,
    private readonly level: Level,
    private readonly themeName: string,
    look: unknown,
  ) {
    this.roles = ROLES[model.family];
    this.handDrawn = look === 'handDrawn';
    const bg = typeof vars?.background === 'string' ? parsePaint(vars.background) : null;
    if (!vars) this.canvas = { ok: false, reason: `the Mermaid theme "${themeName}" is not modelled, so its background is unknown` };
    else if (bg?.kind === 'color') this.canvas = { ok: true, color: over(bg.rgba, WHITE) };
    else this.canvas = { ok: true, color: WHITE };
  }

  private baseFont(): number {
    return fontPx(typeof this.vars?.fontSize === 'string' ? this.vars.fontSize : '16px');
  }

  /** Paint value -> colour; theme values are unknown when the theme is not modelled. */
  private paint(r: Resolved | undefined, what: string): Painted {
    if (!r || r.value === '') {
      if (r?.slot.kind === 'theme' && !this.vars) return { ok: false, reason: `the Mermaid theme "${this.themeName}" is not modelled`, raw: '' };
      return { ok: true, color: null, raw: '' };
    }
    const p = parsePaint(r.value);
    if (p.kind === 'color') return { ok: true, color: p.rgba, raw: p.raw };
    if (p.kind === 'none') return { ok: true, color: null, raw: p.raw };
    if (p.kind === 'url') return { ok: false, reason: `the ${what} is a gradient or pattern (${p.raw})`, raw: p.raw };
    return { ok: false, reason: `the ${what} value "${p.raw}" is not a colour this tool can read`, raw: p.raw };
  }

  /** The style statements that apply to an element, in the order they apply. */
  private linesOf(el: MElement, isNode: boolean): StyleLine[] {
    const out: StyleLine[] = [];
    if (isNode) {
      out.push(...(this.model.classDefs.get('node') ?? []));
      if (el.classes.length === 0) out.push(...(this.model.classDefs.get('default') ?? []));
    }
    for (const c of el.classes) out.push(...(this.model.classDefs.get(c) ?? []));
    out.push(...(this.model.styles.get(el.id) ?? []));
    return out;
  }

  private layers(el: MElement, base: Props, isNode: boolean): Props {
    return withLines(base, this.linesOf(el, isNode));
  }

  /**
   * Elements styled by the same statements on the same backdrop make the same pairs: measure them once
   * (`make`) and give every other element a copy under its own name. Diagrams with thousands of plain nodes
   * cost what their distinct stylings cost.
   */
  private alike(key: string, element: string, ref: Pair['ref'], make: () => void): void {
    const known = this.templates.get(key);
    if (known) {
      for (const t of known) {
        // A copy that reads everything else from the measured pair: two fields per element, not twenty.
        const copy = Object.create(t) as Pair;
        copy.element = element;
        copy.ref = t.ref ? ref : undefined;
        this.pairs.push(copy);
      }
      return;
    }
    const before = this.pairs.length;
    make();
    this.templates.set(key, this.pairs.slice(before));
  }

  private containerBg(id: string | null, seen = new Set<string>()): Backdrop {
    if (id === null) return this.canvas;
    const memo = this.clusterBg.get(id);
    if (memo) return memo;
    const cluster = this.model.clusters.get(id);
    if (!cluster || seen.has(id)) return this.canvas;
    seen.add(id);
    const parent = this.containerBg(cluster.parent, seen);
    const props = this.layers(cluster, themeLayer(this.vars, { fill: [this.roles.clusterFill] }), false);
    const fill = this.paint(props.get('fill'), 'subgraph fill');
    let result: Backdrop;
    if (!fill.ok) result = { ok: false, reason: fill.reason };
    else if (!fill.color) result = parent;
    else {
      const top = withAlpha(fill.color, numberOf(props.get('fill-opacity')?.value, 1) * numberOf(props.get('opacity')?.value, 1) * this.roles.clusterAlpha);
      result = top.alpha >= 1 ? { ok: true, color: top } : parent.ok ? { ok: true, color: over(top, parent.color) } : parent;
    }
    this.clusterBg.set(id, result);
    return result;
  }

  private push(p: Omit<Pair, 'status'> & { status?: Pair['status'] }): void {
    this.pairs.push(measure({ status: 'pass', ...p } as Pair));
  }

  private unverified(kind: PairKind, role: string, element: string, needed: number, fgRaw: string, fg: Rgba | undefined, reason: string, fgSlot: Slot, bgSlot: Slot, owners: string[]): void {
    this.pairs.push({ kind, role, element, needed, fgRaw, fg, status: 'unverified', reason, fgSlot, bgSlot, seen: (c) => c, owners });
  }

  /**
   * A labelled shape: text on its fill, and its border against the backdrop (WCAG 1.4.11). The border passes
   * when either the stroke or the fill stands out 3:1 from what surrounds the shape.
   */
  shape(o: ShapeSpec): void {
    const { props, backdrop } = o;
    const owners = ownersOf(props);
    const opacity = numberOf(props.get('opacity')?.value, 1);
    const fillR = o.textBg?.get('fill') ?? props.get('fill');
    const fill = this.paint(fillR, 'fill');
    const colorR = props.get('color');
    const color = this.paint(colorR, 'text colour');
    const large = isLargeText(fontPx(props.get('font-size')?.value, this.baseFont()), fontWeight(props.get('font-weight')?.value));
    const textNeeded = requiredRatio('text', this.level, large);
    const fillSlot: Slot = fillR?.slot ?? o.backdropSlot ?? { kind: 'fixed' };
    const colorSlot = colorR?.slot ?? { kind: 'fixed' };
    const fillAlpha = numberOf(props.get('fill-opacity')?.value, 1) * (o.fillAlpha ?? 1);
    const fillTop = fill.ok && fill.color ? withAlpha(fill.color, fillAlpha) : TRANSPARENT;

    if (o.text) {
      const role = o.textRole ?? `${o.roleNoun} text`;
      const fgRaw = color.raw;
      const fg = color.ok && color.color ? color.color : undefined;
      let reason: string | null = null;
      if (!color.ok) reason = color.reason;
      else if (!color.color) reason = 'the text colour is "none"';
      else if (!fill.ok) reason = fill.reason;
      else if (!backdrop.ok && fillTop.alpha * opacity < 1) reason = backdrop.reason;
      else if (this.handDrawn && fillTop.alpha > 0) reason = 'the handDrawn look fills shapes with hachure strokes, so the colour under the label is not uniform';
      if (reason) {
        this.unverified('text', role, o.element, textNeeded, fgRaw, fg, reason, colorSlot, fillSlot, owners);
      } else if (fg) {
        const base = backdrop.ok ? backdrop.color : WHITE;
        const bg = over(withAlpha(fillTop, opacity), base);
        const seen = (c: Rgba): Rgba => over(withAlpha(over(c, fillTop), opacity), base);
        const fillSeen = (f: Rgba): Rgba => over(withAlpha(withAlpha(f, fillAlpha), opacity), base);
        this.push({
          fillSeen: () => fillSeen,
          kind: 'text',
          role,
          element: o.element,
          needed: textNeeded,
          fgRaw,
          fg,
          bg,
          fgSeen: over(withAlpha(over(fg, fillTop), opacity), base),
          fgSlot: colorSlot,
          lineOrder: o.lineOrder,
          bgSlot: fillSlot,
          seen,
          owners,
          ref: o.ref,
        });
      }
    }

    if (o.border) this.border(o, fill, fillTop, opacity, owners);
  }

  /** A shape's border against its backdrop (3:1); the fill edge can carry the boundary instead. */
  private border(o: ShapeSpec, fill: Painted, fillTop: Rgba, opacity: number, owners: string[]): void {
    const { props, backdrop } = o;
    const strokeR = props.get('stroke');
    const width = props.get('stroke-width')?.value;
    const stroke = this.paint(strokeR, 'border colour');
    const strokeSlot = strokeR?.slot ?? { kind: 'fixed' };
    const role = `${o.roleNoun} border`;
    if (width !== undefined && numberOf(width, 1) <= 0) return;
    if (stroke.ok && !stroke.color) return;
    if (!stroke.ok) {
      this.unverified('non_text', role, o.element, 3, stroke.raw, undefined, stroke.reason, strokeSlot, { kind: 'fixed' }, owners);
      return;
    }
    if (!backdrop.ok) {
      this.unverified('non_text', role, o.element, 3, stroke.raw, stroke.color ?? undefined, backdrop.reason, strokeSlot, { kind: 'fixed' }, owners);
      return;
    }
    const strokeAlpha = numberOf(props.get('stroke-opacity')?.value, 1) * opacity;
    const base = backdrop.color;
    const fg = stroke.color as Rgba;
    const seen = (c: Rgba): Rgba => over(withAlpha(c, strokeAlpha), base);
    const fillSeen = over(withAlpha(fillTop, opacity), base);
    this.push({
      kind: 'non_text',
      role,
      element: o.element,
      needed: 3,
      fgRaw: stroke.raw,
      fg,
      bg: base,
      fgSeen: seen(fg),
      // The fill edge itself can carry the boundary (SC 1.4.11 asks for the information, not a stroke).
      altRatio: fill.ok && fillTop.alpha > 0 ? contrastRatio(fillSeen, base) : undefined,
      fgSlot: strokeSlot,
      bgSlot: { kind: 'fixed' },
      seen,
      owners,
      ref: o.ref,
    });
  }

  /** A line (edge, message): its stroke against the backdrop, 3:1. */
  line(role: string, element: string, props: Props, backdrop: Backdrop, ref?: Pair['ref'], bgSlot: Slot = { kind: 'fixed' }): void {
    const strokeR = props.get('stroke');
    const stroke = this.paint(strokeR, 'line colour');
    const slot = strokeR?.slot ?? { kind: 'fixed' };
    const owners = ownersOf(props);
    if (props.get('stroke-width') && numberOf(props.get('stroke-width')?.value, 1) <= 0) return;
    if (stroke.ok && !stroke.color) return;
    if (!stroke.ok || !backdrop.ok) {
      this.unverified('non_text', role, element, 3, stroke.raw, stroke.ok ? (stroke.color ?? undefined) : undefined, stroke.ok ? (backdrop as { reason: string }).reason : stroke.reason, slot, { kind: 'fixed' }, owners);
      return;
    }
    const alpha = numberOf(props.get('stroke-opacity')?.value, 1) * numberOf(props.get('opacity')?.value, 1);
    const base = backdrop.color;
    const seen = (c: Rgba): Rgba => over(withAlpha(c, alpha), base);
    const fg = stroke.color as Rgba;
    this.push({ kind: 'non_text', role, element, needed: 3, fgRaw: stroke.raw, fg, bg: base, fgSeen: seen(fg), fgSlot: slot, bgSlot, seen, owners, ref });
  }

  /** Text drawn on a label background (edge labels, messages): colour from `props`, background from `bgProps`. */
  label(role: string, element: string, props: Props, bgProps: Props, backdrop: Backdrop, backdropSlot?: Slot): void {
    const merged: Props = new Map(props);
    const fill = bgProps.get('fill');
    if (fill) merged.set('fill', fill);
    else merged.delete('fill');
    merged.delete('opacity');
    this.shape({ roleNoun: role, textRole: role, element, props: merged, backdrop, text: true, border: false, backdropSlot });
  }

  /** Clusters and nodes of a graph-like diagram (flowchart, block, class, state, ER). */
  private graphShapes(nodeTheme: Props): void {
    const m = this.model;
    const r = this.roles;
    for (const cluster of m.clusters.values()) {
      const parent = this.containerBg(cluster.parent);
      const props = this.layers(cluster, themeLayer(this.vars, { fill: [r.clusterFill], stroke: [r.clusterStroke], color: r.clusterText }), false);
      const titleBg = r.clusterTitleBg ? this.layers(cluster, themeLayer(this.vars, { fill: [r.clusterTitleBg] }), false) : undefined;
      const hasTitle = m.family !== 'block' && (cluster.label ?? '') !== '';
      this.shape({
        roleNoun: r.clusterNoun,
        element: cluster.id,
        props,
        backdrop: parent,
        textBg: titleBg,
        text: hasTitle,
        border: m.family !== 'block',
        fillAlpha: r.clusterAlpha,
      });
    }
    for (const node of m.nodes.values()) {
      if (m.clusters.has(node.id)) continue;
      const lines = this.linesOf(node, true);
      const ref: Pair['ref'] = { type: 'node', id: node.id };
      this.alike(`node|${node.parent ?? ''}|${lines.map((l) => l.idx).join(',')}`, node.id, ref, () => {
        this.shape({ roleNoun: r.noun, element: node.id, props: withLines(nodeTheme, lines), backdrop: this.containerBg(node.parent), text: true, border: true, ref, lineOrder: lines.map((l) => l.idx) });
      });
    }
  }

  /** Edges of a graph-like diagram, with linkStyle (default and by index) and edge classes, and their labels. */
  private graphEdges(): void {
    const m = this.model;
    const r = this.roles;
    const edgeTheme = themeLayer(this.vars, { stroke: [r.edge], color: r.edgeText });
    const labelBgTheme = themeLayer(this.vars, { fill: [r.edgeLabelBg] });
    const defaults = m.linkStyles.filter((l) => l.targets.includes('default'));
    const byIndex = new Map<string, StyleLine[]>();
    for (const l of m.linkStyles) {
      for (const t of new Set(l.targets)) {
        if (t === 'default') continue;
        const list = byIndex.get(t) ?? [];
        list.push(l);
        byIndex.set(t, list);
      }
    }
    for (const edge of m.edges) {
      if (edge.invisible) continue;
      const lines = [...defaults, ...(byIndex.get(String(edge.edgeIndex)) ?? [])];
      for (const c of m.pendingClasses.get(edge.id) ?? []) lines.push(...(m.classDefs.get(c) ?? []));
      const common = this.commonCluster(edge);
      const name = `${edge.from ?? '?'}-->${edge.to ?? '?'}`;
      const ref: Pair['ref'] = { type: 'edge', index: edge.edgeIndex ?? 0 };
      this.alike(`edge|${common ?? ''}|${edge.hasLabel ? 1 : 0}|${lines.map((l) => l.idx).join(',')}`, name, ref, () => {
        const props = withLines(edgeTheme, lines);
        const backdrop = this.containerBg(common);
        this.line('edge', name, props, backdrop, ref);
        if (edge.hasLabel) this.label('edge label', name, props, labelBgTheme, backdrop);
      });
    }
  }

  /** Sequence actors and messages. */
  private sequence(): void {
    const m = this.model;
    const actorTheme = themeLayer(this.vars, { fill: ['actorBkg'], stroke: ['actorBorder'], color: ['actorTextColor'] });
    for (const actor of m.actors.values()) {
      this.shape({ roleNoun: 'actor', element: actor.id, props: actorTheme, backdrop: this.canvas, text: true, border: true });
    }
    const msgTheme = themeLayer(this.vars, { stroke: ['signalColor'], color: ['signalTextColor'] });
    for (const msg of m.messages) {
      this.alike(`message|${this.layerId(msg.layers ?? null)}|${msg.hasLabel ? 1 : 0}`, msg.id, undefined, () => {
        const { backdrop, slot } = this.layered(msg.layers ?? null);
        this.line('message line', msg.id, msgTheme, backdrop, undefined, slot.kind === 'span' ? slot : { kind: 'fixed' });
        if (msg.hasLabel) this.label('message text', msg.id, msgTheme, new Map(), backdrop, slot);
      });
    }
  }

  run(): void {
    const m = this.model;
    const r = this.roles;
    const nodeTheme = themeLayer(this.vars, { fill: [r.nodeFill], stroke: [r.nodeStroke], color: r.nodeText });

    if (m.family !== 'venn' && m.family !== 'sequence' && m.family !== 'other') {
      this.graphShapes(nodeTheme);
      this.graphEdges();
    }
    if (m.family === 'sequence') this.sequence();
    if (m.notes.length > 0) {
      const noteTheme = themeLayer(this.vars, { fill: ['noteBkgColor'], stroke: ['noteBorderColor'], color: ['noteTextColor'] });
      for (const note of m.notes) {
        this.alike(`note|${this.layerId(note.layers ?? null)}`, note.id, undefined, () => {
          this.shape({ roleNoun: 'note', element: note.id, props: noteTheme, backdrop: this.layered(note.layers ?? null).backdrop, text: true, border: true });
        });
      }
    }

    if (m.family === 'venn') {
      const textTheme = themeLayer(this.vars, { color: ['textColor'] });
      for (const v of m.venn) {
        const props = this.layers(v, textTheme, false);
        const c = this.paint(props.get('color'), 'text colour');
        const needed = requiredRatio('text', this.level, false);
        this.unverified(
          'text',
          'venn label',
          v.id,
          needed,
          c.raw,
          c.ok && c.color ? c.color : undefined,
          'Venn sets are drawn with translucent fills that overlap; the colour under a label depends on the layout',
          props.get('color')?.slot ?? { kind: 'fixed' },
          { kind: 'fixed' },
          ownersOf(props),
        );
      }
    }

    if ((m.family === 'other' || m.family === 'venn') && (m.family === 'other' || m.hasTitle)) {
      const props = themeLayer(this.vars, { color: [m.family === 'venn' ? 'titleColor' : 'textColor'] });
      this.label(m.family === 'venn' ? 'title' : 'diagram text', m.keyword ?? 'diagram', props, new Map(), this.canvas, this.canvasSlot());
    }

    this.standaloneClassDefs(nodeTheme);
  }

  private commonCluster(edge: MElement): string | null {
    const chain = (id: string | undefined): string[] => {
      const out: string[] = [];
      let cur = id ? (this.model.nodes.get(id)?.parent ?? this.model.clusters.get(id)?.parent ?? null) : null;
      let guard = 0;
      while (cur && guard++ < 100) {
        out.push(cur);
        cur = this.model.clusters.get(cur)?.parent ?? null;
      }
      return out;
    };
    const a = chain(edge.from);
    if (a.length === 0) return null;
    const b = new Set(chain(edge.to));
    return a.find((x) => b.has(x)) ?? null;
  }

  /**
   * Text drawn straight on the canvas can only be rescued, when no text colour passes on it, by moving the
   * page colour the diagram is checked against (themeVariables.background).
   */
  private canvasSlot(): Slot {
    return this.vars ? { kind: 'theme', variable: 'background' } : { kind: 'fixed' };
  }

  /**
   * The canvas under sequence `rect` blocks, composited outermost first; the innermost block's colour is what
   * harden mode may move. Each block is composited once, however many messages it holds.
   */
  private layered(innermost: SeqLayer | null): { backdrop: Backdrop; slot: Slot } {
    const chain: SeqLayer[] = [];
    let known: { backdrop: Backdrop; slot: Slot } = { backdrop: this.canvas, slot: this.canvasSlot() };
    for (let l = innermost; l; l = l.parent) {
      const memo = this.layerBg.get(l);
      if (memo) {
        known = memo;
        break;
      }
      chain.push(l);
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const layer = chain[i] as SeqLayer;
      let bg = known.backdrop;
      let slot = known.slot;
      const p = parsePaint(layer.color);
      if (p.kind === 'color') {
        if (bg.ok) bg = { ok: true, color: over(p.rgba, bg.color) };
        else if (p.rgba.alpha >= 1) bg = { ok: true, color: p.rgba };
        slot = { kind: 'span', line: layer.line, start: layer.start, end: layer.end };
      } else if (p.kind !== 'none') bg = { ok: false, reason: `the block background "${layer.color}" is not a colour this tool can read` };
      known = { backdrop: bg, slot };
      this.layerBg.set(layer, known);
    }
    return known;
  }

  /** classDefs that no element uses are still checked, on the theme's node colours. */
  private standaloneClassDefs(nodeTheme: Props): void {
    const used = new Set<string>();
    const all = [...this.model.nodes.values(), ...this.model.clusters.values(), ...this.model.actors.values()];
    for (const el of all) for (const c of el.classes) used.add(c);
    for (const list of this.model.pendingClasses.values()) for (const c of list) if (this.model.edgeIds.size > 0) used.add(c);
    if ([...this.model.nodes.values()].some((n) => n.classes.length === 0 && !this.model.clusters.has(n.id))) used.add('default');
    if (this.model.nodes.size > 0) used.add('node');
    for (const [name, lines] of this.model.classDefs) {
      if (used.has(name)) continue;
      const props: Props = new Map(nodeTheme);
      for (const l of lines) applyLine(props, l);
      const declares = (p: string): boolean => lines.some((l) => l.decls.some((d) => d.prop === p));
      this.shape({
        roleNoun: this.roles.noun,
        element: `classDef ${name} (not applied)`,
        props,
        backdrop: this.canvas,
        text: declares('fill') || declares('color'),
        border: declares('stroke'),
      });
    }
  }
}

/** Theme name: the diagram's own config first, then the caller's, then Mermaid's default. */
function themeNameOf(src: MermaidSource, requested: ThemeName | undefined): string {
  const t = src.config.theme;
  if (typeof t === 'string' && t.trim() !== '') return t.trim();
  return requested ?? 'default';
}

/** Analyse a read Mermaid source; `built` is its model when already built (prepare does). */
export function analyseMermaid(src: MermaidSource, level: Level, requestedTheme: ThemeName | undefined, built?: MermaidModel): MermaidAnalysis {
  const model = built ?? buildModel(src);
  const theme = themeNameOf(src, requestedTheme);
  const declared = cleanOverrides(src.config.themeVariables);
  const vars = themeVariables(theme, declared);
  const checker = new Checker(model, vars, level, theme, src.config.look);
  checker.run();
  return { src, model, theme, themeModelled: vars !== null, vars, declared, pairs: checker.pairs };
}
