// Template mining: group token skeletons into events by positional token frequency, split on low-variety columns, merge optional-variable variants.
import { hasNameMask, isMasked, residue } from './tokens.ts';

/** Tuning shared by every log (one configuration; nothing here depends on the input's origin). */
export interface MiningConfig {
  /** A column whose constant part takes at most this many values splits the group; more makes it a variable. */
  maxSplitValues: number;
  /** Limit for columns whose values are all upper-case identifiers (states, actions: RUNNING, SCREEN_ON). */
  maxEnumValues: number;
  /** Limit for the first token when every value is a plain word (the event's verb or subject). */
  maxFirstWordValues: number;
  /** Never split on a column where no value repeats (every line different looks like a parameter). */
  requireRepeat: boolean;
}

/**
 * maxSplitValues: 3 is the least-splitting limit that every leave-one-system-out fold of the bench accepts (Loghub
 * counts three interface names and three user=... values as distinct events); above 3 the other systems are
 * indifferent and OpenSSH's six user names start to split (see the README's accuracy section).
 */
export const DEFAULT_MINING: MiningConfig = {
  maxSplitValues: 3,
  maxEnumValues: 16,
  maxFirstWordValues: 16,
  requireRepeat: true,
};

/** A distinct skeleton sequence and the records that produced it. */
export interface Seq {
  skel: string[];
  count: number;
  records: number[];
}

/** One mined event: its member records, and the sequences of each token length it absorbed. */
export interface MinedCluster {
  records: number[];
  /** The member sequences sharing the most frequent token length; they define the columns of the signature. */
  columns: number;
  /** The distinct skeleton sequences of length `columns`, with their records (used to render the signature). */
  renderSeqs: { skel: string[]; records: number[] }[];
}

/**
 * The distinct skeleton sequences of a log, in order of first appearance. Records are added one at a time as
 * skeleton numbers (see SkeletonIds): a log of 40,000 lines has a few hundred distinct sequences, so only those
 * are kept as arrays, and a sequence is found by a hash of its numbers rather than by a key string per record.
 */
export class SequenceIndex {
  readonly seqs: Seq[] = [];
  /** Per sequence (same order as seqs), its skeleton numbers. */
  private readonly seqIds: Int32Array[] = [];
  /** Hash of a sequence's numbers -> its index in seqs, or the indexes when hashes collide. */
  private readonly byHash = new Map<number, number | number[]>();

  /** Add record `record`, whose skeletons are `strings[ids[0..count)]`. */
  add(record: number, ids: Int32Array, count: number, strings: readonly string[]): void {
    let h = count | 0;
    for (let i = 0; i < count; i++) h = Math.imul(h ^ ids[i]!, 0x9e3779b1) ^ (h >>> 15);
    const found = this.byHash.get(h);
    let index = -1;
    if (typeof found === 'number') {
      if (this.same(found, ids, count)) index = found;
    } else if (found !== undefined) {
      for (const k of found) {
        if (this.same(k, ids, count)) {
          index = k;
          break;
        }
      }
    }
    if (index < 0) {
      index = this.seqs.length;
      const skel = new Array<string>(count);
      for (let i = 0; i < count; i++) skel[i] = strings[ids[i]!]!;
      this.seqs.push({ skel, count: 0, records: [] });
      this.seqIds.push(ids.slice(0, count));
      if (found === undefined) this.byHash.set(h, index);
      else if (typeof found === 'number') this.byHash.set(h, [found, index]);
      else found.push(index);
    }
    const s = this.seqs[index]!;
    s.count++;
    s.records.push(record);
  }

  private same(index: number, ids: Int32Array, count: number): boolean {
    const known = this.seqIds[index]!;
    if (known.length !== count) return false;
    for (let i = 0; i < count; i++) if (known[i] !== ids[i]) return false;
    return true;
  }
}

/**
 * Mine events from the distinct skeleton sequences of a log (see SequenceIndex). Output order follows first
 * appearance, so the result is deterministic.
 */
/**
 * What the tokenizer knows of an identifier skeleton that glues letters to digits (see SkeletonIds.identifier):
 * the digits of its first token and whether its digits varied in the log; null for other skeletons.
 */
export type IdentifierInfo = (skel: string) => { digits: string; varies: boolean } | null;

