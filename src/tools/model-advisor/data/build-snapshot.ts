// Rebuilds price-snapshot.json from checkouts of pydantic/genai-prices and models.dev (run with tsx; not used at runtime).
//
// Usage:
//   npx tsx src/tools/model-advisor/data/build-snapshot.ts <genai-prices-dir> <models-dev-dir> \
//     [--genai-prices-commit SHA --genai-prices-date YYYY-MM-DD] [--models-dev-commit SHA --models-dev-date YYYY-MM-DD] \
//     [--out path] [--decisions path]
//
// Commit and date are read with `git -C <dir> log -1` when the directory is a git work tree; the flags are for
// exported trees (git archive) that carry no history. Prices, price history and prices_checked come from
// genai-prices (prices/providers/*.yml); capability flags, modalities, limits and release dates come from
// models.dev (providers/<id>/models/*.toml, inheriting models/<base>.toml through base_model). Both are MIT.
//
// Prices are cross-checked: models.dev records a price too (`[cost]`, dated by the model's `last_updated`). Where the
// two disagree, the newer-dated one is kept; where the dates cannot decide (equal or missing), a decision recorded in
// data/price-decisions.json must say which and why, or the build fails. Every disagreement and its outcome is written
// to the snapshot's `price_crosscheck`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { priceSetOn } from '../pricing.ts';
import type { JsonSupport, PriceDisagreement, PriceSchedule, PriceSet, PriceSource, PriceValue, SnapshotFile, SnapshotModel, SnapshotProvider, SourcePrice } from './snapshot-types.ts';

/** genai-prices provider file -> models.dev provider folder. Model makers only (no resellers or hosts). */
const PROVIDERS: readonly { genai: string; modelsDev: string; id: string }[] = [
  { genai: 'anthropic', modelsDev: 'anthropic', id: 'anthropic' },
  { genai: 'cohere', modelsDev: 'cohere', id: 'cohere' },
  { genai: 'deepseek', modelsDev: 'deepseek', id: 'deepseek' },
  { genai: 'google', modelsDev: 'google', id: 'google' },
  { genai: 'mistral', modelsDev: 'mistral', id: 'mistral' },
  { genai: 'moonshotai', modelsDev: 'moonshotai', id: 'moonshotai' },
  { genai: 'openai', modelsDev: 'openai', id: 'openai' },
  { genai: 'x_ai', modelsDev: 'xai', id: 'xai' },
  { genai: 'zai', modelsDev: 'zai', id: 'zai' },
];

const PRICE_KEYS = ['input_mtok', 'output_mtok', 'cache_read_mtok', 'cache_write_mtok'] as const;
type PriceKey = (typeof PRICE_KEYS)[number];

type Json = Record<string, unknown>;

interface Args {
  genaiDir: string;
  modelsDevDir: string;
  genaiCommit?: string;
  genaiDate?: string;
  modelsDevCommit?: string;
  modelsDevDate?: string;
  out: string;
  decisions: string;
}

function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a.startsWith('--')) {
      const v = argv[i + 1];
      if (v === undefined) throw new Error(`missing value for ${a}`);
      flags[a.slice(2)] = v;
      i++;
    } else positional.push(a);
  }
  const [genaiDir, modelsDevDir] = positional;
  if (!genaiDir || !modelsDevDir) {
    throw new Error('usage: build-snapshot.ts <genai-prices-dir> <models-dev-dir> [--genai-prices-commit SHA --genai-prices-date YYYY-MM-DD --models-dev-commit SHA --models-dev-date YYYY-MM-DD --out file --decisions file]');
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  return {
    genaiDir,
    modelsDevDir,
    genaiCommit: flags['genai-prices-commit'],
    genaiDate: flags['genai-prices-date'],
    modelsDevCommit: flags['models-dev-commit'],
    modelsDevDate: flags['models-dev-date'],
    out: flags.out ?? path.join(here, 'price-snapshot.json'),
    decisions: flags.decisions ?? path.join(here, 'price-decisions.json'),
  };
}

