// Fitting the scorer on labelled texts: pattern weights and the logistic model. Pure (no file access), so the
// offline fit (fit-weights.ts) and the leave-one-out evaluation of bench/text.ts run the same procedure.
import type { Family } from './catalogue.ts';
import { PATTERNS } from './catalogue.ts';
import type { Detection } from './detect.ts';
import { modelFeatures } from './model.ts';
import type { ModelCoefficients, ModelFeatures } from './model.ts';

/** Prior log-odds per family: ln(AI rate / human rate). */
const FAMILY_PRIOR: Record<Family, { ai: number; human: number; source: string }> = {
  'ai-vocabulary': { ai: 24, human: 2, source: 'domain note' },
  'significance-inflation': { ai: 10, human: 0.3, source: 'domain note' },
  'ing-tail': { ai: 6, human: 0, source: 'domain note' },
  'chatbot-artefact': { ai: 9, human: 0.7, source: 'domain note' },
  'negative-parallelism': { ai: 6, human: 1, source: 'domain note' },
  'stacked-transition': { ai: 6, human: 2, source: 'domain note' },
  'dash-overuse': { ai: 4, human: 1, source: 'domain note' },
  // Not measured in the note: assumed ratios, deliberately below the measured vocabulary family.
  'promotional-puffery': { ai: 4, human: 1, source: 'assumed' },
  'vague-attribution': { ai: 4, human: 1, source: 'assumed' },
  'upbeat-conclusion': { ai: 4, human: 1, source: 'assumed' },
  signposting: { ai: 6, human: 1, source: 'assumed' },
  // Chat-interface residue and cutoff disclaimers do not occur in human writing: the cap.
  'markup-residue': { ai: 20, human: 0, source: 'assumed' },
  'knowledge-cutoff': { ai: 20, human: 0, source: 'assumed' },
  // "weak alone" in the note.
  formatting: { ai: 2, human: 1, source: 'assumed' },
  cadence: { ai: 2, human: 1, source: 'assumed' },
};

const MAX_WEIGHT = 3;
const SHRINK_K = 3;
const HUMAN_FLOOR = 0.25;
const LAMBDA = 1;

function familyLogOdds(f: Family): number {
  const p = FAMILY_PRIOR[f];
  return Math.min(MAX_WEIGHT, Math.log(p.ai / Math.max(p.human, HUMAN_FLOOR)));
}

function clamp(x: number): number {
  return Math.min(MAX_WEIGHT, Math.max(0, x));
}

export function round(x: number, d: number): number {
  const f = 10 ** d;
  return Math.round(x * f) / f;
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A small and well-conditioned here). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs((m[r] as number[])[c] as number) > Math.abs((m[p] as number[])[c] as number)) p = r;
    [m[c], m[p]] = [m[p] as number[], m[c] as number[]];
    const piv = (m[c] as number[])[c] as number;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = ((m[r] as number[])[c] as number) / piv;
      for (let k = c; k <= n; k++) (m[r] as number[])[k] = ((m[r] as number[])[k] as number) - f * ((m[c] as number[])[k] as number);
    }
  }
  return m.map((row, i) => (row[n] as number) / (row[i] as number));
}

/** L2-regularised logistic regression by Newton's method; x rows already standardised; returns [b0, b...]. */
function logistic(x: number[][], y: number[], lambda: number): number[] {
  const d = (x[0] as number[]).length + 1;
  let beta = new Array<number>(d).fill(0);
  for (let iter = 0; iter < 50; iter++) {
    const g = new Array<number>(d).fill(0);
    const h = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    x.forEach((row, i) => {
      const v = [1, ...row];
      const z = v.reduce((s, vi, j) => s + vi * (beta[j] as number), 0);
      const p = 1 / (1 + Math.exp(-z));
      const e = p - (y[i] as number);
      const wgt = p * (1 - p);
      for (let j = 0; j < d; j++) {
        g[j] = (g[j] as number) + e * (v[j] as number);
        for (let k = 0; k < d; k++) (h[j] as number[])[k] = ((h[j] as number[])[k] as number) + wgt * (v[j] as number) * (v[k] as number);
      }
    });
    for (let j = 1; j < d; j++) {
      g[j] = (g[j] as number) + lambda * (beta[j] as number);
      (h[j] as number[])[j] = ((h[j] as number[])[j] as number) + lambda;
    }
    const step = solve(h, g);
    beta = beta.map((b, j) => b - (step[j] as number));
    if (step.every((s) => Math.abs(s) < 1e-10)) break;
  }
  return beta;
}

