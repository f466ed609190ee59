// The tool tester, in the manner of ESLint's RuleTester: a tool's `valid` and `invalid` cases as tables, each run
// through the production call path (as the operator). It refuses, before running anything, an invalid case that
// names no code, a code outside the catalogue (the tool's declared codes, the platform's, the schema's generated
// field codes) and duplicate cases (the same name, or the same input twice). Test-only: not in the build.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../platform/errors.ts';
import { callTool, makeTestContext } from '../../../test/support/tool-harness.ts';
import type { ToolContext } from './contract.ts';
import type { AnyTool } from '../registry-types.ts';

export interface ValidCase {
  name: string;
  input: unknown;
  /** Fields the answer must contain (compared with toMatchObject). */
  output?: Record<string, unknown>;
  /** Further checks on the answer's body. */
  check?: (body: Record<string, unknown>) => void;
  /** Overrides of the test context (a fake upstream's fetch, another clock). */
  context?: Partial<ToolContext>;
}

export interface InvalidCase {
  name: string;
  input: unknown;
  /** The stable code the answer must carry. Required: a refusal without a code is not a test. */
  code: string;
  /** Defaults to the code's declared status (400 for the schema's field codes). */
  status?: number;
  /** Further fields of the error body (compared with toMatchObject). */
  details?: Record<string, unknown>;
  context?: Partial<ToolContext>;
}

/** The schema's generated codes: `<top-level field>_required`, `_must_be_<type>`, `_too_long` and the rest. */
const FIELD_CODE = /^(.+)_(required|must_be_(?:object|array|string|number|integer|boolean)|too_long|too_short|too_large|too_small|invalid)$/;

function stable(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'undefined';
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  return `{${Object.keys(v)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}

/** The status a code is answered with, or undefined when the code is outside the tool's catalogue. */
export function catalogueStatus(tool: AnyTool, code: string): number | undefined {
  const own = tool.codes[code];
  if (own) return own.status;
  const platform = (ERROR_CODES as Record<string, { status: number } | undefined>)[code];
  if (platform) return platform.status;
  const m = FIELD_CODE.exec(code);
  const shape = (tool.input as unknown as { shape?: Record<string, unknown> }).shape;
  if (m && (shape === undefined || (m[1] as string) in shape || m[1] === 'body')) return 400;
  return undefined;
}

/** Checks the tables, then registers one test per case. Throws (at collection) on a vague or duplicate case. */
export function testTool(tool: AnyTool, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  const names = new Set<string>();
  const inputs = new Map<string, string>();
  for (const c of [...cases.valid, ...cases.invalid]) {
    if (names.has(c.name)) throw new Error(`${tool.name}: two cases are named "${c.name}"`);
    names.add(c.name);
    const key = stable(c.input) + stable(c.context ?? {});
    const other = inputs.get(key);
    if (other !== undefined) throw new Error(`${tool.name}: cases "${other}" and "${c.name}" have the same input`);
    inputs.set(key, c.name);
  }
  for (const c of cases.invalid) {
    if (typeof c.code !== 'string' || c.code === '') throw new Error(`${tool.name}: the invalid case "${c.name}" names no code`);
    if (catalogueStatus(tool, c.code) === undefined) throw new Error(`${tool.name}: the invalid case "${c.name}" expects "${c.code}", which is in no catalogue (declare it in the tool's codes)`);
  }
  describe(`${tool.name}: valid cases`, () => {
    if (cases.valid.length === 0) return;
    it.each(cases.valid.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const r = await callTool(tool, c.input, makeTestContext(c.context));
      expect(r.body, JSON.stringify(r.body).slice(0, 400)).not.toHaveProperty('error');
      expect(r.status).toBe(200);
      if (c.output) expect(r.body).toMatchObject(c.output);
      c.check?.(r.body);
    });
  });
  describe(`${tool.name}: invalid cases`, () => {
    if (cases.invalid.length === 0) return;
    it.each(cases.invalid.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const r = await callTool(tool, c.input, makeTestContext(c.context));
      expect(r.body.error).toBe(c.code);
      expect(r.status).toBe(c.status ?? catalogueStatus(tool, c.code));
      expect(typeof r.body.message).toBe('string');
      if (c.details) expect(r.body).toMatchObject(c.details);
    });
  });
}

/**
 * Refusals that must happen in `prepare`, before the charge: each body, once the schema has read it, makes
 * `prepare` throw its code with the code's catalogue status.
 */
export function testPrepareRefusals(tool: AnyTool, refusals: readonly (readonly [name: string, body: unknown, code: string])[]): void {
  describe(`${tool.name}: refusals happen in prepare, before the charge`, () => {
    it.each(refusals.map(([name, body, code]) => [name, body, code] as const))('%s: prepare throws', (_name, body, code) => {
      expect(tool.prepare, `${tool.name} has no prepare`).toBeDefined();
      const args = tool.input.parse(body);
      expect(() => tool.prepare?.(args)).toThrow(expect.objectContaining({ status: catalogueStatus(tool, code), code }));
    });
  });
}

/** Random JSON in the named top-level fields answers 200 or 400, never a 5xx (fast-check, with the run's seed). */
export function testRandomJson(tool: AnyTool, fields: readonly string[], numRuns = 200): void {
  it(`${tool.name}: random JSON in ${fields.join(' and ')} never throws`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.tuple(...fields.map(() => fc.jsonValue())), async (values) => {
        const res = await callTool(tool, Object.fromEntries(fields.map((f, i) => [f, values[i]])));
        expect([200, 400]).toContain(res.status);
      }),
      { numRuns },
    );
  });
}
