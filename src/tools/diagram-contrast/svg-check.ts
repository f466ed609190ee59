// SVG contrast pairs: text against the shapes painted under it, strokes against their backdrop, composited like a browser.
import { contrastRatio, isLargeText, over, parsePaint, requiredRatio, TRANSPARENT, WHITE, withAlpha } from '../kit/colour/colour.ts';
import type { Level, Paint, Rgba } from '../kit/colour/colour.ts';
import { fontWeight } from './mermaid-check.ts';
import { measure } from './pairs.ts';
import type { Pair } from './pairs.ts';
import { apply, contains, IDENTITY, invert, length, midpointAlong, multiply, numbers, outlineOf, parseTransform, viewportTransform } from './svg-geometry.ts';
import type { Matrix, Outline, Point, Viewport } from './svg-geometry.ts';
import { parseSvg, textContent } from './svg-parse.ts';
import type { SvgDocument, SvgElement } from './svg-parse.ts';
import { StyleSheetCascade } from './svg-style.ts';
import type { Computed } from './svg-style.ts';

/** Elements that are never painted where they stand (painted through references, or not at all). */
const NOT_RENDERED = new Set([
  'defs',
  'marker',
  'pattern',
  'mask',
  'clippath',
  'symbol',
  'lineargradient',
  'radialgradient',
  'filter',
  'style',
  'script',
  'title',
  'desc',
  'metadata',
]);
const GROUPS = new Set(['svg', 'g', 'a', 'switch']);
const SHAPES = new Set(['rect', 'circle', 'ellipse', 'polygon', 'polyline', 'path', 'line']);
const OPAQUE_BOXES = new Set(['image', 'foreignobject']);

const MAX_TEXT_ITEMS = 1000;
const MAX_STROKES = 1000;
const USE_DEPTH = 6;
/**
 * Elements painted inside <use> instances, over the whole check: references that fan out (each group using
 * the next one a dozen times) multiply at every level, so past this the background is reported unknown.
 */
const USE_WORK = 20_000;

/** One layer's colour at a point, or the reason it cannot be known. */
interface Layer {
  color: Rgba;
  unknown: string | null;
}

const EMPTY: Layer = { color: TRANSPARENT, unknown: null };

function compose(top: Layer, bottom: Layer): Layer {
  if (top.unknown) return top;
  if (top.color.alpha <= 0) return bottom;
  if (bottom.unknown) return top.color.alpha >= 1 ? top : bottom;
  return { color: over(top.color, bottom.color), unknown: null };
}

function fade(layer: Layer, opacity: number): Layer {
  if (opacity >= 1 || layer.unknown) return layer;
  return { color: withAlpha(layer.color, opacity), unknown: null };
}

function sameColor(a: Rgba, b: Rgba): boolean {
  return Math.abs(a.r - b.r) < 0.002 && Math.abs(a.g - b.g) < 0.002 && Math.abs(a.b - b.b) < 0.002;
}

function num(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = parseFloat(value);
  if (!Number.isFinite(n)) return fallback;
  return value.trim().endsWith('%') ? n / 100 : Math.max(0, Math.min(1, n));
}

/** The shape under a label and how a new fill on it would look at the label (after opacity and layers). */
interface Backdrop {
  element: SvgElement;
  fill: Rgba | null;
  seen: (fill: Rgba) => Rgba;
}

interface SvgTarget {
  element: SvgElement;
  prop: 'fill' | 'stroke';
  backdrop: () => Backdrop | null;
}

export interface SvgAnalysis {
  doc: SvgDocument;
  cascade: StyleSheetCascade;
  pairs: Pair[];
  /** For each pair, the element it was measured on and the kind of paint (harden mode writes there). */
  targets: Map<Pair, SvgTarget>;
}

interface Geometry {
  ctm: Matrix;
  inverse: Matrix | null;
  outline: Outline | null;
  viewport: Viewport;
  /** Bounding box in root coordinates of everything the subtree paints (null: unbounded or unknown). */
  box: [number, number, number, number] | null;
  /** Element children in order, and for long lists a grid of which of them cover each cell. */
  kids: SvgElement[];
  grid: Grid | null;
}

/** A uniform grid over a parent's children: which children (by position) may cover a point. */
interface Grid {
  x0: number;
  y0: number;
  cw: number;
  ch: number;
  n: number;
  cells: Map<number, number[]>;
  always: number[];
  /** For each entry of `always`, its box (null: unbounded, may cover any point). */
  alwaysBoxes: ([number, number, number, number] | null)[];
  /** The union of the wide boxes, or null when one of them is unbounded. */
  wideBox: [number, number, number, number] | null;
}

const GRID_MIN_CHILDREN = 32;
const NO_KIDS: SvgElement[] = [];
const GRID_CELLS = 32;
/** Shapes composited under one point at most (each is a paint; thousands of translucent ones are an attack). */
const MAX_LAYERS = 512;
/** Cells a box may span and still be listed in each of them. */
const GRID_WIDE = 64;

