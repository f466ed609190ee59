// model-advisor engine: filter the snapshot by hard constraints, score quality proxy against cost, explain the pick.
import { ToolError } from '../kit/contract.ts';
import type { SnapshotFile, SnapshotModel } from './data/snapshot-types.ts';
import { classifyTask } from './classify.ts';
import type { Classification } from './classify.ts';
import { basePrice, priceSetOn, roundUsd, runCost } from './pricing.ts';
import type { RunCost, RunTokens } from './pricing.ts';
import type { Input, Output } from './tool.ts';

type Priority = Input['priority'];
type AsOfSource = Output['recommended']['as_of_source'];
type Alternative = Output['fallback_chain'][number];
type ExcludedCounts = Output['candidates']['excluded'];

/** A run this many powers of ten dearer than the cheapest eligible one gets the floor cost score. */
const COST_DECADES = 3;
const COST_FLOOR = 0.05;

/** Score exponents per priority: [quality proxy, cost]; score = quality^wq x cost^wc. */
const WEIGHTS: Readonly<Record<Priority, readonly [number, number]>> = {
  quality: [0.85, 0.15],
  balanced: [0.5, 0.5],
  cost: [0.2, 0.8],
};

/** A model this many months older than the newest in the snapshot gets no recency credit. */
const RECENCY_MONTHS = 24;
/** Quality proxy weights: price position, recency, reasoning mode. */
const Q_LINEUP = 0.5;
const Q_RECENCY = 0.35;
const Q_REASONING = 0.15;
/** Price checks older than this (months before the snapshot date) cost 0.01 a month, up to STALE_CAP. */
const STALE_AFTER_MONTHS = 6;
const STALE_CAP = 0.15;
/** Fewest distinct tier prices a provider needs before its own lineup counts. */
const MIN_LINEUP = 3;
const CODING_SPECIALISED = /cod(e|ex|estral)|devstral/;
/**
 * How far a fallback's quality proxy may trail the recommended model's, as a share of it: beyond that it is another
 * class of model (relative, so it holds whether the recommendation is a frontier model or a cheap one).
 */
const FALLBACK_MARGIN = 0.15;
/** Models made for translation only (Cohere's command-a-translate). */
const TRANSLATION_SPECIALISED = /translate/;

interface Scored {
  model: SnapshotModel;
  cost: RunCost;
  quality: number;
  costScore: number;
  score: number;
  notes: string[];
  lineupProvider: number;
  lineupOverall: number;
  monthsOld: number | null;
}

function monthsBetween(older: string, newer: string): number {
  const [y1, m1] = older.split('-').map(Number) as [number, number];
  const [y2, m2] = newer.split('-').map(Number) as [number, number];
  return (y2 - y1) * 12 + (m2 - m1);
}

/** Percentile of `value` among `all` (0 cheapest .. 1 dearest); ties share the lower rank. */
function percentile(value: number, all: readonly number[]): number {
  if (all.length <= 1) return 1;
  const below = all.filter((v) => v < value).length;
  return below / (all.length - 1);
}

function blended(m: SnapshotModel, date: string): number {
  const set = priceSetOn(m.prices, date);
  // 3:1 input:output is the usual blend for comparing list prices.
  return (3 * basePrice(set.input_mtok) + basePrice(set.output_mtok)) / 4;
}

/** Each model's tier price: the blended price of the newest model of its family (itself when it has none). */
function familyPricePoints(snapshot: SnapshotFile, date: string): Map<SnapshotModel, number> {
  const newestOf = new Map<string, SnapshotModel>();
  const key = (m: SnapshotModel): string => `${m.provider}/${m.family ?? m.id}`;
  for (const m of snapshot.models) {
    const cur = newestOf.get(key(m));
    const newer =
      !cur ||
      (m.release_date ?? '') > (cur.release_date ?? '') ||
      ((m.release_date ?? '') === (cur.release_date ?? '') && blended(m, date) > blended(cur, date));
    if (newer) newestOf.set(key(m), m);
  }
  return new Map(snapshot.models.map((m) => [m, blended(newestOf.get(key(m)) as SnapshotModel, date)]));
}

