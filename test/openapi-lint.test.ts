// The OpenAPI document under Redocly's linter (its recommended rules, as `npx @redocly/cli lint openapi.json`
// runs them) and the contract the generator keeps: security on every operation, the 4xx of every operation,
// Idempotency-Key on every call-path operation, and the MCP facts it states without importing mcp.ts.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalOpenApi } from '../src/cli/index.ts';
import { loadConfig } from '../src/config.ts';
import { MAX_BATCH_MESSAGES, SUPPORTED_PROTOCOL_VERSIONS } from '../src/gateway/mcp.ts';
import { MCP_MAX_BATCH, MCP_PROTOCOL_VERSIONS } from '../src/gateway/openapi.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
// The CLI's own entry point (node_modules/.bin/redocly links to it), run by this Node: no npx, no network.
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

type Json = Record<string, unknown>;
interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}
interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Problem[];
}

/**
 * Warnings of the recommended rules that stay, each with its reason. info-license: the package is private
 * and has no licence; naming one in the API description is the owner's decision, not the generator's.
 */
const ACCEPTED_WARNINGS = new Set(['info-license']);

const text = await canonicalOpenApi(loadConfig({}));
const doc = JSON.parse(text) as Json;
const operations = Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ id: `${method.toUpperCase()} ${p}`, path: p, op })));
const responseOf = (r: Json): Json => (typeof r.$ref === 'string' ? ((doc.components as Json).responses as Record<string, Json>)[(r.$ref as string).split('/').pop()!]! : r);

describe('Redocly lint (recommended rules) on the generated document', () => {
  let report: LintReport;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-openapi-lint-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, text);
    try {
      const run = promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--format=json'], {
        cwd: ROOT,
        maxBuffer: 64 * 1024 * 1024,
        // No telemetry and no update check: the test needs no network.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      });
      // Redocly exits 1 when it finds an error; its JSON report is on stdout either way.
      const out = await run.then(
        (r) => r.stdout,
        (err: { stdout?: string; stderr?: string }) => {
          if (!err.stdout) throw new Error(`redocly lint did not report: ${err.stderr ?? String(err)}`);
          return err.stdout;
        },
      );
      report = JSON.parse(out) as LintReport;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  const describeProblems = (ps: Problem[]): string => ps.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`).join('\n');

  it('reports no error', () => {
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors, describeProblems(errors)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('reports no warning beyond the accepted ones', () => {
    const warnings = report.problems.filter((p) => p.severity !== 'error' && !ACCEPTED_WARNINGS.has(p.ruleId));
    expect(warnings, describeProblems(warnings)).toEqual([]);
  });
});

describe('what the generator promises', () => {
  const PUBLIC = ['GET /', 'GET /docs', 'GET /openapi.json', 'GET /v1/tools', 'GET /v1/alignment-gate/rubric', 'GET /healthz', 'GET /readyz'];

  it('every operation declares its security: the public ones none, /mcp the key optionally, the rest the key', () => {
    for (const { id, op } of operations) {
      expect(op.security, id).toBeDefined();
      if (PUBLIC.includes(id)) expect(op.security, id).toEqual([]);
      else if (id === 'POST /mcp') expect(op.security, id).toEqual([{}, { bearerAuth: [] }]);
      else expect(op.security, id).toEqual([{ bearerAuth: [] }]);
    }
    expect(operations.map((o) => o.id)).toEqual(expect.arrayContaining(PUBLIC));
  });

  it('every operation lists a 4xx, and every error response is the Error shape', () => {
    for (const { id, op } of operations) {
      const statuses = Object.keys(op.responses as Json);
      expect(statuses.some((s) => s.startsWith('4')), id).toBe(true);
      for (const s of statuses.filter((x) => Number(x) >= 400)) {
        const r = responseOf((op.responses as Record<string, Json>)[s]!);
        expect(((r.content as Json)['application/json'] as Json).schema, `${id} ${s}`).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
  });

  it('every call-path operation: Idempotency-Key, its 409, unknown_field, store_unavailable, 413, 429; Idempotent-Replayed on the success', () => {
    const callPath = operations.filter((o) => o.path.startsWith('/v1/') && (o.op.security as Json[]).length > 0);
    expect(callPath.length).toBeGreaterThan(16);
    for (const { id, op } of callPath) {
      const responses = op.responses as Record<string, Json>;
      expect(op.parameters, id).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
      const success = responseOf(responses['200'] ?? responses['201']!);
      expect(Object.keys(success.headers as Json), id).toEqual(expect.arrayContaining(['Idempotent-Replayed', 'X-RateLimit-Limit', 'X-Request-Id']));
      const codes = (s: string): string => String(responseOf(responses[s]!).description);
      expect(codes('400'), id).toContain('`unknown_field`');
      expect(codes('409'), id).toContain('`idempotency_key_reused`');
      expect(codes('409'), id).toContain('`idempotency_key_in_use`');
      expect(codes('503'), id).toContain('`store_unavailable`');
      for (const s of ['401', '403', '413', '429']) expect(responses[s], `${id} ${s}`).toBeDefined();
      if (op['x-credits'] !== undefined) expect(responses['402'], `${id} 402`).toBeDefined();
      else expect(responses['402'], `${id}: unmetered, never 402`).toBeUndefined();
    }
  });

  it('states the MCP gateway as mcp.ts implements it', () => {
    expect([...MCP_PROTOCOL_VERSIONS]).toEqual([...SUPPORTED_PROTOCOL_VERSIONS]);
    expect(MCP_MAX_BATCH).toBe(MAX_BATCH_MESSAGES);
  });
});
