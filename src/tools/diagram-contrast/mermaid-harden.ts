// Mermaid harden mode: rewrite classDef/style/linkStyle properties and theme variables until every pair passes.
import { parseDocument } from 'yaml';
import { contrastRatio, displayRatio, flatten, parsePaint, passes, searchColor, toHex } from '../kit/colour/colour.ts';
import type { Level } from '../kit/colour/colour.ts';
import { analyseMermaid } from './mermaid-check.ts';
import type { MermaidAnalysis } from './mermaid-check.ts';
import { entityStarts } from '../kit/mermaid/entities.ts';
import { readMermaidSource } from '../kit/mermaid/source.ts';
import type { ThemeName } from './mermaid-theme.ts';
import { slotKey, toConstraint } from './pairs.ts';
import { MAX_HARDEN_PAIRS, moveFill } from './reach.ts';
import type { FillMove } from './reach.ts';
import type { Pair, Slot } from './pairs.ts';
import { lineStartsOf, truncate as clip } from '../kit/text.ts';

/** SPEC hardenChange, plus where the change was made and, when a border or line colour moved, its stroke. */
export interface HardenChange {
  target: string;
  line: number;
  old_fill: string;
  fill: string;
  old_color: string | null;
  color: string;
  ratio: number;
  fill_remapped: boolean;
  old_stroke?: string | null;
  stroke?: string;
  stroke_ratio?: number;
}

/** Values copied from the diagram (a declared colour, a statement's targets) are cut to the output's sizes. */
export function boundChange(c: HardenChange): HardenChange {
  const out: HardenChange = { ...c, target: clip(c.target, 300), old_fill: clip(c.old_fill, 100), fill: clip(c.fill, 100), old_color: c.old_color === null ? null : clip(c.old_color, 100), color: clip(c.color, 100) };
  if (typeof c.old_stroke === 'string') out.old_stroke = clip(c.old_stroke, 100);
  if (c.stroke !== undefined) out.stroke = clip(c.stroke, 100);
  return out;
}

export interface HardenResult {
  diagram: string;
  changes: HardenChange[];
  /** Pairs of the returned diagram that still fail: no change this mode can make brings them to the threshold. */
  remaining: Pair[];
  /** True when the work budget ran out before every failing pair was looked at. */
  exhausted: boolean;
}

interface Edit {
  slot: Slot;
  value: string;
  /** A whole statement appended to the diagram instead of a slot rewrite. */
  append?: string;
}

interface AppendRules {
  /** `style id ...` is understood by this diagram type. */
  style: boolean;
  /** `linkStyle n ...` is understood by this diagram type. */
  linkStyle: boolean;
}

const MAX_ROUNDS = 6;

export interface HardenBudget {
  left: number;
}

function isCandidate(p: Pair): boolean {
  return p.status !== 'unverified' && !!p.bg;
}

/** `users` grouped by their background colour (hex; '' for an unknown one), in first-seen order. */
function byBackground(users: readonly Pair[]): Map<string, Pair[]> {
  const groups = new Map<string, Pair[]>();
  for (const p of users) {
    const k = p.bg ? toHex(p.bg) : '';
    const list = groups.get(k) ?? [];
    list.push(p);
    groups.set(k, list);
  }
  return groups;
}

/**
 * A border or line colour shared by elements on backgrounds too far apart for one colour (a line colour on a dark
 * canvas and inside a light subgraph): keep the shared value for the largest group and give the others their own
 * linkStyle/style statement.
 */
function splitByBackground(f: Pair, users: Pair[], edits: Map<string, Edit>, rules: AppendRules): boolean {
  const groups = byBackground(users);
  const ordered = [...groups.values()].sort((a, b) => b.length - a.length);
  const main = ordered[0] ?? [f];
  const shared = f.fg ? searchColor(f.fg, main.map(toConstraint)) : null;
  if (!shared) return false;
  if (shared.hex !== toHex(f.fg ?? shared.color)) edits.set(slotKey(f.fgSlot), { slot: f.fgSlot, value: shared.hex });
  for (const group of ordered.slice(1)) {
    const start = group[0]?.fg ?? f.fg;
    if (!start) continue;
    const own = searchColor(start, group.map(toConstraint));
    if (!own) continue;
    const edges = group.flatMap((p) => (p.ref?.type === 'edge' ? [p.ref.index] : []));
    const nodes = group.flatMap((p) => (p.ref?.type === 'node' ? [p.ref.id] : []));
    if (edges.length > 0 && rules.linkStyle) {
      const list = [...new Set(edges)].sort((a, b) => a - b).join(',');
      edits.set(`append:linkStyle:${list}`, { slot: { kind: 'fixed' }, value: own.hex, append: `linkStyle ${list} stroke:${own.hex}` });
    }
    if (nodes.length > 0 && rules.style) {
      // One statement a node: Mermaid reads `style A,B ...` as the style of one node named `A,B` (source-cases.ts).
      const ids = [...new Set(nodes)];
      edits.set(`append:style:${ids.join(',')}`, { slot: { kind: 'fixed' }, value: own.hex, append: ids.map((id) => `style ${id} stroke:${own.hex}`).join('\n') });
    }
  }
  return true;
}

