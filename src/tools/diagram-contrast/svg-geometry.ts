// SVG geometry: transforms, viewports, shape outlines (paths flattened) and point-in-shape tests.
import type { SvgElement } from './svg-parse.ts';

/** Affine matrix [a, b, c, d, e, f]: x' = a x + c y + e, y' = b x + d y + f. */
export type Matrix = [number, number, number, number, number, number];
export type Point = [number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export function multiply(m: Matrix, n: Matrix): Matrix {
  return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
}

export function apply(m: Matrix, p: Point): Point {
  return [m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5]];
}

export function invert(m: Matrix): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2];
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return null;
  return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det];
}

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g;

export function numbers(text: string, limit = 1_000_000): number[] {
  const out: number[] = [];
  NUMBER.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = NUMBER.exec(text)) !== null && out.length < limit) out.push(parseFloat(m[0]));
  return out;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * The calls of a `transform` attribute, `name(args)`, in one left-to-right pass: a word followed (after
 * blanks) by `(` and its arguments up to the next `)`. At most `limit` calls.
 */
export function transformCalls(text: string, limit = 100): { fn: string; args: string }[] {
  const out: { fn: string; args: string }[] = [];
  const n = text.length;
  let i = 0;
  while (i < n && out.length < limit) {
    while (i < n && !isLetter(text.charCodeAt(i))) i++;
    const start = i;
    while (i < n && isLetter(text.charCodeAt(i))) i++;
    if (i === start) break;
    let j = i;
    while (j < n && (text[j] === ' ' || text[j] === '\t' || text[j] === '\n' || text[j] === '\r' || text[j] === '\f')) j++;
    if (text[j] !== '(') continue;
    const close = text.indexOf(')', j + 1);
    if (close < 0) break;
    out.push({ fn: text.slice(start, i), args: text.slice(j + 1, close) });
    i = close + 1;
  }
  return out;
}

/** The `transform` attribute: matrix, translate, scale, rotate, skewX, skewY, in order. */
export function parseTransform(text: string | undefined): Matrix {
  if (!text) return IDENTITY;
  let m = IDENTITY;
  for (const call of transformCalls(text)) {
    const fn = call.fn.toLowerCase();
    const a = numbers(call.args, 6);
    let t: Matrix = IDENTITY;
    if (fn === 'matrix' && a.length === 6) t = [a[0] ?? 1, a[1] ?? 0, a[2] ?? 0, a[3] ?? 1, a[4] ?? 0, a[5] ?? 0];
    else if (fn === 'translate') t = [1, 0, 0, 1, a[0] ?? 0, a[1] ?? 0];
    else if (fn === 'scale') t = [a[0] ?? 1, 0, 0, a[1] ?? a[0] ?? 1, 0, 0];
    else if (fn === 'rotate') {
      const rad = ((a[0] ?? 0) * Math.PI) / 180;
      const cos = Math.cos(rad);
      const sin = Math.sin(rad);
      const cx = a[1] ?? 0;
      const cy = a[2] ?? 0;
      t = multiply(multiply([1, 0, 0, 1, cx, cy], [cos, sin, -sin, cos, 0, 0]), [1, 0, 0, 1, -cx, -cy]);
    } else if (fn === 'skewx') t = [1, 0, Math.tan(((a[0] ?? 0) * Math.PI) / 180), 1, 0, 0];
    else if (fn === 'skewy') t = [1, Math.tan(((a[0] ?? 0) * Math.PI) / 180), 0, 1, 0, 0];
    if (t.every(Number.isFinite)) m = multiply(m, t);
  }
  return m;
}

/** A length in user units; percentages against `ref` (the viewport side). */
export function length(value: string | undefined, ref: number, fallback = 0): number {
  if (value === undefined) return fallback;
  const m = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*(px|pt|pc|em|rem|%|mm|cm|in)?$/.exec(value.trim());
  if (!m) return fallback;
  const n = parseFloat(m[1] ?? '');
  if (!Number.isFinite(n)) return fallback;
  switch (m[2]) {
    case '%':
      return (n / 100) * ref;
    case 'em':
      return n * 16;
    default:
      return absolutePx(n, m[2]);
  }
}

/** `n` in an absolute CSS unit (pt, pc, mm, cm, in; rem against the 16 px root; px or none) as pixels. */
export function absolutePx(n: number, unit: string | undefined): number {
  switch (unit) {
    case 'pt':
      return (n * 4) / 3;
    case 'pc':
    case 'rem':
      return n * 16;
    case 'mm':
      return (n * 96) / 25.4;
    case 'cm':
      return (n * 96) / 2.54;
    case 'in':
      return n * 96;
    default:
      return n;
  }
}

export interface Viewport {
  width: number;
  height: number;
}

