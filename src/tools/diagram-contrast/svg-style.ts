// SVG styling: <style> rules (css-tree), presentation attributes and inline styles, cascaded and inherited per element.
import { parse as parseCss, toPlainObject } from 'css-tree';
import type { CssNode } from 'css-tree';
import type { SvgDocument, SvgElement } from './svg-parse.ts';
import { textContent } from './svg-parse.ts';
import { absolutePx } from './svg-geometry.ts';

interface Compound {
  tag: string | null;
  id: string | null;
  classes: string[];
  attrs: { name: string; op: string | null; value: string | null }[];
  root: boolean;
}

interface Selector {
  compounds: Compound[];
  /** Combinator before compounds[i + 1]: ' ' (descendant) or '>' (child). */
  combinators: string[];
  specificity: number;
}

interface Rule {
  selector: Selector;
  order: number;
  decls: { prop: string; value: string; important: boolean }[];
}

/** Where a computed value came from (harden mode writes inline, with !important when a rule used it). */
interface Origin {
  kind: 'initial' | 'inherited' | 'attr' | 'css' | 'inline';
  important: boolean;
}

/**
 * An element's own values over a base shared by its siblings (what they inherit): twenty thousand elements
 * do not each copy thirty entries.
 */
class StyleMap<V> {
  private readonly own = new Map<string, V>();
  constructor(private readonly base: ReadonlyMap<string, V>) {}

  get(key: string): V | undefined {
    const v = this.own.get(key);
    return v !== undefined ? v : this.base.get(key);
  }

  has(key: string): boolean {
    return this.own.has(key) || this.base.has(key);
  }

  set(key: string, value: V): void {
    this.own.set(key, value);
  }

  *[Symbol.iterator](): IterableIterator<[string, V]> {
    for (const entry of this.base) if (!this.own.has(entry[0])) yield entry;
    yield* this.own;
  }
}

export interface Computed {
  values: StyleMap<string>;
  origins: StyleMap<Origin>;
  fontPx: number;
}

const INHERITED = new Set(['fill', 'stroke', 'color', 'fill-opacity', 'stroke-opacity', 'stroke-width', 'font-size', 'font-weight', 'visibility', 'text-anchor', 'dominant-baseline', 'fill-rule']);
const OWN = new Set(['opacity', 'display', 'mask', 'clip-path', 'filter', 'mix-blend-mode', 'background-color', 'background']);
const INITIAL: Record<string, string> = {
  fill: 'black',
  stroke: 'none',
  color: 'black',
  'fill-opacity': '1',
  'stroke-opacity': '1',
  'stroke-width': '1',
  'font-size': '16px',
  'font-weight': 'normal',
  visibility: 'visible',
  'text-anchor': 'start',
  'dominant-baseline': 'auto',
  'fill-rule': 'nonzero',
  opacity: '1',
  display: 'inline',
  mask: 'none',
  'clip-path': 'none',
  filter: 'none',
  'mix-blend-mode': 'normal',
  'background-color': 'transparent',
  background: 'none',
};

function tracked(prop: string): boolean {
  return INHERITED.has(prop) || OWN.has(prop) || prop.startsWith('--');
}

const MAX_COMPOUNDS = 12;
/** Blocks (rules and at-rules, nested ones too) read from all <style> elements together; past it CSS is not read. */
const MAX_RULES = 5_000;
/** A selector list longer than this is not read (its rule is dropped): twelve compounds are matched at most. */
const MAX_PRELUDE = 4_000;

type Plain = { type: string; name?: unknown; children?: Plain[]; matcher?: string | null; value?: { value?: string; name?: string } | null };

function emptyCompound(): Compound {
  return { tag: null, id: null, classes: [], attrs: [], root: false };
}

