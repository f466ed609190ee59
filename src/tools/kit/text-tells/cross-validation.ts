// Leave-one-group-out evaluation of the whole fitting procedure (weights and coefficients refitted per fold):
// leave-one-generator-out and leave-one-domain-out AUROC. Pure; bench/text.ts prints it.
import type { Detection } from './detect.ts';
import type { LabelledText } from './evaluation.ts';
import { fnv1a } from '../hash.ts';
import { fitModel } from './fit.ts';
import type { FitOptions } from './fit.ts';
import { logit, modelFeatures } from './model.ts';

interface FoldResult {
  group: string;
  auroc: number;
  ai: number;
  human: number;
  /** Compared (AI, human) pairs and how many of them the AI text does not score above (ties count one half). */
  pairs: number;
  misranked: number;
  /** 95% bootstrap interval of the AUROC (AI and human texts resampled, 1,000 draws, seeded by the group name). */
  ci: [number, number];
}

export interface CrossValidation {
  /** AUROC over every compared (AI, human) pair, each pair scored by the model of its fold. */
  pooled: number;
  folds: FoldResult[];
  worst: FoldResult;
}

const BOOTSTRAP_DRAWS = 1000;

/** 1 when the AI text scores above the human one, 0.5 on a tie, 0 otherwise. */
function outcome(ai: number, human: number): number {
  return ai > human ? 1 : ai === human ? 0.5 : 0;
}

/**
 * Percentile bootstrap of the AUROC of an outcome matrix (rows AI texts, columns human texts): both sides are
 * resampled with replacement. A small linear congruential generator seeded from `seed` keeps it reproducible.
 */
function bootstrap(m: readonly (readonly number[])[], seed: number): [number, number] {
  let s = seed >>> 0;
  const draw = (n: number): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.floor((s / 2 ** 32) * n);
  };
  const nA = m.length;
  const nH = (m[0] as readonly number[]).length;
  const aucs: number[] = [];
  for (let b = 0; b < BOOTSTRAP_DRAWS; b++) {
    const rows = Array.from({ length: nA }, () => m[draw(nA)] as readonly number[]);
    const cols = Array.from({ length: nH }, () => draw(nH));
    let t = 0;
    for (const r of rows) for (const c of cols) t += r[c] as number;
    aucs.push(t / (nA * nH));
  }
  aucs.sort((a, b) => a - b);
  return [aucs[Math.floor(0.025 * BOOTSTRAP_DRAWS)] as number, aucs[Math.ceil(0.975 * BOOTSTRAP_DRAWS) - 1] as number];
}

/** Summarises one held-out group from its outcome matrix (without the bootstrap when `boot` is false). */
function foldResult(group: string, m: readonly (readonly number[])[], boot = true): FoldResult {
  const ai = m.length;
  const human = (m[0] as readonly number[]).length;
  const correct = m.reduce((s, r) => s + r.reduce((a, b) => a + b, 0), 0);
  const pairs = ai * human;
  return { group, auroc: correct / pairs, ai, human, pairs, misranked: pairs - correct, ci: boot ? bootstrap(m, fnv1a(group)) : [Number.NaN, Number.NaN] };
}

function scorer(dets: readonly Detection[], isAi: readonly boolean[], train: readonly number[], fit: FitOptions = {}): (i: number) => number {
  const m = fitModel(dets, isAi, train, fit);
  return (i) => logit(modelFeatures(dets[i] as Detection, m.weights), m.coefficients);
}

function summarise(folds: FoldResult[]): CrossValidation {
  const worst = folds.reduce((w, f) => (f.auroc < w.auroc ? f : w), folds[0] as FoldResult);
  const pairs = folds.reduce((s, f) => s + f.pairs, 0);
  const misranked = folds.reduce((s, f) => s + f.misranked, 0);
  return { pooled: (pairs - misranked) / pairs, folds, worst };
}

export interface LogoOptions {
  humanFolds?: number;
  /** Inputs left out of the fitted model. */
  fit?: FitOptions;
  /** Bootstrap intervals (default true; the nested check skips them). */
  bootstrap?: boolean;
  /** Appended to each id before hashing it into a human fold (an inner split must not repeat the outer one). */
  salt?: string;
}

