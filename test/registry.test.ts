// Registry-wide conventions, enforced for every tool: names, folders, credits, described and capped schemas, examples.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/platform/errors.ts';
import { toolSchemas } from '../src/gateway/schemas.ts';
import type { JsonSchema } from '../src/gateway/schemas.ts';
import { mcpName } from '../src/tools/kit/contract.ts';
import { toolEntries } from '../src/tools/entries.ts';
import { tools } from '../src/tools/registry.ts';
import { callTool, makeTestContext } from './support/tool-harness.ts';

/** Credits per tool, as SPEC's table fixes them (the two undeployed tools cost 1 once deployed). */
const SPEC_CREDITS: Record<string, number> = {
  'acceptance-criteria-validator': 1,
  'alignment-gate': 2,
  'blm-land-lookup': 1,
  'coverage-check': 1,
  'defect-triage': 1,
  'dependency-check': 1,
  'diagram-contrast': 1,
  humanize: 1,
  'humanizer-score': 1,
  'log-analyzer': 2,
  'log-audit-creator': 2,
  'model-advisor': 1,
  'saas-metrics': 1,
  'sprint-health': 1,
  'ticket-lint': 1,
  'worklog-guardrail': 1,
  'convert-diagram': 1,
  'supply-chain-scan': 1,
};
const UNDEPLOYED = new Set(['convert-diagram', 'supply-chain-scan']);
const ROOT = path.resolve(import.meta.dirname, '..');

/** Every property, at any depth, must carry a description; input strings and arrays must be capped. */
function schemaProblems(schema: JsonSchema, where: string, capped: boolean, out: string[] = []): string[] {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (props) {
    for (const [name, p] of Object.entries(props)) {
      const at = `${where}.${name}`;
      if (typeof p.description !== 'string' || p.description.trim() === '') out.push(`${at} has no description`);
      visit(p, at, capped, out);
    }
  }
  return out;
}

function visit(p: JsonSchema, at: string, capped: boolean, out: string[]): void {
  const variants = [...((p.anyOf as JsonSchema[]) ?? []), ...((p.oneOf as JsonSchema[]) ?? [])];
  for (const v of variants) visit(v, at, capped, out);
  const type = p.type;
  if (capped && type === 'string' && p.maxLength === undefined && p.enum === undefined && p.const === undefined && p.format === undefined && p.pattern === undefined) {
    out.push(`${at} is a string with no maxLength`);
  }
  if (capped && type === 'array' && p.maxItems === undefined) out.push(`${at} is an array with no maxItems`);
  if (type === 'array' && p.items && typeof p.items === 'object') visit(p.items as JsonSchema, `${at}[]`, capped, out);
  if (p.properties) schemaProblems(p, at, capped, out);
}

describe('the registry', () => {
  it("lists every tool folder once, and each entry's name and deployment are its definition's", () => {
    const folders = fs.readdirSync(path.join(ROOT, 'src/tools'), { withFileTypes: true }).filter((d) => d.isDirectory() && fs.existsSync(path.join(ROOT, 'src/tools', d.name, 'tool.ts')));
    expect(toolEntries.map((e) => e.name)).toEqual(folders.map((d) => d.name).sort());
    for (const e of toolEntries) {
      const tool = e.loaded();
      expect(tool?.name, e.name).toBe(e.name);
      expect(tool?.deployed, e.name).toBe(e.deployed);
    }
  });

  it('is sorted by name, with unique kebab-case names and snake_case MCP names', () => {
    const names = tools.map((t) => t.name);
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) {
      expect(n).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(mcpName(n)).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });
});

