// The compiled fast path only ever accepts, and when it accepts it answers exactly what zod answers:
// same value, same keys in the same order. Checked on small schemas, then on every tool whose input
// schema compiles, over its examples and thousands of hostile variations of them.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UNSURE, fastPathOf } from '../src/platform/fast-validate.ts';
import { tools } from '../src/tools/registry.ts';

/** The invariant: UNSURE, or zod's own success value, key order included. */
function agree(schema: z.ZodType, input: unknown): 'accepted' | 'unsure' {
  const fast = fastPathOf(schema);
  if (!fast) throw new Error('schema did not compile');
  const got = fast(input);
  if (got === UNSURE) return 'unsure';
  const ref = schema.safeParse(input);
  expect(ref.success, `zod rejects what the fast path accepted: ${JSON.stringify(input)}`).toBe(true);
  expect(got).toStrictEqual(ref.data);
  expect(keyOrder(got)).toEqual(keyOrder(ref.data));
  return 'accepted';
}

function keyOrder(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(keyOrder);
  if (v && typeof v === 'object') return Object.entries(v).map(([k, x]) => [k, keyOrder(x)]);
  return v;
}

const Flat = z.object({
  n: z.number().min(0).max(10),
  i: z.number().int().gt(-5).lt(5).optional(),
  s: z.string().min(2).max(4).optional(),
  b: z.boolean().nullable().optional(),
  e: z.enum(['a', 'b']).default('a'),
  l: z.literal(7).optional(),
  a: z.array(z.object({ x: z.number() })).min(1).max(2).optional(),
});