/** A nested <svg>: x/y offset and the viewBox mapped into width/height by preserveAspectRatio. */
export function viewportTransform(el: SvgElement, outer: Viewport): { matrix: Matrix; viewport: Viewport } {
  const x = length(el.attrs.get('x'), outer.width);
  const y = length(el.attrs.get('y'), outer.height);
  const vb = numbers(el.attrs.get('viewBox') ?? '', 4);
  const width = length(el.attrs.get('width'), outer.width, vb.length === 4 ? (vb[2] ?? outer.width) : outer.width);
  const height = length(el.attrs.get('height'), outer.height, vb.length === 4 ? (vb[3] ?? outer.height) : outer.height);
  if (vb.length !== 4 || !(vb[2]! > 0) || !(vb[3]! > 0)) return { matrix: [1, 0, 0, 1, x, y], viewport: { width, height } };
  const [minX, minY, vw, vh] = vb as [number, number, number, number];
  const par = (el.attrs.get('preserveAspectRatio') ?? 'xMidYMid meet').trim().split(/\s+/);
  const align = par[0] ?? 'xMidYMid';
  let sx = width / vw;
  let sy = height / vh;
  if (align !== 'none') {
    const s = par[1] === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy);
    sx = s;
    sy = s;
  }
  let tx = x - minX * sx;
  let ty = y - minY * sy;
  if (align !== 'none') {
    if (align.includes('xMid')) tx += (width - vw * sx) / 2;
    else if (align.includes('xMax')) tx += width - vw * sx;
    if (align.includes('YMid')) ty += (height - vh * sy) / 2;
    else if (align.includes('YMax')) ty += height - vh * sy;
  }
  return { matrix: [sx, 0, 0, sy, tx, ty], viewport: { width: vw, height: vh } };
}

/** Flattened outline: closed and open subpaths as point lists. */
export interface Outline {
  subpaths: { points: Point[]; closed: boolean }[];
  box: [number, number, number, number];
}

const MAX_PATH_POINTS = 20_000;

function boxOf(subpaths: Outline['subpaths']): Outline['box'] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const sp of subpaths) {
    for (const [x, y] of sp.points) {
      if (x < x0) x0 = x;
      if (y < y0) y0 = y;
      if (x > x1) x1 = x;
      if (y > y1) y1 = y;
    }
  }
  return [x0, y0, x1, y1];
}

function arcPoints(x1: number, y1: number, rxIn: number, ryIn: number, phiDeg: number, large: boolean, sweep: boolean, x2: number, y2: number): Point[] {
  // Endpoint to centre parameterisation (SVG 1.1 implementation notes F.6.5).
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0) return [[x2, y2]];
  const phi = (phiDeg * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const xp = cos * dx + sin * dy;
  const yp = -sin * dx + cos * dy;
  const lambda = (xp * xp) / (rx * rx) + (yp * yp) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp;
  const den = rx * rx * yp * yp + ry * ry * xp * xp;
  let coef = den === 0 ? 0 : Math.sqrt(Math.max(0, num / den));
  if (large === sweep) coef = -coef;
  const cxp = (coef * rx * yp) / ry;
  const cyp = (-coef * ry * xp) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number): number => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const t1 = angle(1, 0, (xp - cxp) / rx, (yp - cyp) / ry);
  let dt = angle((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry);
  if (!sweep && dt > 0) dt -= 2 * Math.PI;
  else if (sweep && dt < 0) dt += 2 * Math.PI;
  const steps = 12;
  const out: Point[] = [];
  for (let i = 1; i <= steps; i++) {
    const t = t1 + (dt * i) / steps;
    out.push([cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos]);
  }
  return out;
}

/** Path data read command by command: the pen position, the last control points and the subpaths drawn. */
class PathReader {
  readonly subpaths: Outline['subpaths'] = [];
  private readonly tokens: string[] = [];
  i = 0;
  cmd = '';
  x = 0;
  y = 0;
  private sx = 0;
  private sy = 0;
  private lastCtrl: Point | null = null;
  private lastQ: Point | null = null;
  private cur: { points: Point[]; closed: boolean } | null = null;
  total = 0;