export function mineSequences(seqs: Seq[], config: MiningConfig = DEFAULT_MINING, identifiers: IdentifierInfo = () => null): MinedCluster[] {
  const byLength = new Map<number, Seq[]>();
  for (const s of seqs) {
    const list = byLength.get(s.skel.length);
    if (list) list.push(s);
    else byLength.set(s.skel.length, [s]);
  }

  const leaves: Seq[][] = [];
  for (const group of byLength.values()) {
    for (const initial of initialGroups(group)) {
      splitGroup(initial.seqs, initial.fixed, config, identifiers, leaves);
    }
  }
  return mergeVariants(absorbIntoNamedSlots(leaves));
}

/**
 * A leaf that differs from a larger same-length leaf only where the larger one holds a named parameter (a path,
 * host, quoted value or id) is that event with a plain-word value in the slot: `program IMB-MPI1` beside
 * `program /bgl/apps/a.out`.
 */
function absorbIntoNamedSlots(leaves: Seq[][]): Seq[][] {
  interface Info {
    leaf: Seq[];
    count: number;
    constant: (string | null)[];
    slots: number[];
  }
  const infos: Info[] = leaves.map((leaf) => {
    const first = leaf[0]!.skel;
    const constant: (string | null)[] = [];
    const slots: number[] = [];
    for (let c = 0; c < first.length; c++) {
      const t = first[c]!;
      const same = leaf.every((s) => s.skel[c] === t);
      constant.push(same ? t : null);
      if (same && residue(t) === '' && hasNameMask(t)) slots.push(c);
    }
    let count = 0;
    for (const s of leaf) count += s.count;
    return { leaf, count, constant, slots };
  });
  // Index the leaves with named slots by length, then slot positions, keyed by their other columns.
  const index = new Map<number, Map<string, { slots: number[]; total: number; byKey: Map<string, Info> }>>();
  for (const info of infos) {
    if (info.slots.length === 0 || info.constant.some((t) => t === null)) continue;
    // The host's constant words identify the event; a template of slots only (a message that is one path or one
    // blob) would match every other message of its length.
    if (!info.constant.some((t, c) => !info.slots.includes(c) && HAS_WORD.test(residue(t!)))) continue;
    let shapes = index.get(info.constant.length);
    if (!shapes) {
      shapes = new Map();
      index.set(info.constant.length, shapes);
    }
    const shapeKey = info.slots.join(',');
    let shape = shapes.get(shapeKey);
    if (!shape) {
      shape = { slots: info.slots, total: 0, byKey: new Map() };
      shapes.set(shapeKey, shape);
    }
    shape.total += info.count;
    const key = wildcardKey(info.constant, info.slots);
    const existing = shape.byKey.get(key);
    if (!existing || existing.count < info.count) shape.byKey.set(key, info);
  }
  if (index.size === 0) return leaves;
  const shapesByLength = new Map<number, { slots: number[]; byKey: Map<string, Info> }[]>();
  for (const [length, shapes] of index) {
    const top = [...shapes.values()].sort((a, b) => b.total - a.total).slice(0, MAX_SLOT_SHAPES);
    shapesByLength.set(length, top);
  }
  const target = new Map<Info, Info>();
  for (const info of infos) {
    if (info.constant.some((t) => t === null)) continue;
    let best: Info | null = null;
    for (const shape of shapesByLength.get(info.constant.length) ?? []) {
      const host = shape.byKey.get(wildcardKey(info.constant, shape.slots));
      if (host && host !== info && host.count > info.count && (!best || host.count > best.count)) best = host;
    }
    if (best) target.set(info, best);
  }
  if (target.size === 0) return leaves;
  const merged = new Map<Info, Seq[]>();
  const out: Seq[][] = [];
  for (const info of infos) {
    let root = info;
    for (let hops = 0; hops < 8 && target.has(root); hops++) root = target.get(root)!;
    let list = merged.get(root);
    if (!list) {
      list = [];
      merged.set(root, list);
      out.push(list);
    }
    for (const s of info.leaf) list.push(s);
  }
  return out;
}

function wildcardKey(constant: (string | null)[], slots: number[]): string {
  let key = '';
  let slot = 0;
  for (let c = 0; c < constant.length; c++) {
    if (slot < slots.length && slots[slot] === c) {
      key += '*\u0011';
      slot++;
    } else key += `${constant[c]}\u0011`;
  }
  return key;
}