describe('fast path on a small schema', () => {
  it.each([
    // input, outcome
    [{ n: 0 }, 'accepted'],
    [{ n: 10, i: 4, s: 'abcd', b: null, e: 'b', l: 7, a: [{ x: 1, y: 2 }] }, 'accepted'],
    [{ n: 5, extra: 1 }, 'accepted'], // unknown keys are stripped, as zod strips them
    [{ n: 5, e: undefined }, 'accepted'], // the default in place of undefined
    [{ n: 5, s: undefined }, 'accepted'], // a present undefined optional stays present
    [{ n: -1 }, 'unsure'],
    [{ n: 10.5 }, 'unsure'],
    [{ n: Number.NaN }, 'unsure'],
    [{ n: Number.POSITIVE_INFINITY }, 'unsure'],
    [{ n: '5' }, 'unsure'],
    [{}, 'unsure'], // a required key missing
    [{ n: 1, i: 1.5 }, 'unsure'],
    [{ n: 1, i: 5 }, 'unsure'],
    [{ n: 1, s: 'a' }, 'unsure'],
    [{ n: 1, s: 'abc' }, 'unsure'], // 3 units < twice the minimum: only zod counts code points
    [{ n: 1, s: 'abcde' }, 'unsure'],
    [{ n: 1, s: '😀😀' }, 'accepted'], // 4 units, 2 code points
    [{ n: 1, s: '😀' }, 'unsure'], // 2 units but 1 code point: below the minimum for zod
    [{ n: 1, b: 'true' }, 'unsure'],
    [{ n: 1, e: 'c' }, 'unsure'],
    [{ n: 1, l: 8 }, 'unsure'],
    [{ n: 1, a: [] }, 'unsure'],
    [{ n: 1, a: [{ x: 1 }, { x: 2 }, { x: 3 }] }, 'unsure'],
    [{ n: 1, a: [{ x: 'x' }] }, 'unsure'],
    [null, 'unsure'],
    [[{ n: 1 }], 'unsure'],
    ['{"n":1}', 'unsure'],
  ])('%j -> %s', (input, outcome) => {
    expect(agree(Flat, input)).toBe(outcome);
  });

  it.each([
    // z.int() is a number schema that is its own safe-integer check
    [{ n: 2 ** 53 - 1 }, 'accepted'],
    [{ n: 2 ** 53 + 2 }, 'unsure'],
    [{ n: 1.5 }, 'unsure'],
    [{ n: 1, u: 2 ** 32 - 1 }, 'accepted'],
    [{ n: 1, u: 2 ** 32 }, 'unsure'],
    [{ n: 1, u: -1 }, 'unsure'],
  ])('format schemas: %j -> %s', (input, outcome) => {
    expect(agree(z.object({ n: z.int(), u: z.uint32().optional() }), input)).toBe(outcome);
  });

  it('answers a fresh object in the shape order with the default filled in', () => {
    const got = fastPathOf(Flat)?.({ e: 'b', extra: true, n: 3 }) as Record<string, unknown>;
    expect(Object.keys(got)).toEqual(['n', 'e']);
    expect(got).toStrictEqual({ n: 3, e: 'b' });
    expect(fastPathOf(Flat)?.({ n: 3 })).toStrictEqual({ n: 3, e: 'a' });
  });

  it('leaves an inherited name and a __proto__ key to zod the way zod sees them', () => {
    expect(agree(z.object({ constructor: z.number().optional() }), {})).toBe('unsure');
    expect(agree(Flat, JSON.parse('{"n":1,"__proto__":{"polluted":1}}'))).toBe('accepted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['a refinement on the object', z.object({ n: z.number() }).refine((v) => v.n > 0)],
    ['a strict object', z.object({ n: z.number() }).strict()],
    ['a passthrough object', z.object({ n: z.number() }).passthrough()],
    ['a union', z.object({ u: z.union([z.string(), z.number()]) })],
    ['a transform', z.object({ t: z.string().transform((s) => s.length) })],
    ['a trimmed string', z.object({ s: z.string().trim() })],
    ['a regex', z.object({ s: z.string().regex(/^a/) })],
    ['a coerced number', z.object({ n: z.coerce.number() })],
    ['a record', z.object({ r: z.record(z.string(), z.number()) })],
    ['a float32 format', z.object({ n: z.float32() })],
    ['an email format', z.object({ s: z.email() })],
    ['a url format', z.object({ s: z.string().url() })],
    ['a multiple-of check', z.object({ n: z.number().multipleOf(2) })],
    ['an optional default', z.object({ n: z.number().default(1).optional() })],
  ])('does not compile a schema with %s', (_name, schema) => {
    expect(fastPathOf(schema)).toBeUndefined();
  });
});

// Values put in place of every field, one at a time, at every depth.
const HOSTILE: unknown[] = [
  null, true, false, 0, -0, 1, -1, 0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2,
  1e15, 1e15 + 2, -1e15 - 2, 1e300, -1e300, '', 'x', 'xx', '😀', 'a'.repeat(5000), '1', [], [1], [{}], {}, { a: 1 },
];

/** Numeric bounds and length limits of a schema's checks, with their neighbours: where off-by-one errors live. */
function edges(schema: z.ZodType): unknown[] {
  const out: unknown[] = [];
  const walk = (s: { _zod: { def: Record<string, unknown> } }): void => {
    const def = s._zod.def;
    for (const c of (def.checks as Array<{ _zod: { def: Record<string, unknown> } }> | undefined) ?? []) {
      const d = c._zod.def;
      if (typeof d.value === 'number') out.push(d.value, d.value - 1, d.value + 1, d.value - 0.5, d.value + 0.5);
      for (const n of [d.maximum, d.minimum]) {
        if (typeof n === 'number' && n < 100_000) {
          for (const len of [n - 1, n, n + 1, 2 * n - 1, 2 * n]) if (len >= 0) out.push('a'.repeat(len), '😀'.repeat(Math.ceil(len / 2)), Array.from({ length: len }, () => 1));
        }
      }
    }
    for (const k of ['innerType', 'element']) if (def[k]) walk(def[k] as never);
    if (def.shape) for (const f of Object.values(def.shape as Record<string, never>)) walk(f);
  };
  walk(schema as never);
  return out;
}

/** Every input made by replacing or deleting one value of `base`, down to the given depth. */
function variants(base: unknown, replacements: unknown[], depth = 3): unknown[] {
  const out: unknown[] = [];
  const at = (v: unknown, d: number, put: (x: unknown) => unknown): void => {
    if (d === 0 || v === null || typeof v !== 'object') return;
    const entries = Array.isArray(v) ? v.slice(0, 2).map((x, i) => [i, x] as const) : Object.entries(v);
    for (const [k, child] of entries) {
      const replaceWith = (x: unknown): unknown => {
        const copy = (Array.isArray(v) ? [...v] : { ...(v as object) }) as Record<string | number, unknown>;
        if (x === DELETE) delete copy[k];
        else copy[k] = x;
        return put(copy);
      };
      for (const r of replacements) out.push(replaceWith(r));
      if (!Array.isArray(v)) out.push(replaceWith(DELETE));
      at(child, d - 1, replaceWith);
    }
  };
  at(base, depth, (x) => x);
  out.push({ ...(base as object), unknown_field: 1 });
  return out;
}
const DELETE = Symbol('delete');

const compiled = tools.filter((t) => fastPathOf(t.input));

describe('fast path against zod on every tool that compiles', () => {
  it('compiles saas-metrics (the metered benchmark call) and leaves the rest to zod', () => {
    expect(compiled.map((t) => t.name)).toContain('saas-metrics');
    for (const t of tools) {
      if (!compiled.includes(t)) expect(fastPathOf(t.input)).toBeUndefined();
    }
  });

  it.each(compiled.map((t) => [t.name, t] as const))('%s: examples are accepted as zod accepts them', (_name, tool) => {
    const outcomes = tool.examples.map((ex) => agree(tool.input, structuredClone(ex.input)));
    expect(outcomes).toContain('accepted');
  });

  it.each(compiled.map((t) => [t.name, t] as const))('%s: every one-field variation agrees with zod', (_name, tool) => {
    const replacements = [...HOSTILE, ...edges(tool.input)];
    const counts = { accepted: 0, unsure: 0 };
    for (const ex of tool.examples) {
      for (const input of variants(structuredClone(ex.input), replacements)) counts[agree(tool.input, input)]++;
    }
    // Both answers are exercised: the variations reach the accepting branch and the deferring one.
    expect(counts.accepted).toBeGreaterThan(0);
    expect(counts.unsure).toBeGreaterThan(0);
  });
});
