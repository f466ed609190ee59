// Colour pairs found in a diagram, and their grouping into the SPEC's failure and unverifiedFailure objects.
import { contrastRatio, displayRatio, passes, toHex } from '../kit/colour/colour.ts';
import type { Constraint, PairKind, Rgba } from '../kit/colour/colour.ts';
import { truncate } from '../kit/text.ts';

/** What can be changed to alter a colour: a theme variable, a property of a style line, an SVG element's paint. */
export type Slot =
  | { kind: 'theme'; variable: string }
  | { kind: 'line'; line: number; prop: 'fill' | 'color' | 'stroke' }
  | { kind: 'element'; element: number; prop: 'fill' | 'stroke' }
  /** A colour written in the source outside style statements (a sequence `rect rgb(...)` block). */
  | { kind: 'span'; line: number; start: number; end: number }
  | { kind: 'fixed' };

export function slotKey(slot: Slot): string {
  switch (slot.kind) {
    case 'theme':
      return `theme:${slot.variable}`;
    case 'line':
      return `line:${slot.line}:${slot.prop}`;
    case 'element':
      return `element:${slot.element}:${slot.prop}`;
    case 'span':
      return `span:${slot.line}:${slot.start}`;
    default:
      return 'fixed';
  }
}

/** A background resolved to an opaque colour, or the reason it cannot be. */
export type Backdrop = { ok: true; color: Rgba } | { ok: false; reason: string };

export interface Pair {
  kind: PairKind;
  /** `node text`, `edge`, `subgraph border` ... */
  role: string;
  /** The element's name for the label: a node id, `linkStyle 2`, `text "Tokyo"`. */
  element: string;
  needed: number;
  /** The declared foreground as written (for unverified entries and change records). */
  fgRaw: string;
  /** The declared foreground colour (alpha kept), when readable. */
  fg?: Rgba;
  /** Background and foreground as the reader sees them (opaque); absent when unverified. */
  bg?: Rgba;
  fgSeen?: Rgba;
  ratio?: number;
  /** Non-text boundary: the fill may separate the shape from its surroundings instead of the stroke. */
  altRatio?: number;
  status: 'pass' | 'fail' | 'unverified';
  reason?: string;
  fgSlot: Slot;
  bgSlot: Slot;
  /** Candidate (opaque) foreground -> what the reader sees; used by fix and harden searches. */
  seen: (candidate: Rgba) => Rgba;
  /**
   * Text: what a new opaque fill under it would look like at the text (opacity and layers applied); null or
   * absent when the shape under it is not known. Lazy: for SVG it walks the drawing.
   */
  fillSeen?: () => ((fill: Rgba) => Rgba) | null;
  /** Slots that style the same element (for describing a rewritten line). */
  owners: string[];
  /** Mermaid: the style statements (indexes) applied to the element, in the order they apply (later wins). */
  lineOrder?: readonly number[];
  /** Set by `measure`: what summarise groups by (copies of a measured pair share it). */
  summaryKey?: string;
  /** The Mermaid element behind the pair, for lines harden mode may add (`linkStyle 3 ...`, `style A ...`). */
  ref?: { type: 'edge'; index: number } | { type: 'node'; id: string };
}

export interface Failure {
  fg: string;
  bg: string;
  ratio: number;
  needed: number;
  label: string;
}

interface Unverified {
  fg: string;
  bg: null;
  ratio: null;
  needed: number;
  label: string;
  unverified: true;
  reason: string;
}

export interface Summary {
  checked: { text: number; non_text: number };
  failures: Failure[];
  unverified: Unverified[];
  /** The pairs behind each failure, in the same order (fix mode picks its search constraints here). */
  failureGroups: Pair[][];
}

const MAX_NAMES = 8;
const MAX_LABEL = 300;
const MAX_RAW = 100;