interface InitialGroup {
  seqs: Seq[];
  fixed: Set<number>;
}

/**
 * Group same-length sequences by their common pattern: in each sequence, the positions whose token frequency
 * is at least the frequency shared by most of its positions (a template's constants all occur as often as the
 * template does; its variables occur less).
 */
function initialGroups(group: Seq[]): InitialGroup[] {
  const length = group[0]!.skel.length;
  if (length === 0) return [{ seqs: group, fixed: new Set() }];
  const freq: Map<string, number>[] = [];
  for (let i = 0; i < length; i++) freq.push(new Map());
  for (const s of group) {
    for (let i = 0; i < length; i++) {
      const m = freq[i]!;
      const t = s.skel[i]!;
      m.set(t, (m.get(t) ?? 0) + s.count);
    }
  }
  const out = new Map<string, InitialGroup>();
  const order: InitialGroup[] = [];
  const f = new Array<number>(length);
  const sorted = new Float64Array(length);
  for (const s of group) {
    for (let i = 0; i < length; i++) {
      const v = freq[i]!.get(s.skel[i]!)!;
      f[i] = v;
      sorted[i] = -v;
    }
    // The frequency shared by most positions (ties: the larger one), from the sorted frequencies.
    sorted.sort();
    let best = 0;
    let bestOcc = 0;
    for (let i = 0; i < length; ) {
      let j = i;
      while (j < length && sorted[j] === sorted[i]) j++;
      if (j - i > bestOcc) {
        bestOcc = j - i;
        best = -sorted[i]!;
      }
      i = j;
    }
    let key = '';
    const fixed: number[] = [];
    for (let i = 0; i < length; i++) {
      if (f[i]! >= best) {
        key += `${i}\u0011${s.skel[i]}\u0012`;
        fixed.push(i);
      }
    }
    let g = out.get(key);
    if (!g) {
      g = { seqs: [], fixed: new Set(fixed) };
      out.set(key, g);
      order.push(g);
    }
    g.seqs.push(s);
  }
  return order;
}

const MAX_SPLIT_DEPTH = 16;
/** Shapes of named-slot templates tried per token length (the most frequent ones). */
const MAX_SLOT_SHAPES = 32;

const SIMPLE_WORD = /^[A-Za-z][A-Za-z_.-]*[:=]?$/;
const HAS_WORD = /[A-Za-z0-9]/;
const HAS_LETTER = /[A-Za-z]/;
const ENUM_WORD = /^[A-Z][A-Z0-9_]+$/;

/**
 * Identifiers that glue letters to digits (xx12, attempt_1_m_2, 512MB) are values, as Drain treats any token with a
 * digit: a column holding one whose digits vary in the log, or several whose digits differ, is a parameter however
 * few values a sample shows. Names whose number never varies (alt0 beside ee0, each always with the same digits) are
 * words. `values` maps each constant part of the column to a skeleton showing it.
 */
function isIdentifierColumn(values: Map<string, string>, identifiers: IdentifierInfo): boolean {
  let digits: string | null = null;
  for (const skel of values.values()) {
    const info = identifiers(skel);
    if (!info) continue;
    if (info.varies || (digits !== null && digits !== info.digits)) return true;
    digits = info.digits;
  }
  return false;
}

/** How many distinct values a column may take and still split its group (see MiningConfig). */
function splitLimit(c: number, values: Map<string, string>, namedParameter: boolean, config: MiningConfig): number {
  // Plain words beside paths, hosts or quoted values in one column are all values of one named parameter.
  if (namedParameter) {
    let empty = false;
    let letters = false;
    for (const v of values.keys()) {
      if (v === '') empty = true;
      else if (HAS_LETTER.test(v)) letters = true;
    }
    if (empty && letters) return 0;
  }
  let simple = true;
  let enumLike = true;
  for (const v of values.keys()) {
    if (simple && !SIMPLE_WORD.test(v)) simple = false;
    if (enumLike && !ENUM_WORD.test(v)) enumLike = false;
    if (!simple && !enumLike) break;
  }
  let limit = config.maxSplitValues;
  if (enumLike) limit = Math.max(limit, config.maxEnumValues);
  if (c === 0 && simple) limit = Math.max(limit, config.maxFirstWordValues);
  return limit;
}

