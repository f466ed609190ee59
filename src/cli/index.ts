// The `ddt` command: serve, keys (create, revoke, list, credit), call (run a tool locally), openapi.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import type { Config } from '../config.ts';
import { buildOpenApi } from '../gateway/openapi.ts';
import { ALL_SCOPES, DEFAULT_SCOPES, displayOf, hashKey, newKeyId, newKeyToken } from '../platform/keys.ts';
import { openStore } from '../platform/store/index.ts';
import { endpointOf } from '../gateway/call/endpoint.ts';
import { CallPath } from '../gateway/call/execute.ts';
import { Metrics } from '../platform/metrics.ts';
import { mcpName } from '../tools/contract.ts';
import { tools } from '../tools/registry.ts';

const USAGE = `ddt: operate the Deterministic Developer and Delivery Tools service

Usage:
  ddt serve                                   start the HTTP server (same as npm start)
  ddt keys create --credits N [--name X] [--scopes tools,uploads]
                                              issue a key; prints it once
  ddt keys revoke <key_id>                    revoke a key
  ddt keys list [--json]                      list keys with their balances (operator only)
  ddt keys credit <key_id> <amount>           add credits to a key
  ddt call <tool> [file.json]                 run a tool locally, no server, no credits;
                                              input JSON from the file or stdin
  ddt openapi [--out FILE] [--check FILE]     print, write, or verify the OpenAPI document

The store and other settings come from the environment (DDT_DATA_DIR, DDT_DATABASE_URL, ...).`;

export interface CliIo {
  out: (s: string) => void;
  err: (s: string) => void;
  stdin: () => Promise<string>;
  env: NodeJS.ProcessEnv;
}

class UsageError extends Error {}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseIntArg(v: string | undefined, name: string, min: number): number {
  const n = Number(v);
  if (v === undefined || !Number.isInteger(n) || n < min || n > 1_000_000_000) throw new UsageError(`${name} must be an integer from ${min} to 1000000000`);
  return n;
}

/** The OpenAPI document as committed: default public URL, default deployment. */
export function canonicalOpenApi(config: Config): string {
  const deployed = tools.filter((t) => t.deployed || config.deployExtra.has(t.name) || config.deployExtra.has(mcpName(t.name)));
  return `${JSON.stringify(buildOpenApi({ publicUrl: config.publicUrl, tools: deployed }), null, 2)}\n`;
}

async function keys(sub: string | undefined, args: string[], config: Config, io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { credits: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' }, json: { type: 'boolean' } },
    allowPositionals: true,
  });
  const store = await openStore(config);
  try {
    const now = new Date().toISOString();
    switch (sub) {
      case 'create': {
        const credits = parseIntArg(values.credits, '--credits', 0);
        const scopes = values.scopes ? values.scopes.split(',').map((s) => s.trim()).filter(Boolean) : [...DEFAULT_SCOPES];
        const bad = scopes.filter((s) => !(ALL_SCOPES as readonly string[]).includes(s));
        if (bad.length) throw new UsageError(`unknown scope(s) ${bad.join(', ')}; known: ${ALL_SCOPES.join(', ')}`);
        const token = newKeyToken(config.keyPrefix);
        const id = newKeyId();
        await store.createKey({ id, hash: hashKey(token), display: displayOf(token, config.keyPrefix), name: values.name ?? null, scopes: [...new Set(scopes)].sort(), credits, createdAt: now });
        io.out(JSON.stringify({ key: token, key_id: id, name: values.name ?? null, scopes: [...new Set(scopes)].sort(), credits, created_at: now }, null, 2));
        io.err('The key is shown once; only its SHA-256 hash is stored.');
        return 0;
      }
      case 'revoke': {
        const id = positionals[0];
        if (!id) throw new UsageError('usage: ddt keys revoke <key_id>');
        if (!(await store.revokeKey(id, now))) {
          io.err(`no key ${id}`);
          return 1;
        }
        io.out(JSON.stringify({ key_id: id, status: 'revoked' }));
        return 0;
      }
      case 'credit': {
        const [id, amount] = positionals;
        if (!id) throw new UsageError('usage: ddt keys credit <key_id> <amount>');
        const n = parseIntArg(amount, 'amount', 1);
        if (!(await store.addCredits(id, n, now))) {
          io.err(`no key ${id}`);
          return 1;
        }
        const k = await store.getKey(id);
        io.out(JSON.stringify({ key_id: id, added: n, balance: k?.credits }));
        return 0;
      }
      case 'list': {
        const all = await store.listKeys();
        if (values.json) {
          io.out(JSON.stringify(all, null, 2));
          return 0;
        }
        const rows = [['KEY_ID', 'KEY', 'NAME', 'SCOPES', 'STATUS', 'CREDITS', 'CREATED']];
        for (const k of all) rows.push([k.id, k.display, k.name ?? '', k.scopes.join(','), k.status, String(k.credits), k.createdAt]);
        const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
        io.out(rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n'));
        return 0;
      }
      default:
        throw new UsageError('usage: ddt keys <create|revoke|list|credit> ...');
    }
  } finally {
    await store.close();
  }
}