function selectorOf(sel: Plain, prefix: Selector | null): Selector | null {
  const compounds: Compound[] = [];
  const combinators: string[] = [];
  let specificity = 0;
  let cur = emptyCompound();
  let empty = true;
  // `&` at the start: the following parts extend the parent selector instead of descending from it.
  let glued = false;
  const parts = sel.children ?? [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Plain;
    switch (part.type) {
      case 'TypeSelector': {
        const name = String(part.name ?? '');
        const local = name.includes('|') ? (name.split('|')[1] ?? '') : name;
        if (local !== '*') {
          cur.tag = local.toLowerCase();
          specificity += 1;
        }
        empty = false;
        break;
      }
      case 'IdSelector':
        cur.id = String(part.name ?? '');
        specificity += 10_000;
        empty = false;
        break;
      case 'ClassSelector':
        cur.classes.push(String(part.name ?? ''));
        specificity += 100;
        empty = false;
        break;
      case 'AttributeSelector': {
        const nameNode = part.name as unknown as { name?: string } | undefined;
        cur.attrs.push({ name: String(nameNode?.name ?? ''), op: part.matcher ?? null, value: part.value ? String(part.value.value ?? part.value.name ?? '') : null });
        specificity += 100;
        empty = false;
        break;
      }
      case 'PseudoClassSelector':
        if (String(part.name) === 'root') {
          cur.root = true;
          specificity += 100;
          empty = false;
          break;
        }
        // :hover, :not(), :nth-child() ... never match statically.
        return null;
      case 'NestingSelector':
        if (i !== 0 || !prefix) return null;
        glued = true;
        break;
      case 'Combinator': {
        const c = String(part.name ?? ' ');
        if (c !== ' ' && c !== '>') return null;
        if (glued && compounds.length === 0 && empty) {
          // `& > .c`: the combinator joins the parent selector directly.
          combinators.push(c);
          glued = false;
          break;
        }
        compounds.push(cur);
        combinators.push(c);
        cur = emptyCompound();
        empty = true;
        break;
      }
      default:
        return null;
    }
  }
  if (!empty || compounds.length === 0) compounds.push(cur);
  if (!prefix) return compounds.length > MAX_COMPOUNDS ? null : { compounds, combinators, specificity };
  const total = prefix.specificity + specificity;
  if (glued) {
    // `&.x`: merge the first compound into the parent's last one.
    const last = prefix.compounds[prefix.compounds.length - 1] ?? emptyCompound();
    const first = compounds[0] ?? emptyCompound();
    const merged: Compound = {
      tag: first.tag ?? last.tag,
      id: first.id ?? last.id,
      classes: [...last.classes, ...first.classes],
      attrs: [...last.attrs, ...first.attrs],
      root: first.root || last.root,
    };
    const out = { compounds: [...prefix.compounds.slice(0, -1), merged, ...compounds.slice(1)], combinators: [...prefix.combinators, ...combinators], specificity: total };
    return out.compounds.length > MAX_COMPOUNDS ? null : out;
  }
  const joined = combinators.length === compounds.length ? combinators : [' ', ...combinators];
  const out = { compounds: [...prefix.compounds, ...compounds], combinators: [...prefix.combinators, ...joined], specificity: total };
  return out.compounds.length > MAX_COMPOUNDS ? null : out;
}

function matchCompound(c: Compound, el: SvgElement, root: SvgElement): boolean {
  if (c.tag !== null && c.tag !== el.lname) return false;
  if (c.id !== null && el.attrs.get('id') !== c.id) return false;
  if (c.root && el !== root) return false;
  if (c.classes.length > 0) {
    const cls = (el.attrs.get('class') ?? '').split(/\s+/);
    for (const k of c.classes) if (!cls.includes(k)) return false;
  }
  for (const a of c.attrs) {
    const v = el.attrs.get(a.name);
    if (v === undefined) return false;
    if (a.op === null || a.value === null) continue;
    const want = a.value;
    if (a.op === '=' && v !== want) return false;
    if (a.op === '~=' && !v.split(/\s+/).includes(want)) return false;
    if (a.op === '^=' && !v.startsWith(want)) return false;
    if (a.op === '$=' && !v.endsWith(want)) return false;
    if (a.op === '*=' && !v.includes(want)) return false;
    if (a.op === '|=' && v !== want && !v.startsWith(`${want}-`)) return false;
  }
  return true;
}