/**
 * Split a group on its lowest-variety column while some column has few enough distinct constant parts.
 * Columns are judged again inside each part: a column mixing two events' words may be constant within each.
 */
function splitGroup(seqs: Seq[], fixed: Set<number>, config: MiningConfig, identifiers: IdentifierInfo, leaves: Seq[][], depth = 0): void {
  // Real events need a few splits; the bound keeps adversarial input (hundreds of two-valued columns) linear.
  if (seqs.length === 1 || depth >= MAX_SPLIT_DEPTH) {
    leaves.push(seqs);
    return;
  }
  const length = seqs[0]!.skel.length;
  let lines = 0;
  for (const s of seqs) lines += s.count;
  const cap = Math.max(config.maxSplitValues, config.maxEnumValues, config.maxFirstWordValues);
  let bestCol = -1;
  let bestK = Infinity;
  const constant: number[] = [];
  // Columns with more distinct words than a lone parameter may take, that could still be a change of wording.
  const wordy: { c: number; k: number }[] = [];
  for (let c = 0; c < length; c++) {
    if (fixed.has(c)) continue;
    // Distinct constant parts, each with the first skeleton that showed it.
    const values = new Map<string, string>();
    let namedParameter = false;
    for (const s of seqs) {
      const t = s.skel[c]!;
      const r = residue(t);
      if (r === '' && !namedParameter && hasNameMask(t)) namedParameter = true;
      if (!values.has(r)) values.set(r, t);
      if (values.size > cap) break;
    }
    const k = values.size;
    if (k === 1) {
      constant.push(c);
      continue;
    }
    if (isIdentifierColumn(values, identifiers)) continue;
    const limit = splitLimit(c, values, namedParameter, config);
    // Every line different looks like a parameter, except for the first word, which usually names the event,
    // and upper-case identifiers (states, actions).
    if (k >= lines && config.requireRepeat && limit <= config.maxSplitValues) continue;
    if (k > limit) {
      if (limit > 0 && k <= cap && k < lines) wordy.push({ c, k });
      continue;
    }
    if (k < bestK) {
      bestK = k;
      bestCol = c;
    }
  }
  const together = changingTogether(seqs, wordy, bestK);
  if (together >= 0) bestCol = together;
  if (bestCol < 0) {
    leaves.push(seqs);
    return;
  }
  const nextFixed = new Set(fixed);
  for (const c of constant) nextFixed.add(c);
  nextFixed.add(bestCol);
  const parts = new Map<string, Seq[]>();
  for (const s of seqs) {
    const r = residue(s.skel[bestCol]!);
    const list = parts.get(r);
    if (list) list.push(s);
    else parts.set(r, [s]);
  }
  for (const part of parts.values()) splitGroup(part, nextFixed, config, identifiers, leaves, depth + 1);
}

/**
 * Brain's observation, that a template's constant words occur together: two columns whose words change together
 * (each word of one always beside the same word of the other, some of them on several lines) are a change of
 * wording, so the group holds several events whatever the number of variants; a column that changes alone is a
 * parameter. Returns the column with the fewest words (below `belowK`) that changes together with another, or -1.
 * Columns are compared by a hash of their partition of the sequences, so the cost stays linear in columns.
 */
function changingTogether(seqs: Seq[], candidates: { c: number; k: number }[], belowK: number): number {
  if (candidates.length < 2) return -1;
  const byKey = new Map<string, Int32Array>();
  let best = -1;
  let bestK = belowK;
  for (const { c, k } of candidates) {
    if (k >= bestK) continue;
    // Words numbered in order of first appearance: two columns that change together number the sequences alike.
    const labels = new Int32Array(seqs.length);
    const index = new Map<string, number>();
    let h = k;
    for (let i = 0; i < seqs.length; i++) {
      const r = residue(seqs[i]!.skel[c]!);
      let n = index.get(r);
      if (n === undefined) {
        n = index.size;
        index.set(r, n);
      }
      labels[i] = n;
      h = (Math.imul(h, 31) + n) | 0;
    }
    const key = `${k}:${h}`;
    const other = byKey.get(key);
    if (!other) {
      byKey.set(key, labels);
      continue;
    }
    let same = true;
    for (let i = 0; i < labels.length && same; i++) same = labels[i] === other[i];
    if (same) {
      best = c;
      bestK = k;
    }
  }
  return best;
}

