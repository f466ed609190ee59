// Leave-one-group-out evaluation of the whole fitting procedure (weights and coefficients refitted per fold):
// leave-one-generator-out and leave-one-domain-out AUROC. Pure; bench/text.ts prints it.
import type { Detection } from './detect.ts';
import type { LabelledText } from './evaluation.ts';
import { fnv1a } from '../hash.ts';
import { fitModel } from './fit.ts';
import { logit, modelFeatures } from './model.ts';

interface FoldResult {
  group: string;
  auroc: number;
  ai: number;
  human: number;
}

export interface CrossValidation {
  /** AUROC over every compared (AI, human) pair, each pair scored by the model of its fold. */
  pooled: number;
  folds: FoldResult[];
  worst: FoldResult;
}

/** Ordered-pair counts: how many (AI, human) pairs the AI text scores above (ties count one half). */
function pairs(ai: readonly number[], human: readonly number[]): { correct: number; total: number } {
  let correct = 0;
  for (const a of ai) for (const h of human) correct += a > h ? 1 : a === h ? 0.5 : 0;
  return { correct, total: ai.length * human.length };
}

function scorer(dets: readonly Detection[], isAi: readonly boolean[], train: readonly number[]): (i: number) => number {
  const m = fitModel(dets, isAi, train);
  return (i) => logit(modelFeatures(dets[i] as Detection, m.weights), m.coefficients);
}

function summarise(folds: FoldResult[], correct: number, total: number): CrossValidation {
  const worst = folds.reduce((w, f) => (f.auroc < w.auroc ? f : w), folds[0] as FoldResult);
  return { pooled: correct / total, folds, worst };
}

/**
 * Leave-one-generator-out: for each generator, its AI texts are held out with one of `humanFolds` folds of the
 * human texts (by a hash of the id); the model is fitted on everything else and ranks the held-out AI texts
 * against the held-out human ones. Every human fold is held out in turn, so each generator is compared with
 * every human text, always by a model that saw neither side.
 */
export function leaveOneGeneratorOut(rows: readonly LabelledText[], dets: readonly Detection[], humanFolds = 3): CrossValidation {
  const isAi = rows.map((r) => r.label === 'ai');
  const fold = rows.map((r) => fnv1a(r.id) % humanFolds);
  const generators = [...new Set(rows.filter((r) => r.label === 'ai').map((r) => r.generator))].sort();
  const folds: FoldResult[] = [];
  let correct = 0;
  let total = 0;
  for (const g of generators) {
    let gc = 0;
    let gt = 0;
    for (let k = 0; k < humanFolds; k++) {
      const heldAi = rows.flatMap((r, i) => (r.label === 'ai' && r.generator === g ? [i] : []));
      const heldHuman = rows.flatMap((r, i) => (r.label === 'human' && fold[i] === k ? [i] : []));
      const out = new Set([...heldAi, ...heldHuman]);
      const score = scorer(dets, isAi, rows.map((_, i) => i).filter((i) => !out.has(i)));
      const p = pairs(heldAi.map(score), heldHuman.map(score));
      gc += p.correct;
      gt += p.total;
    }
    folds.push({ group: g, auroc: gc / gt, ai: rows.filter((r) => r.label === 'ai' && r.generator === g).length, human: rows.filter((r) => r.label === 'human').length });
    correct += gc;
    total += gt;
  }
  return summarise(folds, correct, total);
}

/** Leave-one-domain-out: each domain's texts (both labels) are ranked by a model fitted on the other domains. */
export function leaveOneDomainOut(rows: readonly LabelledText[], dets: readonly Detection[]): CrossValidation {
  const isAi = rows.map((r) => r.label === 'ai');
  const domains = [...new Set(rows.map((r) => r.domain))].sort();
  const folds: FoldResult[] = [];
  let correct = 0;
  let total = 0;
  for (const d of domains) {
    const held = rows.flatMap((r, i) => (r.domain === d ? [i] : []));
    const score = scorer(dets, isAi, rows.map((_, i) => i).filter((i) => rows[i]?.domain !== d));
    const p = pairs(
      held.filter((i) => isAi[i]).map(score),
      held.filter((i) => !isAi[i]).map(score),
    );
    folds.push({ group: d, auroc: p.correct / p.total, ai: held.filter((i) => isAi[i]).length, human: held.filter((i) => !isAi[i]).length });
    correct += p.correct;
    total += p.total;
  }
  return summarise(folds, correct, total);
}