  constructor(d: string) {
    // Tokens as far as the point budget can use them (no command takes more than 7).
    const tokenRe = /[MmLlHhVvCcSsQqTtAaZz]|[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g;
    for (let t = tokenRe.exec(d); t !== null && this.tokens.length < 8 * MAX_PATH_POINTS; t = tokenRe.exec(d)) this.tokens.push(t[0]);
  }

  get length(): number {
    return this.tokens.length;
  }

  token(): string {
    return this.tokens[this.i] ?? '';
  }

  private num(): number {
    const t = this.tokens[this.i++];
    return t === undefined ? NaN : parseFloat(t);
  }

  isNum(): boolean {
    return this.i < this.tokens.length && !/^[A-Za-z]$/.test(this.tokens[this.i] ?? '');
  }

  /** A point relative to the pen when `rel`. */
  private point(rel: boolean): Point {
    return [this.num() + (rel ? this.x : 0), this.num() + (rel ? this.y : 0)];
  }

  private push(p: Point): void {
    if (!this.cur) {
      this.cur = { points: [[this.x, this.y]], closed: false };
      this.subpaths.push(this.cur);
    }
    if (this.total < MAX_PATH_POINTS) {
      this.cur.points.push(p);
      this.total++;
    }
  }

  close(): void {
    if (this.cur) this.cur.closed = true;
    this.x = this.sx;
    this.y = this.sy;
    this.cur = null;
  }

  moveTo(rel: boolean): void {
    const nx = this.num() + (rel ? this.x : 0);
    const ny = this.num() + (rel ? this.y : 0);
    this.x = nx;
    this.y = ny;
    this.sx = nx;
    this.sy = ny;
    this.cur = { points: [[nx, ny]], closed: false };
    this.subpaths.push(this.cur);
    this.cmd = rel ? 'l' : 'L';
    this.lastCtrl = null;
    this.lastQ = null;
  }

  /** L, H and V. */
  lineTo(C: string, rel: boolean): void {
    if (C !== 'V') this.x = this.num() + (rel ? this.x : 0);
    if (C !== 'H') this.y = this.num() + (rel ? this.y : 0);
    this.push([this.x, this.y]);
    this.lastCtrl = null;
    this.lastQ = null;
  }

  /** The last control point reflected through the pen (S and T), or the pen itself when there is none. */
  private reflected(last: Point | null): Point {
    return last ? [2 * this.x - last[0], 2 * this.y - last[1]] : [this.x, this.y];
  }

  /** A curve from the pen to `e` as `n` segments, `at(s, u)` its point at s (u = 1 - s); the pen ends at `e`. */
  private curve(n: number, e: Point, at: (s: number, u: number) => Point): void {
    for (let k = 1; k <= n; k++) {
      const s = k / n;
      this.push(at(s, 1 - s));
    }
    this.x = e[0];
    this.y = e[1];
  }

  /** C and S, flattened into 8 segments. */
  cubic(C: string, rel: boolean): void {
    const { x, y } = this;
    const c1 = C === 'C' ? this.point(rel) : this.reflected(this.lastCtrl);
    const c2 = this.point(rel);
    const e = this.point(rel);
    this.curve(8, e, (s, u) => [u * u * u * x + 3 * u * u * s * c1[0] + 3 * u * s * s * c2[0] + s * s * s * e[0], u * u * u * y + 3 * u * u * s * c1[1] + 3 * u * s * s * c2[1] + s * s * s * e[1]]);
    this.lastCtrl = c2;
    this.lastQ = null;
  }

  /** Q and T, flattened into 6 segments. */
  quadratic(C: string, rel: boolean): void {
    const { x, y } = this;
    const q = C === 'Q' ? this.point(rel) : this.reflected(this.lastQ);
    const e = this.point(rel);
    this.curve(6, e, (s, u) => [u * u * x + 2 * u * s * q[0] + s * s * e[0], u * u * y + 2 * u * s * q[1] + s * s * e[1]]);
    this.lastQ = q;
    this.lastCtrl = null;
  }

  arc(rel: boolean): void {
    const rx = this.num();
    const ry = this.num();
    const rot = this.num();
    const large = this.num() !== 0;
    const sweep = this.num() !== 0;
    const ex = this.num() + (rel ? this.x : 0);
    const ey = this.num() + (rel ? this.y : 0);
    for (const p of arcPoints(this.x, this.y, rx, ry, rot, large, sweep, ex, ey)) this.push(p);
    this.x = ex;
    this.y = ey;
    this.lastCtrl = null;
    this.lastQ = null;
  }
}

/** Parse path data (all commands, relative and absolute) and flatten curves into line segments. */
export function parsePath(d: string): Outline {
  const r = new PathReader(d);
  let guard = 0;
  while (r.i < r.length && guard++ < 1_000_000 && r.total < MAX_PATH_POINTS) {
    const t = r.token();
    if (/^[A-Za-z]$/.test(t)) {
      r.cmd = t;
      r.i++;
      if (t === 'Z' || t === 'z') {
        r.close();
        continue;
      }
    } else if (r.cmd === '') break;
    const rel = r.cmd === r.cmd.toLowerCase();
    const C = r.cmd.toUpperCase();
    if (!r.isNum()) continue;
    if (C === 'M') r.moveTo(rel);
    else if (C === 'L' || C === 'H' || C === 'V') r.lineTo(C, rel);
    else if (C === 'C' || C === 'S') r.cubic(C, rel);
    else if (C === 'Q' || C === 'T') r.quadratic(C, rel);
    else if (C === 'A') r.arc(rel);
    else r.i++;
    if (!Number.isFinite(r.x) || !Number.isFinite(r.y)) break;
  }
  const clean = r.subpaths.filter((sp) => sp.points.every(([a, b]) => Number.isFinite(a) && Number.isFinite(b)));
  return { subpaths: clean, box: boxOf(clean) };
}

/** The outline of a basic shape in its own coordinates; null for elements without geometry. */
export function outlineOf(el: SvgElement, vp: Viewport): Outline | null {
  const a = el.attrs;
  switch (el.lname) {
    case 'rect':
    case 'image':
    case 'foreignobject': {
      const x = length(a.get('x'), vp.width);
      const y = length(a.get('y'), vp.height);
      const w = length(a.get('width'), vp.width, el.lname === 'rect' ? 0 : vp.width);
      const h = length(a.get('height'), vp.height, el.lname === 'rect' ? 0 : vp.height);
      if (!(w > 0) || !(h > 0)) return null;
      const pts: Point[] = [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
      ];
      return { subpaths: [{ points: pts, closed: true }], box: [x, y, x + w, y + h] };
    }
    case 'circle':
    case 'ellipse': {
      const cx = length(a.get('cx'), vp.width);
      const cy = length(a.get('cy'), vp.height);
      const rx = el.lname === 'circle' ? length(a.get('r'), Math.hypot(vp.width, vp.height) / Math.SQRT2) : length(a.get('rx'), vp.width);
      const ry = el.lname === 'circle' ? rx : length(a.get('ry'), vp.height);
      if (!(rx > 0) || !(ry > 0)) return null;
      const pts: Point[] = [];
      for (let k = 0; k < 32; k++) {
        const t = (k / 32) * 2 * Math.PI;
        pts.push([cx + rx * Math.cos(t), cy + ry * Math.sin(t)]);
      }
      return { subpaths: [{ points: pts, closed: true }], box: [cx - rx, cy - ry, cx + rx, cy + ry] };
    }
    case 'line': {
      const p1: Point = [length(a.get('x1'), vp.width), length(a.get('y1'), vp.height)];
      const p2: Point = [length(a.get('x2'), vp.width), length(a.get('y2'), vp.height)];
      const sps = [{ points: [p1, p2], closed: false }];
      return { subpaths: sps, box: boxOf(sps) };
    }
    case 'polyline':
    case 'polygon': {
      const n = numbers(a.get('points') ?? '', 2 * MAX_PATH_POINTS);
      const pts: Point[] = [];
      for (let k = 0; k + 1 < n.length; k += 2) pts.push([n[k] ?? 0, n[k + 1] ?? 0]);
      if (pts.length < 2) return null;
      const sps = [{ points: pts, closed: el.lname === 'polygon' }];
      return { subpaths: sps, box: boxOf(sps) };
    }
    case 'path': {
      const o = parsePath(a.get('d') ?? '');
      return o.subpaths.length > 0 ? o : null;
    }
    default:
      return null;
  }
}

/** Fill test: every subpath is implicitly closed for filling; nonzero or evenodd winding. */
export function contains(o: Outline, p: Point, evenOdd: boolean): boolean {
  const [x, y] = p;
  if (x < o.box[0] || x > o.box[2] || y < o.box[1] || y > o.box[3]) return false;
  let winding = 0;
  let crossings = 0;
  for (const sp of o.subpaths) {
    const pts = sp.points;
    const n = pts.length;
    if (n < 3) continue;
    for (let k = 0; k < n; k++) {
      const a = pts[k] as Point;
      const b = pts[(k + 1) % n] as Point;
      if (a[1] <= y) {
        if (b[1] > y && (b[0] - a[0]) * (y - a[1]) - (x - a[0]) * (b[1] - a[1]) > 0) {
          winding++;
          crossings++;
        }
      } else if (b[1] <= y && (b[0] - a[0]) * (y - a[1]) - (x - a[0]) * (b[1] - a[1]) < 0) {
        winding--;
        crossings++;
      }
    }
  }
  return evenOdd ? crossings % 2 === 1 : winding !== 0;
}

/** The point halfway along the outline (a boundary point of a shape, the middle of a line). */
export function midpointAlong(o: Outline): Point | null {
  const segs: [Point, Point, number][] = [];
  let total = 0;
  for (const sp of o.subpaths) {
    const pts = sp.points;
    const n = pts.length;
    const last = sp.closed ? n : n - 1;
    for (let k = 0; k < last; k++) {
      const a = pts[k] as Point;
      const b = pts[(k + 1) % n] as Point;
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len > 0) {
        segs.push([a, b, len]);
        total += len;
      }
    }
  }
  if (total === 0) return null;
  let want = total / 2;
  for (const [a, b, len] of segs) {
    if (want <= len) {
      const s = want / len;
      return [a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s];
    }
    want -= len;
  }
  return null;
}