/**
 * A text colour shared by labels on fills too far apart (node text on a pale fill and edge labels on a dark
 * one): keep one colour for the group whose fill cannot move (else the largest) and move the other fills.
 * A fill moves under every text drawn on it, not only this colour's (a theme's node fill is under every
 * default node's text): the new fill must keep those that pass passing, or the fills are left as they are.
 */
function splitTextByBackground(f: Pair, users: Pair[], onFillOf: ReadonlyMap<string, Pair[]>, edits: Map<string, Edit>): boolean {
  const groups = byBackground(users);
  if (groups.size < 2) return false;
  const ordered = [...groups.values()].sort((a, b) => Number(b.some((p) => p.bgSlot.kind === 'fixed')) - Number(a.some((p) => p.bgSlot.kind === 'fixed')) || b.length - a.length);
  const main = ordered[0] ?? [f];
  const shared = f.fg ? searchColor(f.fg, main.map(toConstraint)) : null;
  if (!shared) return false;
  const fgKey = slotKey(f.fgSlot);
  const moves = new Map<string, Edit>();
  for (const group of ordered.slice(1)) {
    for (const p of group) {
      const k = slotKey(p.bgSlot);
      if (!p.bg || moves.has(k)) continue;
      if (p.bgSlot.kind === 'fixed' || edits.has(k)) return false;
      const onFill = onFillOf.get(k) ?? [];
      // A text on this fill whose own colour is changing this round: its new colour is not known here.
      if (onFill.some((q) => slotKey(q.fgSlot) !== fgKey && edits.has(slotKey(q.fgSlot)))) return false;
      const texts = onFill.flatMap((q) => {
        // Texts that fail already are worked on in their own right; those that pass must keep passing.
        if (slotKey(q.fgSlot) !== fgKey && q.status !== 'pass') return [];
        const seen = slotKey(q.fgSlot) === fgKey ? q.seen(shared.color) : q.fgSeen;
        return seen ? [{ bg: seen, needed: q.needed }] : [];
      });
      const moved = searchColor(p.bg, texts.length > 0 ? texts : [{ bg: p.seen(shared.color), needed: p.needed }]);
      if (!moved) return false;
      moves.set(k, { slot: p.bgSlot, value: moved.hex });
    }
  }
  if (f.fg && shared.hex !== toHex(f.fg)) edits.set(slotKey(f.fgSlot), { slot: f.fgSlot, value: shared.hex });
  for (const [k, e] of moves) edits.set(k, e);
  return true;
}

/**
 * A fill moved for one failing text, and the text colour that goes on it, reach further than that text: the fill
 * is under every text drawn on it (a theme's node fill under every default node), and the colour is shared by
 * every element its slot colours. The move is taken only when none of those that pass now fails after it.
 */
function moveKeepsOthers(f: Pair, move: FillMove, onFillOf: ReadonlyMap<string, Pair[]>, users: readonly Pair[]): boolean {
  const bgKey = slotKey(f.bgSlot);
  const fgKey = slotKey(f.fgSlot);
  const textChanges = !f.fg || move.textHex !== toHex(f.fg);
  const affected = new Set<Pair>([...(onFillOf.get(bgKey) ?? []), ...(textChanges ? users : [])]);
  for (const q of affected) {
    // A pair failing already is worked on in its own right (this round or the next); none that passes may fail.
    if (q === f || q.kind !== 'text' || !q.bg || q.status !== 'pass') continue;
    const onFill = slotKey(q.bgSlot) === bgKey;
    const sharesText = slotKey(q.fgSlot) === fgKey;
    const text = sharesText ? q.seen(move.text) : q.fgSeen;
    if (!text) return false;
    if (onFill) {
      const view = q.fillSeen?.();
      if (!view || !passes(contrastRatio(view(move.fill.color), text), q.needed)) return false;
    } else if (!passes(contrastRatio(flatten(text, q.bg), q.bg), q.needed)) return false;
  }
  return true;
}

