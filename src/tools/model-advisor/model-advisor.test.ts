// Tests for model-advisor: testTool tables (constraints, codes), cost arithmetic, classification, snapshot integrity, hostile tasks.
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callTool, makeTestContext } from '../../../test/support/tool-harness.ts';
import { classifyTask } from './classify.ts';
import type { TaskCategory } from './classify.ts';
import { taskFit } from './engine.ts';
import { basePrice, priceSetOn, runCost, unitPrice } from './pricing.ts';
import { decide, differingFields } from './data/build-snapshot.ts';
import type { PriceDecision } from './data/build-snapshot.ts';
import decisionsFile from './data/price-decisions.json' with { type: 'json' };
import { SNAPSHOT } from './snapshot.ts';
import def from './tool.ts';
import type { Output } from './tool.ts';
import type { InvalidCase, ValidCase } from '../kit/tester.ts';
import { testTool } from '../kit/tester.ts';
import { ToolError } from '../kit/contract.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const byId = new Map(SNAPSHOT.models.map((m) => [`${m.provider}/${m.id}`, m]));

/** A 200 body, which callTool has checked against the output schema. */
const answer = (body: Record<string, unknown>): Output => body as Output;

async function ok(body: Record<string, unknown>, ctx = makeTestContext()): Promise<Output> {
  const r = await callTool(def, body, ctx);
  if (!r.ok) throw new Error(`expected 200, got ${r.status} ${JSON.stringify(r.body)}`);
  return answer(r.body);
}

function model(provider: string, id: string) {
  const m = byId.get(`${provider}/${id}`);
  if (!m) throw new Error(`no ${provider}/${id} in snapshot`);
  return m;
}

const base = { input_tokens: 4000, output_tokens: 800 };

const valid: { name: string; body: Record<string, unknown>; check: (o: Output) => void }[] = [
  {
    name: 'needs_tools keeps only tool-calling models',
    body: { ...base, task: 'Agent that books meetings', needs_tools: true },
    check: (o) => {
      for (const a of [o.recommended, ...o.fallback_chain]) expect(model(a.provider, a.model).tools).toBe(true);
    },
  },
  {
    name: 'needs_vision keeps only image-input models and classifies as vision',
    body: { ...base, task: 'Describe the product', needs_vision: true },
    check: (o) => {
      expect(o.task.category).toBe('vision');
      for (const a of [o.recommended, ...o.fallback_chain]) expect(model(a.provider, a.model).vision).toBe(true);
    },
  },
  {
    name: 'a vision task without the flag still requires image input',
    body: { ...base, task: 'Read screenshots of dashboards and describe the charts' },
    check: (o) => {
      expect(o.task.category).toBe('vision');
      expect(model(o.recommended.provider, o.recommended.model).vision).toBe(true);
      expect(o.candidates.excluded.needs_vision).toBeGreaterThan(0);
    },
  },
  {
    name: 'needs_json excludes models with neither structured output nor tools',
    body: { ...base, task: 'Extract entities as JSON', needs_json: true },
    check: (o) => {
      for (const a of [o.recommended, ...o.fallback_chain]) expect(model(a.provider, a.model).json).not.toBe('none');
      expect(o.candidates.excluded.needs_json).toBeGreaterThan(0);
    },
  },
  {
    name: 'providers restricts the pool',
    body: { ...base, task: 'Chat with customers', providers: ['anthropic', 'mistral'] },
    check: (o) => {
      for (const a of [o.recommended, ...o.fallback_chain]) expect(['anthropic', 'mistral']).toContain(a.provider);
      expect(o.candidates.excluded.provider).toBe(SNAPSHOT.models.filter((m) => !['anthropic', 'mistral'].includes(m.provider)).length);
    },
  },
  {
    name: 'max_cost_per_run excludes dearer models',
    body: { ...base, task: 'Summarise a meeting', max_cost_per_run: 0.001, priority: 'quality' },
    check: (o) => {
      for (const a of [o.recommended, ...o.fallback_chain]) expect(a.cost_per_run).toBeLessThanOrEqual(0.001);
      expect(o.candidates.excluded.max_cost_per_run).toBeGreaterThan(0);
    },
  },
  {
    name: 'context must hold input + output and min_context_tokens',
    body: { input_tokens: 300_000, output_tokens: 10_000, task: 'Answer questions over a long document', min_context_tokens: 500_000 },
    check: (o) => {
      expect(o.task.category).toBe('long_context');
      for (const a of [o.recommended, ...o.fallback_chain]) expect(model(a.provider, a.model).context_window).toBeGreaterThanOrEqual(500_000);
    },
  },
  {
    name: 'output_tokens above a model output limit excludes it',
    body: { input_tokens: 1000, output_tokens: 200_000, task: 'Write a novel' },
    check: (o) => {
      expect(o.candidates.excluded.max_output_tokens).toBeGreaterThan(0);
      const m = model(o.recommended.provider, o.recommended.model);
      expect(m.max_output_tokens === null || m.max_output_tokens >= 200_000).toBe(true);
    },
  },
  {
    name: 'fallback chain prefers different providers and has the asked length',
    body: { ...base, task: 'Refactor Python code', max_fallbacks: 4 },
    check: (o) => {
      expect(o.fallback_chain).toHaveLength(4);
      const providers = [o.recommended.provider, ...o.fallback_chain.map((a) => a.provider)];
      expect(new Set(providers).size).toBe(5);
      for (const a of o.fallback_chain) expect(a.reason).toContain('different provider');
    },
  },
  {
    name: 'a single allowed provider fills the chain from that provider and says so',
    body: { ...base, task: 'Refactor Python code', providers: ['openai'], max_fallbacks: 2 },
    check: (o) => {
      expect(o.fallback_chain).toHaveLength(2);
      for (const a of o.fallback_chain) expect(a.reason).toContain('provider already chosen (openai)');
    },
  },
  {
    name: 'max_fallbacks 0 gives an empty chain',
    body: { ...base, task: 'Chat', max_fallbacks: 0 },
    check: (o) => expect(o.fallback_chain).toEqual([]),
  },
  {
    name: 'cost priority picks a cheaper model than quality priority',
    body: { ...base, task: 'Prove a theorem step by step', priority: 'cost' },
    check: (o) => {
      expect(o.task.category).toBe('reasoning');
      expect(o.recommended.cost_per_run).toBeLessThan(0.01);
    },
  },
];