function asOf(m: SnapshotModel, date: string, snapshotDate: string): { as_of: string; source: AsOfSource } {
  // A price the cross-check took from models.dev is dated by models.dev's entry, not by genai-prices' check.
  if (m.price_source === 'models.dev') {
    const d = m.source_prices.models_dev?.date;
    return d ? { as_of: d, source: 'models_dev_last_updated' } : { as_of: snapshotDate, source: 'snapshot_date' };
  }
  if (m.prices_checked) return { as_of: m.prices_checked, source: 'prices_checked' };
  const set = priceSetOn(m.prices, date);
  if (set.start_date) return { as_of: set.start_date, source: 'price_start_date' };
  return { as_of: snapshotDate, source: 'snapshot_date' };
}

function fmtUsd(x: number): string {
  if (x === 0) return '$0';
  if (x >= 100) return `$${x.toFixed(2)}`;
  const digits = Math.max(2, Math.min(6, 1 - Math.floor(Math.log10(x)) + 2));
  return `$${x.toFixed(digits)}`;
}

function fmtInt(n: number): string {
  return n.toLocaleString('en-US');
}

/** Task fit: adjustments to the quality proxy that depend on what the task is, with the note that explains each. */
export function taskFit(m: SnapshotModel, cls: Classification): { delta: number; notes: string[] } {
  const notes: string[] = [];
  let delta = 0;
  const specialised = CODING_SPECIALISED.test(m.id);
  const codingish = cls.category === 'coding' || cls.also.includes('coding');
  if (cls.category === 'coding' && specialised) {
    delta += 0.08;
    notes.push('+0.08 coding-specialised model');
  } else if (!codingish && specialised) {
    delta -= 0.2;
    notes.push('-0.20 coding-specialised model on a non-coding task');
  }
  // A translation model is the best tool for a translation and a poor general one, like a coding model.
  if (TRANSLATION_SPECIALISED.test(m.id)) {
    if (cls.category === 'translation') {
      delta += 0.08;
      notes.push('+0.08 translation-specialised model');
    } else {
      delta -= 0.2;
      notes.push('-0.20 translation-specialised model on a non-translation task');
    }
  }
  const reasoningTask = cls.category === 'reasoning' || cls.category === 'coding';
  if (reasoningTask && !m.reasoning) {
    delta -= 0.15;
    notes.push(`-0.15 no reasoning mode for a ${cls.category} task`);
  }
  if (cls.category === 'extraction') {
    if (m.json === 'native') {
      delta += 0.05;
      notes.push('+0.05 native structured output for extraction');
    } else if (m.json === 'none') {
      delta -= 0.1;
      notes.push('-0.10 no structured output or tool calling for extraction');
    }
  }
  if (cls.category === 'long_context' && m.context_window >= 1_000_000) {
    delta += 0.05;
    notes.push('+0.05 context of 1M tokens or more for a long-context task');
  }
  return { delta, notes };
}

/** What the validation step settles before the call is charged, handed to `advise`. */
export interface PreparedAdvice {
  cls: Classification;
  requireVision: boolean;
  neededContext: number;
  tokens: RunTokens;
  /** Models meeting every constraint that does not depend on the date, in snapshot order. */
  candidates: SnapshotModel[];
  /** Models excluded by those constraints, each under the first it fails (max_cost_per_run: dearer under every price). */
  excluded: ExcludedCounts;
}

function noModel(excluded: ExcludedCounts, snapshot: SnapshotFile, cls: Classification): ToolError {
  return new ToolError(400, 'no_model_matches_constraints', 'No model in the price snapshot meets every constraint; relax one of those counted in `excluded`.', {
    excluded,
    in_snapshot: snapshot.models.length,
    task_category: cls.category,
  });
}

/**
 * The part of the advice that can refuse the request, pure and without the date, so a request no model can meet is
 * refused before the credit is charged: classification, the capability filters, and the budget against each
 * model's cheapest price set (a model dearer than the budget under every price it ever has cannot pass on any date).
 */