/**
 * Pick new values for the slots behind failing pairs. A slot's colour must pass on every pair it colours;
 * when no colour can (AAA on a mid-tone fill, or one class on fills far apart), the element's own fill line
 * takes a text colour, or the failing pair's fill moves, or a border/line colour is split per background.
 */
function planEdits(pairs: readonly Pair[], rules: AppendRules = { style: false, linkStyle: false }, budget: HardenBudget = { left: Infinity }): Edit[] {
  const edits = new Map<string, Edit>();
  const bySlot = new Map<string, Pair[]>();
  for (const p of pairs) {
    if (!isCandidate(p)) continue;
    const k = slotKey(p.fgSlot);
    const list = bySlot.get(k) ?? [];
    list.push(p);
    bySlot.set(k, list);
  }
  /** Text pairs by the fill they are drawn on: what moving that fill reaches. */
  const onFillOf = new Map<string, Pair[]>();
  for (const p of pairs) {
    if (p.kind !== 'text' || !isCandidate(p)) continue;
    const k = slotKey(p.bgSlot);
    const list = onFillOf.get(k) ?? [];
    list.push(p);
    onFillOf.set(k, list);
  }
  for (const f of pairs) {
    if (f.status !== 'fail' || !f.bg || !f.fg) continue;
    const key = slotKey(f.fgSlot);
    const bgKey = slotKey(f.bgSlot);
    // Already settled this round (its colour, or the fill under it, is moving): look again next round.
    if (f.fgSlot.kind === 'fixed' || edits.has(key) || (f.bgSlot.kind !== 'fixed' && edits.has(bgKey))) continue;
    if (budget.left <= 0) break;
    budget.left--;
    const users = bySlot.get(key) ?? [f];
    const choice = searchColor(f.fg, users.map(toConstraint));
    if (choice) {
      if (choice.hex !== toHex(f.fg)) edits.set(key, { slot: f.fgSlot, value: choice.hex });
      continue;
    }
    // Only when a colour written there would win: no statement applied after the fill's sets the colour.
    const order = f.lineOrder;
    const colorWins = f.bgSlot.kind === 'line' && (f.fgSlot.kind !== 'line' || (order !== undefined && order.lastIndexOf(f.bgSlot.line) > order.lastIndexOf(f.fgSlot.line)));
    if (f.kind === 'text' && f.bgSlot.kind === 'line' && colorWins) {
      // The line that gives these elements their fill can give them their own text colour too.
      const colorSlot: Slot = { kind: 'line', line: f.bgSlot.line, prop: 'color' };
      const onFill = onFillOf.get(bgKey) ?? [];
      const own = searchColor(f.fg, onFill.map(toConstraint));
      if (own && !edits.has(slotKey(colorSlot))) {
        edits.set(slotKey(colorSlot), { slot: colorSlot, value: own.hex });
        continue;
      }
    }
    if (f.kind === 'text' && splitTextByBackground(f, users, onFillOf, edits)) continue;
    if (f.kind === 'text' && f.bgSlot.kind !== 'fixed' && !edits.has(bgKey) && f.fgSeen) {
      // Move the fill so that the text colour, shared with other elements, passes on it (as the reader sees
      // the fill: through the element's opacity); else black or white text on a moved fill.
      const move = moveFill(f, true);
      if (move && moveKeepsOthers(f, move, onFillOf, users)) {
        edits.set(bgKey, { slot: f.bgSlot, value: move.fill.hex });
        if (move.text !== f.fg) edits.set(key, { slot: f.fgSlot, value: move.textHex });
        continue;
      }
    }
    if (f.kind === 'non_text' && f.bgSlot.kind !== 'fixed' && !edits.has(bgKey) && f.fgSeen) {
      const moved = searchColor(f.bg, [{ bg: f.fgSeen, needed: f.needed }]);
      if (moved) {
        edits.set(bgKey, { slot: f.bgSlot, value: moved.hex });
        continue;
      }
    }
    if (f.kind === 'non_text' && splitByBackground(f, users, edits, rules)) continue;
    if (f.kind === 'text' && users.length > 1 && rules.style && f.ref?.type === 'node') {
      // A node's label whose colour is shared (a class) and whose fill cannot move: the node gets its own text
      // colour in a style statement of its own, which leaves the others sharing the class as they are.
      const own = searchColor(f.fg, [toConstraint(f)]);
      const k = `append:style:${f.ref.id}:color`;
      if (own && !edits.has(k)) {
        edits.set(k, { slot: { kind: 'fixed' }, value: own.hex, append: `style ${f.ref.id} color:${own.hex}` });
        continue;
      }
    }
    // Last resort, and only for a colour no other element shares (otherwise rounds would undo each other).
    if (users.length > 1) continue;
    const alone = searchColor(f.fg, [toConstraint(f)]);
    if (alone) edits.set(key, { slot: f.fgSlot, value: alone.hex });
  }
  return [...edits.values()];
}

