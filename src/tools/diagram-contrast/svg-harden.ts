// SVG harden mode: give failing text and strokes (and, when needed, the shape under a label) inline colours.
import { BLACK, displayRatio, searchColor, toHex, WHITE } from '../kit/colour/colour.ts';
import type { Level } from '../kit/colour/colour.ts';
import type { HardenBudget, HardenChange, HardenResult } from './mermaid-harden.ts';
import { toConstraint } from './pairs.ts';
import { MAX_HARDEN_PAIRS } from './reach.ts';
import type { Pair } from './pairs.ts';
import { analyseSvg } from './svg-check.ts';
import type { SvgAnalysis } from './svg-check.ts';
import type { SvgElement } from './svg-parse.ts';
import { parseInlineStyle } from './svg-style.ts';

const MAX_ROUNDS = 5;

type Prop = 'fill' | 'stroke';

function escapeAttr(value: string, quote: string): string {
  const q = quote === "'" ? '&apos;' : '&quot;';
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').split(quote).join(q);
}

/** Inline style wins over rules and presentation attributes; !important only when a rule used it. */
function rewrite(a: SvgAnalysis, edits: Map<SvgElement, Map<Prop, string>>): string {
  const src = a.doc.source;
  const spans: { start: number; end: number; insert: string }[] = [];
  for (const [el, props] of edits) {
    const computed = a.cascade.style(el);
    const span = el.attrSpans.get('style');
    const decls = parseInlineStyle(el.attrs.get('style') ?? '').filter((d) => !props.has(d.prop as Prop));
    for (const [prop, value] of props) {
      const origin = computed.origins.get(prop);
      decls.push({ prop, value, important: origin?.kind === 'css' && origin.important });
    }
    const text = decls.map((d) => `${d.prop}:${d.value}${d.important ? ' !important' : ''}`).join(';');
    if (span) spans.push({ start: span.valueStart, end: span.valueEnd, insert: escapeAttr(text, span.quote) });
    else {
      const at = el.selfClosing ? src.lastIndexOf('/', el.tagEnd - 1) : el.tagEnd - 1;
      spans.push({ start: at, end: at, insert: ` style="${escapeAttr(text, '"')}"${el.selfClosing ? ' ' : ''}` });
    }
  }
  // Front to back in one pass: a slice per edit of a megabyte document would be quadratic.
  spans.sort((x, y) => x.start - y.start);
  const pieces: string[] = [];
  let cursor = 0;
  for (const s of spans) {
    pieces.push(src.slice(cursor, s.start), s.insert);
    cursor = Math.max(cursor, s.end);
  }
  pieces.push(src.slice(cursor));
  return pieces.join('');
}

function plan(a: SvgAnalysis, budget: HardenBudget): { edits: Map<SvgElement, Map<Prop, string>>; remapped: Set<SvgElement> } {
  const edits = new Map<SvgElement, Map<Prop, string>>();
  const remapped = new Set<SvgElement>();
  const set = (el: SvgElement, prop: Prop, value: string): void => {
    const m = edits.get(el) ?? new Map<Prop, string>();
    m.set(prop, value);
    edits.set(el, m);
  };
  for (const f of a.pairs) {
    if (f.status !== 'fail' || !f.fg || !f.bg) continue;
    const t = a.targets.get(f);
    if (!t || edits.get(t.element)?.has(t.prop)) continue;
    if (budget.left <= 0) break;
    budget.left--;
    const choice = searchColor(f.fg, [toConstraint(f)]);
    if (choice) {
      set(t.element, t.prop, choice.hex);
      continue;
    }
    // No text colour reaches the threshold on this fill (AAA on a mid-tone, or opacity compressing the range):
    // move the shape under the label, keeping the text colour if possible, else black or white text.
    const backdrop = f.kind === 'text' ? t.backdrop() : null;
    if (backdrop && !edits.get(backdrop.element)?.has('fill')) {
      const start = backdrop.fill ?? f.bg;
      const texts = [...(f.fg.alpha >= 1 ? [f.fg] : []), BLACK, WHITE];
      for (const textColor of texts) {
        const moved = searchColor(start, [{ bg: f.seen(textColor), needed: f.needed, seen: backdrop.seen }]);
        if (!moved) continue;
        set(backdrop.element, 'fill', moved.hex);
        if (textColor !== f.fg) set(t.element, 'fill', toHex(textColor));
        remapped.add(backdrop.element);
        break;
      }
    }
  }
  return { edits, remapped };
}