/**
 * Merge leaves whose constant words agree once variable columns and purely variable tokens are ignored: the
 * same event with an optional or multi-token parameter (`bytes sent` vs `bytes (1.2 KB) sent`).
 */
function mergeVariants(leaves: Seq[][]): MinedCluster[] {
  const byKey = new Map<string, Seq[][]>();
  const order: Seq[][][] = [];
  for (const leaf of leaves) {
    const key = constantKey(leaf);
    const list = byKey.get(key);
    if (list) list.push(leaf);
    else {
      const fresh = [leaf];
      byKey.set(key, fresh);
      order.push(fresh);
    }
  }
  const clusters: MinedCluster[] = [];
  for (const group of order) {
    const records: number[] = [];
    const perLength = new Map<number, { count: number; seqs: Seq[] }>();
    for (const leaf of group) {
      for (const s of leaf) {
        for (const r of s.records) records.push(r);
        const entry = perLength.get(s.skel.length);
        if (entry) {
          entry.count += s.count;
          entry.seqs.push(s);
        } else perLength.set(s.skel.length, { count: s.count, seqs: [s] });
      }
    }
    sortRecordIndexes(records);
    let columns = -1;
    let best: { count: number; seqs: Seq[] } | null = null;
    for (const [len, entry] of perLength) {
      if (!best || entry.count > best.count || (entry.count === best.count && len < columns)) {
        columns = len;
        best = entry;
      }
    }
    const renderSeqs = best!.seqs.map((s) => ({ skel: s.skel, records: s.records })).sort((a, b) => a.records[0]! - b.records[0]!);
    clusters.push({ records, columns, renderSeqs });
  }
  return clusters;
}

/**
 * Sort record indexes (distinct non-negative integers) ascending, in place: a list that is already in order (one
 * sequence's records) is left as it is, and another is sorted as a typed array, without a comparison callback per
 * pair (on a process's first call such callbacks run unoptimised, tens of thousands of times per log).
 */
export function sortRecordIndexes(records: number[]): number[] {
  for (let i = 1; i < records.length; i++) {
    if (records[i - 1]! > records[i]!) {
      const sorted = Int32Array.from(records).sort();
      for (let j = 0; j < sorted.length; j++) records[j] = sorted[j]!;
      break;
    }
  }
  return records;
}

function constantKey(leaf: Seq[]): string {
  const first = leaf[0]!.skel;
  const key = wordKey(leaf, first);
  // Without a single constant word, only the same shape of variables is the same event (`<PATH>` is not `<IP>`).
  return key.length > 0 ? key : `\u0012${first.join('\u0011')}`;
}

function wordKey(leaf: Seq[], first: string[]): string {
  let key = '';
  let previous = '';
  for (let c = 0; c < first.length; c++) {
    const t = first[c]!;
    let same = true;
    for (let i = 1; i < leaf.length; i++) {
      if (leaf[i]!.skel[c] !== t) {
        same = false;
        break;
      }
    }
    // A varying column still contributes its shared frame (`user=` in `user=<*>`).
    const part = same ? (isMasked(t) ? residue(t) : t) : sharedPrefix(leaf, c);
    if (part.length === 0 || part === previous) continue;
    key += `${part}\u0011`;
    previous = part;
  }
  return key;
}

function sharedPrefix(leaf: Seq[], c: number): string {
  let prefix = leaf[0]!.skel[c]!;
  for (let i = 1; i < leaf.length && prefix.length > 0; i++) {
    const t = leaf[i]!.skel[c]!;
    let j = 0;
    while (j < prefix.length && j < t.length && prefix.charCodeAt(j) === t.charCodeAt(j)) j++;
    prefix = prefix.slice(0, j);
  }
  let end = prefix.length;
  while (end > 0 && /[A-Za-z0-9]/.test(prefix.charAt(end - 1))) end--;
  const frame = prefix.slice(0, end);
  return /[A-Za-z]/.test(frame) && !isMasked(frame) ? `${frame}*` : '';
}