function applyEdits(a: MermaidAnalysis, edits: readonly Edit[]): string {
  const { src, model } = a;
  const text = src.lines.join('\n');
  const starts = lineStartsOf(src.lines);
  /** `statement`: a rewrite inside a diagram statement (Mermaid reads it after its entity encoding). */
  const spans: { start: number; end: number; insert: string; statement?: boolean }[] = [];

  const byLine = new Map<number, Edit[]>();
  const themeEdits: Record<string, string> = {};
  const appended: string[] = [];
  for (const e of edits) {
    if (e.append) appended.push(e.append);
    else if (e.slot.kind === 'span') spans.push({ start: (starts[e.slot.line] ?? 0) + e.slot.start, end: (starts[e.slot.line] ?? 0) + e.slot.end, insert: e.value, statement: true });
    else if (e.slot.kind === 'line') {
      const list = byLine.get(e.slot.line) ?? [];
      list.push(e);
      byLine.set(e.slot.line, list);
    } else if (e.slot.kind === 'theme') themeEdits[e.slot.variable] = e.value;
  }
  for (const [idx, list] of byLine) {
    const line = model.styleLines[idx];
    if (!line) continue;
    const decls = line.decls.map((d) => ({ ...d }));
    for (const e of list) {
      if (e.slot.kind !== 'line') continue;
      const prop = e.slot.prop;
      const existing = decls.filter((d) => d.prop === prop);
      if (existing.length > 0) {
        for (const d of existing) {
          const lead = /^\s*/.exec(d.raw)?.[0] ?? '';
          const name = d.raw.slice(lead.length, d.raw.indexOf(':')).trim();
          d.value = e.value;
          d.raw = `${lead}${name}:${e.value}`;
        }
      } else decls.push({ prop, value: e.value, raw: `${prop}:${e.value}` });
    }
    const base = starts[line.line] ?? 0;
    const before = text[base + line.propsStart - 1] ?? ' ';
    const props = decls.map((d) => d.raw).join(',');
    const insert = line.propsStart === line.propsEnd && !/\s/.test(before) ? ` ${props}` : props;
    spans.push({ start: base + line.propsStart, end: base + line.propsEnd, insert, statement: true });
  }

  if (Object.keys(themeEdits).length > 0) {
    const inits = src.directives.filter((d) => d.type === 'init' || d.type === 'initialize');
    const last = inits[inits.length - 1];
    if (last) {
      const args = structuredClone(last.args);
      const tv = args.themeVariables && typeof args.themeVariables === 'object' ? (args.themeVariables as Record<string, unknown>) : {};
      args.themeVariables = { ...tv, ...themeEdits };
      spans.push({ start: last.start, end: last.end, insert: `%%{init: ${JSON.stringify(args)}}%%` });
    } else if (src.frontmatter) {
      const fm = src.frontmatter;
      const yamlStart = starts[fm.startLine + 1] ?? 0;
      const yamlEnd = starts[fm.endLine] ?? yamlStart;
      const doc = parseDocument(text.slice(yamlStart, yamlEnd), { uniqueKeys: false });
      let ok = true;
      try {
        for (const [k, v] of Object.entries(themeEdits)) doc.setIn(['config', 'themeVariables', k], v);
      } catch {
        ok = false;
      }
      if (ok && doc.errors.length === 0) spans.push({ start: yamlStart, end: yamlEnd, insert: String(doc) });
      else {
        const after = starts[fm.endLine + 1] ?? text.length;
        spans.push({ start: after, end: after, insert: `%%{init: ${JSON.stringify({ themeVariables: themeEdits })}}%%\n` });
      }
    } else {
      const entries = Object.entries(themeEdits)
        .map(([k, v]) => `    ${k}: "${v}"\n`)
        .join('');
      spans.push({ start: 0, end: 0, insert: `---\nconfig:\n  themeVariables:\n${entries}---\n` });
    }
  }

  if (appended.length > 0) {
    const sep = text.endsWith('\n') || text === '' ? '' : '\n';
    spans.push({ start: text.length, end: text.length, insert: `${sep}${appended.join('\n')}\n` });
  }
  // Build the output front to back, remembering where each statement edit landed.
  spans.sort((x, y) => x.start - y.start);
  const pieces: string[] = [];
  let length = 0;
  let cursor = 0;
  const placed: { start: number; end: number }[] = [];
  for (const s of spans) {
    const before = text.slice(cursor, s.start);
    pieces.push(before, s.insert);
    length += before.length;
    if (s.statement) placed.push({ start: length, end: length + s.insert.length });
    length += s.insert.length;
    cursor = Math.max(cursor, s.end);
  }
  pieces.push(text.slice(cursor));
  return keepColoursReadable(pieces.join(''), placed);
}