export function prepareAdvice(input: Input, snapshot: SnapshotFile): PreparedAdvice {
  const cls = classifyTask({
    task: input.task,
    input_tokens: input.input_tokens,
    needs_vision: input.needs_vision,
    min_context_tokens: input.min_context_tokens,
  });
  const requireVision = input.needs_vision || cls.category === 'vision';
  const neededContext = Math.max(input.min_context_tokens ?? 0, input.input_tokens + input.output_tokens);
  const tokens: RunTokens = {
    input: input.input_tokens,
    output: input.output_tokens,
    cache_read: input.cache_read_tokens,
    cache_write: input.cache_write_tokens,
  };
  const excluded: ExcludedCounts = { provider: 0, needs_tools: 0, needs_vision: 0, needs_json: 0, context_window: 0, max_output_tokens: 0, max_cost_per_run: 0 };
  const allowed = input.providers ? new Set(input.providers) : undefined;
  const candidates: SnapshotModel[] = [];
  // Constraints are checked in a fixed order and each model is counted once, under the first it fails.
  for (const m of snapshot.models) {
    if (allowed && !allowed.has(m.provider)) excluded.provider++;
    else if (input.needs_tools && !m.tools) excluded.needs_tools++;
    else if (requireVision && !m.vision) excluded.needs_vision++;
    else if (input.needs_json && m.json === 'none') excluded.needs_json++;
    else if (m.context_window < neededContext) excluded.context_window++;
    else if (m.max_output_tokens !== null && m.max_output_tokens < input.output_tokens) excluded.max_output_tokens++;
    else if (input.max_cost_per_run !== undefined && Math.min(...m.prices.map((set) => runCost([set], '9999-12-31', tokens).per_run)) > input.max_cost_per_run) {
      excluded.max_cost_per_run++;
    } else candidates.push(m);
  }
  if (candidates.length === 0) throw noModel(excluded, snapshot, cls);
  return { cls, requireVision, neededContext, tokens, candidates, excluded };
}

type Priced = { model: SnapshotModel; cost: RunCost };

/** The budget again with the prices in force today: rare, but a scheduled rise can put a candidate over it. */
function eligibleToday(input: Input, prepared: PreparedAdvice, today: string): { eligible: Priced[]; excluded: ExcludedCounts } {
  const excluded: ExcludedCounts = { ...prepared.excluded };
  const eligible: Priced[] = [];
  for (const m of prepared.candidates) {
    const cost = runCost(m.prices, today, prepared.tokens);
    if (input.max_cost_per_run !== undefined && cost.per_run > input.max_cost_per_run) excluded.max_cost_per_run++;
    else eligible.push({ model: m, cost });
  }
  return { eligible, excluded };
}