describe('model-advisor: valid requests honour every constraint', () => {
  it('with fewer providers than slots, different providers come first, then repeats', async () => {
    const o = await ok({ ...base, task: 'Chat', providers: ['openai', 'google'], max_fallbacks: 3 });
    const [first, ...rest] = o.fallback_chain;
    expect(first?.provider).not.toBe(o.recommended.provider);
    for (const a of rest) expect(a.reason).toContain('provider already chosen');
  });

  it('quality priority costs more per run than cost priority for the same task', async () => {
    const q = await ok({ ...base, task: 'Prove a theorem step by step', priority: 'quality' });
    const c = await ok({ ...base, task: 'Prove a theorem step by step', priority: 'cost' });
    expect(q.recommended.cost_per_run).toBeGreaterThan(c.recommended.cost_per_run);
    expect(q.recommended.reason).toContain('Priority quality');
  });
});

describe('model-advisor: the fallback chain stays in the recommended model\'s class', () => {
  /** The fallback's and the recommended model's quality proxies, from the trade-off the reason states. */
  const qualities = (reason: string): [number, number] => {
    const same = /same quality proxy \(([0-9.]+)\)/.exec(reason);
    if (same) return [Number(same[1]), Number(same[1])];
    const m = /quality proxy ([0-9.]+) vs ([0-9.]+)/.exec(reason);
    if (!m) throw new Error(`no trade-off in: ${reason}`);
    return [Number(m[1]), Number(m[2])];
  };
  const agentic = {
    task: 'Agentic coding: an autonomous agent that edits a large codebase, runs tests and fixes failing builds with tool calls',
    input_tokens: 20_000,
    output_tokens: 4000,
    needs_tools: true,
    max_fallbacks: 5,
  };

  it('agentic coding: no fallback far below the recommended model (gemma-4-26b and mistral-small used to be in it)', async () => {
    const o = (await ok(agentic));
    expect(o.task.category).toBe('coding');
    expect(o.fallback_chain.length).toBeGreaterThan(0);
    for (const f of o.fallback_chain) {
      const [q, qr] = qualities(f.reason);
      expect(q, f.model).toBeGreaterThanOrEqual(0.85 * qr - 0.005);
      expect(f.reason).toContain(`Trade-off against ${o.recommended.model}`);
      expect(f.reason).toMatch(/x the cost per run|the same cost per run/);
    }
    expect(o.fallback_chain.map((f) => f.model)).not.toContain('gemma-4-26b-a4b-it');
    expect(o.fallback_chain.map((f) => f.model)).not.toContain('mistral-small-2603');
    expect(o.fallback_note).toMatch(/within 15% of the recommended model's quality proxy .* left out as a different class/);
  });

  const cases: { name: string; body: Record<string, unknown> }[] = [
    { name: 'balanced chat', body: { task: 'Customer support chatbot', input_tokens: 3000, output_tokens: 500, max_fallbacks: 5 } },
    { name: 'quality-first reasoning', body: { task: 'Prove theorems step by step', input_tokens: 3000, output_tokens: 3000, priority: 'quality', max_fallbacks: 5 } },
    { name: 'cost-first extraction', body: { task: 'Extract fields from invoices as JSON', input_tokens: 3000, output_tokens: 300, priority: 'cost', needs_json: true, max_fallbacks: 5 } },
    { name: 'one provider', body: { task: 'Refactor a Go service', input_tokens: 1000, output_tokens: 200, providers: ['google'], max_fallbacks: 5 } },
  ];
  it.each(cases)('$name: every fallback is within 15% of the recommended quality and says its trade-off', async ({ body }) => {
    const o = (await ok(body));
    for (const f of o.fallback_chain) {
      const [q, qr] = qualities(f.reason);
      expect(q, f.model).toBeGreaterThanOrEqual(0.85 * qr - 0.005);
    }
    expect(o.fallback_note.length).toBeGreaterThan(0);
  });

  it('says why a chain is shorter than asked', async () => {
    const o = (await ok({ task: 'Chat', input_tokens: 1000, output_tokens: 1000, providers: ['anthropic'], priority: 'quality', max_fallbacks: 5, max_cost_per_run: 0.02 }));
    expect(o.fallback_chain.length).toBeLessThan(5);
    expect(o.fallback_note).toMatch(new RegExp(`The chain has ${o.fallback_chain.length} of the 5 asked for: no other eligible model is in the same class`));
  });
});

describe('model-advisor: cost arithmetic and as_of', () => {
  it('per_run is input x price + output x price, per_month is per_run x runs', async () => {
    const o = await ok({ task: 'Chat with users', input_tokens: 10_000, output_tokens: 2_000, runs_per_month: 3000, providers: ['anthropic'], priority: 'cost' });
    const p = o.cost.prices_used;
    const expected = (10_000 * p.input_per_mtok + 2_000 * p.output_per_mtok) / 1e6;
    expect(o.cost.per_run).toBeCloseTo(expected, 6);
    expect(o.cost.per_month).toBeCloseTo(expected * 3000, 3);
    expect(o.recommended.cost_per_run).toBe(o.cost.per_run);
    expect(o.cost.model).toBe(o.recommended.model);
    const m = model(o.recommended.provider, o.recommended.model);
    expect(o.recommended.as_of).toBe(m.prices_checked);
    expect(o.recommended.as_of_source).toBe('prices_checked');
    expect(o.data_as_of).toBe(SNAPSHOT.data_as_of);
  });

  it('cache reads and writes use the cache prices', async () => {
    const o = await ok({ task: 'Chat', input_tokens: 10_000, output_tokens: 1000, cache_read_tokens: 6000, cache_write_tokens: 2000, providers: ['anthropic'], priority: 'cost' });
    const p = o.cost.prices_used;
    expect(o.cost.breakdown.input).toBeCloseTo((2000 * p.input_per_mtok) / 1e6, 6);
    expect(o.cost.breakdown.cache_read).toBeCloseTo((6000 * p.cache_read_per_mtok) / 1e6, 6);
    expect(o.cost.breakdown.cache_write).toBeCloseTo((2000 * p.cache_write_per_mtok) / 1e6, 6);
    expect(p.cache_read_per_mtok).toBeLessThan(p.input_per_mtok);
  });

  it('the price in force on the request date is used (scheduled change)', () => {
    const m = model('anthropic', 'claude-sonnet-5');
    expect(priceSetOn(m.prices, '2026-07-22').input_mtok).toBe(2);
    expect(priceSetOn(m.prices, '2026-09-01').input_mtok).toBe(3);
    expect(priceSetOn(m.prices, '2026-09-01').start_date).toBe('2026-09-01');
  });

  it('a request after a scheduled change reports the new price and its start date', async () => {
    // The budget keeps the dearer Opus models out, so Sonnet 5 is the pick before and after its price change.
    const body = { task: 'Chat', input_tokens: 1000, output_tokens: 1000, providers: ['anthropic'], priority: 'quality', max_fallbacks: 5, max_cost_per_run: 0.02 };
    const before = await ok(body);
    const after = await ok(body, makeTestContext({ now: () => new Date('2026-09-15T00:00:00Z') }));
    const pick = (o: Output): Output['fallback_chain'][number] | undefined => [o.recommended, ...o.fallback_chain].find((a) => a.model === 'claude-sonnet-5');
    expect(pick(before)?.cost_per_run).toBeCloseTo((1000 * 2 + 1000 * 10) / 1e6, 9);
    expect(pick(after)?.cost_per_run).toBeCloseTo((1000 * 3 + 1000 * 15) / 1e6, 9);
  });

  it('tiered prices are cliffs on input tokens', () => {
    const tiered = { base: 3, tiers: [{ start: 200_000, price: 6 }] };
    expect(unitPrice(tiered, 200_000)).toEqual({ price: 3, tier: null });
    expect(unitPrice(tiered, 200_001)).toEqual({ price: 6, tier: 200_000 });
    const m = model('anthropic', 'claude-sonnet-4-5');
    const c = runCost(m.prices, '2026-07-22', { input: 250_000, output: 1000, cache_read: 0, cache_write: 0 });
    expect(c.prices_used.input_per_mtok).toBe(6);
    expect(c.prices_used.output_per_mtok).toBe(22.5);
    expect(c.prices_used.tier_above_input_tokens).toBe(200_000);
  });

  it('a model without cache prices charges cached tokens at the input price and says so', () => {
    const c = runCost([{ start_date: null, input_mtok: 1, output_mtok: 2 }], '2026-01-01', { input: 1000, output: 0, cache_read: 500, cache_write: 0 });
    expect(c.prices_used.cache_read_per_mtok).toBe(1);
    expect(c.prices_used.cache_at_input_price).toBe(true);
    expect(c.per_run).toBeCloseTo(0.001, 12);
  });
});

describe('model-advisor: task classification', () => {
  const table: { task: string; category: TaskCategory; extra?: Partial<Parameters<typeof classifyTask>[0]> }[] = [
    { task: 'Refactor this TypeScript function and add unit tests', category: 'coding' },
    { task: 'Fix the bug in my SQL query', category: 'coding' },
    { task: 'Extract the invoice number, total and due date into JSON', category: 'extraction' },
    { task: 'Classify support tickets into categories', category: 'extraction' },
    { task: 'Summarize this article in three bullet points', category: 'summarisation' },
    { task: 'Give me a TL;DR of the meeting minutes', category: 'summarisation' },
    { task: 'Customer support chatbot for our FAQ', category: 'chat' },
    { task: 'Solve competition math problems with proofs', category: 'reasoning' },
    { task: 'Plan a migration strategy and weigh the tradeoffs', category: 'reasoning' },
    { task: 'Describe what is in each photo', category: 'vision' },
    { task: 'Read scanned receipts', category: 'vision' },
    { task: 'Answer questions about an entire codebase', category: 'long_context' },
    { task: 'Hello', category: 'chat' },
    { task: 'Review this contract', category: 'long_context', extra: { input_tokens: 180_000 } },
    { task: 'Write a poem', category: 'vision', extra: { needs_vision: true } },
    { task: 'Translate product descriptions from English to German', category: 'translation' },
    { task: 'Localise the app strings into Japanese', category: 'translation' },
    { task: 'Subtitle our training videos in Spanish and Portuguese', category: 'translation' },
    { task: 'Turn the French contract into English', category: 'translation' },
    { task: 'Answer customer questions in English', category: 'chat' },
    { task: 'Summarise German news articles', category: 'summarisation' },
    { task: 'Write Python code with Chinese comments', category: 'coding' },
  ];
  for (const c of table) {
    it(`"${c.task}" -> ${c.category}`, () => {
      const r = classifyTask({ task: c.task, input_tokens: 1000, needs_vision: false, ...c.extra });
      expect(r.category).toBe(c.category);
    });
  }

  it('the reason names the category and the matched words', async () => {
    const o = await ok({ ...base, task: 'Refactor this TypeScript function' });
    expect(o.recommended.reason).toMatch(/^Task classified as coding \(matched "refactor", "typescript", "function"\)/);
  });

  const fallbacks: { task: string; says: RegExp }[] = [
    { task: 'asdkjh qwe', says: /none of its words \("asdkjh", "qwe"\) is a term of any category.*chat, the general-purpose category, is the default/ },
    { task: '!!! ??? ...', says: /the task has no words/ },
    { task: 'Swahili, please', says: /naming one language \(swahili\) is not a translation/ },
  ];
  it.each(fallbacks)('an unrecognised task says it fell back to chat and why: "$task"', async ({ task, says }) => {
    const r = classifyTask({ task, input_tokens: 10, needs_vision: false });
    expect(r.category).toBe('chat');
    expect(r.fallback).toMatch(says);
    const o = await ok({ ...base, task });
    expect(o.task.fallback).toBe(r.fallback);
    expect(o.recommended.reason).toMatch(/^Task not recognised, so treated as chat: /);
  });

  it('a recognised task has no fallback', async () => {
    const o = (await ok({ ...base, task: 'Translate the release notes into Korean and Japanese' }));
    expect(o.task).toMatchObject({ category: 'translation', fallback: null });
  });

  it('a translation model gains on translation and is marked down elsewhere', () => {
    const translate = model('cohere', 'command-a-translate-08-2025');
    const fit = (task: string): number => taskFit(translate, classifyTask({ task, input_tokens: 1000, needs_vision: false })).delta;
    expect(fit('Translate support articles from English to French')).toBeCloseTo(0.08);
    expect(fit('Customer support chatbot')).toBeCloseTo(-0.2);
  });
});

const invalid: InvalidCase[] = [
  { name: 'missing task', input: { ...base }, code: 'task_required' },
  { name: 'empty task', input: { ...base, task: '' }, code: 'task_too_short' },
  { name: 'task too long', input: { ...base, task: 'x'.repeat(4001) }, code: 'task_too_long' },
  { name: 'missing input_tokens', input: { task: 'chat', output_tokens: 1 }, code: 'input_tokens_required' },
  { name: 'input_tokens not integer', input: { task: 'chat', input_tokens: 1.5, output_tokens: 1 }, code: 'input_tokens_must_be_integer' },
  { name: 'input_tokens too large', input: { task: 'chat', input_tokens: 10_000_001, output_tokens: 1 }, code: 'input_tokens_too_large' },
  { name: 'output_tokens zero', input: { task: 'chat', input_tokens: 1, output_tokens: 0 }, code: 'output_tokens_too_small' },
  { name: 'unknown provider', input: { ...base, task: 'chat', providers: ['acme'] }, code: 'providers_invalid', details: { allowed: expect.arrayContaining(['anthropic']) } },
  { name: 'empty providers', input: { ...base, task: 'chat', providers: [] }, code: 'providers_too_short' },
  { name: 'bad priority', input: { ...base, task: 'chat', priority: 'fast' }, code: 'priority_invalid' },
  { name: 'negative budget', input: { ...base, task: 'chat', max_cost_per_run: -1 }, code: 'max_cost_per_run_too_small' },
  { name: 'too many fallbacks', input: { ...base, task: 'chat', max_fallbacks: 6 }, code: 'max_fallbacks_too_large' },
  { name: 'needs_tools not boolean', input: { ...base, task: 'chat', needs_tools: 'yes' }, code: 'needs_tools_must_be_boolean' },
  { name: 'cache tokens above input', input: { task: 'chat', input_tokens: 100, output_tokens: 1, cache_read_tokens: 80, cache_write_tokens: 30 }, code: 'cache_tokens_exceed_input' },
  {
    name: 'budget no model meets',
    input: { ...base, task: 'chat', max_cost_per_run: 1e-9 },
    code: 'no_model_matches_constraints',
    details: { excluded: expect.objectContaining({ max_cost_per_run: SNAPSHOT.models.length }) },
  },
  { name: 'context no model has', input: { task: 'chat', input_tokens: 9_000_000, output_tokens: 1000 }, code: 'no_model_matches_constraints' },
  { name: 'body not an object', input: 'hello', code: 'body_must_be_object' },
  // Unknown fields are refused by the call path, never billed.
  { name: 'an unknown field', input: { task: 'chat', input_tokens: 10, output_tokens: 10, __proto__: { x: 1 }, extra: 'x' }, code: 'unknown_field', details: { field: 'extra' } },
];

testTool(def, { valid: valid.map((c): ValidCase => ({ name: c.name, input: c.body, check: (body) => c.check(answer(body)) })), invalid });

describe('model-advisor: refusals happen in prepare, before the charge', () => {
  const refused: { name: string; body: Record<string, unknown> }[] = [
    { name: 'budget no model meets', body: { ...base, task: 'chat', max_cost_per_run: 1e-9 } },
    { name: 'context no model has', body: { task: 'chat', input_tokens: 9_000_000, output_tokens: 1000 } },
    { name: 'vision from a text-only provider', body: { ...base, task: 'Describe the photos', providers: ['deepseek'] } },
  ];
  it.each(refused)('$name: prepare throws no_model_matches_constraints', ({ body }) => {
    const parsed = def.input.parse(body);
    let thrown: unknown;
    try {
      def.prepare!(parsed);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ToolError);
    expect(thrown).toMatchObject({ status: 400, code: 'no_model_matches_constraints' });
  });

  it('prepare hands run the classification and the candidates, so nothing is computed twice', () => {
    const parsed = def.input.parse({ ...base, task: 'Translate the manual into Italian and Greek', providers: ['openai'] });
    const p = def.prepare!(parsed) as { cls: { category: string }; candidates: { provider: string }[] };
    expect(p.cls.category).toBe('translation');
    expect(p.candidates.every((m) => m.provider === 'openai')).toBe(true);
  });

  it('a budget met only before a scheduled price rise passes prepare and is refused in run after it', async () => {
    // 100,000 output tokens leave the Anthropic models with a 128k output limit: claude-sonnet-5 at $2/$10 until
    // 2026-09-01 and $3/$15 from then ($1.002 vs $1.503 a run), the Opus and Fable models dearer still.
    const body = { task: 'Chat', input_tokens: 1000, output_tokens: 100_000, providers: ['anthropic'], max_cost_per_run: 1.2 };
    expect(() => def.prepare!(def.input.parse(body))).not.toThrow();
    expect((await callTool(def, body)).status).toBe(200);
    const after = await callTool(def, body, makeTestContext({ now: () => new Date('2026-09-15T00:00:00Z') }));
    expect(after).toMatchObject({ status: 400, body: { error: 'no_model_matches_constraints' } });
  });
});

describe('model-advisor: determinism and the snapshot', () => {
  it('same input twice gives the same output', async () => {
    const body = { task: 'Summarise support tickets and extract the product names', input_tokens: 5000, output_tokens: 500, needs_json: true, max_fallbacks: 5 };
    expect(await ok(body)).toEqual(await ok(body));
  });

  it('the snapshot records sources, licences, commits and a true as_of for every entry', () => {
    expect(SNAPSHOT.sources.map((s) => s.name)).toEqual(['genai-prices', 'models.dev']);
    for (const s of SNAPSHOT.sources) {
      expect(s.licence).toBe('MIT');
      expect(s.commit).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(SNAPSHOT.data_as_of).toBe(SNAPSHOT.sources[0]?.commit_date);
    const providers = new Set(SNAPSHOT.models.map((m) => m.provider));
    expect(providers.size).toBeGreaterThanOrEqual(8);
    for (const m of SNAPSHOT.models) {
      expect(m.prices_checked === null || m.prices_checked <= SNAPSHOT.data_as_of).toBe(true);
      expect(m.prices.length).toBeGreaterThan(0);
    }
    const ids = SNAPSHOT.models.map((m) => `${m.provider}/${m.id}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(statSync(path.join(here, 'data', 'price-snapshot.json')).size).toBeLessThan(400_000);
  });
});

describe('model-advisor: prices are cross-checked between genai-prices and models.dev', () => {
  const decisions = (decisionsFile as { decisions: PriceDecision[] }).decisions;
  const recorded = new Map(SNAPSHOT.price_crosscheck.disagreements.map((d) => [`${d.provider}/${d.model}`, d]));

  it('every model whose two sources disagree has a recorded decision, and carries the price it names', () => {
    let disagreeing = 0;
    for (const m of SNAPSHOT.models) {
      const dev = m.source_prices.models_dev;
      const fields = dev ? differingFields(m.source_prices.genai_prices, dev) : [];
      const entry = recorded.get(`${m.provider}/${m.id}`);
      if (fields.length === 0) {
        expect(entry, `${m.provider}/${m.id} agrees but is listed as a disagreement`).toBeUndefined();
        expect(m.price_source).toBe('genai-prices');
        continue;
      }
      disagreeing++;
      expect(entry, `${m.provider}/${m.id}: sources disagree on ${fields.join(', ')} without a recorded decision`).toBeDefined();
      expect(entry!.fields).toEqual(fields);
      expect(m.price_source).toBe(entry!.kept);
      const kept = entry!.kept === 'models.dev' ? dev! : m.source_prices.genai_prices;
      const set = priceSetOn(m.prices, SNAPSHOT.data_as_of);
      expect([basePrice(set.input_mtok), basePrice(set.output_mtok)]).toEqual([kept.input_mtok, kept.output_mtok]);
      if (entry!.rule === 'newer date') {
        const newer = (entry!.kept === 'models.dev' ? dev!.date : m.source_prices.genai_prices.date) as string;
        const older = (entry!.kept === 'models.dev' ? m.source_prices.genai_prices.date : dev!.date) as string;
        expect(newer > older, `${m.id}: kept the older price`).toBe(true);
      } else {
        expect(decisions.some((d) => d.provider === m.provider && d.model === m.id && d.keep === entry!.kept)).toBe(true);
      }
    }
    expect(disagreeing).toBe(SNAPSHOT.price_crosscheck.disagreements.length);
    expect(SNAPSHOT.price_crosscheck.compared).toBe(SNAPSHOT.models.filter((m) => m.source_prices.models_dev).length);
    expect(SNAPSHOT.notes.join(' ')).toMatch(/newer-dated price is kept/);
  });

  it('the check catches a disagreement left without a decision (snapshot tampered in memory)', () => {
    const unrecorded = (snap: typeof SNAPSHOT): string[] => {
      const listed = new Set(snap.price_crosscheck.disagreements.map((d) => `${d.provider}/${d.model}`));
      return snap.models
        .filter((m) => m.source_prices.models_dev && differingFields(m.source_prices.genai_prices, m.source_prices.models_dev).length > 0)
        .map((m) => `${m.provider}/${m.id}`)
        .filter((id) => !listed.has(id));
    };
    expect(unrecorded(SNAPSHOT)).toEqual([]);
    const tampered = structuredClone(SNAPSHOT);
    tampered.price_crosscheck.disagreements = tampered.price_crosscheck.disagreements.filter((d) => d.model !== 'deepseek-chat');
    expect(unrecorded(tampered)).toEqual(['deepseek/deepseek-chat']);
    const drifted = structuredClone(SNAPSHOT);
    const gpt = drifted.models.find((m) => m.id === 'gpt-5.4')!;
    gpt.source_prices.models_dev = { ...gpt.source_prices.models_dev!, output_mtok: gpt.source_prices.models_dev!.output_mtok + 1 };
    expect(unrecorded(drifted)).toEqual(['openai/gpt-5.4']);
  });

  it('the models the issue named now carry the newer or decided price', () => {
    const kept = (id: string): string => recorded.get(id)?.kept ?? 'agree';
    expect(kept('mistral/mistral-large-latest')).toBe('models.dev');
    expect(kept('mistral/mistral-medium-2604')).toBe('models.dev');
    expect(kept('mistral/mistral-small-latest')).toBe('models.dev');
    expect(kept('deepseek/deepseek-chat')).toBe('models.dev');
    expect(kept('deepseek/deepseek-reasoner')).toBe('models.dev');
    expect(kept('mistral/ministral-8b-latest')).toBe('models.dev');
    // genai-prices checked Kimi K2 Turbo on 2026-03-11, after models.dev's entry (2025-09-05): its lower price stands.
    expect(kept('moonshotai/kimi-k2-turbo-preview')).toBe('genai-prices');
    const large = model('mistral', 'mistral-large-latest');
    expect(runCost(large.prices, '2026-08-21', { input: 1_000_000, output: 1_000_000, cache_read: 0, cache_write: 0 }).per_run).toBeCloseTo(2.0);
  });

  it('an entry priced from models.dev is dated by models.dev\'s last_updated', async () => {
    const o = await ok({ task: 'Chat with customers', input_tokens: 1000, output_tokens: 200, providers: ['deepseek'], priority: 'cost', max_fallbacks: 5 });
    const reasoner = [o.recommended, ...o.fallback_chain].find((a) => a.model === 'deepseek-reasoner')!;
    expect(model('deepseek', 'deepseek-reasoner').price_source).toBe('models.dev');
    expect(reasoner.as_of).toBe(model('deepseek', 'deepseek-reasoner').source_prices.models_dev!.date);
  });

  const ruleCases: { name: string; genai: string | null; dev: string | null; decided: boolean; kept: string | undefined }[] = [
    { name: 'models.dev newer', genai: '2025-07-12', dev: '2026-02-28', decided: false, kept: 'models.dev' },
    { name: 'genai-prices newer', genai: '2026-03-11', dev: '2025-09-05', decided: false, kept: 'genai-prices' },
    { name: 'same date, no decision: the build refuses', genai: '2026-01-01', dev: '2026-01-01', decided: false, kept: undefined },
    { name: 'a date missing, no decision: the build refuses', genai: null, dev: '2026-01-01', decided: false, kept: undefined },
    { name: 'a recorded decision overrides the dates', genai: '2026-03-11', dev: '2025-09-05', decided: true, kept: 'models.dev' },
  ];
  it.each(ruleCases)('decision rule: $name', ({ genai, dev, decided, kept }) => {
    const price = (date: string | null) => ({ input_mtok: 1, output_mtok: 2, date, date_source: date ? ('prices_checked' as const) : null });
    const ds: PriceDecision[] = decided ? [{ provider: 'p', model: 'm', keep: 'models.dev', reason: 'checked by hand', decided: '2026-11-26' }] : [];
    expect(decide('p', 'm', price(genai), { ...price(dev), output_mtok: 3 }, ds)?.kept).toBe(kept);
  });
});

describe('model-advisor: hostile input', () => {
  const hostile: { name: string; task: string }[] = [
    { name: 'task at the cap', task: 'refactor '.repeat(444).slice(0, 4000) },
    { name: 'control characters', task: '\u0000\u0007\u001b[31m summarise \u202e this \ud800' },
    { name: 'one long token', task: 'a'.repeat(4000) },
    { name: 'separators only', task: '-_-'.repeat(1333) },
    { name: 'many distinct words', task: Array.from({ length: 600 }, (_, i) => `w${i}`).join(' ').slice(0, 4000) },
  ];
  for (const h of hostile) {
    it(`${h.name}: 200 or 400, never a throw`, async () => {
      const r = await callTool(def, { task: h.task, input_tokens: 1000, output_tokens: 100 });
      expect([200, 400]).toContain(r.status);
    });
  }
});

describe('model-advisor: the opening verb decides when domain words outnumber it', () => {
  it('"Summarise customer support call transcripts" is summarisation, not chat', async () => {
    const { classifyTask } = await import('./classify.ts');
    expect(classifyTask({ task: 'Summarise customer support call transcripts', input_tokens: 3000, needs_vision: false }).category).toBe('summarisation');
    expect(classifyTask({ task: 'Customer support chatbot answering FAQs', input_tokens: 3000, needs_vision: false }).category).toBe('chat');
  });
});