/**
 * A colour written by harden mode must stay a colour for Mermaid: when `#rrggbb` is followed by a `;` that
 * Mermaid's entity encoding would read as the end of an entity, drop that `;` (it ends the line: a line end
 * ends the statement as well) or put a space before it (another statement follows on the line). `placed`:
 * the spans harden wrote, ascending and within single lines. Each line is read once, so this stays linear.
 */
function keepColoursReadable(text: string, placed: readonly { start: number; end: number }[]): string {
  const pieces: string[] = [];
  let cursor = 0;
  let k = 0;
  while (k < placed.length) {
    const first = placed[k] as { start: number; end: number };
    const lineStart = text.lastIndexOf('\n', first.start - 1) + 1;
    let lineEnd = text.indexOf('\n', first.end);
    if (lineEnd < 0) lineEnd = text.length;
    const ranges: { start: number; end: number }[] = [];
    while (k < placed.length && (placed[k]?.start ?? Infinity) < lineEnd) {
      const p = placed[k] as { start: number; end: number };
      ranges.push({ start: p.start - lineStart, end: p.end - lineStart });
      k++;
    }
    pieces.push(text.slice(cursor, lineStart), repairLine(text.slice(lineStart, lineEnd), ranges));
    cursor = lineEnd;
  }
  pieces.push(text.slice(cursor));
  return pieces.join('');
}

function repairLine(original: string, ranges: { start: number; end: number }[]): string {
  let line = original;
  // A repair can move which `;` Mermaid drops first, so look again; two passes settle every case seen.
  for (let pass = 0; pass < 3; pass++) {
    // Hazards inside the ranges harden wrote (both ascending: one merge).
    const hazards: number[] = [];
    let r = 0;
    for (const h of entityStarts(line)) {
      while (r < ranges.length && (ranges[r]?.end ?? 0) <= h) r++;
      const range = ranges[r];
      if (range && h >= range.start) hazards.push(h);
    }
    if (hazards.length === 0) return line;
    // Each repair: drop the `;` run [semi, after) or put a space at semi. Computed on this line, applied at once.
    const repairs: { semi: number; after: number; drop: boolean }[] = [];
    for (const at of hazards) {
      let semi = at + 1;
      while (semi < line.length && line[semi] !== ';') semi++;
      let after = semi;
      while (line[after] === ';') after++;
      let next = after;
      while (next < line.length && /\s/.test(line[next] ?? '')) next++;
      const restBlank = next >= line.length || line.startsWith('%%', next);
      repairs.push({ semi, after, drop: pass === 0 && restBlank });
    }
    const pieces: string[] = [];
    let cursor = 0;
    for (const rep of repairs) {
      pieces.push(line.slice(cursor, rep.semi));
      if (rep.drop) cursor = rep.after;
      else {
        pieces.push(' ');
        cursor = rep.semi;
      }
    }
    pieces.push(line.slice(cursor));
    line = pieces.join('');
    // Move the ranges by what was dropped or inserted before them.
    let shift = 0;
    let q = 0;
    for (const range of ranges) {
      while (q < repairs.length && (repairs[q]?.semi ?? Infinity) < range.start) {
        const rep = repairs[q] as { semi: number; after: number; drop: boolean };
        shift += rep.drop ? rep.semi - rep.after : 1;
        q++;
      }
      const startShift = shift;
      while (q < repairs.length && (repairs[q]?.semi ?? Infinity) < range.end) {
        const rep = repairs[q] as { semi: number; after: number; drop: boolean };
        shift += rep.drop ? rep.semi - rep.after : 1;
        q++;
      }
      range.start += startShift;
      range.end += shift;
    }
  }
  return line;
}

function hexOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const p = parsePaint(value);
  return p.kind === 'color' ? toHex(p.rgba) : value;
}

function declared(a: MermaidAnalysis, idx: number, prop: string): string | null {
  const d = a.model.styleLines[idx]?.decls.filter((x) => x.prop === prop);
  const last = d?.[d.length - 1];
  return last ? last.value : null;
}

/** Pairs by the line or theme variable that styles them, and by element: built once per analysis. */
interface PairIndex {
  byOwner: Map<string, Pair[]>;
  byElement: Map<string, Pair>;
}

const indexes = new WeakMap<MermaidAnalysis, PairIndex>();

function indexOf(a: MermaidAnalysis): PairIndex {
  const known = indexes.get(a);
  if (known) return known;
  const byOwner = new Map<string, Pair[]>();
  const byElement = new Map<string, Pair>();
  for (const p of a.pairs) {
    const element = `${p.kind}|${p.role}|${p.element}`;
    if (!byElement.has(element)) byElement.set(element, p);
    if (p.status === 'unverified') continue;
    const owners = new Set<string>();
    // `line:12:fill` belongs to the owner `line:12`; a theme slot is its own owner.
    for (const o of p.owners) owners.add(o.startsWith('line:') ? o.slice(0, o.lastIndexOf(':')) : o);
    for (const o of owners) {
      const list = byOwner.get(o) ?? [];
      list.push(p);
      byOwner.set(o, list);
    }
  }
  const index = { byOwner, byElement };
  indexes.set(a, index);
  return index;
}

function governed(a: MermaidAnalysis, owner: string, kind: 'text' | 'non_text'): Pair[] {
  return (indexOf(a).byOwner.get(owner) ?? []).filter((p) => p.kind === kind);
}

function minRatio(pairs: readonly Pair[]): number {
  let r = Infinity;
  for (const p of pairs) if (p.ratio !== undefined) r = Math.min(r, Math.max(p.ratio, p.altRatio ?? 0));
  return r === Infinity ? 21 : displayRatio(r);
}

function configLine(a: MermaidAnalysis): number {
  const inits = a.src.directives.filter((d) => d.type === 'init' || d.type === 'initialize');
  const last = inits[inits.length - 1];
  if (last) return last.line + 1;
  return a.src.frontmatter ? a.src.frontmatter.startLine + 1 : 1;
}

function counterpart(before: MermaidAnalysis, p: Pair | undefined): Pair | undefined {
  if (!p) return undefined;
  return indexOf(before).byElement.get(`${p.kind}|${p.role}|${p.element}`);
}

/**
 * One change per rewritten line or theme variable. The SPEC fields describe the label colour on its fill for
 * the elements the line styles; a line that styles no label (an unlabelled linkStyle, a border variable)
 * reports its stroke as `color` against the background it is drawn on.
 */
