// How far a failing pair can be taken by changing colours, and why, when it cannot reach its threshold, it cannot.
import { BLACK, colorDistance, contrastRatio, displayRatio, flatten, passes, searchColor, toHex, WHITE } from '../kit/colour/colour.ts';
import type { ColorChoice, Rgba } from '../kit/colour/colour.ts';
import type { Failure, Pair } from './pairs.ts';

/**
 * Failing pairs harden mode works on per call, over all its rounds (each costs a few colour searches). Real
 * diagrams need a few dozen; past this, what still fails is reported, and hardening the result again goes on.
 */
export const MAX_HARDEN_PAIRS = 400;

/** A failure no colour this tool can set brings to its threshold: the failure, why, and the best reachable. */
export interface Unfixable extends Failure {
  reason: string;
  best_ratio: number;
}

/** A new fill for a text pair, checked as the reader sees it, with the text colour that goes on it. */
export interface FillMove {
  text: Rgba;
  textHex: string;
  fill: ColorChoice;
  ratio: number;
}

/** What a new fill under the text looks like at the text; identity for an opaque pair whose fill can be told. */
function fillView(p: Pair): ((fill: Rgba) => Rgba) | null {
  const view = p.fillSeen?.();
  if (view) return view;
  return opacityOf(p) >= 0.999 ? (fill: Rgba) => fill : null;
}

/** The share of a candidate colour that reaches the reader (1: opaque; group opacity 0.5: 0.5). */
function opacityOf(p: Pair): number {
  const w = p.seen(WHITE);
  const b = p.seen(BLACK);
  return Math.max(0, Math.min(1, Math.max(w.r - b.r, w.g - b.g, w.b - b.b)));
}

function seenRatio(p: Pair, fg: Rgba, bg: Rgba): number {
  return contrastRatio(flatten(p.seen(fg), bg), bg);
}

/**
 * A fill (same hue, nearest passing) on which black or white text passes, or the text's own colour when
 * `keepOwn` and it can, measured through the pair's opacity; null when none does or when what a new fill
 * would look like at the text is not known.
 */
export function moveFill(p: Pair, keepOwn: boolean): FillMove | null {
  if (p.kind !== 'text' || !p.bg) return null;
  const view = fillView(p);
  if (!view) return null;
  const texts: { text: Rgba; seenText: Rgba }[] = [{ text: BLACK, seenText: p.seen(BLACK) }, { text: WHITE, seenText: p.seen(WHITE) }];
  if (keepOwn && p.fg && p.fgSeen) texts.unshift({ text: p.fg, seenText: p.fgSeen });
  const options: FillMove[] = [];
  for (const { text, seenText } of texts) {
    const fill = searchColor(p.bg, [{ bg: seenText, needed: p.needed, seen: view }]);
    if (!fill) continue;
    const ratio = contrastRatio(view(fill.color), seenText);
    if (!passes(ratio, p.needed)) continue;
    options.push({ text, textHex: toHex(text), fill, ratio });
    // The pair's own text colour, kept, is the smallest change.
    if (text === p.fg) break;
  }
  if (options.length === 0) return null;
  const own = options.find((o) => o.text === p.fg);
  if (own) return own;
  const start = p.bg;
  options.sort((a, b) => colorDistance(start, a.fill.color) - colorDistance(start, b.fill.color));
  return options[0] ?? null;
}

/** The highest ratio black or white reaches on the current background, and on black or white fills. */
export function bestReachable(p: Pair): { color: Rgba; ratio: number; cap: number } {
  const bg = p.bg ?? WHITE;
  let color = BLACK;
  let ratio = 0;
  for (const c of [BLACK, WHITE]) {
    const r = seenRatio(p, c, bg);
    if (r > ratio) {
      ratio = r;
      color = c;
    }
  }
  let cap = ratio;
  const view = p.kind === 'text' ? fillView(p) : null;
  if (view) for (const t of [BLACK, WHITE]) for (const f of [BLACK, WHITE]) cap = Math.max(cap, contrastRatio(view(f), p.seen(t)));
  return { color, ratio, cap };
}

/** Why the pair still fails after every change this tool could make, in words a reader can act on. */
export function whyUnfixable(p: Pair, stuck: 'physics' | 'harden', exhausted = false): string {
  const { cap } = bestReachable(p);
  const needed = p.needed;
  const o = opacityOf(p);
  if (!passes(cap, needed) && o < 0.999) {
    const what = p.kind === 'text' ? 'no text colour or fill' : 'no line colour';
    return `it is drawn at ${Math.round(o * 100)}% opacity (opacity, fill-opacity or a translucent group), which caps its contrast at ${displayRatio(cap)}:1: ${what} reaches ${needed}:1; raise the opacity`;
  }
  if (!passes(cap, needed)) return `no colour reaches ${needed}:1 here (at most ${displayRatio(cap)}:1)`;
  if (stuck === 'harden') {
    if (exhausted) return `harden mode works on at most ${MAX_HARDEN_PAIRS} failing pairs per call and this diagram has more: harden the returned diagram again`;
    if (p.fgSlot.kind === 'fixed' && p.bgSlot.kind === 'fixed') return 'its colours are not written in the diagram (built-in defaults this tool cannot override here), so harden mode cannot change them';
    return 'harden mode found no colour for it that keeps the other elements sharing its colours passing';
  }
  return `no colour found that reaches ${needed}:1`;
}

/** The Unfixable entry for a failure and the pairs behind it. */
export function unfixableOf(failure: Failure, group: readonly Pair[], stuck: 'physics' | 'harden', exhausted = false): Unfixable {
  const first = group[0];
  if (!first) return { ...failure, reason: 'no colour found that reaches the threshold', best_ratio: failure.ratio };
  return { ...failure, reason: whyUnfixable(first, stuck, exhausted), best_ratio: displayRatio(Math.max(bestReachable(first).cap, first.ratio ?? 0)) };
}
