// Fit and leave-one-out tests on a small synthetic set: an input left out gets a zero coefficient, and the
// leave-one-out summary's pair counts agree with its AUROC.
import { describe, expect, it } from 'vitest';
import { leaveOneGeneratorOut } from './cross-validation.ts';
import { detect } from './detect.ts';
import type { LabelledText } from './evaluation.ts';
import { fitModel } from './fit.ts';

const AI = [
  'She nodded, her gaze lingering on the flickering shadows. Moreover, the vibrant tapestry of the town was a testament to its resilience.',
  'The bustling market was a symphony of colour, and she whispered a prayer as the shadows deepened. It was a pivotal moment.',
  'Furthermore, this comprehensive study delves into the intricate interplay of factors, highlighting their crucial role.',
  'He paused, the weight of the moment etched on his face, and the air was thick with unspoken tension.',
];
const HUMAN = [
  'We got there at ten and the café was shut, so we sat on the wall and ate the sandwiches we had brought.',
  'The council meets on Tuesday. Parking on Mill Lane will be suspended from 8am while the drains are cleared.',
  'I bought the blue one in the end. It was cheaper, and my brother said the red one scratched too easily.',
  'Results were mixed: two of the five sites reported fewer falls, one reported more, and two had no data.',
];
const rows: LabelledText[] = [
  ...AI.map((text, i) => ({ id: `a${i}`, text, label: 'ai' as const, domain: 'd', generator: i % 2 === 0 ? 'g1' : 'g2' })),
  ...HUMAN.map((text, i) => ({ id: `h${i}`, text, label: 'human' as const, domain: 'd', generator: 'human' })),
];
const dets = rows.map((r) => detect(r.text));
const isAi = rows.map((r) => r.label === 'ai');
const all = rows.map((_, i) => i);

describe('fitModel', () => {
  it('gives a left-out input a zero coefficient and keeps the others', () => {
    const full = fitModel(dets, isAi, all);
    const without = fitModel(dets, isAi, all, { without: ['log_list_rate'] });
    expect(full.coefficients.log_list_rate).not.toBe(0);
    expect(without.coefficients.log_list_rate).toBe(0);
    expect(without.coefficients.log_tell_density).not.toBe(0);
    expect(without.weights).toEqual(full.weights);
  });
});

describe('leaveOneGeneratorOut', () => {
  it('reports pairs and mis-ranked pairs that agree with the AUROC, and a bootstrap interval around it', () => {
    const cv = leaveOneGeneratorOut(rows, dets, { humanFolds: 2 });
    expect(cv.folds.map((f) => f.group)).toEqual(['g1', 'g2']);
    for (const f of cv.folds) {
      expect(f.pairs).toBe(f.ai * f.human);
      expect(f.auroc).toBeCloseTo(1 - f.misranked / f.pairs, 12);
      expect(f.ci[0]).toBeLessThanOrEqual(f.ci[1]);
      expect(f.ci[0]).toBeGreaterThanOrEqual(0);
      expect(f.ci[1]).toBeLessThanOrEqual(1);
    }
    const pairs = cv.folds.reduce((s, f) => s + f.pairs, 0);
    expect(cv.pooled).toBeCloseTo(1 - cv.folds.reduce((s, f) => s + f.misranked, 0) / pairs, 12);
    expect(leaveOneGeneratorOut(rows, dets, { humanFolds: 2, bootstrap: false }).folds[0]?.ci.every(Number.isNaN)).toBe(true);
  });
});