/**
 * Runs a tool locally through the same call path as the server (as the operator: no key, no credits). The
 * input is a JSON body; a file that is not JSON (a raw log, a manifest, a diagram) goes into the tool's text
 * field.
 */
async function call(args: string[], config: Config, io: CliIo): Promise<number> {
  const [name, file] = args;
  if (!name) throw new UsageError(`usage: ddt call <tool> [file]; tools: ${tools.map((t) => t.name).join(', ')}`);
  const tool = tools.find((t) => t.name === name || mcpName(t.name) === name);
  if (!tool) {
    io.err(`unknown tool ${name}; tools: ${tools.map((t) => t.name).join(', ')}`);
    return 2;
  }
  const text = file && file !== '-' ? fs.readFileSync(file, 'utf8') : await io.stdin();
  let body: unknown = { raw: text };
  if (tool.uploadField && text.trim() !== '') {
    try {
      JSON.parse(text);
    } catch {
      // Not JSON: the file is the text itself (what an upload would carry).
      body = { parsed: { [tool.uploadField]: text } };
    }
  }
  const callPath = new CallPath({ config, tools, metrics: new Metrics({ defaultMetrics: false }) });
  callPath.setLogger(cliLogger(io));
  const r = await callPath.execute(endpointOf(tool), { caller: { kind: 'operator' }, body: body as { raw: string } });
  io.out(JSON.stringify(r.body, null, 2));
  return r.status === 200 ? 0 : 1;
}

function cliLogger(io: CliIo): { info: () => void; warn: (o: object, m?: string) => void; error: (o: object, m?: string) => void; child: () => ReturnType<typeof cliLogger> } {
  const log = {
    info: (): void => undefined,
    warn: (o: object, m?: string): void => io.err(`${m ?? ''} ${JSON.stringify(o)}`),
    error: (o: object, m?: string): void => io.err(`${m ?? ''} ${JSON.stringify(o)}`),
    child: () => log,
  };
  return log;
}

function openapi(args: string[], config: Config, io: CliIo): number {
  const { values } = parseArgs({ args, options: { out: { type: 'string' }, check: { type: 'string' } } });
  // The committed document describes the default deployment at the default address.
  const text = canonicalOpenApi(values.out || values.check ? loadConfig({}) : config);
  if (values.check) {
    const current = fs.existsSync(values.check) ? fs.readFileSync(values.check, 'utf8') : '';
    if (current !== text) {
      io.err(`${values.check} is out of date with the tool definitions: run npm run openapi and commit it`);
      return 1;
    }
    io.err(`${values.check} is up to date`);
    return 0;
  }
  if (values.out) {
    fs.writeFileSync(values.out, text);
    io.err(`wrote ${values.out}`);
    return 0;
  }
  io.out(text.trimEnd());
  return 0;
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    if (!cmd || cmd === 'help' || cmd === '--help' || cmd === '-h') {
      io.out(USAGE);
      return cmd ? 0 : 2;
    }
    const config = loadConfig(io.env);
    switch (cmd) {
      case 'serve':
        await import('../main.ts');
        return -1;
      case 'keys':
        return await keys(rest[0], rest.slice(1), config, io);
      case 'call':
        return await call(rest, config, io);
      case 'openapi':
        return openapi(rest, config, io);
      default:
        io.err(`unknown command ${cmd}\n\n${USAGE}`);
        return 2;
    }
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`ddt: ${(err as Error).message}`);
      return 2;
    }
    throw err;
  }
}

export function main(): void {
  runCli(process.argv.slice(2), {
    out: (s) => process.stdout.write(`${s}\n`),
    err: (s) => process.stderr.write(`${s}\n`),
    stdin: readStdin,
    env: process.env,
  }).then(
    (code) => {
      if (code >= 0) process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`ddt: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}

if (process.argv[1] !== undefined && /cli[\\/]index\.ts$/.test(process.argv[1])) main();