/** Quality proxy and cost score of every eligible model, best first. */
function scoreEligible(eligible: readonly Priced[], snapshot: SnapshotFile, today: string, cls: Classification, priority: Priority): { scored: Scored[]; cheapest: number } {
  // Quality proxy inputs are computed over the whole snapshot so that a model's standing does not depend on
  // which others the caller's constraints removed. A model's tier is its family's current price point (the
  // newest member's price), so an old flagship at an old high price does not outrank its own successor.
  const tierPrice = familyPricePoints(snapshot, today);
  const allPrices = snapshot.models.map((m) => tierPrice.get(m) as number);
  const byProvider = new Map<string, number[]>();
  for (const m of snapshot.models) byProvider.set(m.provider, [...(byProvider.get(m.provider) ?? []), tierPrice.get(m) as number]);
  const newest = snapshot.models.reduce((acc, m) => (m.release_date && m.release_date > acc ? m.release_date : acc), '0000-00');

  const cheapest = Math.min(...eligible.map((e) => Math.max(e.cost.per_run, 1e-12)));
  const [wq, wc] = WEIGHTS[priority];

  const scored: Scored[] = eligible.map(({ model: m, cost }) => {
    const p = tierPrice.get(m) as number;
    const peers = byProvider.get(m.provider) as number[];
    const lineupOverall = percentile(p, allPrices);
    // A lineup of one or two says nothing about where a model sits: fall back to the overall position.
    const lineupProvider = new Set(peers).size >= MIN_LINEUP ? percentile(p, peers) : lineupOverall;
    const monthsOld = m.release_date ? Math.max(0, monthsBetween(m.release_date, newest)) : null;
    const recency = monthsOld === null ? 0 : Math.max(0, 1 - monthsOld / RECENCY_MONTHS);
    const base = Q_LINEUP * (0.5 * lineupProvider + 0.5 * lineupOverall) + Q_RECENCY * recency + Q_REASONING * (m.reasoning ? 1 : 0);
    const fit = taskFit(m, cls);
    const checked = asOf(m, today, snapshot.data_as_of).as_of;
    const staleMonths = Math.max(0, monthsBetween(checked, snapshot.data_as_of) - STALE_AFTER_MONTHS);
    const stale = Math.min(STALE_CAP, staleMonths * 0.01);
    if (stale > 0) fit.notes.push(`-${stale.toFixed(2)} price last checked ${checked}, over ${STALE_AFTER_MONTHS} months before the snapshot`);
    const quality = Math.min(1, Math.max(0, base + fit.delta - stale));
    const decades = Math.log10(Math.max(cost.per_run, 1e-12) / cheapest);
    const costScore = Math.max(COST_FLOOR, 1 - decades / COST_DECADES);
    // A weighted geometric mean: a model has to be decent on both axes, so balanced lands in the middle of
    // the market instead of at whichever extreme a straight sum happens to favour.
    const score = Math.max(quality, 0.01) ** wq * costScore ** wc;
    return { model: m, cost, quality, costScore, score, notes: fit.notes, lineupProvider, lineupOverall, monthsOld };
  });
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      a.cost.per_run - b.cost.per_run ||
      a.model.provider.localeCompare(b.model.provider) ||
      a.model.id.localeCompare(b.model.id),
  );
  return { scored, cheapest };
}

/**
 * A fallback stands in for the recommended model when it is unavailable, so it must be of the same class: within
 * FALLBACK_MARGIN of its quality proxy. A model far below (a small open model behind a frontier coding model) would
 * keep the service up but fail the task; it is left out, even if that shortens the chain.
 */
function fallbackChain(scored: readonly Scored[], maxFallbacks: number): { chain: Scored[]; note: string } {
  const best = scored[0] as Scored;
  const qualityFloor = best.quality * (1 - FALLBACK_MARGIN);
  const substitutes = scored.slice(1).filter((s) => s.quality >= qualityFloor);
  const chain: Scored[] = [];
  const usedProviders = new Set([best.model.provider]);
  // Different providers first (an outage or a policy change rarely hits two at once), then the next best.
  for (const s of substitutes) {
    if (chain.length >= maxFallbacks) break;
    if (!usedProviders.has(s.model.provider)) {
      chain.push(s);
      usedProviders.add(s.model.provider);
    }
  }
  for (const s of substitutes) {
    if (chain.length >= maxFallbacks) break;
    if (!chain.includes(s)) chain.push(s);
  }
  const leftOut = scored.length - 1 - substitutes.length;
  const pct = Math.round(FALLBACK_MARGIN * 100);
  const note = [
    `Fallbacks are eligible models within ${pct}% of the recommended model's quality proxy (${best.quality.toFixed(2)}, so at least ${qualityFloor.toFixed(2)}), other providers first, then the next best.`,
    leftOut > 0 ? `${leftOut} eligible model${leftOut === 1 ? '' : 's'} trail${leftOut === 1 ? 's' : ''} further and ${leftOut === 1 ? 'is' : 'are'} left out as a different class.` : 'No eligible model trails further.',
    chain.length < maxFallbacks
      ? `The chain has ${chain.length} of the ${maxFallbacks} asked for: ${substitutes.length === chain.length ? 'no other eligible model is in the same class' : 'the rest are in the chain already'}.`
      : '',
  ]
    .filter((x) => x !== '')
    .join(' ');
  return { chain, note };
}

