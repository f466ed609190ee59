// Colour maths: parsing (culori), alpha compositing, WCAG ratios and thresholds, the nearest passing colour.
import { converter, differenceEuclidean, parse, toGamut } from 'culori';
import type { Oklch, Rgb } from 'culori';
import { BoundedMemo } from '../memo.ts';

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
  return parsed.get(raw, () => parseUncached(raw));
}

/** A diagram repeats a few colour strings thousands of times; culori parses each once. Results are frozen. */
const parsed = new BoundedMemo<Rgba | null>(4096);

function parseUncached(raw: string): Rgba | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > MAX_COLOR_LENGTH) return null;
  const parsed = parse(text.toLowerCase());
  if (!parsed) return null;
  const rgb = toRgb(parsed);
  if (!rgb || !Number.isFinite(rgb.r) || !Number.isFinite(rgb.g) || !Number.isFinite(rgb.b)) return null;
  const alpha = rgb.alpha === undefined || !Number.isFinite(rgb.alpha) ? 1 : clamp01(rgb.alpha);
  return Object.freeze({ r: clamp01(rgb.r), g: clamp01(rgb.g), b: clamp01(rgb.b), alpha });
}

/** `red !important` -> `red`: a trailing `!important` (spaces allowed before the `!`) is dropped, in one pass. */
export function withoutImportant(text: string): string {
  const word = 'important';
  if (text.length < word.length + 1 || text.slice(-word.length).toLowerCase() !== word) return text;
  const bang = text.length - word.length - 1;
  if (text[bang] !== '!') return text;
  return text.slice(0, bang).trimEnd();
}

/** Classify a fill/stroke/color value: a colour, none, a url() reference, currentColor, or something unreadable. */
export function parsePaint(raw: string): Paint {
  const text = withoutImportant(raw.trim());
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

/** WCAG 2.x linearisation of each 8-bit channel value (0.04045 threshold), computed once. */
const LINEAR: Float64Array = (() => {
  const t = new Float64Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    t[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return t;
})();

function channel8(v: number): number {
  return Math.round((v < 0 ? 0 : v > 1 ? 1 : v) * 255);
}

/** WCAG 2.x relative luminance of the painted colour (channels rounded to 8 bits). */
function luminance(c: Rgba): number {
  return 0.2126 * (LINEAR[channel8(c.r)] ?? 0) + 0.7152 * (LINEAR[channel8(c.g)] ?? 0) + 0.0722 * (LINEAR[channel8(c.b)] ?? 0);
}

/**
 * WCAG 2.x contrast ratio of two opaque colours (1..21), measured on the painted (8-bit) colours: the
 * formula over a table of the 256 linearised channel values (a test holds it to culori's wcagContrast).
 */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const la = luminance(a);
  const lb = luminance(b);
  return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/** #rrggbb, or #rrggbbaa when translucent. */
export function toHex(c: Rgba): string {
  const hex = `#${HEX2[channel8(c.r)]}${HEX2[channel8(c.g)]}${HEX2[channel8(c.b)]}`;
  return c.alpha < 1 - 1e-9 ? hex + HEX2[channel8(c.alpha)] : hex;
}

/** Two hex digits per 8-bit value (culori's formatHex rounds the same way: round(clamp(v) * 255)). */
const HEX2: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

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
function evaluateConstraints(candidate: Rgba, constraints: readonly Constraint[]): { ratio: number; ok: boolean } {
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

/** Onto the #rrggbb grid, so that the colour we measure is exactly the colour we suggest. */
function quantise(c: Rgb): Rgba {
  return { r: channel8(c.r) / 255, g: channel8(c.g) / 255, b: channel8(c.b) / 255, alpha: 1 };
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

/** Constraints that ask the same thing once: same background, threshold and way of being seen. */
function constraintKey(c: Constraint): string {
  // A `seen` map is affine in the (opaque) candidate: opacity and layers. Two points pin it down.
  const k = c.seen ? [c.seen(BLACK), c.seen(WHITE)].map((x) => `${x.r},${x.g},${x.b},${x.alpha}`).join(';') : '';
  return `${c.bg.r},${c.bg.g},${c.bg.b},${c.bg.alpha}/${c.needed}/${k}`;
}

function distinctConstraints(constraints: readonly Constraint[]): Constraint[] {
  const seen = new Set<string>();
  const out: Constraint[] = [];
  for (const c of constraints) {
    const key = constraintKey(c);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

/**
 * Walk OKLCH lightness from `start` towards black and towards white (hue and, where the gamut allows,
 * chroma kept), measure each candidate after gamut mapping and 8-bit rounding, and keep the passing colour
 * nearest to `start` (OKLab distance). Null when neither direction reaches every constraint. With a single
 * constraint the passing part of each direction reaches its end (contrast only grows as the colour moves
 * away from the background), so the end is tried first and the boundary found by halving; several
 * constraints can pass on a middle stretch only, so they are walked in small steps.
 */
export function searchColor(start: Rgba, constraintsIn: readonly Constraint[]): ColorChoice | null {
  const constraints = distinctConstraints(constraintsIn);
  const key = `${start.r},${start.g},${start.b},${start.alpha}|${constraints.map(constraintKey).join('|')}`;
  return searchMemo.get(key, () => searchUncached(start, constraints));
}

/** The same search asked again (harden rounds, elements sharing colours) is answered from memory: a pure function's results. */
const searchMemo = new BoundedMemo<ColorChoice | null>(4096);

function searchUncached(start: Rgba, constraints: readonly Constraint[]): ColorChoice | null {
  const base = start.alpha < 1 ? flatten(start, constraints[0]?.bg ?? WHITE) : start;
  const { l: l0, c: c0, h: h0 } = oklchOf(base);
  const passes = (c: Rgba): boolean => evaluateConstraints(c, constraints).ok;
  const found: ColorChoice[] = [];
  const bisect = (failing: number, passing: number, atPassing: Rgba, rounds: number): Rgba => {
    let lo = failing;
    let hi = passing;
    let best = atPassing;
    for (let k = 0; k < rounds; k++) {
      const mid = (lo + hi) / 2;
      const m = fromOklch(mid, c0, h0);
      if (passes(m)) {
        hi = mid;
        best = m;
      } else lo = mid;
    }
    return best;
  };
  for (const dir of [-1, 1]) {
    if (constraints.length === 1) {
      const end = dir < 0 ? 0 : 1;
      const atEnd = fromOklch(end, c0, h0);
      if (!passes(atEnd)) continue;
      // To 2^-18 of the lightness range: the first passing 8-bit colour, not one a step beyond it.
      const best = bisect(l0, end, atEnd, 18);
      found.push({ color: best, hex: toHex(best), ratio: evaluateConstraints(best, constraints).ratio });
      continue;
    }
    let prevL = l0;
    const step = 0.02;
    for (let i = 1; i <= 60; i++) {
      const l = clamp01(l0 + dir * step * i);
      const cand = fromOklch(l, c0, h0);
      if (passes(cand)) {
        // Bisect between the last failing and the first passing lightness; keep the passing end.
        const best = bisect(prevL, l, cand, 14);
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
