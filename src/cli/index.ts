// The `ddt` command: serve, keys, usage, call (run a tool locally), mcp (the tools over stdio), openapi.
// Each command loads only what it needs, so `ddt --help` and `ddt keys list` start without loading a tool.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import type { Config } from '../config.ts';

const USAGE = `ddt: operate the Deterministic Developer and Delivery Tools service

Usage:
  ddt serve                                   start the HTTP server (same as npm start)
  ddt keys create --credits N [--name X] [--scopes tools,uploads]
                                              issue a key; prints it once
  ddt keys revoke <key_id | key>              revoke a key, by its id or by the key itself
  ddt keys list [--json]                      list keys with their balances (operator only)
  ddt keys credit <key_id> <amount>           add credits to a key
  ddt usage [--key <key_id>] [--since <ISO date | 7d | 24h>] [--json]
                                              calls and credits by endpoint, from the ledger
  ddt call <tool> [file]                      run a tool locally, no server, no credits: the file (or
                                              stdin) is the JSON body, or, when it is not JSON, the
                                              text of the tool's file field (a log, a manifest...)
  ddt mcp                                     serve the tools over MCP stdio, as the key in DDT_API_KEY
                                              (metered like HTTP; for desktop MCP clients)
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
export async function canonicalOpenApi(config: Config): Promise<string> {
  const { tools } = await import('../tools/registry.ts');
  const { mcpName } = await import('../tools/kit/contract.ts');
  const { buildOpenApi } = await import('../gateway/openapi.ts');
  const deployed = tools.filter((t) => t.deployed || config.deployExtra.has(t.name) || config.deployExtra.has(mcpName(t.name)));
  return `${JSON.stringify(buildOpenApi({ publicUrl: config.publicUrl, tools: deployed }), null, 2)}\n`;
}

async function keys(sub: string | undefined, args: string[], config: Config, io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { credits: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' }, json: { type: 'boolean' } },
    allowPositionals: true,
  });
  const { openStore } = await import('../platform/store/index.ts');
  const { ALL_SCOPES, DEFAULT_SCOPES, displayOf, hashKey, newKeyId, newKeyToken } = await import('../platform/keys.ts');
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
        const given = positionals[0];
        if (!given) throw new UsageError('usage: ddt keys revoke <key_id | key>');
        // The key itself (as a user pastes it) is found by its hash; anything else is a key id.
        const byKey = given.startsWith(config.keyPrefix) ? await store.findKeyByHash(hashKey(given)) : undefined;
        const id = byKey?.id ?? given;
        if (!(await store.revokeKey(id, now))) {
          io.err(given.startsWith(config.keyPrefix) ? 'no such key' : `no key ${given}`);
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
  const { toolEntries } = await import('../tools/entries.ts');
  const { mcpName } = await import('../tools/kit/contract.ts');
  const { endpointOf } = await import('../gateway/call/endpoint.ts');
  const { CallPath } = await import('../gateway/call/execute.ts');
  const { Metrics } = await import('../platform/metrics.ts');
  const [name, file] = args;
  const names = toolEntries.map((t) => t.name).join(', ');
  if (!name) throw new UsageError(`usage: ddt call <tool> [file]; tools: ${names}`);
  const entry = toolEntries.find((t) => t.name === name || mcpName(t.name) === name);
  if (!entry) {
    io.err(`unknown tool ${name}; tools: ${names}`);
    return 2;
  }
  // Only this tool's code is loaded.
  const tool = await entry.load();
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
  const callPath = new CallPath({ config, tools: [entry], metrics: new Metrics({ defaultMetrics: false }) });
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

/** Calls and credits by endpoint from the ledger: what an operator bills or watches. */
async function usage(args: string[], config: Config, io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { key: { type: 'string' }, since: { type: 'string' }, json: { type: 'boolean' } } });
  const since = values.since === undefined ? undefined : sinceOf(values.since);
  const { openStore } = await import('../platform/store/index.ts');
  const store = await openStore(config);
  try {
    if (values.key && !(await store.getKey(values.key))) {
      io.err(`no key ${values.key}`);
      return 1;
    }
    const rows = await store.usage({ keyId: values.key, since });
    if (values.json) {
      io.out(JSON.stringify({ key_id: values.key ?? null, since: since ?? null, endpoints: rows }, null, 2));
      return 0;
    }
    const table = [['ENDPOINT', 'CALLS', 'REFUNDED', 'CREDITS']];
    for (const r of rows) table.push([r.endpoint, String(r.calls), String(r.refunded), String(r.credits)]);
    table.push(['total', String(rows.reduce((a, r) => a + r.calls, 0)), String(rows.reduce((a, r) => a + r.refunded, 0)), String(rows.reduce((a, r) => a + r.credits, 0))]);
    const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
    const scope = `${values.key ? `key ${values.key}` : 'all keys'}${since ? `, since ${since}` : ''}`;
    io.out(`Usage (${scope}):\n${table.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n')}`);
    return 0;
  } finally {
    await store.close();
  }
}

/** `7d`, `24h`, `30m` back from now, or an ISO 8601 date or time. */
function sinceOf(v: string): string {
  const rel = /^(\d{1,6})([dhm])$/.exec(v);
  if (rel) {
    const ms = Number(rel[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000 }[rel[2] as 'd' | 'h' | 'm'];
    return new Date(Date.now() - ms).toISOString();
  }
  const t = Date.parse(v);
  if (!Number.isFinite(t)) throw new UsageError(`--since: expected an ISO date (2026-11-01) or a span such as 7d, 24h; got ${v}`);
  return new Date(t).toISOString();
}

/**
 * MCP over stdio for desktop clients: newline-delimited JSON-RPC on stdin and stdout, answered by the same
 * gateway and call path as POST /mcp, as the key in DDT_API_KEY (metered, limited, charged like HTTP).
 * Logs go to stderr: stdout carries only the protocol.
 */
async function mcp(config: Config, io: CliIo): Promise<number> {
  const key = io.env.DDT_API_KEY;
  if (!key) throw new UsageError('ddt mcp needs the API key its calls are made as, in DDT_API_KEY');
  const { createService } = await import('../server.ts');
  const { answerRpc, gatewayOf } = await import('../gateway/mcp.ts');
  const readline = await import('node:readline');
  const service = await createService(config, { logger: { level: config.logLevel, stream: process.stderr }, announce: (line) => io.err(line) });
  const gateway = await gatewayOf(service.callPath);
  const pending = new Set<Promise<void>>();
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.trim() === '') continue;
    const job = (async (): Promise<void> => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        io.out(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
        return;
      }
      const { json } = await answerRpc(gateway, parsed, `Bearer ${key}`);
      if (json !== undefined) io.out(json);
    })();
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }
  await Promise.all(pending);
  await service.close();
  return 0;
}

async function openapi(args: string[], config: Config, io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' }, check: { type: 'string' } } });
  // The committed document describes the default deployment at the default address.
  const text = await canonicalOpenApi(values.out || values.check ? loadConfig({}) : config);
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
      case 'usage':
        return await usage(rest, config, io);
      case 'mcp':
        return await mcp(config, io);
      case 'openapi':
        return await openapi(rest, config, io);
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

if (process.argv[1] !== undefined && /cli[\\/]index\.[jt]s$/.test(process.argv[1])) main();