function gitHead(dir: string): { commit: string; date: string } | undefined {
  try {
    const out = execFileSync('git', ['-C', dir, 'log', '-1', '--format=%H %cs'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const [commit, date] = out.split(' ');
    if (commit && date && /^[0-9a-f]{40}$/.test(commit)) return { commit, date };
  } catch {
    // not a git work tree: the flags must say where the tree came from
  }
  return undefined;
}

function provenance(dir: string, commit: string | undefined, date: string | undefined, label: string): { commit: string; date: string } {
  if (commit && date) return { commit, date };
  const g = gitHead(dir);
  if (g) return g;
  throw new Error(`${label}: ${dir} is not a git work tree; pass --${label}-commit and --${label}-date`);
}

// ---- genai-prices match clauses (same semantics as the library: case-insensitive except regex) ----
function clauseMatches(clause: unknown, text: string): boolean {
  if (!clause || typeof clause !== 'object') return false;
  const c = clause as Json;
  const t = text.toLowerCase();
  if (typeof c.starts_with === 'string') return t.startsWith(c.starts_with.toLowerCase());
  if (typeof c.ends_with === 'string') return t.endsWith(c.ends_with.toLowerCase());
  if (typeof c.contains === 'string') return t.includes(c.contains.toLowerCase());
  if (typeof c.equals === 'string') return t === c.equals.toLowerCase();
  if (typeof c.regex === 'string') return new RegExp(c.regex).test(text);
  if (Array.isArray(c.or)) return c.or.some((x) => clauseMatches(x, text));
  if (Array.isArray(c.and)) return c.and.every((x) => clauseMatches(x, text));
  return false;
}

function priceValue(v: unknown): PriceValue | undefined {
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0) return v;
  if (v && typeof v === 'object') {
    const o = v as Json;
    if (typeof o.base === 'number' && Array.isArray(o.tiers)) {
      const tiers = o.tiers
        .map((t) => t as Json)
        .filter((t) => typeof t.start === 'number' && typeof t.price === 'number')
        .map((t) => ({ start: t.start as number, price: t.price as number }))
        .sort((a, b) => a.start - b.start);
      return { base: o.base, tiers };
    }
  }
  return undefined;
}

function maxPrice(a: PriceValue | undefined, b: PriceValue | undefined): PriceValue | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const base = (p: PriceValue): number => (typeof p === 'number' ? p : p.base);
  return base(b) > base(a) ? b : a;
}

/**
 * genai-prices prices are either one price set or a list of conditional ones. Start-date conditions become a
 * schedule; time-of-day conditions (off-peak discounts) are folded into one set at the higher price, because
 * a per-run estimate cannot know when the calls will be made.
 */
function schedule(raw: unknown): { schedule: PriceSchedule; timeOfDay: boolean } | undefined {
  const toSet = (p: Json): Partial<Record<PriceKey, PriceValue>> => {
    const out: Partial<Record<PriceKey, PriceValue>> = {};
    for (const k of PRICE_KEYS) {
      const v = priceValue(p[k]);
      if (v !== undefined) out[k] = v;
    }
    // Anthropic-style split cache writes: the 5-minute write is the default cache write.
    if (out.cache_write_mtok === undefined) {
      const v = priceValue(p.cache_write_5m_mtok);
      if (v !== undefined) out.cache_write_mtok = v;
    }
    return out;
  };
  let timeOfDay = false;
  const entries: { start_date: string | null; set: Partial<Record<PriceKey, PriceValue>> }[] = [];
  if (Array.isArray(raw)) {
    for (const item of raw) {
      const it = item as Json;
      const constraint = (it.constraint ?? null) as Json | null;
      const set = toSet((it.prices ?? {}) as Json);
      if (constraint && typeof constraint.start_time === 'string') {
        timeOfDay = true;
        const first = entries[entries.length - 1];
        if (first) for (const k of PRICE_KEYS) first.set[k] = maxPrice(first.set[k], set[k]);
        continue;
      }
      const start = constraint && typeof constraint.start_date === 'string' ? constraint.start_date : null;
      entries.push({ start_date: start, set });
    }
  } else if (raw && typeof raw === 'object') {
    entries.push({ start_date: null, set: toSet(raw as Json) });
  }
  const sched: PriceSchedule = [];
  for (const e of entries) {
    const input = e.set.input_mtok;
    const output = e.set.output_mtok;
    if (input === undefined || output === undefined) return undefined;
    sched.push({
      start_date: e.start_date,
      input_mtok: input,
      output_mtok: output,
      ...(e.set.cache_read_mtok !== undefined ? { cache_read_mtok: e.set.cache_read_mtok } : {}),
      ...(e.set.cache_write_mtok !== undefined ? { cache_write_mtok: e.set.cache_write_mtok } : {}),
    });
  }
  if (sched.length === 0) return undefined;
  sched.sort((a, b) => (a.start_date ?? '').localeCompare(b.start_date ?? ''));
  return { schedule: sched, timeOfDay };
}

