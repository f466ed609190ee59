// Offline script (not imported by the tools): fits the pattern weights and model coefficients, writes fitted-weights.ts.
//
// Run from the repository root: `npx tsx src/tools/shared/text-tells/fit-weights.ts` (needs ../shared/bench).
// Deterministic: the same data gives byte-identical output.
//
// 1. Split: heldOutIds() keeps every third text of each label x domain group (ordered by a hash of the id)
//    aside; only the other two thirds are used below.
// 2. Pattern weights: per pattern, the log-odds of firing in an AI document versus a human one, with
//    add-one-half smoothing, w_raw = ln((a + 0.5)/(nA + 1)) - ln((h + 0.5)/(nH + 1)), shrunk toward its
//    family's prior log-odds L_f as w = (n w_raw + K L_f)/(n + K) with n = a + h firing documents and K = 3,
//    then clamped to [0, 3]. A pattern that never fires in the training split keeps L_f. L_f comes from the
//    firing rates in the domain note (AI% / human%, human% floored at 0.25%) or, for families the note does
//    not measure, from the documented assumptions in FAMILY_PRIOR below. Shrinking keeps one or two
//    documents from setting a weight.
// 3. Model: an L2-regularised logistic regression (lambda = 1 on standardised inputs, Newton's method) of the
//    label on ln(1 + tell density), mean word length and sentence-length CV, fitted on the training split.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FAMILIES, PATTERNS } from './catalogue.ts';
import type { Family } from './catalogue.ts';
import { detect } from './detect.ts';
import type { Detection } from './detect.ts';
import { auroc, heldOutIds, parseJsonl } from './evaluation.ts';
import { logit, modelFeatures } from './model.ts';
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

function round(x: number, d: number): number {
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

function main(): void {
  const file = path.resolve(process.cwd(), '../shared/bench/aitext/dev.jsonl');
  const rows = parseJsonl(readFileSync(file, 'utf8'));
  const held = heldOutIds(rows);
  const dets: Detection[] = rows.map((r) => detect(r.text));
  const isAi = rows.map((r) => r.label === 'ai');
  const train = rows.map((_, i) => i).filter((i) => !held.has((rows[i] as { id: string }).id));
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

  const feats: ModelFeatures[] = dets.map((d) => modelFeatures(d, weights));
  const cols = (f: ModelFeatures): number[] => [Math.log1p(f.tell_density), f.mean_word_length, f.sentence_length_cv];
  const xs = train.map((i) => cols(feats[i] as ModelFeatures));
  const mu = [0, 1, 2].map((j) => xs.reduce((s, r) => s + (r[j] as number), 0) / xs.length);
  const sd = [0, 1, 2].map((j) => Math.sqrt(xs.reduce((s, r) => s + ((r[j] as number) - (mu[j] as number)) ** 2, 0) / xs.length) || 1);
  const std = xs.map((r) => r.map((v, j) => (v - (mu[j] as number)) / (sd[j] as number)));
  const beta = logistic(
    std,
    train.map((i) => (isAi[i] ? 1 : 0)),
    LAMBDA,
  );
  const slopes = [1, 2, 3].map((j, k) => (beta[j] as number) / (sd[k] as number));
  const coef: ModelCoefficients = {
    intercept: round((beta[0] as number) - slopes.reduce((s, b, k) => s + b * (mu[k] as number), 0), 4),
    log_tell_density: round(slopes[0] as number, 4),
    mean_word_length: round(slopes[1] as number, 4),
    sentence_length_cv: round(slopes[2] as number, 4),
  };

  const z = feats.map((f) => logit(f, coef));
  const heldIdx = rows.map((_, i) => i).filter((i) => held.has((rows[i] as { id: string }).id));
  const sub = (ix: number[]): number => round(auroc(ix.map((i) => z[i] as number), ix.map((i) => isAi[i] as boolean)), 3);

  const famCheck = new Set<string>(FAMILIES);
  for (const p of PATTERNS) if (!famCheck.has(p.family)) throw new Error(`unknown family ${p.family}`);

  const lines = [
    '// Generated by fit-weights.ts from ../shared/bench/aitext/dev.jsonl (training split only): do not edit by hand.',
    "import type { ModelCoefficients } from './model.ts';",
    '',
    '/** Per-pattern weights (smoothed log-odds of firing in AI vs human documents, shrunk to the family prior). */',
    'export const PATTERN_WEIGHTS: Readonly<Record<string, number>> = {',
    ...PATTERNS.map((p) => `  '${p.id}': ${weights[p.id]}, // train docs fired: ai ${evidence[p.id]?.ai}, human ${evidence[p.id]?.human}`),
    '};',
    '',
    '/** Logistic model on ln(1 + tell density), mean word length and sentence-length CV. */',
    'export const COEFFICIENTS: ModelCoefficients = {',
    ...Object.entries(coef).map(([k, v]) => `  ${k}: ${v},`),
    '};',
    '',
    '/** Where the fit came from and how it did (AUROC of the score). */',
    'export const FIT_INFO = {',
    `  train_texts: ${train.length},`,
    `  held_out_texts: ${heldIdx.length},`,
    `  auroc_train: ${sub(train)},`,
    `  auroc_held_out: ${sub(heldIdx)},`,
    `  auroc_all: ${sub(rows.map((_, i) => i))},`,
    '} as const;',
    '',
  ];
  const out = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'fitted-weights.ts');
  writeFileSync(out, lines.join('\n'));
  console.log(`wrote ${out}: train ${train.length}, held out ${heldIdx.length}, AUROC train ${sub(train)}, held out ${sub(heldIdx)}, all ${sub(rows.map((_, i) => i))}`);
}

main();
