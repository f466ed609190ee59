// Colour maths for diagram-contrast: parsing (culori), alpha compositing, WCAG ratios and thresholds, fix search.
import { converter, differenceEuclidean, formatHex, formatHex8, parse, toGamut, wcagContrast } from 'culori';
import type { Oklch, Rgb } from 'culori';

/** An sRGB colour, channels and alpha in 0..1 (not premultiplied). */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

export type Level = 'AA' | 'AAA';
export type PairKind = 'text' | 'non_text';

/** A paint value as written in a diagram. */
export type Paint =
  | { kind: 'color'; rgba: Rgba; raw: string }
  | { kind: 'none'; raw: string }
  | { kind: 'url'; raw: string; ref: string }
  | { kind: 'current'; raw: string }
  | { kind: 'invalid'; raw: string };

export const WHITE: Rgba = { r: 1, g: 1, b: 1, alpha: 1 };
export const BLACK: Rgba = { r: 0, g: 0, b: 0, alpha: 1 };
export const TRANSPARENT: Rgba = { r: 0, g: 0, b: 0, alpha: 0 };

const toRgb = converter('rgb');
const toOklch = converter('oklch');
const gamutMap = toGamut('rgb', 'oklch');
const distance = differenceEuclidean('oklab');

// Real colour values are short; capping the length keeps culori's parsers away from hostile megabyte strings.
const MAX_COLOR_LENGTH = 120;

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/** Parse one CSS colour (names, #rgb[a], #rrggbb[aa], rgb[a](), hsl[a](), hwb(), lab(), oklch() ...). */
export function parseColor(raw: string): Rgba | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > MAX_COLOR_LENGTH) return null;
  const parsed = parse(text.toLowerCase());
  if (!parsed) return null;
  const rgb = toRgb(parsed);
  if (!rgb || !Number.isFinite(rgb.r) || !Number.isFinite(rgb.g) || !Number.isFinite(rgb.b)) return null;
  const alpha = rgb.alpha === undefined || !Number.isFinite(rgb.alpha) ? 1 : clamp01(rgb.alpha);
  return { r: clamp01(rgb.r), g: clamp01(rgb.g), b: clamp01(rgb.b), alpha };
}