// ---- models.dev ----
function isPlainObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

function deepMerge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = isPlainObject(b) && isPlainObject(v) ? deepMerge(b, v) : v;
  }
  return out;
}

function readModelsDev(dir: string, provider: string): Map<string, Json> {
  const folder = path.join(dir, 'providers', provider, 'models');
  const out = new Map<string, Json>();
  const walk = (sub: string): void => {
    for (const ent of readdirSync(path.join(folder, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${ent.name}` : ent.name;
      if (ent.isDirectory()) walk(rel);
      else if (ent.name.endsWith('.toml')) {
        let data = parseToml(readFileSync(path.join(folder, rel), 'utf8')) as Json;
        if (typeof data.base_model === 'string') {
          const basePath = path.join(dir, 'models', `${data.base_model}.toml`);
          if (existsSync(basePath)) data = deepMerge(parseToml(readFileSync(basePath, 'utf8')) as Json, data);
        }
        out.set(rel.slice(0, -'.toml'.length), data);
      }
    }
  };
  walk('');
  return out;
}

const DATED = /-(?:\d{8}|\d{4}-\d{2}-\d{2}|\d{4}|\d{2}-\d{4})$/;
/** Ids that are not general text-generation models even when their modalities say text in, text out. */
const NOT_CHAT = /embed|moderation|tts|transcribe|realtime|audio|image|search|deep-research/;

/** Third-party models a provider hosts (Claude on Vertex): not the provider's own lineup. */
const HOSTED: Readonly<Record<string, RegExp>> = { google: /^claude/ };

function stem(id: string): string {
  return id.replace(/-latest$/, '').replace(DATED, '').replace(/-0$/, '');
}

/**
 * One model often has several ids: a plain name, dated pins and a moving `-latest` pointer. A pin or pointer
 * folds into the plain id of the same stem; a pointer with no plain id folds into the pin released the same
 * day. Two pins never fold together: at Mistral they are successive versions.
 */
function dedupeAliases(ids: string[], devModels: Map<string, Json>, onDrop: () => void): string[] {
  const plain = new Map<string, string>();
  for (const id of ids) if (!DATED.test(id) && !id.endsWith('-latest')) plain.set(stem(id), id);
  const pins = ids.filter((id) => DATED.test(id));
  const keep: string[] = [];
  for (const id of ids) {
    const isPin = DATED.test(id);
    const isPointer = id.endsWith('-latest');
    if ((isPin || isPointer) && plain.has(stem(id))) {
      onDrop();
      continue;
    }
    if (isPointer) {
      const released = devModels.get(id)?.release_date;
      if (pins.some((p) => stem(p) === stem(id) && devModels.get(p)?.release_date === released)) {
        onDrop();
        continue;
      }
    }
    keep.push(id);
  }
  return keep.sort();
}

// ---- price cross-check ----

/** A decision recorded by hand for a disagreement the dates cannot settle (data/price-decisions.json). */
export interface PriceDecision {
  provider: string;
  model: string;
  keep: PriceSource;
  reason: string;
  decided: string;
}

const FIELDS = [
  ['input', 'input_mtok'],
  ['output', 'output_mtok'],
  ['cache_read', 'cache_read_mtok'],
  ['cache_write', 'cache_write_mtok'],
] as const;

const baseOf = (v: PriceValue | undefined): number | undefined => (v === undefined ? undefined : typeof v === 'number' ? v : v.base);

function genaiPrice(schedule: PriceSchedule, checked: string | null, date: string): SourcePrice {
  const set = priceSetOn(schedule, date);
  const out: SourcePrice = { input_mtok: baseOf(set.input_mtok) as number, output_mtok: baseOf(set.output_mtok) as number, date: null, date_source: null };
  if (set.cache_read_mtok !== undefined) out.cache_read_mtok = baseOf(set.cache_read_mtok) as number;
  if (set.cache_write_mtok !== undefined) out.cache_write_mtok = baseOf(set.cache_write_mtok) as number;
  if (checked) Object.assign(out, { date: checked, date_source: 'prices_checked' });
  else if (set.start_date) Object.assign(out, { date: set.start_date, date_source: 'price_start_date' });
  return out;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

/** models.dev's `[cost]` as a price, with its tiers (`[[cost.tiers]]`, a context size from which the tier applies). */
function modelsDevPrice(dev: Json): { price: SourcePrice; set: PriceSet } | undefined {
  const cost = (dev.cost ?? null) as Json | null;
  if (!cost) return undefined;
  const input = num(cost.input);
  const output = num(cost.output);
  if (input === undefined || output === undefined) return undefined;
  const date = str(dev.last_updated) ?? null;
  const price: SourcePrice = { input_mtok: input, output_mtok: output, date, date_source: date ? 'last_updated' : null };
  const cr = num(cost.cache_read);
  const cw = num(cost.cache_write);
  if (cr !== undefined) price.cache_read_mtok = cr;
  if (cw !== undefined) price.cache_write_mtok = cw;
  const tiers = (Array.isArray(cost.tiers) ? cost.tiers : []) as Json[];
  const tiered = (key: string, baseValue: number | undefined): PriceValue | undefined => {
    if (baseValue === undefined) return undefined;
    const t = tiers
      .map((x) => ({ start: num(((x.tier ?? {}) as Json).size), price: num(x[key]) }))
      .filter((x): x is { start: number; price: number } => x.start !== undefined && x.price !== undefined)
      .sort((a, b) => a.start - b.start);
    return t.length > 0 ? { base: baseValue, tiers: t } : baseValue;
  };
  const set: PriceSet = { start_date: null, input_mtok: tiered('input', input) as PriceValue, output_mtok: tiered('output', output) as PriceValue };
  const crv = tiered('cache_read', cr);
  const cwv = tiered('cache_write', cw);
  if (crv !== undefined) set.cache_read_mtok = crv;
  if (cwv !== undefined) set.cache_write_mtok = cwv;
  return { price, set };
}

/** Price fields both sources give and on which they differ (a relative difference above one part in a million). */
export function differingFields(a: SourcePrice, b: SourcePrice): string[] {
  const out: string[] = [];
  for (const [name, key] of FIELDS) {
    const x = a[key];
    const y = b[key];
    if (x === undefined || y === undefined) continue;
    if (Math.abs(x - y) > 1e-6 * Math.max(1, Math.abs(x), Math.abs(y))) out.push(name);
  }
  return out;
}

/** Which price to keep: a recorded decision, else the newer-dated source; undefined when neither can decide. */
export function decide(
  provider: string,
  model: string,
  genai: SourcePrice,
  dev: SourcePrice,
  decisions: readonly PriceDecision[],
): { kept: PriceSource; rule: PriceDisagreement['rule']; reason: string } | undefined {
  const recorded = decisions.find((d) => d.provider === provider && d.model === model);
  if (recorded) return { kept: recorded.keep, rule: 'recorded decision', reason: `${recorded.reason} (decided ${recorded.decided})` };
  if (genai.date && dev.date && genai.date !== dev.date) {
    const devNewer = dev.date > genai.date;
    const kept: PriceSource = devNewer ? 'models.dev' : 'genai-prices';
    return {
      kept,
      rule: 'newer date',
      reason: devNewer
        ? `models.dev's entry (last_updated ${dev.date}) is newer than genai-prices' price (${genai.date_source?.replace(/_/g, ' ')} ${genai.date})`
        : `genai-prices' price (${genai.date_source?.replace(/_/g, ' ')} ${genai.date}) is newer than models.dev's entry (last_updated ${dev.date})`,
    };
  }
  return undefined;
}

function readDecisions(file: string): PriceDecision[] {
  if (!existsSync(file)) return [];
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { decisions?: PriceDecision[] };
  return Array.isArray(doc.decisions) ? doc.decisions : [];
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

/** What the build counts and collects across providers: skips, unpriced models, and the price cross-check. */
interface Tally {
  skipped: Record<string, number>;
  unpricedCapabilities: string[];
  decisions: PriceDecision[];
  disagreements: PriceDisagreement[];
  unresolved: string[];
  compared: number;
  noDevPrice: number;
}

const skip = (t: Tally, why: string): void => {
  t.skipped[why] = (t.skipped[why] ?? 0) + 1;
};

/** models.dev ids per genai-prices entry: the first matching price entry wins, as in genai-prices' own lookup. */
function idsByEntry(priceModels: readonly Json[], devModels: Map<string, Json>, t: Tally): Map<string, string[]> {
  const byEntry = new Map<string, string[]>();
  for (const devId of [...devModels.keys()].sort()) {
    const entry = priceModels.find((m) => clauseMatches(m.match, devId));
    if (!entry) {
      skip(t, 'no genai-prices entry');
      continue;
    }
    const key = String(entry.id);
    byEntry.set(key, [...(byEntry.get(key) ?? []), devId]);
  }
  return byEntry;
}

/** Cross-checks the price in force on the snapshot date against models.dev's: which price the model carries. */
function crossCheck(t: Tally, provider: string, id: string, dev: Json, sched: PriceSchedule, checked: string | null, date: string): Pick<SnapshotModel, 'prices' | 'price_source' | 'source_prices'> {
  const gpPrice = genaiPrice(sched, checked, date);
  const md = modelsDevPrice(dev);
  let priceSource: PriceSource = 'genai-prices';
  let prices = sched;
  if (!md) t.noDevPrice++;
  else {
    t.compared++;
    const fields = differingFields(gpPrice, md.price);
    if (fields.length > 0) {
      const d = decide(provider, id, gpPrice, md.price, t.decisions);
      if (!d) t.unresolved.push(`${provider}/${id} (${fields.join(', ')}; genai-prices ${gpPrice.date ?? 'undated'}, models.dev ${md.price.date ?? 'undated'})`);
      else {
        t.disagreements.push({ provider, model: id, fields, genai_prices: gpPrice, models_dev: md.price, kept: d.kept, rule: d.rule, reason: d.reason });
        if (d.kept === 'models.dev') {
          priceSource = 'models.dev';
          prices = [md.set];
        }
      }
    }
  }
  return { prices, price_source: priceSource, source_prices: { genai_prices: gpPrice, models_dev: md?.price ?? null } };
}

/** One models.dev model priced by a genai-prices entry, or undefined (counted as skipped) when it does not qualify. */
function snapshotModel(t: Tally, provider: string, entry: Json, sched: { schedule: PriceSchedule; timeOfDay: boolean }, id: string, dev: Json, date: string): SnapshotModel | undefined {
  const modalities = (dev.modalities ?? {}) as Json;
  const input = Array.isArray(modalities.input) ? modalities.input.map(String) : [];
  const output = Array.isArray(modalities.output) ? modalities.output.map(String) : [];
  if (NOT_CHAT.test(id)) {
    skip(t, 'not a chat/text model (embedding, audio, image, search)');
    return undefined;
  }
  if (dev.status === 'deprecated') {
    skip(t, 'models.dev status deprecated');
    return undefined;
  }
  if (!input.includes('text') || output.length !== 1 || output[0] !== 'text') {
    skip(t, 'not a text-in, text-out model');
    return undefined;
  }
  const limit = (dev.limit ?? {}) as Json;
  const ctxWindow = typeof limit.context === 'number' ? limit.context : typeof entry.context_window === 'number' ? entry.context_window : null;
  if (ctxWindow === null) {
    skip(t, 'no context window');
    return undefined;
  }
  const json: JsonSupport = dev.structured_output === true ? 'native' : dev.structured_output !== false && dev.tool_call === true ? 'via_tools' : 'none';
  const checked = str(entry.prices_checked) ?? null;
  const priced = crossCheck(t, provider, id, dev, sched.schedule, checked, date);
  return {
    id,
    name: str(dev.name) ?? id,
    provider,
    price_entry: String(entry.id),
    family: str(dev.family) ?? null,
    release_date: str(dev.release_date) ?? null,
    prices_checked: checked,
    prices: priced.prices,
    price_source: priced.price_source,
    source_prices: priced.source_prices,
    ...(sched.timeOfDay ? { time_of_day_pricing: true } : {}),
    context_window: ctxWindow,
    max_output_tokens: typeof limit.output === 'number' ? limit.output : null,
    tools: dev.tool_call === true,
    vision: input.includes('image'),
    json,
    reasoning: dev.reasoning === true,
    open_weights: dev.open_weights === true,
    ...(dev.status === 'alpha' || dev.status === 'beta' ? { status: dev.status } : {}),
  };
}

/** One provider's entry and its models, from its genai-prices file and its models.dev folder. */
function providerModels(args: Args, p: (typeof PROVIDERS)[number], date: string, t: Tally): { provider: SnapshotProvider; models: SnapshotModel[] } {
  const doc = parseYaml(readFileSync(path.join(args.genaiDir, 'prices', 'providers', `${p.genai}.yml`), 'utf8')) as Json;
  const priceModels = (Array.isArray(doc.models) ? doc.models : []) as Json[];
  const devModels = readModelsDev(args.modelsDevDir, p.modelsDev);
  const pricingUrls = Array.isArray(doc.pricing_urls) ? doc.pricing_urls.filter((u): u is string => typeof u === 'string') : [];
  const provider: SnapshotProvider = { id: p.id, name: str(doc.name) ?? p.id, pricing_url: pricingUrls[0] ?? null };
  const byEntry = idsByEntry(priceModels, devModels, t);
  const models: SnapshotModel[] = [];
  for (const entry of priceModels) {
    const ids = byEntry.get(String(entry.id)) ?? [];
    if (ids.length === 0) {
      const live = entry.removed !== true && entry.deprecated !== true && schedule(entry.prices) !== undefined;
      const hosted = HOSTED[p.id]?.test(String(entry.id)) === true;
      if (live && !hosted && !NOT_CHAT.test(String(entry.id)) && !String(entry.id).includes(':')) t.unpricedCapabilities.push(`${p.id}/${String(entry.id)}`);
      continue;
    }
    if (entry.removed === true || entry.deprecated === true) {
      skip(t, 'price entry removed or deprecated');
      continue;
    }
    const sched = schedule(entry.prices);
    if (!sched) {
      skip(t, 'no input/output price');
      continue;
    }
    for (const id of dedupeAliases(ids, devModels, () => skip(t, 'alias of another id'))) {
      const m = snapshotModel(t, p.id, entry, sched, id, devModels.get(id) as Json, date);
      if (m) models.push(m);
    }
  }
  return { provider, models };
}

function snapshotSources(gp: { commit: string; date: string }, md: { commit: string; date: string }): SnapshotFile['sources'] {
  return [
    {
      name: 'genai-prices',
      repository: 'https://github.com/pydantic/genai-prices',
      commit: gp.commit,
      commit_date: gp.date,
      licence: 'MIT',
      copyright: 'Copyright (c) Pydantic Services Inc. 2025 to present',
      files: 'prices/providers/*.yml',
      used_for: 'prices per million tokens, price history (start_date), prices_checked dates, price-entry matching',
    },
    {
      name: 'models.dev',
      repository: 'https://github.com/anomalyco/models.dev (formerly sst/models.dev)',
      commit: md.commit,
      commit_date: md.date,
      licence: 'MIT',
      copyright: 'Copyright (c) 2025 models.dev',
      files: 'providers/<provider>/models/*.toml, models/**/*.toml',
      used_for: 'model ids and names, tool calling, image input, structured output, reasoning flags, context and output limits, release dates, deprecation status',
    },
  ];
}

function build(args: Args): SnapshotFile {
  const gp = provenance(args.genaiDir, args.genaiCommit, args.genaiDate, 'genai-prices');
  const md = provenance(args.modelsDevDir, args.modelsDevCommit, args.modelsDevDate, 'models-dev');
  const t: Tally = { skipped: {}, unpricedCapabilities: [], decisions: readDecisions(args.decisions), disagreements: [], unresolved: [], compared: 0, noDevPrice: 0 };
  const providers: SnapshotProvider[] = [];
  const models: SnapshotModel[] = [];
  for (const p of PROVIDERS) {
    const one = providerModels(args, p, gp.date, t);
    providers.push(one.provider);
    models.push(...one.models);
  }
  if (t.unresolved.length > 0) {
    throw new Error(`prices disagree and the dates cannot decide; record a decision in ${args.decisions} for:\n  ${t.unresolved.join('\n  ')}`);
  }
  const { compared, noDevPrice, disagreements } = t;
  models.sort((a, b) => a.provider.localeCompare(b.provider) || a.id.localeCompare(b.id));
  disagreements.sort((a, b) => a.provider.localeCompare(b.provider) || a.model.localeCompare(b.model));
  const keptDev = disagreements.filter((d) => d.kept === 'models.dev').length;
  return {
    format: 1,
    data_as_of: gp.date,
    generated_by: 'src/tools/model-advisor/data/build-snapshot.ts',
    sources: snapshotSources(gp, md),
    providers,
    skipped: t.skipped,
    no_capability_data: t.unpricedCapabilities.sort(),
    notes: [
      `Prices cross-checked: ${compared} models priced by both genai-prices and models.dev were compared on input, output, cache-read and cache-write prices (the genai-prices price in force on ${gp.date}); ${compared - disagreements.length} agree, ${disagreements.length} disagree.`,
      `Where they disagree the newer-dated price is kept (genai-prices' prices_checked, else the start date of its price, against models.dev's last_updated), unless data/price-decisions.json records a decision: ${keptDev} models.dev prices kept, ${disagreements.length - keptDev} genai-prices prices kept. Each case is in price_crosscheck.disagreements; a model's price_source says which one it carries.`,
      `${noDevPrice} models have no models.dev price and keep genai-prices'.`,
    ],
    price_crosscheck: { compared, agreed: compared - disagreements.length, no_models_dev_price: noDevPrice, disagreements },
    models,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  const snap = build(args);
  writeFileSync(args.out, `${JSON.stringify(snap, null, 1)}\n`);
  console.log(
    `wrote ${args.out}: ${snap.models.length} models from ${snap.providers.length} providers; skipped ${JSON.stringify(snap.skipped)}; ` +
      `prices compared ${snap.price_crosscheck.compared}, disagreements ${snap.price_crosscheck.disagreements.length}`,
  );
}
