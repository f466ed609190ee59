// Per-run cost from a snapshot price schedule: the price set in force on a date, tier selection, token arithmetic.
import type { PriceSchedule, PriceSet, PriceValue } from './data/snapshot-types.ts';
import type { Output } from './tool.ts';

/** Tokens per run (`input` includes the cached ones), as the answer's `cost.tokens` shows them. */
export type RunTokens = Output['cost']['tokens'];
type PricesUsed = Output['cost']['prices_used'];

export interface RunCost {
  per_run: number;
  breakdown: Output['cost']['breakdown'];
  prices_used: PricesUsed;
}

/** The last price set whose start_date is on or before `date` (YYYY-MM-DD); the first set when none started yet. */
export function priceSetOn(schedule: PriceSchedule, date: string): PriceSet {
  let chosen = schedule[0] as PriceSet;
  for (const set of schedule) {
    if (set.start_date === null || set.start_date <= date) chosen = set;
  }
  return chosen;
}

/** Tiered prices are cliffs: once input tokens pass a tier's start, every token of that kind pays the tier price. */
export function unitPrice(value: PriceValue, inputTokens: number): { price: number; tier: number | null } {
  if (typeof value === 'number') return { price: value, tier: null };
  let price = value.base;
  let tier: number | null = null;
  for (const t of value.tiers) {
    if (inputTokens > t.start) {
      price = t.price;
      tier = t.start;
    }
  }
  return { price, tier };
}

export function basePrice(value: PriceValue): number {
  return typeof value === 'number' ? value : value.base;
}

/** Round money to a millionth of a dollar so that outputs are stable across platforms. */
export function roundUsd(x: number, decimals = 6): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

export function runCost(schedule: PriceSchedule, date: string, tokens: RunTokens): RunCost {
  const set = priceSetOn(schedule, date);
  const inp = unitPrice(set.input_mtok, tokens.input);
  const out = unitPrice(set.output_mtok, tokens.input);
  const cr = set.cache_read_mtok !== undefined ? unitPrice(set.cache_read_mtok, tokens.input) : undefined;
  const cw = set.cache_write_mtok !== undefined ? unitPrice(set.cache_write_mtok, tokens.input) : undefined;
  const crPrice = cr?.price ?? inp.price;
  const cwPrice = cw?.price ?? inp.price;
  const uncached = tokens.input - tokens.cache_read - tokens.cache_write;
  const breakdown = {
    input: (uncached * inp.price) / 1e6,
    output: (tokens.output * out.price) / 1e6,
    cache_read: (tokens.cache_read * crPrice) / 1e6,
    cache_write: (tokens.cache_write * cwPrice) / 1e6,
  };
  const per = breakdown.input + breakdown.output + breakdown.cache_read + breakdown.cache_write;
  const tier = inp.tier ?? out.tier;
  return {
    per_run: per,
    breakdown,
    prices_used: {
      input_per_mtok: inp.price,
      output_per_mtok: out.price,
      cache_read_per_mtok: crPrice,
      cache_write_per_mtok: cwPrice,
      tier_above_input_tokens: tier,
      price_since: set.start_date,
      cache_at_input_price: (tokens.cache_read > 0 && cr === undefined) || (tokens.cache_write > 0 && cw === undefined),
    },
  };
}