function taskLine(cls: Classification): string {
  if (cls.fallback) return `Task not recognised, so treated as chat: ${cls.fallback}`;
  const words = cls.matched[cls.category];
  const why = words.length > 0 ? `matched ${words.slice(0, 5).map((w) => `"${w}"`).join(', ')}` : cls.signals[0] ?? 'no keywords';
  const flags = cls.signals.filter((s) => s.includes('>=') || s.startsWith('needs_vision'));
  const also = cls.also.length > 0 ? `; also ${cls.also.join(', ')}` : '';
  return `Task classified as ${cls.category} (${why}${flags.length > 0 && words.length > 0 ? `; ${flags.join('; ')}` : ''}${also}).`;
}

function qualityLine(s: Scored): string {
  const age = s.monthsOld === null ? 'release date unknown' : `released ${s.model.release_date} (${s.monthsOld} months before the newest in the snapshot)`;
  const extras = [s.model.reasoning ? 'reasoning mode' : 'no reasoning mode', ...s.notes];
  return `quality proxy ${s.quality.toFixed(2)}: tier price position ${s.lineupProvider.toFixed(2)} in ${s.model.provider}'s lineup and ${s.lineupOverall.toFixed(2)} overall, ${age}, ${extras.join(', ')}`;
}

function costRatio(s: Scored, cheapest: number): string {
  const r = s.cost.per_run / cheapest;
  return r < 1.005 ? 'the cheapest eligible' : `${r < 10 ? r.toFixed(1) : Math.round(r)}x the cheapest eligible`;
}

/** What the explanations need besides the model they explain. */
interface Explaining {
  input: Input;
  prepared: PreparedAdvice;
  snapshot: SnapshotFile;
  today: string;
  best: Scored;
  cheapest: number;
  eligible: number;
}

/** Why the recommended model: the task, the score and its parts, the constraints met, the price date. */
function recommendationReason(x: Explaining): string {
  const { input, prepared, best, snapshot } = x;
  const [wq, wc] = WEIGHTS[input.priority];
  const needs: string[] = [];
  if (input.needs_tools) needs.push('tool calling');
  if (prepared.requireVision) needs.push('image input');
  if (input.needs_json) needs.push('JSON output');
  needs.push(`context ${fmtInt(best.model.context_window)} >= ${fmtInt(prepared.neededContext)} tokens`);
  const asOfBest = asOf(best.model, x.today, snapshot.data_as_of);
  const pu = best.cost.prices_used;
  const priceText = `${fmtUsd(pu.input_per_mtok)}/M input, ${fmtUsd(pu.output_per_mtok)}/M output${pu.tier_above_input_tokens !== null ? ` (long-context tier above ${fmtInt(pu.tier_above_input_tokens)} input tokens)` : ''}`;
  return [
    taskLine(prepared.cls),
    `Priority ${input.priority}: score ${best.score.toFixed(2)} = quality^${wq} x cost^${wc}, with ${qualityLine(best)}; cost score ${best.costScore.toFixed(2)} (${fmtUsd(best.cost.per_run)} per run at ${priceText}, ${costRatio(best, x.cheapest)}).`,
    `Meets ${needs.join(', ')}. ${x.eligible} of ${snapshot.models.length} models met the constraints.`,
    `Price as of ${asOfBest.as_of} (${asOfBest.source.replace(/_/g, ' ')}).`,
  ].join(' ');
}

/** What choosing this fallback gives up or gains against the recommended model, in its own terms. */
function tradeOff(s: Scored, best: Scored, requireVision: boolean): string {
  const dq = s.quality - best.quality;
  const rel = best.quality > 0 ? Math.abs(dq) / best.quality : 0;
  const quality =
    Math.abs(dq) < 0.005
      ? `same quality proxy (${s.quality.toFixed(2)})`
      : `quality proxy ${s.quality.toFixed(2)} vs ${best.quality.toFixed(2)} (${Math.round(rel * 100)}% ${dq < 0 ? 'lower' : 'higher'})`;
  const ratio = best.cost.per_run > 0 ? s.cost.per_run / best.cost.per_run : 1;
  const cost =
    Math.abs(ratio - 1) < 0.005
      ? `the same cost per run (${fmtUsd(s.cost.per_run)})`
      : `${ratio < 10 ? ratio.toFixed(2) : Math.round(ratio)}x the cost per run (${fmtUsd(s.cost.per_run)} vs ${fmtUsd(best.cost.per_run)}, ${ratio < 1 ? 'cheaper' : 'dearer'})`;
  const diffs: string[] = [];
  if (s.model.reasoning !== best.model.reasoning) diffs.push(s.model.reasoning ? 'adds a reasoning mode' : 'has no reasoning mode');
  if (s.model.context_window !== best.model.context_window) diffs.push(`${fmtInt(s.model.context_window)}-token context vs ${fmtInt(best.model.context_window)}`);
  if ((s.model.json === 'native') !== (best.model.json === 'native')) diffs.push(s.model.json === 'native' ? 'adds native structured output' : 'no native structured output');
  if (s.model.vision !== best.model.vision && !requireVision) diffs.push(s.model.vision ? 'also reads images' : 'reads no images');
  return `Trade-off against ${best.model.id}: ${quality}; ${cost}${diffs.length > 0 ? `; ${diffs.join(', ')}` : ''}.`;
}