function describe(owner: string, touched: Set<string>, before: MermaidAnalysis, after: MermaidAnalysis): HardenChange {
  const texts = governed(after, owner, 'text');
  const lines = governed(after, owner, 'non_text');
  const isLine = owner.startsWith('line:');
  const idx = isLine ? Number(owner.slice(5)) : -1;
  const variable = isLine ? '' : owner.slice('theme:'.length);
  const styleLine = isLine ? after.model.styleLines[idx] : undefined;
  const target = isLine ? (styleLine ? `${styleLine.kind} ${styleLine.targets.join(',')}` : owner) : `themeVariables.${variable}`;
  const line = isLine ? (styleLine?.line ?? 0) + 1 : configLine(after);
  const declaredBefore = (prop: string, pair: Pair | undefined): string | null => {
    if (isLine) return declared(before, idx, prop);
    const v = pair?.fgSlot.kind === 'theme' ? before.declared[pair.fgSlot.variable] : undefined;
    return typeof v === 'string' ? v : null;
  };
  const main = texts[0] ?? lines[0];
  const old = counterpart(before, main);
  const bgAfter = main?.bg ? toHex(main.bg) : '#ffffff';
  const change: HardenChange = {
    target,
    line,
    old_fill: (isLine ? hexOf(declared(before, idx, 'fill')) : null) ?? (old?.bg ? toHex(old.bg) : bgAfter),
    fill: (isLine ? hexOf(declared(after, idx, 'fill')) : null) ?? bgAfter,
    old_color: declaredBefore(texts.length > 0 ? 'color' : 'stroke', old ?? main),
    color: main?.fg ? toHex(main.fg) : '#000000',
    ratio: minRatio(texts.length > 0 ? texts : lines),
    fill_remapped: touched.has('fill'),
  };
  if (touched.has('stroke')) {
    const strokePair = lines[0];
    change.old_stroke = declaredBefore('stroke', counterpart(before, strokePair) ?? strokePair);
    change.stroke = (isLine ? hexOf(declared(after, idx, 'stroke')) : null) ?? (strokePair?.fg ? toHex(strokePair.fg) : '#000000');
    change.stroke_ratio = minRatio(lines);
  }
  return change;
}

function appendRules(a: MermaidAnalysis): AppendRules {
  const f = a.src.family;
  return { style: ['flowchart', 'fragment', 'class', 'er', 'state', 'block'].includes(f), linkStyle: f === 'flowchart' || f === 'fragment' };
}

/** Rewrite until a re-check passes (at most a few rounds), and describe every line or theme variable touched. */
export function hardenMermaid(text: string, level: Level, theme: ThemeName | undefined, analysed?: MermaidAnalysis): HardenResult {
  const budget: HardenBudget = { left: MAX_HARDEN_PAIRS };
  const first = analysed ?? analyseMermaid(readMermaidSource(text), level, theme);
  let current = first;
  let working = text;
  const touched = new Map<string, Set<string>>();
  const failing = (a: MermaidAnalysis): number => a.pairs.filter((p) => p.status === 'fail').length;
  // Rounds that undo each other (two elements pulling one shared colour apart) end where they stop; the answer
  // is the round with the fewest failing pairs, never one worse than an earlier round.
  let best = { working, current, touched: new Map<string, Set<string>>(), fails: failing(first) };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (!current.pairs.some((p) => p.status === 'fail')) break;
    const edits = planEdits(current.pairs, appendRules(current), budget);
    if (edits.length === 0) break;
    for (const e of edits) {
      let owner: string;
      let prop: string;
      if (e.slot.kind === 'line') {
        owner = `line:${e.slot.line}`;
        prop = e.slot.prop;
      } else if (e.slot.kind === 'theme') {
        owner = `theme:${e.slot.variable}`;
        const k = slotKey(e.slot);
        const users = current.pairs.filter((p) => slotKey(p.fgSlot) === k || slotKey(p.bgSlot) === k);
        prop = users.some((p) => slotKey(p.bgSlot) === k) ? 'fill' : users.some((p) => p.kind === 'non_text') ? 'stroke' : 'color';
      } else continue;
      const set = touched.get(owner) ?? new Set<string>();
      set.add(prop);
      touched.set(owner, set);
    }
    working = applyEdits(current, edits);
    current = analyseMermaid(readMermaidSource(working), level, theme);
    const fails = failing(current);
    if (fails < best.fails) best = { working, current, touched: new Map([...touched].map(([k, v]) => [k, new Set(v)])), fails };
  }
  ({ working, current } = best);
  touched.clear();
  for (const [k, v] of best.touched) touched.set(k, v);
  // Statements harden mode appended sit after the original ones.
  for (let idx = first.model.styleLines.length; idx < current.model.styleLines.length; idx++) {
    const line = current.model.styleLines[idx];
    if (line) touched.set(`line:${idx}`, new Set(line.decls.map((d) => d.prop)));
  }
  const eol = first.src.eol;
  const changes = [...touched.entries()].map(([owner, props]) => describe(owner, props, first, current));
  changes.sort((x, y) => x.line - y.line || x.target.localeCompare(y.target));
  return { diagram: eol === '\n' ? working : working.replace(/\n/g, eol), changes, remaining: current.pairs.filter((p) => p.status === 'fail'), exhausted: budget.left <= 0 };
}
