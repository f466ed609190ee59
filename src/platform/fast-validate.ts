// An accept-only fast path in front of zod, for input schemas built from plain parts: objects (unknown
// keys stripped), optional, nullable, defaults, arrays, numbers with bounds and integer formats,
// booleans, enums, literals, and strings with length bounds. A compiled schema answers either the exact
// value zod's safeParse would return for a valid input, or UNSURE; it never rejects anything. Every
// rejection, and so every 400 code and message, still comes from zod, as does every input of a schema
// that holds anything else (refinements, unions, records, transforms...), which is not compiled at all.
//
// The schema is compiled once into one JavaScript function, with the keys and checks written out, as
// zod itself does for objects; zod then still allocates a payload and an issue list per field and calls
// each field's checks through closures. For the twenty-odd optional numbers of saas-metrics that is
// about 0.6 µs (and about 2 µs with the garbage, under load) against a few hundredths of a microsecond.
// test/fast-validate.test.ts checks it against zod, field by field, for every tool whose schema compiles.
import type { z } from 'zod';

/** The answer when the fast path cannot vouch for the input: ask zod. */
export const UNSURE: unique symbol = Symbol('unsure');

type FastPath = (value: unknown) => unknown;

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  coerce?: boolean;
  innerType?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  entries?: Record<string, unknown>;
  values?: unknown[];
  defaultValue?: unknown;
}
interface CheckDef {
  check: string;
  value?: unknown;
  inclusive?: boolean;
  format?: string;
  maximum?: number;
  minimum?: number;
}
interface Schema {
  _zod: { def: Def & Partial<CheckDef>; optin?: string; optout?: string; traits?: Set<string> };
}

const INT_RANGES: Record<string, [number, number]> = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
};

/** Thrown inside the compiler when a schema holds a part it does not handle; caught by compile(). */
class Unsupported extends Error {}

/** Writes the body of one function: statements that either `return U` or leave the checked value in a variable. */
class Emitter {
  lines: string[] = [];
  /** Values the generated code reads as `c[i]`: Sets of allowed values, defs with a default getter. */
  consts: unknown[] = [];
  private n = 0;

  name(prefix: string): string {
    return `${prefix}${this.n++}`;
  }

  constant(value: unknown): string {
    this.consts.push(value);
    return `c[${this.consts.length - 1}]`;
  }

  /** Emits the checks of `schema` on the variable `x`; returns the expression holding the output value. */
  value(schema: Schema, x: string): string {
    const def = schema._zod.def;
    // A format schema (z.int(), z.email(), ...) is its own first check, as zod runs it.
    const own = schema._zod.traits?.has('$ZodCheck') ? [{ _zod: { def: def as CheckDef } }] : [];
    const checks = [...own, ...(def.checks ?? [])];
    switch (def.type) {
      case 'number':
        return this.number(def, checks, x);
      case 'string': {
        if (def.coerce) throw new Unsupported();
        const [min, max] = lengthBounds(checks);
        // zod counts code points; a code point is one or two UTF-16 units. So a string within the maximum
        // in units is within it in code points, and one of at least twice the minimum in units is above
        // it. In between, only counting code points could tell: zod does it.
        const conds = [`typeof ${x} !== 'string'`];
        if (max !== Infinity) conds.push(`${x}.length > ${max}`);
        if (min > 0) conds.push(`${x}.length < ${min * 2}`);
        this.lines.push(`if (${conds.join(' || ')}) return U;`);
        return x;
      }
      case 'boolean':
        if (def.coerce || checks.length) throw new Unsupported();
        this.lines.push(`if (typeof ${x} !== 'boolean') return U;`);
        return x;
      case 'enum': {
        const values = Object.values(def.entries ?? {});
        // String members only: a numeric TypeScript enum's reverse mappings are zod's to sort out.
        if (checks.length || values.length === 0 || !values.every((v) => typeof v === 'string')) throw new Unsupported();
        this.lines.push(`if (!${this.constant(new Set(values))}.has(${x})) return U;`);
        return x;
      }
      case 'literal':
        if (checks.length || !def.values) throw new Unsupported();
        this.lines.push(`if (!${this.constant(new Set(def.values))}.has(${x})) return U;`);
        return x;
      case 'optional':
      case 'nullable': {
        const inner = def.innerType;
        if (checks.length || !inner || (def.type === 'optional' && inner._zod.optin === 'defaulted')) throw new Unsupported();
        const out = this.name('o');
        this.lines.push(`let ${out} = ${x};`, `if (${x} !== ${def.type === 'optional' ? 'undefined' : 'null'}) {`);
        this.lines.push(`${out} = ${this.value(inner, x)};`, '}');
        return out;
      }
      case 'default': {
        // zod puts the default in place of undefined without validating it, reading it anew each time (a
        // getter that copies object defaults), and falls back to it when the inner part gives undefined.
        const inner = def.innerType;
        if (checks.length || !inner) throw new Unsupported();
        const d = this.constant(def);
        const out = this.name('d');
        this.lines.push(`let ${out};`, `if (${x} === undefined) ${out} = ${d}.defaultValue;`, 'else {');
        const r = this.value(inner, x);
        this.lines.push(`${out} = ${r} === undefined ? ${d}.defaultValue : ${r};`, '}');
        return out;
      }
      case 'array': {
        if (!def.element) throw new Unsupported();
        const [min, max] = lengthBounds(checks);
        const out = this.name('a');
        const i = this.name('i');
        const el = this.name('e');
        const conds = [`!Array.isArray(${x})`];
        if (min > 0) conds.push(`${x}.length < ${min}`);
        if (max !== Infinity) conds.push(`${x}.length > ${max}`);
        this.lines.push(`if (${conds.join(' || ')}) return U;`, `const ${out} = new Array(${x}.length);`);
        this.lines.push(`for (let ${i} = 0; ${i} < ${x}.length; ${i}++) {`, `const ${el} = ${x}[${i}];`);
        this.lines.push(`${out}[${i}] = ${this.value(def.element, el)};`, '}');
        return out;
      }
      case 'object':
        return this.object(def, checks.length, x);
      default:
        throw new Unsupported();
    }
  }