function buildGrid(boxes: ([number, number, number, number] | null)[]): Grid | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    if (!b) continue;
    x0 = Math.min(x0, b[0]);
    y0 = Math.min(y0, b[1]);
    x1 = Math.max(x1, b[2]);
    y1 = Math.max(y1, b[3]);
  }
  if (!Number.isFinite(x0) || !Number.isFinite(y0) || !Number.isFinite(x1) || !Number.isFinite(y1)) return null;
  const n = GRID_CELLS;
  const cw = Math.max((x1 - x0) / n, 1e-9);
  const ch = Math.max((y1 - y0) / n, 1e-9);
  const cells = new Map<number, number[]>();
  const always: number[] = [];
  const alwaysBoxes: ([number, number, number, number] | null)[] = [];
  const clampCell = (v: number): number => Math.max(0, Math.min(n - 1, Math.floor(v)));
  const cellOf = (v: number): number => Math.max(0, Math.min(n - 1, Math.floor(v)));
  boxes.forEach((b, i) => {
    // A box over many cells is listed once, as one that may cover any point (filling its cells costs n x cells).
    if (!b || (cellOf((b[2] - x0) / cw) - cellOf((b[0] - x0) / cw) + 1) * (cellOf((b[3] - y0) / ch) - cellOf((b[1] - y0) / ch) + 1) > GRID_WIDE) {
      always.push(i);
      alwaysBoxes.push(b);
      return;
    }
    for (let cx = clampCell((b[0] - x0) / cw); cx <= clampCell((b[2] - x0) / cw); cx++) {
      for (let cy = clampCell((b[1] - y0) / ch); cy <= clampCell((b[3] - y0) / ch); cy++) {
        const key = cx * n + cy;
        const list = cells.get(key) ?? [];
        list.push(i);
        cells.set(key, list);
      }
    }
  });
  let wideBox: [number, number, number, number] | null = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of alwaysBoxes) {
    if (!b) {
      wideBox = null;
      break;
    }
    wideBox = [Math.min(wideBox[0], b[0]), Math.min(wideBox[1], b[1]), Math.max(wideBox[2], b[2]), Math.max(wideBox[3], b[3])];
  }
  return { x0, y0, cw, ch, n, cells, always, alwaysBoxes, wideBox };
}