/** Right-to-left matching with memoised backtracking: O(compounds x depth) per element. */
function matches(sel: Selector, el: SvgElement, root: SvgElement): boolean {
  const lastCompound = sel.compounds[sel.compounds.length - 1];
  if (sel.compounds.length === 1) return !!lastCompound && matchCompound(lastCompound, el, root);
  const memo = new Map<string, boolean>();
  const rec = (i: number, e: SvgElement): boolean => {
    const key = `${i}:${e.index}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let ok = false;
    const c = sel.compounds[i];
    if (c && matchCompound(c, e, root)) {
      if (i === 0) ok = true;
      else if (sel.combinators[i - 1] === '>') ok = e.parent !== null && rec(i - 1, e.parent);
      else {
        for (let a = e.parent; a && !ok; a = a.parent) ok = rec(i - 1, a);
      }
    }
    memo.set(key, ok);
    return ok;
  };
  return rec(sel.compounds.length - 1, el);
}

/**
 * The CSS css-tree is given: cut before the block that would pass `maxBlocks` (the blocks still open are
 * closed), and without any rule whose selector text is longer than MAX_PRELUDE. One pass over the text,
 * skipping comments and strings, so the parser's work is bounded by what is read, not by what was sent.
 */
export function boundCss(css: string, maxBlocks: number): { text: string; blocks: number } {
  const pieces: string[] = [];
  let cursor = 0;
  let depth = 0;
  let blocks = 0;
  let preludeStart = 0;
  /** Depth at which a dropped rule's block ends, or -1. */
  let dropUntil = -1;
  let dropStart = 0;
  const n = css.length;
  for (let i = 0; i < n; i++) {
    const ch = css.charCodeAt(i);
    if (ch === 47 && css.charCodeAt(i + 1) === 42) {
      // /* comment */
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (ch === 34 || ch === 39) {
      // "string" or 'string', with escapes; an unclosed string ends at the line end, as in CSS.
      let j = i + 1;
      while (j < n && css.charCodeAt(j) !== ch && css.charCodeAt(j) !== 10) j += css.charCodeAt(j) === 92 ? 2 : 1;
      i = j;
      continue;
    }
    if (ch === 123) {
      // {
      if (dropUntil < 0) {
        if (blocks >= maxBlocks) {
          pieces.push(css.slice(cursor, preludeStart), '}'.repeat(depth));
          return { text: pieces.join(''), blocks };
        }
        if (i - preludeStart > MAX_PRELUDE) {
          dropUntil = depth;
          dropStart = preludeStart;
        } else blocks++;
      }
      depth++;
      preludeStart = i + 1;
    } else if (ch === 125) {
      // }
      if (depth > 0) depth--;
      preludeStart = i + 1;
      if (dropUntil >= 0 && depth === dropUntil) {
        pieces.push(css.slice(cursor, dropStart));
        cursor = i + 1;
        dropUntil = -1;
      }
    } else if (ch === 59) preludeStart = i + 1; // ;
  }
  pieces.push(dropUntil >= 0 ? css.slice(cursor, dropStart) : css.slice(cursor));
  return { text: pieces.join(''), blocks };
}

function collectRules(cssIn: string, rules: Rule[], budget: { blocks: number }): void {
  if (budget.blocks <= 0) return;
  const bounded = boundCss(cssIn, budget.blocks);
  budget.blocks -= bounded.blocks;
  const css = bounded.text;
  let ast: CssNode;
  try {
    ast = parseCss(css, { parseValue: false, parseAtrulePrelude: false, onParseError: () => undefined });
  } catch {
    return;
  }
  const plain = toPlainObject(ast) as unknown as Plain & { children?: Plain[] };
  const visit = (node: Plain, prefixes: Selector[] | null, depth: number): void => {
    if (depth > 8 || rules.length >= MAX_RULES) return;
    if (node.type !== 'Rule') return;
    const rule = node as unknown as { prelude: Plain; block: { children: Plain[] } };
    const selectors: Selector[] = [];
    const list = rule.prelude.type === 'SelectorList' ? (rule.prelude.children ?? []) : [];
    for (const sel of list) {
      if (prefixes) for (const p of prefixes) {
        const s = selectorOf(sel, p);
        if (s) selectors.push(s);
      }
      else {
        const s = selectorOf(sel, null);
        if (s) selectors.push(s);
      }
    }
    const decls: Rule['decls'] = [];
    for (const child of rule.block.children ?? []) {
      if (child.type === 'Declaration') {
        const d = child as unknown as { property: string; value: { value?: string }; important: boolean | string };
        const prop = d.property.startsWith('--') ? d.property : d.property.toLowerCase();
        if (!tracked(prop)) continue;
        decls.push({ prop, value: String(d.value?.value ?? '').trim(), important: d.important === true || d.important === 'important' });
      } else if (child.type === 'Rule') visit(child, selectors, depth + 1);
      else if (child.type === 'Raw' && selectors.length > 0) {
        // css-tree keeps `p { ... }` nested without `&` as raw text (Mermaid's edgeLabel styles): read it as rules.
        const raw = String((child as unknown as { value?: string }).value ?? '');
        let innerPlain: Plain | null;
        try {
          innerPlain = toPlainObject(parseCss(raw, { parseValue: false, parseAtrulePrelude: false, onParseError: () => undefined })) as unknown as Plain;
        } catch {
          innerPlain = null;
        }
        for (const r of innerPlain?.children ?? []) visit(r, selectors, depth + 1);
      }
    }
    if (decls.length === 0) return;
    for (const selector of selectors) rules.push({ selector, order: rules.length, decls });
  };
  // At-rules (@media, @supports, @font-face, @keyframes) are not applied: a static check cannot know the medium.
  for (const child of plain.children ?? []) visit(child, null, 0);
}

/** `fill:red; stroke:blue !important` */
export function parseInlineStyle(text: string): { prop: string; value: string; important: boolean }[] {
  const out: { prop: string; value: string; important: boolean }[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && depth > 0) depth--;
    else if (ch === ';' && depth === 0) {
      pieces.push(text.slice(start, i));
      start = i + 1;
    }
  }
  pieces.push(text.slice(start));
  for (const piece of pieces) {
    const colon = piece.indexOf(':');
    if (colon <= 0) continue;
    const prop = piece.slice(0, colon).trim();
    let value = piece.slice(colon + 1).trim();
    let important = false;
    const m = /!\s*important\s*$/i.exec(value);
    if (m) {
      important = true;
      value = value.slice(0, m.index).trim();
    }
    out.push({ prop: prop.startsWith('--') ? prop : prop.toLowerCase(), value, important });
  }
  return out;
}

const PRESENTATION = ['fill', 'stroke', 'color', 'fill-opacity', 'stroke-opacity', 'stroke-width', 'font-size', 'font-weight', 'visibility', 'text-anchor', 'dominant-baseline', 'fill-rule', 'opacity', 'display', 'mask', 'clip-path', 'filter'];

const FONT_KEYWORDS: Record<string, number> = { 'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32, 'xxx-large': 48 };

function fontSizePx(value: string, parent: number): number {
  const v = value.trim().toLowerCase();
  if (v in FONT_KEYWORDS) return FONT_KEYWORDS[v] ?? parent;
  if (v === 'larger') return parent * 1.2;
  if (v === 'smaller') return parent / 1.2;
  const m = /^([+-]?[\d.]+(?:e[+-]?\d+)?)\s*(px|pt|pc|em|rem|ex|%|mm|cm|in)?$/.exec(v);
  if (!m) return parent;
  const n = parseFloat(m[1] ?? '');
  if (!Number.isFinite(n) || n < 0) return parent;
  switch (m[2]) {
    case 'em':
      return n * parent;
    case 'ex':
      return n * parent * 0.5;
    case '%':
      return (n / 100) * parent;
    default:
      return absolutePx(n, m[2]);
  }
}

/** Substitute var(--x, fallback) from the element's custom properties (a few passes, for nested vars). */
function resolveVars(value: string, vars: Map<string, string>): string {
  let out = value;
  for (let pass = 0; pass < 4 && out.includes('var('); pass++) {
    const k = out.indexOf('var(');
    let depth = 0;
    let end = -1;
    for (let i = k + 3; i < out.length; i++) {
      if (out[i] === '(') depth++;
      else if (out[i] === ')') {
        depth--;
        if (depth === 0) {
          end = i;
          break;
        }
      }
    }
    if (end < 0) break;
    const inner = out.slice(k + 4, end);
    const comma = inner.indexOf(',');
    const name = (comma >= 0 ? inner.slice(0, comma) : inner).trim();
    const fallback = comma >= 0 ? inner.slice(comma + 1).trim() : '';
    const sub = vars.get(name) ?? fallback;
    out = out.slice(0, k) + sub + out.slice(end + 1);
  }
  return out;
}

interface Base {
  values: Map<string, string>;
  origins: Map<string, Origin>;
}

const INHERITED_ORIGIN: Origin = Object.freeze({ kind: 'inherited', important: false });
const INITIAL_ORIGIN: Origin = Object.freeze({ kind: 'initial', important: false });
const ROOT_BASE: Base = {
  values: new Map(Object.entries(INITIAL)),
  origins: new Map(Object.keys(INITIAL).map((k) => [k, INITIAL_ORIGIN])),
};

/** Computed styles of every element, parents before children. */
export class StyleSheetCascade {
  private readonly rules: Rule[] = [];
  private readonly byKey = new Map<string, Rule[]>();
  private readonly universal: Rule[] = [];
  private readonly computed = new Map<number, Computed>();

  constructor(private readonly doc: SvgDocument) {
    const cssBudget = { blocks: MAX_RULES };
    for (const el of doc.elements) {
      if (el.lname === 'style') collectRules(textContent(el, 5_000_000), this.rules, cssBudget);
    }
    for (const r of this.rules) {
      const last = r.selector.compounds[r.selector.compounds.length - 1];
      const key = last?.id ? `#${last.id}` : last?.classes[0] ? `.${last.classes[0]}` : last?.tag ? last.tag : null;
      if (key === null) this.universal.push(r);
      else {
        const list = this.byKey.get(key) ?? [];
        list.push(r);
        this.byKey.set(key, list);
      }
    }
  }

  get ruleCount(): number {
    return this.rules.length;
  }

  private candidates(el: SvgElement): Rule[] {
    const seen = new Set<Rule>();
    const out: Rule[] = [];
    const add = (list: Rule[] | undefined): void => {
      for (const r of list ?? []) {
        if (!seen.has(r)) {
          seen.add(r);
          out.push(r);
        }
      }
    };
    const id = el.attrs.get('id');
    if (id) add(this.byKey.get(`#${id}`));
    for (const c of (el.attrs.get('class') ?? '').split(/\s+/)) if (c) add(this.byKey.get(`.${c}`));
    add(this.byKey.get(el.lname));
    add(this.universal);
    return out;
  }

  private readonly bases = new WeakMap<Computed, Base>();

  private childBase(parent: Computed): Base {
    const known = this.bases.get(parent);
    if (known) return known;
    const values = new Map<string, string>();
    const origins = new Map<string, Origin>();
    for (const [k, v] of parent.values) {
      if (INHERITED.has(k) || k.startsWith('--')) {
        values.set(k, v);
        origins.set(k, INHERITED_ORIGIN);
      }
    }
    for (const [k, v] of Object.entries(INITIAL)) {
      if (!values.has(k)) {
        values.set(k, v);
        origins.set(k, INITIAL_ORIGIN);
      }
    }
    const base = { values, origins };
    this.bases.set(parent, base);
    return base;
  }

  style(el: SvgElement): Computed {
    const memo = this.computed.get(el.index);
    if (memo) return memo;
    const parent = el.parent ? this.style(el.parent) : null;
    type Entry = { value: string; origin: Origin; rank: number };
    const winners = new Map<string, Entry>();
    const offer = (prop: string, value: string, origin: Origin, rank: number): void => {
      const cur = winners.get(prop);
      if (!cur || rank >= cur.rank) winners.set(prop, { value, origin, rank });
    };
    // Presentation attributes < author rules (specificity, order) < inline style; !important reverses the order.
    for (const a of PRESENTATION) {
      const v = el.attrs.get(a);
      if (v !== undefined) offer(a, v.trim(), { kind: 'attr', important: false }, 0);
    }
    const matched = this.candidates(el)
      .filter((r) => matches(r.selector, el, this.doc.root))
      .sort((a, b) => a.selector.specificity - b.selector.specificity || a.order - b.order);
    let rank = 1;
    for (const r of matched) {
      for (const d of r.decls) offer(d.prop, d.value, { kind: 'css', important: d.important }, d.important ? 2e9 + rank : rank);
      rank++;
    }
    const inline = el.attrs.get('style');
    if (inline) {
      for (const d of parseInlineStyle(inline)) {
        if (tracked(d.prop)) offer(d.prop, d.value, { kind: 'inline', important: d.important }, d.important ? 4e9 : 1e9);
      }
    }
    // What every child starts from (inherited values, initial ones for the rest), built once per parent.
    const base = parent ? this.childBase(parent) : ROOT_BASE;
    const values = new StyleMap(base.values);
    const origins = new StyleMap(base.origins);
    let vars: Map<string, string> | null = null;
    const varsNow = (): Map<string, string> => {
      if (vars) return vars;
      vars = new Map<string, string>();
      for (const [k, v] of values) if (k.startsWith('--')) vars.set(k, v);
      for (const [k, e] of winners) if (k.startsWith('--')) vars.set(k, e.value);
      return vars;
    };
    for (const [k, e] of winners) {
      let v = e.value.includes('var(') ? resolveVars(e.value, varsNow()) : e.value;
      const lower = v.toLowerCase();
      if (lower === 'inherit' || (lower === 'unset' && INHERITED.has(k))) {
        v = parent?.values.get(k) ?? INITIAL[k] ?? '';
        values.set(k, v);
        origins.set(k, INHERITED_ORIGIN);
        continue;
      }
      if (lower === 'initial' || lower === 'unset') v = INITIAL[k] ?? '';
      values.set(k, v);
      origins.set(k, e.origin);
    }
    const parentPx = parent?.fontPx ?? 16;
    const fsOrigin = origins.get('font-size');
    const fontPx = fsOrigin && fsOrigin.kind !== 'inherited' && fsOrigin.kind !== 'initial' ? fontSizePx(values.get('font-size') ?? '16px', parentPx) : parentPx;
    const result: Computed = { values, origins, fontPx };
    this.computed.set(el.index, result);
    return result;
  }
}