function declaredOn(a: SvgAnalysis, el: SvgElement, prop: Prop): string | null {
  const origin = a.cascade.style(el).origins.get(prop);
  if (!origin || origin.kind === 'inherited' || origin.kind === 'initial') return null;
  return a.cascade.style(el).values.get(prop) ?? null;
}

const targetIndexes = new WeakMap<SvgAnalysis, Map<string, Pair>>();

function pairOf(a: SvgAnalysis, el: SvgElement, prop: Prop): Pair | undefined {
  let index = targetIndexes.get(a);
  if (!index) {
    index = new Map();
    for (const [p, t] of a.targets) {
      const k = `${t.element.index}:${t.prop}`;
      if (!index.has(k)) index.set(k, p);
    }
    targetIndexes.set(a, index);
  }
  return index.get(`${el.index}:${prop}`);
}

/** Rewrite until a re-check passes; one change per element whose text or stroke colour was set. */
export function hardenSvg(text: string, level: Level, analysed?: SvgAnalysis): HardenResult {
  const first = analysed ?? analyseSvg(text, level);
  let current = first;
  let working = text;
  const budget: HardenBudget = { left: MAX_HARDEN_PAIRS };
  const touched = new Map<number, Set<Prop>>();
  const remappedFor = new Map<number, number>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (!current.pairs.some((p) => p.status === 'fail')) break;
    const { edits, remapped } = plan(current, budget);
    if (edits.size === 0) break;
    for (const [el, props] of edits) {
      if (remapped.has(el)) continue;
      const set = touched.get(el.index) ?? new Set<Prop>();
      for (const p of props.keys()) set.add(p);
      touched.set(el.index, set);
    }
    if (remapped.size > 0) {
      for (const f of current.pairs) {
        const t = current.targets.get(f);
        if (!t || f.status !== 'fail' || t.prop !== 'fill') continue;
        const backdrop = t.backdrop();
        if (backdrop && remapped.has(backdrop.element)) {
          remappedFor.set(t.element.index, backdrop.element.index);
          if (!touched.has(t.element.index)) touched.set(t.element.index, new Set<Prop>(['fill']));
        }
      }
    }
    working = rewrite(current, edits);
    current = analyseSvg(working, level);
  }
  const changes: HardenChange[] = [];
  for (const [index, props] of touched) {
    const el0 = first.doc.elements[index];
    const el1 = current.doc.elements[index];
    if (!el0 || !el1) continue;
    const isText = props.has('fill') || remappedFor.has(index);
    const prop: Prop = isText ? 'fill' : 'stroke';
    const p0 = pairOf(first, el0, prop);
    const p1 = pairOf(current, el1, prop);
    const hex = (c: { r: number; g: number; b: number; alpha: number } | undefined, fallback: string): string => (c ? toHex(c) : fallback);
    const change: HardenChange = {
      target: p1?.element ?? p0?.element ?? el1.name,
      line: el1.line,
      old_fill: hex(p0?.bg, '#ffffff'),
      fill: hex(p1?.bg, hex(p0?.bg, '#ffffff')),
      old_color: declaredOn(first, el0, prop),
      color: hex(p1?.fg, '#000000'),
      ratio: displayRatio(Math.max(p1?.ratio ?? 1, p1?.altRatio ?? 0)),
      fill_remapped: remappedFor.has(index),
    };
    if (!isText) {
      change.old_stroke = declaredOn(first, el0, 'stroke');
      change.stroke = hex(p1?.fg, '#000000');
      change.stroke_ratio = change.ratio;
    }
    changes.push(change);
  }
  changes.sort((x, y) => x.line - y.line || x.target.localeCompare(y.target));
  return { diagram: working, changes, remaining: current.pairs.filter((p) => p.status === 'fail'), exhausted: budget.left <= 0 };
}