/**
 * Leave-one-generator-out: for each generator, its AI texts are held out with one of `humanFolds` folds of the
 * human texts (by a hash of the id); the model is fitted on everything else and ranks the held-out AI texts
 * against the held-out human ones. Every human fold is held out in turn, so each generator is compared with
 * every human text, always by a model that saw neither side.
 */
export function leaveOneGeneratorOut(rows: readonly LabelledText[], dets: readonly Detection[], options: LogoOptions = {}): CrossValidation {
  const humanFolds = options.humanFolds ?? 3;
  const isAi = rows.map((r) => r.label === 'ai');
  const fold = rows.map((r) => fnv1a(r.id + (options.salt ?? '')) % humanFolds);
  const generators = [...new Set(rows.filter((r) => r.label === 'ai').map((r) => r.generator))].sort();
  const humans = rows.flatMap((r, i) => (r.label === 'human' ? [i] : []));
  const folds: FoldResult[] = [];
  for (const g of generators) {
    const heldAi = rows.flatMap((r, i) => (r.label === 'ai' && r.generator === g ? [i] : []));
    const m = heldAi.map(() => new Array<number>(humans.length).fill(0));
    for (let k = 0; k < humanFolds; k++) {
      const out = new Set([...heldAi, ...humans.filter((i) => fold[i] === k)]);
      const score = scorer(dets, isAi, rows.map((_, i) => i).filter((i) => !out.has(i)), options.fit);
      const aiScores = heldAi.map(score);
      humans.forEach((h, c) => {
        if (fold[h] !== k) return;
        const hs = score(h);
        aiScores.forEach((a, r) => ((m[r] as number[])[c] = outcome(a, hs)));
      });
    }
    folds.push(foldResult(g, m, options.bootstrap ?? true));
  }
  return summarise(folds);
}

/**
 * Whether the antislop-list input would be chosen on training data alone: inside each outer
 * leave-one-generator-out fold (a generator and a third of the human texts held out), an inner
 * leave-one-generator-out over the remaining texts compares the model with and without the input. Returns
 * in how many outer folds the inner figure prefers the input.
 */
export function nestedListCheck(rows: readonly LabelledText[], dets: readonly Detection[], humanFolds = 3): { chosen: number; folds: number } {
  const fold = rows.map((r) => fnv1a(r.id) % humanFolds);
  const generators = [...new Set(rows.filter((r) => r.label === 'ai').map((r) => r.generator))].sort();
  let chosen = 0;
  let folds = 0;
  for (const g of generators) {
    for (let k = 0; k < humanFolds; k++) {
      const keep = rows.flatMap((r, i) => ((r.label === 'ai' && r.generator === g) || (r.label === 'human' && fold[i] === k) ? [] : [i]));
      const innerRows = keep.map((i) => rows[i] as LabelledText);
      const innerDets = keep.map((i) => dets[i] as Detection);
      const inner = { humanFolds, bootstrap: false, salt: '#inner' };
      const withList = leaveOneGeneratorOut(innerRows, innerDets, inner).pooled;
      const withoutList = leaveOneGeneratorOut(innerRows, innerDets, { ...inner, fit: { without: ['log_list_rate'] } }).pooled;
      folds++;
      if (withList > withoutList) chosen++;
    }
  }
  return { chosen, folds };
}

/** Leave-one-domain-out: each domain's texts (both labels) are ranked by a model fitted on the other domains. */
export function leaveOneDomainOut(rows: readonly LabelledText[], dets: readonly Detection[]): CrossValidation {
  const isAi = rows.map((r) => r.label === 'ai');
  const domains = [...new Set(rows.map((r) => r.domain))].sort();
  const folds: FoldResult[] = [];
  for (const d of domains) {
    const held = rows.flatMap((r, i) => (r.domain === d ? [i] : []));
    const score = scorer(dets, isAi, rows.map((_, i) => i).filter((i) => rows[i]?.domain !== d));
    const hs = held.filter((i) => !isAi[i]).map(score);
    folds.push(foldResult(d, held.filter((i) => isAi[i]).map((i) => hs.map((h) => outcome(score(i), h)))));
  }
  return summarise(folds);
}