/** What one fit produces: the weights, the coefficients and how often each pattern fired in training. */
export interface FittedModel {
  weights: Record<string, number>;
  coefficients: ModelCoefficients;
  evidence: Record<string, { ai: number; human: number }>;
}

/** The model's inputs, in the order of its columns. */
const INPUTS = ['log_tell_density', 'log_list_rate', 'mean_word_length', 'sentence_length_cv'] as const;
type Input = (typeof INPUTS)[number];

/** The model's input columns for one text. */
function modelColumns(f: ModelFeatures): Record<Input, number> {
  return { log_tell_density: Math.log1p(f.tell_density), log_list_rate: Math.log1p(f.list_rate), mean_word_length: f.mean_word_length, sentence_length_cv: f.sentence_length_cv };
}

export interface FitOptions {
  /** Inputs left out of the logistic model (their coefficient is 0): for checking that an input earns its place. */
  without?: readonly Input[];
}

/**
 * Fits pattern weights and coefficients on the texts at `train` (indexes into `dets`/`isAi`); nothing else is read.
 * Weights: smoothed log-odds of firing in AI vs human documents, shrunk toward the family prior and clamped to [0, 3].
 * Coefficients: L2-regularised logistic regression on the standardised model columns.
 */
export function fitModel(dets: readonly Detection[], isAi: readonly boolean[], train: readonly number[], options: FitOptions = {}): FittedModel {
  const nA = train.filter((i) => isAi[i]).length;
  const nH = train.length - nA;
  const weights: Record<string, number> = {};
  const evidence: Record<string, { ai: number; human: number }> = {};
  for (const p of PATTERNS) {
    let a = 0;
    let h = 0;
    for (const i of train) {
      if (!(dets[i] as Detection).hits.has(p.id)) continue;
      if (isAi[i]) a++;
      else h++;
    }
    const prior = familyLogOdds(p.family);
    const n = a + h;
    const raw = Math.log((a + 0.5) / (nA + 1)) - Math.log((h + 0.5) / (nH + 1));
    weights[p.id] = round(clamp(n === 0 ? prior : (n * raw + SHRINK_K * prior) / (n + SHRINK_K)), 3);
    evidence[p.id] = { ai: a, human: h };
  }
  const inputs = INPUTS.filter((c) => !(options.without ?? []).includes(c));
  const xs = train.map((i) => {
    const c = modelColumns(modelFeatures(dets[i] as Detection, weights));
    return inputs.map((name) => c[name]);
  });
  const k = inputs.length;
  const cols = Array.from({ length: k }, (_, j) => j);
  const mu = cols.map((j) => xs.reduce((s, r) => s + (r[j] as number), 0) / xs.length);
  const sd = cols.map((j) => Math.sqrt(xs.reduce((s, r) => s + ((r[j] as number) - (mu[j] as number)) ** 2, 0) / xs.length) || 1);
  const std = xs.map((r) => r.map((v, j) => (v - (mu[j] as number)) / (sd[j] as number)));
  const beta = logistic(
    std,
    train.map((i) => (isAi[i] ? 1 : 0)),
    LAMBDA,
  );
  const slopes = cols.map((j) => (beta[j + 1] as number) / (sd[j] as number));
  const slope = (name: Input): number => {
    const j = inputs.indexOf(name);
    return j < 0 ? 0 : round(slopes[j] as number, 4);
  };
  const coefficients: ModelCoefficients = {
    intercept: round((beta[0] as number) - slopes.reduce((s, b, j) => s + b * (mu[j] as number), 0), 4),
    log_tell_density: slope('log_tell_density'),
    log_list_rate: slope('log_list_rate'),
    mean_word_length: slope('mean_word_length'),
    sentence_length_cv: slope('sentence_length_cv'),
  };
  return { weights, coefficients, evidence };
}
