// Detection metrics and the reproducible train/held-out split shared by the weight fit and bench/text.ts.
import { fnv1a } from '../hash.ts';

/** Area under the ROC curve (ties count one half), by the rank-sum formula. NaN without both classes. */
export function auroc(scores: readonly number[], positive: readonly boolean[]): number {
  const idx = scores.map((s, i) => ({ s, p: positive[i] === true })).sort((a, b) => a.s - b.s);
  let rank = 1;
  let rankSum = 0;
  let nPos = 0;
  let nNeg = 0;
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j < idx.length && (idx[j] as { s: number }).s === (idx[i] as { s: number }).s) j++;
    const mid = (rank + rank + (j - i) - 1) / 2;
    for (let k = i; k < j; k++) {
      if ((idx[k] as { p: boolean }).p) {
        rankSum += mid;
        nPos++;
      } else nNeg++;
    }
    rank += j - i;
    i = j;
  }
  if (nPos === 0 || nNeg === 0) return Number.NaN;
  return (rankSum - (nPos * (nPos + 1)) / 2) / (nPos * nNeg);
}

/**
 * True-positive rate at a false-positive rate of at most `fpr`: the threshold is the lowest score that flags
 * no more than floor(fpr * negatives) negatives (texts scoring at or above it are flagged).
 */
export function tprAtFpr(scores: readonly number[], positive: readonly boolean[], fpr = 0.05): { tpr: number; threshold: number } {
  const neg = scores.filter((_, i) => !positive[i]).sort((a, b) => b - a);
  const pos = scores.filter((_, i) => positive[i]);
  if (neg.length === 0 || pos.length === 0) return { tpr: Number.NaN, threshold: Number.NaN };
  const allowed = Math.floor(fpr * neg.length);
  // Flag strictly above the (allowed+1)-th highest negative score.
  const cut = neg[allowed] as number;
  const tp = pos.filter((s) => s > cut).length;
  return { tpr: tp / pos.length, threshold: cut };
}

export interface LabelledText {
  id: string;
  text: string;
  label: 'human' | 'ai';
  domain: string;
  generator: string;
}

/**
 * Stratified, reproducible split: within each label x domain group, texts are ordered by the FNV-1a hash of
 * their id and every third one (positions 0, 3, 6, ...) is held out. Returns held-out ids.
 */
export function heldOutIds(rows: readonly LabelledText[]): Set<string> {
  const groups = new Map<string, LabelledText[]>();
  for (const r of rows) {
    const key = `${r.label}|${r.domain}`;
    const g = groups.get(key) ?? [];
    g.push(r);
    groups.set(key, g);
  }
  const held = new Set<string>();
  for (const g of groups.values()) {
    g.sort((a, b) => fnv1a(a.id) - fnv1a(b.id) || (a.id < b.id ? -1 : 1));
    g.forEach((r, i) => {
      if (i % 3 === 0) held.add(r.id);
    });
  }
  return held;
}

/** Parses a JSONL file's text into labelled rows, skipping blank lines. */
export function parseJsonl(text: string): LabelledText[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LabelledText);
}