/** Classify a fill/stroke/color value: a colour, none, a url() reference, currentColor, or something unreadable. */
export function parsePaint(raw: string): Paint {
  const text = raw.trim().replace(/\s*!important\s*$/i, '');
  const lower = text.toLowerCase();
  if (lower === 'none') return { kind: 'none', raw: text };
  if (lower === 'currentcolor') return { kind: 'current', raw: text };
  if (lower.startsWith('url(')) {
    const close = text.indexOf(')');
    const ref = close > 4 ? text.slice(4, close).trim().replace(/^["']|["']$/g, '') : '';
    return { kind: 'url', raw: text, ref };
  }
  const rgba = parseColor(text);
  return rgba ? { kind: 'color', rgba, raw: text } : { kind: 'invalid', raw: text };
}

/** Source-over compositing of `top` onto `bottom` in gamma-encoded sRGB, as browsers paint. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top.alpha + bottom.alpha * (1 - top.alpha);
  if (a <= 1e-12) return TRANSPARENT;
  const mix = (t: number, b: number): number => (t * top.alpha + b * bottom.alpha * (1 - top.alpha)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), alpha: a };
}

/** The same colour with its alpha multiplied (opacity, fill-opacity). */
export function withAlpha(color: Rgba, factor: number): Rgba {
  return { ...color, alpha: clamp01(color.alpha * factor) };
}

/** Flatten onto an opaque backdrop (white when the colour is already opaque or nothing is known). */
export function flatten(color: Rgba, backdrop: Rgba = WHITE): Rgba {
  if (color.alpha >= 1) return color;
  const base = backdrop.alpha >= 1 ? backdrop : over(backdrop, WHITE);
  return over(color, base);
}

function asRgb(c: Rgba): Rgb {
  return { mode: 'rgb', r: c.r, g: c.g, b: c.b };
}

/**
 * What the screen shows: each channel rounded to 8 bits, as browsers paint and as axe-core reads computed
 * colours. Colours derived in hsl() (theme variables, translucent layers) are not on that grid until painted.
 */
export function painted(c: Rgba): Rgba {
  const q = (v: number): number => Math.round(clamp01(v) * 255) / 255;
  return { r: q(c.r), g: q(c.g), b: q(c.b), alpha: c.alpha };
}

/**
 * WCAG 2.x contrast ratio of two opaque colours (1..21), measured on the painted (8-bit) colours; culori
 * linearises with the 0.04045 threshold.
 */
export function contrastRatio(a: Rgba, b: Rgba): number {
  return wcagContrast(asRgb(painted(a)), asRgb(painted(b)));
}

/** #rrggbb, or #rrggbbaa when translucent. */
export function toHex(c: Rgba): string {
  const rgb: Rgb = { mode: 'rgb', r: c.r, g: c.g, b: c.b };
  if (c.alpha < 1 - 1e-9) return formatHex8({ ...rgb, alpha: c.alpha });
  return formatHex(rgb);
}

/** Ratios are reported truncated to two decimals (axe-core's habit), never rounded up to a passing value. */
export function displayRatio(ratio: number): number {
  return Math.floor(ratio * 100 + 1e-7) / 100;
}

/** WCAG 1.4.3/1.4.6 (text) and 1.4.11 (non-text, AA only: AAA keeps 3:1). */
export function requiredRatio(kind: PairKind, level: Level, large: boolean): number {
  if (kind === 'non_text') return 3;
  if (level === 'AAA') return large ? 4.5 : 7;
  return large ? 3 : 4.5;
}

/** Large text: at least 18pt (24px), or at least 14pt (18.67px) and bold. */
export function isLargeText(fontPx: number, weight: number): boolean {
  const pt = fontPx * 0.75;
  return pt >= 18 - 1e-6 || (weight >= 700 && pt >= 14 - 1e-6);
}

/** Passing is "at least" the required ratio on the unrounded value (WCAG's wording). */
export function passes(ratio: number, needed: number): boolean {
  return ratio >= needed;
}

/**
 * A requirement a candidate colour must meet: `seen` turns a candidate (opaque) into what the reader sees
 * (alpha and group opacity applied), compared with the opaque background `bg`.
 */
export interface Constraint {
  bg: Rgba;
  needed: number;
  seen?: (candidate: Rgba) => Rgba;
}

/** The smallest ratio of `candidate` over all constraints, and whether all pass. */
export function evaluateConstraints(candidate: Rgba, constraints: readonly Constraint[]): { ratio: number; ok: boolean } {
  let ratio = Infinity;
  let ok = true;
  for (const c of constraints) {
    const seen = c.seen ? c.seen(candidate) : candidate;
    const r = contrastRatio(flatten(seen, c.bg), c.bg);
    if (r < ratio) ratio = r;
    if (!passes(r, c.needed)) ok = false;
  }
  return { ratio: ratio === Infinity ? 21 : ratio, ok };
}

/** Round-trip through #rrggbb so that the colour we measure is exactly the colour we suggest. */
function quantise(c: Rgb): Rgba {
  const hex = formatHex(c);
  const back = parseColor(hex);
  return back ?? BLACK;
}

function oklchOf(c: Rgba): { l: number; c: number; h: number } {
  const o = toOklch(asRgb(c)) as Oklch;
  return { l: Number.isFinite(o.l) ? o.l : 0, c: Number.isFinite(o.c) ? o.c : 0, h: o.h !== undefined && Number.isFinite(o.h) ? o.h : 0 };
}

function fromOklch(l: number, c: number, h: number): Rgba {
  const mapped = gamutMap({ mode: 'oklch', l: clamp01(l), c, h });
  return quantise({ mode: 'rgb', r: clamp01(mapped.r), g: clamp01(mapped.g), b: clamp01(mapped.b) });
}

export interface ColorChoice {
  color: Rgba;
  hex: string;
  ratio: number;
}

/**
 * Walk OKLCH lightness from `start` towards black and towards white (hue and, where the gamut allows,
 * chroma kept), measure each candidate after gamut mapping and 8-bit rounding, and keep the passing colour
 * nearest to `start` (OKLab distance). Null when neither direction reaches every constraint.
 */
export function searchColor(start: Rgba, constraints: readonly Constraint[]): ColorChoice | null {
  const base = start.alpha < 1 ? flatten(start, constraints[0]?.bg ?? WHITE) : start;
  const { l: l0, c: c0, h: h0 } = oklchOf(base);
  const found: ColorChoice[] = [];
  for (const dir of [-1, 1]) {
    let prevL = l0;
    const step = 0.02;
    for (let i = 1; i <= 60; i++) {
      const l = clamp01(l0 + dir * step * i);
      const cand = fromOklch(l, c0, h0);
      if (evaluateConstraints(cand, constraints).ok) {
        // Bisect between the last failing and the first passing lightness; keep the passing end.
        let lo = prevL;
        let hi = l;
        let best = cand;
        for (let k = 0; k < 14; k++) {
          const mid = (lo + hi) / 2;
          const m = fromOklch(mid, c0, h0);
          if (evaluateConstraints(m, constraints).ok) {
            hi = mid;
            best = m;
          } else {
            lo = mid;
          }
        }
        found.push({ color: best, hex: toHex(best), ratio: evaluateConstraints(best, constraints).ratio });
        break;
      }
      prevL = l;
      if (l <= 0 || l >= 1) break;
    }
  }
  if (found.length === 0) return null;
  const startRgb = asRgb(base);
  found.sort((a, b) => distance(startRgb, asRgb(a.color)) - distance(startRgb, asRgb(b.color)));
  return found[0] ?? null;
}

/** Distance in OKLab (how far a suggestion moves from the original colour). */
export function colorDistance(a: Rgba, b: Rgba): number {
  return distance(asRgb(a), asRgb(b));
}

export interface RemapChoice {
  fg: ColorChoice;
  bg: Rgba;
  bgHex: string;
  ratio: number;
}

/**
 * When no label colour can reach the threshold on a fill (AAA 7:1 on mid-tones), move the fill instead:
 * black or white text, and the nearest fill (same hue) on which that text passes.
 */
export function remapFill(fill: Rgba, needed: number): RemapChoice | null {
  const options: RemapChoice[] = [];
  for (const fg of [BLACK, WHITE]) {
    const choice = searchColor(fill, [{ bg: fg, needed }]);
    if (!choice) continue;
    const ratio = contrastRatio(fg, choice.color);
    if (!passes(ratio, needed)) continue;
    options.push({ fg: { color: fg, hex: toHex(fg), ratio }, bg: choice.color, bgHex: choice.hex, ratio });
  }
  if (options.length === 0) return null;
  const startRgb = asRgb(flatten(fill));
  options.sort((a, b) => distance(startRgb, asRgb(a.bg)) - distance(startRgb, asRgb(b.bg)));
  return options[0] ?? null;
}

/** A precise CSS serialisation (no 8-bit rounding) for derived theme values. */
export function toCss(c: Rgba): string {
  const ch = (v: number): string => String(Math.round(v * 255 * 1e6) / 1e6);
  return c.alpha >= 1 ? `rgb(${ch(c.r)}, ${ch(c.g)}, ${ch(c.b)})` : `rgba(${ch(c.r)}, ${ch(c.g)}, ${ch(c.b)}, ${Math.round(c.alpha * 1e6) / 1e6})`;
}