/** The i-th fallback as the answer shows it. */
function alternative(x: Explaining, chain: readonly Scored[], s: Scored, i: number): Alternative {
  const a = asOf(s.model, x.today, x.snapshot.data_as_of);
  const earlier = [x.best, ...chain.slice(0, i)].some((e) => e.model.provider === s.model.provider);
  const role = earlier
    ? `provider already chosen (${s.model.provider}): every other allowed provider with a model of this class is already in the chain`
    : `different provider (${s.model.provider})`;
  return {
    model: s.model.id,
    provider: s.model.provider,
    as_of: a.as_of,
    reason: `Fallback ${i + 1}, ${role}. ${tradeOff(s, x.best, x.prepared.requireVision)} Score ${s.score.toFixed(2)}: ${qualityLine(s)}; cost score ${s.costScore.toFixed(2)}, ${fmtUsd(s.cost.per_run)} per run (${costRatio(s, x.cheapest)}). Price as of ${a.as_of} (${a.source.replace(/_/g, ' ')}).`,
    cost_per_run: roundUsd(s.cost.per_run),
  };
}

const roundBreakdown = (b: RunCost['breakdown']): RunCost['breakdown'] => ({
  input: roundUsd(b.input),
  output: roundUsd(b.output),
  cache_read: roundUsd(b.cache_read),
  cache_write: roundUsd(b.cache_write),
});

export function advise(input: Input, snapshot: SnapshotFile, today: string, prepared: PreparedAdvice = prepareAdvice(input, snapshot)): Output {
  const { cls, tokens } = prepared;
  const { eligible, excluded } = eligibleToday(input, prepared, today);
  if (eligible.length === 0) throw noModel(excluded, snapshot, cls);
  const { scored, cheapest } = scoreEligible(eligible, snapshot, today, cls, input.priority);
  const best = scored[0] as Scored;
  const { chain, note } = fallbackChain(scored, input.max_fallbacks);
  const x: Explaining = { input, prepared, snapshot, today, best, cheapest, eligible: eligible.length };
  const asOfBest = asOf(best.model, today, snapshot.data_as_of);
  return {
    recommended: {
      model: best.model.id,
      provider: best.model.provider,
      as_of: asOfBest.as_of,
      as_of_source: asOfBest.source,
      reason: recommendationReason(x),
      cost_per_run: roundUsd(best.cost.per_run),
      score: roundUsd(best.score, 4),
    },
    fallback_chain: chain.map((s, i) => alternative(x, chain, s, i)),
    fallback_note: note,
    cost: {
      currency: 'USD',
      per_run: roundUsd(best.cost.per_run),
      per_month: roundUsd(best.cost.per_run * input.runs_per_month, 4),
      runs_per_month: input.runs_per_month,
      model: best.model.id,
      tokens,
      prices_used: best.cost.prices_used,
      breakdown: roundBreakdown(best.cost.breakdown),
    },
    task: { category: cls.category, also_matched: cls.also, signals: cls.signals, fallback: cls.fallback },
    candidates: { in_snapshot: snapshot.models.length, eligible: eligible.length, excluded },
    data_as_of: snapshot.data_as_of,
    data_sources: snapshot.sources.map((s) => ({ name: s.name, commit: s.commit, licence: s.licence })),
  };
}