/** The last index of an ascending list whose value is below `limit`, plus one (a halving search). */
function countBelow(n: number, valueAt: (i: number) => number, limit: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (valueAt(mid) < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Visit the children of `g` that may cover p and are painted before `stop` (an order among the parent's
 * children), topmost first, until `visit` returns true. The grid's cell for p and its list of wide children
 * are merged lazily from the top, so a stack of shapes costs what is visited, not what it holds.
 */
function visitBelow(g: Geometry, p: Point, stop: number, orderOf: (el: SvgElement) => number, visit: (el: SvgElement) => boolean): void {
  const kids = g.kids;
  const orderAtKid = (i: number): number => {
    const c = kids[i];
    return c ? orderOf(c) : Infinity;
  };
  const grid = g.grid;
  if (!grid) {
    for (let k = countBelow(kids.length, orderAtKid, stop) - 1; k >= 0; k--) {
      const c = kids[k];
      if (c && visit(c)) return;
    }
    return;
  }
  const cx = Math.floor((p[0] - grid.x0) / grid.cw);
  const cy = Math.floor((p[1] - grid.y0) / grid.ch);
  const cell = cx >= 0 && cy >= 0 && cx < grid.n && cy < grid.n ? (grid.cells.get(cx * grid.n + cy) ?? []) : [];
  const w = grid.wideBox;
  const wide = grid.always.length === 0 || (w && !(p[0] >= w[0] && p[0] <= w[2] && p[1] >= w[1] && p[1] <= w[3])) ? [] : grid.always;
  let i = countBelow(cell.length, (k) => orderAtKid(cell[k] as number), stop) - 1;
  let j = countBelow(wide.length, (k) => orderAtKid(wide[k] as number), stop) - 1;
  while (i >= 0 || j >= 0) {
    const a = i >= 0 ? (cell[i] as number) : -1;
    const b = j >= 0 ? (wide[j] as number) : -1;
    let pos: number;
    if (a > b) {
      pos = a;
      i--;
    } else {
      pos = b;
      const box = grid.alwaysBoxes[j];
      j--;
      // A wide child only where its box holds the point.
      if (box && !(p[0] >= box[0] && p[0] <= box[2] && p[1] >= box[1] && p[1] <= box[3])) continue;
    }
    const c = kids[pos];
    if (c && visit(c)) return;
  }
}

/**
 * A foreground whose colour is affine in the candidate colour c: colour = a*c + d, with a fixed alpha.
 * Compositing with fixed alphas keeps it affine, so one walk tells what any candidate would look like.
 */
interface AffineFg {
  a: number;
  d: Rgba;
  alpha: number;
  unknown: string | null;
}

function composeFg(top: AffineFg, bottom: Layer): AffineFg {
  if (top.unknown) return top;
  if (top.alpha <= 0) return { a: 0, d: bottom.color, alpha: bottom.color.alpha, unknown: bottom.unknown };
  if (bottom.unknown) return top.alpha >= 1 ? top : { ...top, unknown: bottom.unknown };
  const ta = top.alpha;
  const ba = bottom.color.alpha;
  const alpha = ta + ba * (1 - ta);
  if (alpha <= 1e-12) return { a: 0, d: TRANSPARENT, alpha: 0, unknown: null };
  const k = (ba * (1 - ta)) / alpha;
  return {
    a: (top.a * ta) / alpha,
    d: { r: (top.d.r * ta) / alpha + bottom.color.r * k, g: (top.d.g * ta) / alpha + bottom.color.g * k, b: (top.d.b * ta) / alpha + bottom.color.b * k, alpha },
    alpha,
    unknown: null,
  };
}

function applyFg(fg: AffineFg, c: Rgba): Rgba {
  return { r: fg.a * c.r + fg.d.r, g: fg.a * c.g + fg.d.g, b: fg.a * c.b + fg.d.b, alpha: 1 };
}

/** The colour a fill or stroke paints with (`currentColor` read from `color`); null for none, a url or unreadable. */
function paintColour(paint: Paint, s: Computed): Rgba | null {
  if (paint.kind === 'color') return paint.rgba;
  if (paint.kind !== 'current') return null;
  const c = parsePaint(s.values.get('color') ?? 'black');
  return c.kind === 'color' ? c.rgba : null;
}

/** What a pair of an element's own paint holds before it is measured. */
type ElementPairBase = Omit<Pair, 'status' | 'seen'> & { fgSlot: { kind: 'element'; element: number; prop: 'fill' | 'stroke' } };

/** An element's paint at one point: what `evaluate` gave there at the paint's opacity `alpha`, leaving out `ignore`. */
interface DrawnAt {
  el: SvgElement;
  at: Point;
  alpha: number;
  ignore: Rgba | null;
  layers: { bg: Layer; fg: AffineFg };
}

class SvgChecker {
  readonly pairs: Pair[] = [];
  readonly targets = new Map<Pair, SvgTarget>();
  private readonly geo = new Map<number, Geometry>();
  /** Position of each element among its parent's element children (paint order). */
  private readonly order = new Map<number, number>();
  private readonly fills = new Map<number, Layer>();
  private useWork = USE_WORK;
  private readonly orderOf = (el: SvgElement): number => this.order.get(el.index) ?? 0;
  private readonly page: Rgba;

  constructor(
    private readonly doc: SvgDocument,
    private readonly css: StyleSheetCascade,
    private readonly level: Level,
  ) {
    const bgValue = css.style(doc.root).values.get('background-color');
    const bg = bgValue ? parsePaint(bgValue) : null;
    this.page = bg?.kind === 'color' ? over(bg.rgba, WHITE) : WHITE;
    const vb = numbers(doc.root.attrs.get('viewBox') ?? '', 4);
    const vp: Viewport = vb.length === 4 ? { width: vb[2] ?? 100, height: vb[3] ?? 100 } : { width: length(doc.root.attrs.get('width'), 100, 100), height: length(doc.root.attrs.get('height'), 100, 100) };
    this.layout(doc.root, IDENTITY, vp, true);
  }

  private style(el: SvgElement): Computed {
    return this.css.style(el);
  }

  private rendered(el: SvgElement): boolean {
    const s = this.style(el);
    return s.values.get('display') !== 'none';
  }

  /** CTMs and outlines, root first; subtree boxes for pruning. */
  private layout(el: SvgElement, parentCtm: Matrix, vp: Viewport, isRoot = false): [number, number, number, number] | null {
    let ctm = parentCtm;
    let viewport = vp;
    if (el.lname === 'svg' && !isRoot) {
      const v = viewportTransform(el, vp);
      ctm = multiply(ctm, v.matrix);
      viewport = v.viewport;
    }
    const transform = el.attrs.get('transform');
    if (transform) ctm = multiply(ctm, parseTransform(transform));
    const outline = SHAPES.has(el.lname) || OPAQUE_BOXES.has(el.lname) ? outlineOf(el, viewport) : null;
    let box: [number, number, number, number] | null = null;
    const grow = (b: [number, number, number, number]): void => {
      box = box ? [Math.min(box[0], b[0]), Math.min(box[1], b[1]), Math.max(box[2], b[2]), Math.max(box[3], b[3])] : b;
    };
    if (outline) {
      const [x0, y0, x1, y1] = outline.box;
      // The box of the transformed corners (exact for any affine matrix applied to a box).
      const ax = [ctm[0] * x0, ctm[0] * x1];
      const cy = [ctm[2] * y0, ctm[2] * y1];
      const bx = [ctm[1] * x0, ctm[1] * x1];
      const dy = [ctm[3] * y0, ctm[3] * y1];
      grow([
        Math.min(ax[0]!, ax[1]!) + Math.min(cy[0]!, cy[1]!) + ctm[4],
        Math.min(bx[0]!, bx[1]!) + Math.min(dy[0]!, dy[1]!) + ctm[5],
        Math.max(ax[0]!, ax[1]!) + Math.max(cy[0]!, cy[1]!) + ctm[4],
        Math.max(bx[0]!, bx[1]!) + Math.max(dy[0]!, dy[1]!) + ctm[5],
      ]);
    }
    let unbounded = el.lname === 'use';
    if (el.children.length === 0) {
      // A leaf (most elements): no lists of its own.
      const leafBox = unbounded ? null : box;
      this.geo.set(el.index, { ctm, inverse: outline ? invert(ctm) : null, outline, viewport, box: leafBox, kids: NO_KIDS, grid: null });
      return leafBox;
    }
    const kids: SvgElement[] = [];
    const kidBoxes: ([number, number, number, number] | null)[] = [];
    let position = 0;
    for (const c of el.children) {
      if (c.kind !== 'element') continue;
      this.order.set(c.index, position++);
      const b = this.layout(c, ctm, viewport);
      if (NOT_RENDERED.has(c.lname) || c.lname === 'text') continue;
      kids.push(c);
      const open = c.lname === 'use' || (GROUPS.has(c.lname) && b === null && c.children.length > 0);
      kidBoxes.push(open ? null : (b ?? [Infinity, Infinity, -Infinity, -Infinity]));
      if (b) grow(b);
      else if (open) unbounded = true;
    }
    const finalBox = unbounded ? null : box;
    const grid = kids.length >= GRID_MIN_CHILDREN ? buildGrid(kidBoxes.map((b) => (b && b[0] === Infinity ? [0, 0, -1, -1] : b))) : null;
    this.geo.set(el.index, { ctm, inverse: outline ? invert(ctm) : null, outline, viewport, box: finalBox, kids, grid });
    return finalBox;
  }

  private covers(el: SvgElement, p: Point): boolean {
    const g = this.geo.get(el.index);
    if (!g) return false;
    if (!g.box) return true;
    return p[0] >= g.box[0] && p[0] <= g.box[2] && p[1] >= g.box[1] && p[1] <= g.box[3];
  }

  private fillLayer(el: SvgElement, s: Computed, value: string, opacity: number): Layer {
    const paint = parsePaint(value);
    if (paint.kind === 'none') return EMPTY;
    if (paint.kind === 'url') return { color: TRANSPARENT, unknown: `a gradient or pattern fill (${paint.raw}) lies under it` };
    if (paint.kind === 'invalid') return { color: TRANSPARENT, unknown: `a fill "${paint.raw}" that this tool cannot read lies under it` };
    let color: Rgba;
    if (paint.kind === 'current') {
      const c = parsePaint(s.values.get('color') ?? 'black');
      if (c.kind !== 'color') return { color: TRANSPARENT, unknown: 'a currentColor fill with an unreadable color lies under it' };
      color = c.rgba;
    } else color = paint.rgba;
    return { color: withAlpha(color, num(s.values.get('fill-opacity'), 1) * opacity), unknown: null };
  }

  /** What a whole subtree paints at root point p (transparent buffer, its own opacity applied). */
  paintAt(el: SvgElement, p: Point, ctm: Matrix | null = null, depth = 0, ignore: Rgba | null = null): Layer {
    if (NOT_RENDERED.has(el.lname) || el.lname === 'text' || !this.rendered(el)) return EMPTY;
    if (ctm !== null && --this.useWork < 0) return { color: TRANSPARENT, unknown: 'shapes drawn through <use> references that fan out too far to follow' };
    if (ctm === null && !this.covers(el, p)) return EMPTY;
    const s = this.style(el);
    const opacity = num(s.values.get('opacity'), 1);
    if (opacity <= 0) return EMPTY;
    const g = this.geo.get(el.index);
    // Inside a <use>, geometry is placed by the referencing chain rather than where the element is defined.
    const myCtm = ctm ? multiply(ctm, parseTransform(el.attrs.get('transform'))) : (g?.ctm ?? IDENTITY);
    if (GROUPS.has(el.lname)) {
      if (ctm || !g) {
        let buf = EMPTY;
        for (const c of el.children) if (c.kind === 'element') buf = compose(this.paintAt(c, p, myCtm, depth, ignore), buf);
        return fade(buf, opacity);
      }
      return fade(this.paintBelow(g, p, Infinity, ignore), opacity);
    }
    if (el.lname === 'use') {
      if (depth >= USE_DEPTH) return EMPTY;
      const href = el.attrs.get('href') ?? el.attrs.get('xlink:href') ?? '';
      const target = href.startsWith('#') ? this.doc.byId.get(href.slice(1)) : undefined;
      if (!target) return EMPTY;
      const vp = g?.viewport ?? { width: 100, height: 100 };
      const base = multiply(myCtm, [1, 0, 0, 1, length(el.attrs.get('x'), vp.width), length(el.attrs.get('y'), vp.height)]);
      const inner = target.lname === 'symbol' ? this.paintGroupChildren(target, p, base, depth + 1, ignore) : this.paintAt(target, p, base, depth + 1, ignore);
      return fade(inner, opacity);
    }
    const outline = g?.outline ?? null;
    if (!outline) return EMPTY;
    const inv = ctm ? invert(myCtm) : (g?.inverse ?? null);
    if (!inv) return EMPTY;
    const local = apply(inv, p);
    if (OPAQUE_BOXES.has(el.lname)) {
      if (!contains(outline, local, false)) return EMPTY;
      return { color: TRANSPARENT, unknown: el.lname === 'image' ? 'an image lies under it' : 'an HTML foreignObject lies under it' };
    }
    if (el.lname === 'line' || !contains(outline, local, s.values.get('fill-rule') === 'evenodd')) return EMPTY;
    let layer = this.fills.get(el.index);
    if (!layer) {
      layer = this.fillLayer(el, s, s.values.get('fill') ?? 'black', opacity);
      this.fills.set(el.index, layer);
    }
    if (layer.unknown) return layer;
    if (layer.color.alpha <= 0) return EMPTY;
    // A stroke drawn over a fill of its own colour is one graphic object with it (a filled arrowhead and its outline).
    if (ignore && sameColor(layer.color, ignore)) return EMPTY;
    if ((s.values.get('mask') ?? 'none') !== 'none' || (s.values.get('clip-path') ?? 'none') !== 'none') {
      return { color: TRANSPARENT, unknown: 'a masked or clipped shape lies under it' };
    }
    if ((s.values.get('mix-blend-mode') ?? 'normal') !== 'normal') return { color: TRANSPARENT, unknown: `a shape with mix-blend-mode ${s.values.get('mix-blend-mode')} lies under it` };
    if (/url\(/.test(s.values.get('filter') ?? '')) return { color: TRANSPARENT, unknown: 'a filtered shape lies under it' };
    return layer;
  }

  /**
   * The children of a laid-out element with paint order below `stop`, composited at p. Walks from the top
   * down and stops at the first opaque (or unknowable) layer, so stacks of shapes cost what is visible.
   */
  private paintBelow(g: Geometry, p: Point, stop: number, ignore: Rgba | null): Layer {
    let acc = EMPTY;
    let layers = 0;
    let overflow = false;
    visitBelow(g, p, stop, this.orderOf, (c) => {
      const layer = this.paintAt(c, p, null, 0, ignore);
      acc = compose(acc, layer);
      if (acc.unknown || acc.color.alpha >= 1) return true;
      // Translucent layers by the thousand never quite add up to opaque: past this many, say so.
      if (layer.color.alpha > 0 && ++layers > MAX_LAYERS) {
        overflow = true;
        return true;
      }
      return false;
    });
    return overflow ? { color: TRANSPARENT, unknown: `more than ${MAX_LAYERS} translucent shapes overlap under it` } : acc;
  }

  private paintGroupChildren(el: SvgElement, p: Point, ctm: Matrix, depth: number, ignore: Rgba | null): Layer {
    let buf = EMPTY;
    for (const c of el.children) if (c.kind === 'element') buf = compose(this.paintAt(c, p, ctm, depth, ignore), buf);
    return buf;
  }

  /**
   * Background and foreground at p for `target` as the reader sees them: walk the ancestors from the root,
   * painting what comes before the target at each level, and apply each group's opacity to its whole buffer.
   * The foreground is kept affine in the candidate colour (leaf alpha `fgAlpha`), so `fgOf` answers for any colour.
   */
  evaluate(target: SvgElement, p: Point, fgAlpha: number, ignore: Rgba | null = null): { bg: Layer; fg: AffineFg } {
    const chain: SvgElement[] = [];
    for (let e: SvgElement | null = target; e; e = e.parent) chain.unshift(e);
    const level = (i: number): { bg: Layer; fg: AffineFg } => {
      const a = chain[i] as SvgElement;
      const next = chain[i + 1];
      if (!next) return { bg: EMPTY, fg: { a: 1, d: TRANSPARENT, alpha: fgAlpha, unknown: null } };
      const inner = level(i + 1);
      const o = next === target ? 1 : num(this.style(next).values.get('opacity'), 1);
      const fgFaded: AffineFg = o >= 1 ? inner.fg : { ...inner.fg, alpha: inner.fg.alpha * o };
      const bgFaded = fade(inner.bg, o);
      // Whatever lies under an opaque layer cannot be seen: skip painting it.
      if (!bgFaded.unknown && bgFaded.color.alpha >= 1 && (fgFaded.unknown || fgFaded.alpha >= 1)) return { bg: bgFaded, fg: fgFaded };
      const g = this.geo.get(a.index);
      const buf = g ? this.paintBelow(g, p, this.order.get(next.index) ?? Infinity, ignore) : EMPTY;
      return { bg: compose(bgFaded, buf), fg: composeFg(fgFaded, buf) };
    };
    const res = level(0);
    const rootOpacity = num(this.style(chain[0] as SvgElement).values.get('opacity'), 1);
    const page: Layer = { color: this.page, unknown: null };
    const fg: AffineFg = rootOpacity >= 1 ? res.fg : { ...res.fg, alpha: res.fg.alpha * rootOpacity };
    return { bg: compose(fade(res.bg, rootOpacity), page), fg: composeFg(fg, page) };
  }

  /**
   * The topmost shape painted under p before `target` (harden mode moves its fill): the target's earlier
   * siblings from the top down, then its parent's, and so on; groups are searched from their top child.
   * Each level is entered through the grid and a halving search, so a label costs what lies under it.
   */
  topPainter(target: SvgElement, p: Point): SvgElement | null {
    for (let node: SvgElement = target; node.parent; node = node.parent) {
      const g = this.geo.get(node.parent.index);
      if (!g) continue;
      const found = this.topIn(g, p, this.order.get(node.index) ?? Infinity);
      if (found) return found;
    }
    return null;
  }

  private topIn(g: Geometry, p: Point, stop: number): SvgElement | null {
    let found: SvgElement | null = null;
    visitBelow(g, p, stop, this.orderOf, (c) => {
      if (NOT_RENDERED.has(c.lname) || c.lname === 'text' || !this.rendered(c) || !this.covers(c, p)) return false;
      if (GROUPS.has(c.lname)) {
        const inner = this.geo.get(c.index);
        found = inner ? this.topIn(inner, p, Infinity) : null;
        return found !== null;
      }
      if (SHAPES.has(c.lname) && c.lname !== 'line') {
        const l = this.paintAt(c, p);
        if (!l.unknown && l.color.alpha > 0) {
          found = c;
          return true;
        }
      }
      return false;
    });
    return found;
  }

  backdropOf(el: SvgElement, p: Point): Backdrop | null {
    const b = this.topPainter(el, p);
    if (!b) return null;
    const s = this.style(b);
    const paint = parsePaint(s.values.get('fill') ?? 'black');
    const alpha = num(s.values.get('fill-opacity'), 1) * num(s.values.get('opacity'), 1);
    const map = this.evaluate(b, p, alpha).fg;
    return { element: b, fill: paint.kind === 'color' ? paint.rgba : null, seen: (c: Rgba) => applyFg(map, c) };
  }

  private insideNotRendered(el: SvgElement): boolean {
    for (let e: SvgElement | null = el.parent; e; e = e.parent) if (NOT_RENDERED.has(e.lname)) return true;
    return false;
  }

  private hidden(el: SvgElement): boolean {
    for (let e: SvgElement | null = el; e; e = e.parent) if (!this.rendered(e) || num(this.style(e).values.get('opacity'), 1) <= 0) return true;
    const v = this.style(el).values.get('visibility');
    return v === 'hidden' || v === 'collapse';
  }

  private nameOf(el: SvgElement): string {
    const id = el.attrs.get('id');
    if (id) return `${el.name}#${id.slice(0, 40)}`;
    // d2 and Mermaid put a shape and its label in the same group, one or two levels up.
    let group = el.parent;
    for (let up = 0; up < 2 && group; up++, group = group.parent) {
      const label = group.children.find((c): c is SvgElement => c.kind === 'element' && (c.lname === 'text' || c.lname === 'foreignobject'));
      const t = label ? textContent(label, 200) : '';
      if (t) return `${el.name} of "${t.slice(0, 40)}"`;
      const gid = group.attrs.get('id');
      if (gid) return `${el.name} in #${gid.slice(0, 40)}`;
    }
    const cls = (el.attrs.get('class') ?? '').trim().split(/\s+/)[0];
    return cls ? `${el.name}.${cls.slice(0, 40)}` : `${el.name} #${el.index}`;
  }

  private textPoints(el: SvgElement, anchorEl: SvgElement, content: string, s: Computed): Point[] {
    const g = this.geo.get(el.index);
    const vp = g?.viewport ?? { width: 100, height: 100 };
    const xs = numbers(anchorEl.attrs.get('x') ?? '', 1);
    const ys = numbers(anchorEl.attrs.get('y') ?? '', 1);
    const dx = numbers(anchorEl.attrs.get('dx') ?? '', 1)[0] ?? 0;
    const dyRaw = (anchorEl.attrs.get('dy') ?? '').trim().split(/[\s,]+/)[0] ?? '';
    const dyEm = /^([+-]?[\d.]+)em$/.exec(dyRaw);
    const dy = dyEm ? parseFloat(dyEm[1] ?? '0') * s.fontPx : length(dyRaw, vp.height, 0);
    const x = (xs[0] ?? 0) + dx;
    const y = (ys[0] ?? 0) + dy;
    const fs = s.fontPx;
    const width = Math.min(content.length, 400) * fs * 0.5;
    const anchor = s.values.get('text-anchor') ?? 'start';
    const cx = anchor === 'middle' ? x : anchor === 'end' ? x - width / 2 : x + width / 2;
    const baseline = s.values.get('dominant-baseline') ?? 'auto';
    const cy = baseline === 'central' || baseline === 'middle' ? y : baseline === 'hanging' || baseline === 'text-before-edge' ? y + 0.4 * fs : y - 0.35 * fs;
    const ctm = g?.ctm ?? IDENTITY;
    const pts: Point[] = [[cx, cy]];
    if (width > fs) {
      pts.push([cx - width * 0.3, cy]);
      pts.push([cx + width * 0.3, cy]);
    }
    return pts.map((pt) => apply(ctm, pt));
  }

  private textItems(): { el: SvgElement; anchor: SvgElement; content: string }[] {
    const items: { el: SvgElement; anchor: SvgElement; content: string }[] = [];
    for (const el of this.doc.elements) {
      if (items.length >= MAX_TEXT_ITEMS) break;
      if (el.lname !== 'text' || this.insideNotRendered(el)) continue;
      const own = this.style(el).values.get('fill');
      const parts: string[] = [];
      const walk = (n: SvgElement, anchor: SvgElement): void => {
        for (const c of n.children) {
          if (c.kind === 'text') parts.push(c.text);
          else if (c.lname === 'tspan') {
            const f = this.style(c).values.get('fill');
            const hasPos = c.attrs.has('x') || c.attrs.has('y');
            if (f !== own) {
              const t = textContent(c, 400);
              if (t) items.push({ el: c, anchor: hasPos ? c : anchor, content: t });
            } else walk(c, anchor);
          } else if (c.lname === 'textpath') {
            const t = textContent(c, 400);
            if (t) items.push({ el: c, anchor: c, content: t });
          } else if (c.lname === 'a') walk(c, anchor);
        }
      };
      walk(el, el);
      const content = parts.join('').replace(/\s+/g, ' ').trim();
      if (content) {
        const firstTspan = el.children.find((c): c is SvgElement => c.kind === 'element' && c.lname === 'tspan' && (c.attrs.has('x') || c.attrs.has('y')));
        items.push({ el, anchor: el.attrs.has('x') || el.attrs.has('y') || !firstTspan ? el : firstTspan, content });
      }
    }
    return items;
  }

  /**
   * A verified pair of the colour `fg` as `d` draws it: seen as drawn (the layers evaluated again at the colour's
   * own alpha when it is translucent), and any replacement colour seen through the same layers. Harden writes the
   * element's paint named by `base.fgSlot`.
   */
  private pushMeasured(base: ElementPairBase, fg: Rgba, d: DrawnAt, extra: Pick<Pair, 'altRatio' | 'fillSeen'>, backdrop: SvgTarget['backdrop']): void {
    const declared = fg.alpha >= 1 ? d.layers.fg : this.evaluate(d.el, d.at, d.alpha * fg.alpha, d.ignore).fg;
    const pair = measure({ ...base, fg, bg: d.layers.bg.color, fgSeen: applyFg(declared, fg), ...extra, status: 'pass', seen: (c: Rgba) => applyFg(d.layers.fg, c) });
    this.pairs.push(pair);
    this.targets.set(pair, { element: d.el, prop: base.fgSlot.prop, backdrop });
  }

  checkText(): void {
    for (const item of this.textItems()) {
      const { el, content } = item;
      if (this.hidden(el)) continue;
      const s = this.style(el);
      const large = isLargeText(s.fontPx, fontWeight(s.values.get('font-weight')));
      const needed = requiredRatio('text', this.level, large);
      const role = 'text';
      const name = `"${content.slice(0, 40)}${content.length > 40 ? '…' : ''}"`;
      const paint = parsePaint(s.values.get('fill') ?? 'black');
      if (paint.kind === 'none') continue;
      const fgColor = paintColour(paint, s);
      const base = { kind: 'text' as const, role, element: name, needed, fgRaw: paint.raw, fgSlot: { kind: 'element' as const, element: el.index, prop: 'fill' as const }, bgSlot: { kind: 'fixed' as const }, owners: [`element:${el.index}`] };
      const unverified = (reason: string, fg?: Rgba): void => {
        this.pairs.push({ ...base, fg, status: 'unverified', reason, seen: (c) => c });
      };
      if (el.lname === 'textpath') {
        unverified('text on a path: its position along the path is not computed', fgColor ?? undefined);
        continue;
      }
      if (!fgColor) {
        unverified(paint.kind === 'url' ? `the text is painted with a gradient or pattern (${paint.raw})` : `the text colour "${paint.raw}" is not readable`);
        continue;
      }
      const alpha = num(s.values.get('fill-opacity'), 1) * num(s.values.get('opacity'), 1);
      const points = this.textPoints(el, item.anchor, content, s);
      const results = points.map((p) => this.evaluate(el, p, alpha));
      const unknown = results.find((r) => r.bg.unknown);
      if (unknown) {
        unverified(`the background cannot be determined: ${unknown.bg.unknown}`, fgColor);
        continue;
      }
      const first = results[0];
      if (!first) continue;
      const distinct = new Set(results.map((r) => `${Math.round(r.bg.color.r * 255)},${Math.round(r.bg.color.g * 255)},${Math.round(r.bg.color.b * 255)}`));
      if (distinct.size > 1) {
        unverified('the text crosses shapes of different colours (partly overlapping backgrounds)', fgColor);
        continue;
      }
      const center = points[0] as Point;
      this.pushMeasured(base, fgColor, { el, at: center, alpha, ignore: null, layers: first }, { fillSeen: () => this.backdropOf(el, center)?.seen ?? null }, () => this.backdropOf(el, center));
    }
  }

  checkStrokes(): void {
    let count = 0;
    for (const el of this.doc.elements) {
      if (count >= MAX_STROKES) break;
      if (!SHAPES.has(el.lname) || this.insideNotRendered(el) || this.hidden(el)) continue;
      const s = this.style(el);
      const paint = parsePaint(s.values.get('stroke') ?? 'none');
      if (paint.kind === 'none') continue;
      const width = length(s.values.get('stroke-width'), 100, 1);
      if (!(width > 0)) continue;
      const g = this.geo.get(el.index);
      if (!g?.outline) continue;
      const mid = midpointAlong(g.outline);
      if (!mid) continue;
      count++;
      const p = apply(g.ctm, mid);
      const closed = el.lname !== 'line' && el.lname !== 'polyline' && g.outline.subpaths.some((sp) => sp.closed);
      const role = closed ? 'shape border' : 'line';
      const name = this.nameOf(el);
      const color = paintColour(paint, s);
      const base = { kind: 'non_text' as const, role, element: name, needed: 3, fgRaw: paint.raw, fgSlot: { kind: 'element' as const, element: el.index, prop: 'stroke' as const }, bgSlot: { kind: 'fixed' as const }, owners: [`element:${el.index}`] };
      if (!color) {
        this.pairs.push({ ...base, status: 'unverified', reason: paint.kind === 'url' ? `the stroke is a gradient or pattern (${paint.raw})` : `the stroke colour "${paint.raw}" is not readable`, seen: (c) => c });
        continue;
      }
      const opacity = num(s.values.get('opacity'), 1);
      const alpha = num(s.values.get('stroke-opacity'), 1) * opacity;
      const r = this.evaluate(el, p, alpha, color);
      if (r.bg.unknown) {
        this.pairs.push({ ...base, fg: color, status: 'unverified', reason: `the backdrop cannot be determined: ${r.bg.unknown}`, seen: (c) => c });
        continue;
      }
      let altRatio: number | undefined;
      if (closed) {
        const fill = this.fillLayer(el, s, s.values.get('fill') ?? 'black', opacity);
        if (!fill.unknown && fill.color.alpha > 0) altRatio = contrastRatio(compose(fill, { color: r.bg.color, unknown: null }).color, r.bg.color);
      }
      this.pushMeasured(base, color, { el, at: p, alpha, ignore: color, layers: r }, { altRatio }, () => null);
    }
  }

  /** HTML labels (Mermaid's default rendering): their layout is the browser's, so they are reported, never guessed. */
  checkForeignObjects(): void {
    for (const el of this.doc.elements) {
      if (el.lname !== 'foreignobject' || this.insideNotRendered(el) || this.hidden(el)) continue;
      const content = textContent(el, 400);
      if (!content) continue;
      let deepest: SvgElement = el;
      const find = (n: SvgElement): void => {
        for (const c of n.children) {
          if (c.kind === 'element') {
            if (textContent(c, 400)) {
              deepest = c;
              find(c);
              return;
            }
          }
        }
      };
      find(el);
      const s = this.style(deepest);
      const c = parsePaint(s.values.get('color') ?? 'black');
      const needed = requiredRatio('text', this.level, isLargeText(s.fontPx, fontWeight(s.values.get('font-weight'))));
      this.pairs.push({
        kind: 'text',
        role: 'HTML label',
        element: `"${content.slice(0, 40)}${content.length > 40 ? '…' : ''}"`,
        needed,
        fgRaw: c.raw,
        fg: c.kind === 'color' ? c.rgba : undefined,
        status: 'unverified',
        reason: 'an HTML label inside a foreignObject: the browser lays it out and paints its background',
        fgSlot: { kind: 'fixed' },
        bgSlot: { kind: 'fixed' },
        seen: (x) => x,
        owners: [],
      });
    }
  }
}

/** Analyse an SVG: its text (parsed here), or a document already parsed. */
export function analyseSvg(input: string | SvgDocument, level: Level): SvgAnalysis {
  const doc = typeof input === 'string' ? parseSvg(input) : input;
  const cascade = new StyleSheetCascade(doc);
  const checker = new SvgChecker(doc, cascade, level);
  checker.checkText();
  checker.checkForeignObjects();
  checker.checkStrokes();
  return { doc, cascade, pairs: checker.pairs, targets: checker.targets };
}