describe.each(tools.map((t) => [t.name, t] as const))('%s', (name, tool) => {
  it('has the folder shape of docs/tool-authoring.md', () => {
    const dir = path.join(ROOT, 'src/tools', name);
    const files = fs.readdirSync(dir);
    for (const f of ['tool.ts', 'engine.ts', 'examples.ts', 'hostile.ts', 'README.md', `${name}.test.ts`]) expect(files, f).toContain(f);
    // Schemas live in tool.ts, examples in examples.ts: no second home for either.
    for (const f of ['schema.ts', 'examples.json']) expect(files, f).not.toContain(f);
  });

  it('declares the `examples` of examples.ts and the `hostileCases` of hostile.ts, by those names', async () => {
    const dir = path.join(ROOT, 'src/tools', name);
    const { examples } = (await import(pathToFileURL(path.join(dir, 'examples.ts')).href)) as { examples?: unknown };
    const { hostileCases } = (await import(pathToFileURL(path.join(dir, 'hostile.ts')).href)) as { hostileCases?: unknown };
    expect(examples, 'examples.ts: examples').toBe(tool.examples);
    expect(hostileCases, 'hostile.ts: hostileCases').toBe(tool.hostile);
  });

  it('imports nothing from another tool folder (what tools share lives in src/tools/kit/)', () => {
    const dir = path.join(ROOT, 'src/tools', name);
    const others = new Set(tools.map((t) => t.name).filter((n) => n !== name));
    for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.ts'))) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      for (const m of text.matchAll(/from '((?:\.\.\/)+)([a-z-]+)\//g)) {
        const target = path.resolve(path.dirname(path.join(dir, f)), `${m[1]}${m[2]}`);
        expect(others.has(path.basename(target)) && path.dirname(target) === path.join(ROOT, 'src/tools'), `${f} imports ${m[0]}`).toBe(false);
      }
    }
  });

  it('declares its codes (the closed catalogue), each with a status and a meaning', () => {
    expect(tool.codes, 'codes').toBeDefined();
    for (const [code, v] of Object.entries(tool.codes)) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      // A platform code keeps the one status and meaning docs/errors.md gives it: a tool never redefines it.
      expect(Object.keys(ERROR_CODES), `${code} is a platform code`).not.toContain(code);
      expect(v.status).toBeGreaterThanOrEqual(400);
      expect(v.meaning.length).toBeGreaterThan(10);
    }
  });

  it('declares the credits SPEC gives it and the right deployment', () => {
    expect(SPEC_CREDITS[name]).toBeDefined();
    expect(tool.credits).toBe(SPEC_CREDITS[name]);
    expect(tool.deployed).toBe(!UNDEPLOYED.has(name));
  });

  it('has metadata for humans and models: a one-line imperative summary and a real description', () => {
    expect(tool.title.length).toBeGreaterThan(2);
    expect(tool.summary).not.toMatch(/\n|\.$/);
    expect(tool.summary).toMatch(/^[A-Z][a-z]+\b/);
    expect(tool.summary.length).toBeLessThanOrEqual(120);
    expect(tool.description.length).toBeGreaterThanOrEqual(60);
  });

  it('describes every field and caps every input string and array', () => {
    const { input, output } = toolSchemas(tool);
    expect(input.type).toBe('object');
    expect(output.type).toBe('object');
    expect(schemaProblems(input, 'input', true)).toEqual([]);
    expect(schemaProblems(output, 'output', false)).toEqual([]);
  });

  it('accepts upload_id in place of its text field when it ingests files', () => {
    if (!tool.uploadField) return;
    const props = toolSchemas(tool).input.properties as Record<string, unknown>;
    expect(props).toHaveProperty(tool.uploadField);
    expect(props).toHaveProperty('upload_id');
  });

  it('declares adversarial inputs built from its own syntax (run by test/hostile.test.ts, timed by npm run bench:hostile)', () => {
    const cases = tool.hostile?.() ?? [];
    expect(cases.length, 'hostile cases').toBeGreaterThanOrEqual(5);
    expect(new Set(cases.map((c) => c.name)).size, 'unique case names').toBe(cases.length);
  });

  it('has examples that the engine reproduces exactly, twice (deterministic)', async () => {
    expect(tool.examples.length).toBeGreaterThanOrEqual(1);
    for (const ex of tool.examples) {
      expect(tool.input.safeParse(ex.input).success).toBe(true);
      expect(tool.output.safeParse(ex.output).success).toBe(true);
      if (ex.runs === 'upstream') continue;
      const a = await callTool(tool, ex.input, makeTestContext());
      const b = await callTool(tool, ex.input, makeTestContext());
      expect(a.body).toEqual(ex.output);
      expect(b.body).toEqual(a.body);
    }
  });
});