function labelOf(role: string, names: string[]): string {
  const unique = [...new Set(names)];
  const shown = unique.slice(0, MAX_NAMES).join(', ');
  const more = unique.length > MAX_NAMES ? ` +${unique.length - MAX_NAMES} more` : '';
  const label = `${role}: ${shown}${more}`;
  return truncate(label, MAX_LABEL);
}

/** Measure a pair from its seen colours and set its status. */
export function measure(pair: Pair): Pair {
  if (pair.status === 'unverified' || !pair.bg || !pair.fgSeen) return pair;
  pair.ratio = contrastRatio(pair.fgSeen, pair.bg);
  const best = Math.max(pair.ratio, pair.altRatio ?? 0);
  pair.status = passes(best, pair.needed) ? 'pass' : 'fail';
  pair.summaryKey = verifiedKey(pair);
  return pair;
}

// The measured ratio belongs to the key: one colour pair drawn at different opacities is seen as different pairs
// (black text at 30% and at 50% opacity over white: 2.09:1 and 3.94:1), and one failure must not report both at
// the first one's ratio.
function verifiedKey(p: Pair): string {
  return `${p.kind}|${p.role}|${p.fg ? toHex(p.fg) : p.fgRaw}|${p.bg ? toHex(p.bg) : ''}|${p.needed}|${p.status}|${p.ratio?.toFixed(2) ?? ''}`;
}

export function toConstraint(pair: Pair): Constraint {
  return { bg: pair.bg ?? { r: 1, g: 1, b: 1, alpha: 1 }, needed: pair.needed, seen: pair.seen };
}

/**
 * Elements that share a role and a colour pair are one pair (one failure, naming every element); `checked`
 * counts these distinct pairs, verified or not.
 */
export function summarise(pairs: readonly Pair[], maxItems: number): Summary {
  const verified = new Map<string, { pair: Pair; names: string[]; members: Pair[] }>();
  const unverified = new Map<string, { pair: Pair; names: string[] }>();
  const counted = { text: new Set<string>(), non_text: new Set<string>() };
  for (const p of pairs) {
    if (p.status === 'unverified') {
      const key = `${p.kind}|${p.role}|${p.fgRaw}|${p.needed}|${p.reason ?? ''}`;
      counted[p.kind].add(`u|${key}`);
      const g = unverified.get(key);
      if (g) g.names.push(p.element);
      else unverified.set(key, { pair: p, names: [p.element] });
      continue;
    }
    const key = p.summaryKey ?? verifiedKey(p);
    counted[p.kind].add(`v|${key}`);
    if (p.status !== 'fail') continue;
    const g = verified.get(key);
    if (g) {
      g.names.push(p.element);
      g.members.push(p);
    } else verified.set(key, { pair: p, names: [p.element], members: [p] });
  }
  const failures: Failure[] = [];
  const failureGroups: Pair[][] = [];
  for (const { pair, names, members } of verified.values()) {
    if (failures.length >= maxItems) break;
    failures.push({
      fg: pair.fg ? toHex(pair.fg) : pair.fgRaw.slice(0, MAX_RAW),
      bg: toHex(pair.bg ?? { r: 1, g: 1, b: 1, alpha: 1 }),
      ratio: displayRatio(pair.ratio ?? 1),
      needed: pair.needed,
      label: labelOf(pair.role, names),
    });
    failureGroups.push(members);
  }
  const unv: Unverified[] = [];
  for (const { pair, names } of unverified.values()) {
    if (unv.length >= maxItems) break;
    unv.push({
      fg: pair.fg ? toHex(pair.fg) : pair.fgRaw.slice(0, MAX_RAW) || 'unknown',
      bg: null,
      ratio: null,
      needed: pair.needed,
      label: labelOf(pair.role, names),
      unverified: true,
      reason: (pair.reason ?? 'the background could not be determined').slice(0, MAX_LABEL),
    });
  }
  return { checked: { text: counted.text.size, non_text: counted.non_text.size }, failures, unverified: unv, failureGroups };
}
