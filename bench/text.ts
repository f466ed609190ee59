// Bench for humanizer-score and humanize: AUROC / TPR@5%FPR on ../shared/bench/aitext, humanize effect, timings.
//
// Run from the repository root: `npx tsx bench/text.ts` (npm run bench:text; add `--nested` for the nested
// check of the antislop-list input, about 10 s more). Exits 0 with a note when the
// bench data is absent; exits 1 when a target is missed (AUROC < 0.80, leave-one-generator-out AUROC < 0.90
// pooled or < 0.80 for any generator, a grammar slip added by humanize, humanize not halving the AI mean,
// content words kept < 90%, a 200,000-character text scoring in 100 ms or more, a non-idempotent rewrite).
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PATTERNS } from '../src/tools/kit/text-tells/catalogue.ts';
import { detect } from '../src/tools/kit/text-tells/detect.ts';
import { leaveOneDomainOut, leaveOneGeneratorOut, nestedListCheck } from '../src/tools/kit/text-tells/cross-validation.ts';
import type { CrossValidation } from '../src/tools/kit/text-tells/cross-validation.ts';
import { auroc, heldOutIds, parseJsonl, tprAtFpr } from '../src/tools/kit/text-tells/evaluation.ts';
import type { LabelledText } from '../src/tools/kit/text-tells/evaluation.ts';
import { fitModel } from '../src/tools/kit/text-tells/fit.ts';
import { FIT_INFO } from '../src/tools/kit/text-tells/fitted-weights.ts';
import { logit, modelFeatures, scoreOf } from '../src/tools/kit/text-tells/model.ts';
import { scoreText } from '../src/tools/kit/text-tells/scorer.ts';
import { tokenise } from '../src/tools/kit/text-tells/stats.ts';
import { humanize } from '../src/tools/humanize/engine.ts';
import { introducedSlips, SLIPS } from '../src/tools/humanize/grammar.ts';
import { sameNumbers } from '../src/tools/humanize/numbers.ts';

const STOPWORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves also this it's i'm don't can't won't isn't`.split(/\s+/),
);

const fmt = (x: number, d = 3): string => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');

function metricRow(label: string, rows: readonly LabelledText[], scores: ReadonlyMap<string, number>): string {
  const s = rows.map((r) => scores.get(r.id) as number);
  const y = rows.map((r) => r.label === 'ai');
  const t = tprAtFpr(s, y, 0.05);
  const nAi = y.filter(Boolean).length;
  return `${label.padEnd(28)} n=${String(rows.length).padStart(3)} (ai ${String(nAi).padStart(3)})  AUROC ${fmt(auroc(s, y))}  TPR@5%FPR ${fmt(t.tpr)}`;
}

/** Content words of `text` outside the given ranges, as a multiset. */
function contentWords(text: string, exclude: readonly { start: number; end: number }[] = []): Map<string, number> {
  const sorted = [...exclude].sort((a, b) => a.start - b.start);
  const out = new Map<string, number>();
  let k = 0;
  for (const t of tokenise(text)) {
    while (k < sorted.length && (sorted[k] as { end: number }).end <= t.start) k++;
    const ex = sorted[k];
    if (ex && t.start >= ex.start && t.start < ex.end) continue;
    if (STOPWORDS.has(t.word) || t.word.length < 3) continue;
    out.set(t.word, (out.get(t.word) ?? 0) + 1);
  }
  return out;
}

/**
 * Wall-clock (fastest and median of `runs`) and median CPU milliseconds of scoring `text`. The fastest run is
 * the estimate of the cost on an idle machine; CPU time shows how much a busy machine inflates wall time.
 */
function timeScore(text: string, runs = 9): { best: number; wall: number; cpu: number } {
  scoreText(text);
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    scoreText(text);
    walls.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  return { best: Math.min(...walls), wall: median(walls), cpu: median(cpus) };
}

function fill(unit: string, n = 200_000): string {
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

function main(): void {
  const file = path.resolve(process.cwd(), '../shared/bench/aitext/dev.jsonl');
  if (!existsSync(file)) {
    console.log(`bench data not found at ${file}: nothing to measure`);
    return;
  }
  const rows = parseJsonl(readFileSync(file, 'utf8'));
  const failures: string[] = [];
  console.log(`humanizer-score bench: ${rows.length} texts, ${PATTERNS.length} patterns, weights fitted on ${FIT_INFO.train_texts} (held out ${FIT_INFO.held_out_texts})`);

  const scores = new Map<string, number>();
  for (const r of rows) scores.set(r.id, scoreText(r.text).score);
  const held = heldOutIds(rows);

  console.log('\n== humanizer-score: AUROC and TPR at 5% FPR');
  console.log(metricRow('all', rows, scores));
  console.log(metricRow('held-out split (1/3)', rows.filter((r) => held.has(r.id)), scores));
  console.log(metricRow('training split (2/3)', rows.filter((r) => !held.has(r.id)), scores));
  console.log('-- by domain (AI vs human of the domain)');
  for (const d of [...new Set(rows.map((r) => r.domain))].sort()) console.log(metricRow(d, rows.filter((r) => r.domain === d), scores));
  console.log('-- by generator (its AI texts vs all human texts)');
  const humans = rows.filter((r) => r.label === 'human');
  for (const g of [...new Set(rows.filter((r) => r.label === 'ai').map((r) => r.generator))].sort()) {
    console.log(metricRow(g, [...rows.filter((r) => r.label === 'ai' && r.generator === g), ...humans], scores));
  }
  const all = auroc(rows.map((r) => scores.get(r.id) as number), rows.map((r) => r.label === 'ai'));
  if (!(all >= 0.8)) failures.push(`AUROC ${fmt(all)} < 0.80`);

  // The whole fit (weights and coefficients) redone without the held-out part: the figures to trust.
  const dets = rows.map((r) => detect(r.text));
  // Few AI texts per generator (5 to 21): one text moves its AUROC by several points, so the mis-ranked pairs
  // and a bootstrap interval are printed with it.
  const cvLine = (name: string, cv: CrossValidation): void => {
    console.log(`${name}: pooled AUROC ${fmt(cv.pooled)}, worst ${cv.worst.group} ${fmt(cv.worst.auroc)}`);
    for (const f of cv.folds) {
      const mis = `${fmt(f.misranked, 1).replace(/\.0$/, '')} of ${f.pairs} pairs mis-ranked`;
      console.log(`  ${f.group.padEnd(26)} AUROC ${fmt(f.auroc)}  95% bootstrap ${fmt(f.ci[0])}-${fmt(f.ci[1])}  (ai ${f.ai} vs human ${f.human}, ${mis})`);
    }
  };
  console.log('\n== leave-one-out (the fit redone without the held-out part)');
  const logo = leaveOneGeneratorOut(rows, dets);
  cvLine('leave-one-generator-out (its AI texts and a third of the human texts held out, every third in turn)', logo);
  cvLine('leave-one-domain-out (every text of the domain held out)', leaveOneDomainOut(rows, dets));
  if (!(logo.pooled >= 0.9)) failures.push(`leave-one-generator-out AUROC ${fmt(logo.pooled)} < 0.90`);
  if (!(logo.worst.auroc >= 0.8)) failures.push(`leave-one-generator-out worst generator ${logo.worst.group} ${fmt(logo.worst.auroc)} < 0.80`);
  if (process.argv.includes('--nested')) {
    // Would the training folds alone have chosen the antislop-list input? (about 2,800 fits: opt-in)
    const nested = nestedListCheck(rows, dets);
    console.log(`nested check: an inner leave-one-generator-out on the training texts prefers the antislop-list input in ${nested.chosen} of ${nested.folds} outer folds`);
  }

  const verdicts = new Map<string, number>();
  for (const r of rows) {
    const v = `${r.label}:${scoreText(r.text).verdict}`;
    verdicts.set(v, (verdicts.get(v) ?? 0) + 1);
  }
  console.log(`-- verdicts: ${[...verdicts.entries()].sort().map(([k, v]) => `${k} ${v}`).join(', ')}`);

  console.log('\n== humanize on the AI texts');
  const ai = rows.filter((r) => r.label === 'ai');
  let before = 0;
  let after = 0;
  let kept = 0;
  let total = 0;
  let notIdempotent = 0;
  let lostNumbers = 0;
  let changes = 0;
  // Mean score before and after per generator and per domain: one rule set for all, so a part it fails shows.
  const parts = new Map<string, { n: number; before: number; after: number }>();
  const rewritten = new Map<string, string>();
  const slips = Object.fromEntries(SLIPS.map((k) => [k, 0])) as Record<(typeof SLIPS)[number], number>;
  const t0 = performance.now();
  for (const r of ai) {
    const out = humanize(r.text);
    rewritten.set(r.id, out.text);
    before += out.score_before;
    after += out.score_after;
    for (const key of [`generator ${r.generator}`, `domain ${r.domain}`]) {
      const p = parts.get(key) ?? { n: 0, before: 0, after: 0 };
      p.n++;
      p.before += out.score_before;
      p.after += out.score_after;
      parts.set(key, p);
    }
    changes += out.changes.length;
    const tells = [...detect(r.text).hits.entries()].filter(([id]) => !id.startsWith('cadence.')).flatMap(([, h]) => h);
    const orig = contentWords(r.text, tells);
    const now = contentWords(out.text);
    for (const [w, c] of orig) {
      total += c;
      kept += Math.min(c, now.get(w) ?? 0);
    }
    if (humanize(out.text).text !== out.text) notIdempotent++;
    for (const [k, n] of Object.entries(introducedSlips(r.text, out.text))) slips[k as (typeof SLIPS)[number]] += n;
    // Every number token outside chat-citation artefacts (numbers.ts) must come through, as often as before.
    if (!sameNumbers(r.text, out.text)) lostNumbers++;
  }
  const ms = performance.now() - t0;
  const meanBefore = before / ai.length;
  const meanAfter = after / ai.length;
  const retention = kept / total;
  console.log(`mean score before ${fmt(meanBefore, 1)}, after ${fmt(meanAfter, 1)}: drop ${fmt(meanBefore - meanAfter, 1)} points (${fmt((100 * (meanBefore - meanAfter)) / meanBefore, 1)}%)`);
  console.log(`content words kept (non-tell, non-stopword): ${fmt(100 * retention, 1)}%  edits: ${changes}  not idempotent: ${notIdempotent}  number tokens changed: ${lostNumbers}`);
  const slipTotal = Object.values(slips).reduce((a, b) => a + b, 0);
  console.log(`grammar slips added: ${slipTotal} (${Object.entries(slips).map(([k, n]) => `${k} ${n}`).join(', ')})`);
  if (slipTotal > 0) failures.push(`humanize added ${slipTotal} grammar slips`);
  console.log(`humanize time: ${fmt(ms / ai.length, 2)} ms per text (incl. idempotency re-run)`);
  console.log('-- mean score before -> after, by generator and by domain (halved: after <= before / 2)');
  for (const [key, p] of [...parts.entries()].sort()) {
    const b = p.before / p.n;
    const a = p.after / p.n;
    console.log(`${key.padEnd(36)} n=${String(p.n).padStart(3)}  ${fmt(b, 1).padStart(5)} -> ${fmt(a, 1).padStart(5)}  drop ${fmt((100 * (b - a)) / b, 1).padStart(5)}%${a <= b / 2 ? '' : '  (not halved)'}`);
  }
  // The shipped model was fitted on two thirds of these texts. Judged instead, generator by generator, by a model
  // refitted without that generator's texts, so the judge never saw the texts it scores (before or after).
  console.log('-- judged by a model refitted without the generator (mean score before -> after)');
  let judgedBefore = 0;
  let judgedAfter = 0;
  for (const g of [...new Set(ai.map((r) => r.generator))].sort()) {
    const held = rows.flatMap((r, i) => (r.label === 'ai' && r.generator === g ? [i] : []));
    const out = new Set(held);
    const m = fitModel(dets, rows.map((r) => r.label === 'ai'), rows.map((_, i) => i).filter((i) => !out.has(i)));
    const judge = (d: ReturnType<typeof detect>): number => scoreOf(logit(modelFeatures(d, m.weights), m.coefficients));
    const b = held.reduce((t, i) => t + judge(dets[i] as ReturnType<typeof detect>), 0) / held.length;
    const a = held.reduce((t, i) => t + judge(detect(rewritten.get((rows[i] as LabelledText).id) as string)), 0) / held.length;
    judgedBefore += b * held.length;
    judgedAfter += a * held.length;
    console.log(`generator ${g.padEnd(26)} n=${String(held.length).padStart(3)}  ${fmt(b, 1).padStart(5)} -> ${fmt(a, 1).padStart(5)}  drop ${fmt((100 * (b - a)) / b, 1).padStart(5)}%`);
  }
  console.log(`pooled: ${fmt(judgedBefore / ai.length, 1)} -> ${fmt(judgedAfter / ai.length, 1)}, drop ${fmt((100 * (judgedBefore - judgedAfter)) / judgedBefore, 1)}%`);
  if (!(meanAfter <= meanBefore / 2)) failures.push(`humanize mean ${fmt(meanAfter, 1)} is not half of ${fmt(meanBefore, 1)}`);
  if (!(retention >= 0.9)) failures.push(`content words kept ${fmt(100 * retention, 1)}% < 90%`);
  if (notIdempotent > 0) failures.push(`${notIdempotent} rewrites not idempotent`);
  if (lostNumbers > 0) failures.push(`${lostNumbers} rewrites changed numbers`);

  console.log('\n== throughput: scoring 200,000-character texts (9 runs each)');
  const corpus = fill(ai.map((r) => r.text).join('\n\n'));
  const hostile: [string, string][] = [
    ['bench AI texts concatenated', corpus],
    ['bench human texts concatenated', fill(humans.map((r) => r.text).join('\n\n'))],
    ['"not only " repeated', fill('not only ')],
    ['"it is not just " repeated', fill('it is not just ')],
    ['one 200k-letter word', fill('a')],
    ['em dashes', fill('—')],
    ['backtick runs', fill('`a``b```c')],
    ['one 200k-backtick run', fill('`')],
    ['one 200k-tilde run', fill('~')],
    ['one 200k-dot run', fill('.')],
    ['one 200k-"!" run', fill('!')],
    ['unclosed fence + text', `\`\`\`\n${fill('delve tapestry ', 199_990)}`],
    ['fences', fill('```\nx\n```\n')],
    ['URLs', fill('https://example.com/a?utm_source=chatgpt.com ')],
    ['quotes', fill('"a')],
    ['newlines', fill('\n')],
    ['headings', fill('# Title Case Heading Here\n')],
    ['bold labels', fill('- **Label:** ')],
    ['emoji', fill('✅🚀 ')],
    ['catalogue words', fill('delve tapestry pivotal, highlighting moreover — in the heart of ')],
    ['commas and spaces', fill(', , ,  ')],
    ['brackets', fill('[your ')],
    ['zero-width chars', fill('de\u200blve ')],
  ];
  let worst = 0;
  for (const [name, text] of hostile) {
    const t = timeScore(text);
    worst = Math.max(worst, t.best);
    console.log(`${name.padEnd(32)} fastest ${fmt(t.best, 1).padStart(6)} ms  median ${fmt(t.wall, 1).padStart(6)} ms  cpu ${fmt(t.cpu, 1).padStart(6)} ms`);
  }
  console.log(`slowest input: ${fmt(worst, 1)} ms at its fastest run (target < 100 ms); load average ${os.loadavg()[0]?.toFixed(2)} on ${os.cpus().length} cores`);
  if (!(worst < 100)) failures.push(`slowest 200k score ${fmt(worst, 1)} ms >= 100 ms`);

  console.log(failures.length === 0 ? '\nall targets met' : `\nTARGETS MISSED:\n- ${failures.join('\n- ')}`);
  if (failures.length > 0) process.exitCode = 1;
}

main();