  private number(def: Def, checks: Array<{ _zod: { def: CheckDef } }>, x: string): string {
    if (def.coerce) throw new Unsupported();
    const conds = [`typeof ${x} !== 'number'`, `!Number.isFinite(${x})`];
    for (const c of checks) {
      const d = c._zod.def;
      const bound = d.value;
      if ((d.check === 'greater_than' || d.check === 'less_than') && typeof bound === 'number' && Number.isFinite(bound)) {
        const op = d.check === 'greater_than' ? (d.inclusive ? '>=' : '>') : d.inclusive ? '<=' : '<';
        conds.push(`!(${x} ${op} ${bound})`);
      } else if (d.check === 'number_format' && INT_RANGES[d.format ?? '']) {
        const [lo, hi] = INT_RANGES[d.format ?? ''] as [number, number];
        conds.push(`!Number.isInteger(${x})`, `${x} < ${lo}`, `${x} > ${hi}`);
      } else {
        throw new Unsupported();
      }
    }
    this.lines.push(`if (${conds.join(' || ')}) return U;`);
    return x;
  }

  private object(def: Def, objectChecks: number, x: string): string {
    // Refinements on the object and catch-all keys (strict or passthrough) stay with zod.
    const shape = def.shape;
    if (objectChecks > 0 || def.catchall || !shape || Object.getOwnPropertySymbols(shape).length > 0) throw new Unsupported();
    const out = this.name('r');
    this.lines.push(`if (typeof ${x} !== 'object' || ${x} === null || Array.isArray(${x})) return U;`);
    // A fresh object with the keys in the shape's order, as zod builds it; keys it does not declare are left out.
    this.lines.push(`const ${out} = {};`);
    for (const key of Object.keys(shape)) {
      if (key === '__proto__') throw new Unsupported();
      const field = shape[key] as Schema;
      const { optin, optout } = field._zod;
      const k = JSON.stringify(key);
      const v = this.name('f');
      // zod reads input[key] and asks `key in input` (inherited names included); so does this.
      this.lines.push(`const ${v} = ${x}[${k}];`);
      if (optin === 'optional' && optout === 'optional') {
        this.lines.push(`if (${k} in ${x}) {`);
        this.lines.push(`${out}[${k}] = ${this.value(field, v)};`, '}');
      } else if (optin === 'defaulted' && optout === undefined) {
        this.lines.push(`${out}[${k}] = ${this.value(field, v)};`);
      } else if (optin === undefined && optout === undefined) {
        this.lines.push(`if (!(${k} in ${x})) return U;`);
        this.lines.push(`${out}[${k}] = ${this.value(field, v)};`);
      } else {
        throw new Unsupported();
      }
    }
    return out;
  }
}

function lengthBounds(checks: Array<{ _zod: { def: CheckDef } }>): [number, number] {
  let min = 0;
  let max = Infinity;
  for (const c of checks) {
    const d = c._zod.def;
    if (d.check === 'max_length' && typeof d.maximum === 'number') max = Math.min(max, d.maximum);
    else if (d.check === 'min_length' && typeof d.minimum === 'number') min = Math.max(min, d.minimum);
    else throw new Unsupported();
  }
  return [min, max];
}

/** The generated source of a schema's fast path, or undefined when the schema is not in the subset. */
function fastPathSource(schema: z.ZodType): { source: string; consts: unknown[] } | undefined {
  const e = new Emitter();
  try {
    const out = e.value(schema as unknown as Schema, 'v');
    e.lines.push(`return ${out};`);
  } catch (err) {
    if (err instanceof Unsupported) return undefined;
    throw err;
  }
  return { source: e.lines.join('\n'), consts: e.consts };
}

function compile(schema: z.ZodType): FastPath | undefined {
  const generated = fastPathSource(schema);
  if (!generated) return undefined;
  try {
    // The source holds only the schema's own keys (as JSON string literals), numbers and variable names.
    const make = new Function('U', 'c', `return function fastPath(v) {\n${generated.source}\n};`) as (u: symbol, c: unknown[]) => FastPath;
    return make(UNSURE, generated.consts);
  } catch {
    // Code generation refused (--disallow-code-generation-from-strings): zod alone, as before.
    return undefined;
  }
}

const compiled = new WeakMap<object, FastPath | null>();

/** The compiled fast path of a schema (compiled once), or undefined when the schema is not in the subset. */
export function fastPathOf(schema: z.ZodType): FastPath | undefined {
  let run = compiled.get(schema);
  if (run === undefined) {
    run = compile(schema) ?? null;
    compiled.set(schema, run);
  }
  return run ?? undefined;
}
