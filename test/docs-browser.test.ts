// /docs: every example on the page runs against a listening server and gets the answer the page shows; the
// page has no empty section and no noise bound; and in a real browser (Debian's Chromium through
// playwright-core) it loads offline and its search box finds each tool with its example response.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_REQUEST_ID } from '../src/gateway/openapi.ts';
import { ADMIN_KEY, registryTools, startTestService } from './support/service.ts';
import type { TestService } from './support/service.ts';

const CHROMIUM = process.env.DDT_CHROMIUM ?? '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium) {
  if (process.env.CI === 'true') throw new Error(`CI=true: the /docs browser test needs Chromium at ${CHROMIUM} (.ci/run installs it)`);
  process.stderr.write(`skipping the /docs browser test: no Chromium at ${CHROMIUM}\n`);
}
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

type Json = Record<string, unknown>;
interface OpenApi {
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }> }>>;
}

let svc: TestService;
let base: string;
let openapi: OpenApi;
let html: string;
beforeAll(async () => {
  svc = await startTestService();
  base = await svc.app.listen({ host: '127.0.0.1', port: 0 });
  openapi = (await (await fetch(`${base}/openapi.json`)).json()) as OpenApi;
  html = await (await fetch(`${base}/docs`)).text();
});
afterAll(async () => svc?.close());

/** The live answer with its request ids set to the example's (in the MCP text too), so it compares whole. */
function normalise(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalise);
  if (v === null || typeof v !== 'object') return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'request_id' && typeof x === 'string') out[k] = EXAMPLE_REQUEST_ID;
    else if (k === 'text' && typeof x === 'string' && x.startsWith('{')) out[k] = JSON.stringify(normalise(JSON.parse(x)));
    else out[k] = normalise(x);
  }
  return out;
}

/** True when every field of `part` is in `whole` with the same value, and every item of a list is one of its items. */
function covers(part: unknown, whole: unknown): boolean {
  if (Array.isArray(part)) return Array.isArray(whole) && part.every((p) => whole.some((w) => covers(p, w) && covers(w, p)));
  if (part === null || typeof part !== 'object') return Object.is(part, whole);
  if (whole === null || typeof whole !== 'object' || Array.isArray(whole)) return false;
  return Object.entries(part).every(([k, v]) => covers(v, (whole as Json)[k]));
}

interface PageExample {
  method: string;
  path: string;
  key: string;
  request: string;
  response: string | undefined;
}

const unescape = (s: string): string => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** The examples of the page, read from its markup (the page is ours: one section per endpoint, one block per example). */
function pageExamples(page: string): PageExample[] {
  return page
    .split('<section class="endpoint"')
    .slice(1)
    .flatMap((section) => {
      const attr = (name: string): string => unescape(new RegExp(`${name}="([^"]*)"`).exec(section)![1]!);
      return section
        .split(/<(?:div|details) class="example"/)
        .slice(1)
        .map((ex) => {
          const code = (kind: string): string | undefined => {
            const m = new RegExp(`<pre class="code ${kind}"><code>([^<]*)</code>`).exec(ex);
            return m ? unescape(m[1]!) : undefined;
          };
          return { method: attr('data-method'), path: attr('data-path'), key: /^ data-example="([^"]*)"/.exec(ex)?.[1] ?? '', request: code('request')!, response: code('response') };
        });
    });
}

/** Runs a curl command from the page as a user pastes it (sh, $DDT_KEY set); returns the status and the body. */
async function paste(command: string, key: string): Promise<{ status: number; body: string }> {
  const run = command.replaceAll(openapi.servers[0]!.url, base);
  const { stdout } = await promisify(execFile)('sh', ['-c', `${run} -w '\\n%{http_code}'`], { env: { ...process.env, DDT_KEY: key }, maxBuffer: 16 * 1024 * 1024 });
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}

describe('the examples on /docs, pasted into a shell against the server', () => {
  it('every example request gets the response the page shows', async () => {
    const examples = pageExamples(html);
    const toolKey = (await svc.createKey(10_000)).key;
    const tools = new Map(registryTools.map((t) => [`/v1/${t.name}`, t]));
    let ran = 0;
    for (const ex of examples) {
      const label = `${ex.method} ${ex.path} ${ex.key}`;
      const tool = tools.get(ex.path);
      // Upstream examples (blm-land-lookup) need the BLM service: their tool tests run them against a fake.
      if (tool && tool.examples[Number(ex.key.replace('example_', '')) - 1]?.runs === 'upstream') continue;
      expect(tool === undefined || ex.response !== undefined, `${label}: a tool example shows its response`).toBe(true);
      let command = ex.request;
      let expected: unknown = ex.response === undefined ? undefined : JSON.parse(ex.response);
      if (ex.path.startsWith('/v1/keys/')) {
        // Revocation and top-up of a key that exists: the example's key id replaced by a fresh one.
        const fresh = await svc.createKey(1);
        const exampleId = /key_[A-Za-z0-9]+/.exec(command)![0];
        command = command.replaceAll(exampleId, fresh.id);
        expected = JSON.parse(JSON.stringify(expected).replaceAll(exampleId, fresh.id));
      }
      const res = await paste(command, ex.path.startsWith('/v1/keys') ? ADMIN_KEY : toolKey);
      ran++;
      expect(res.status, `${label}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(res.status, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      if (expected === undefined) continue;
      const live = normalise(JSON.parse(res.body)) as Json;
      if (ex.path === '/v1/uploads' || ex.path === '/v1/keys') {
        // A new upload or key each time: the same fields, the same values where they do not vary.
        expect(Object.keys(live).sort(), label).toEqual(Object.keys(expected as Json).sort());
        if (ex.path === '/v1/keys') expect({ name: live.name, scopes: live.scopes }, label).toEqual({ name: (expected as Json).name, scopes: (expected as Json).scopes });
      } else if (ex.key === 'tools_list' || ex.path === '/v1/tools' || ex.path === '/v1/alignment-gate/rubric') {
        // Lists shown in part: each entry shown is an entry of the live list, whole.
        expect(covers(expected, live), `${label}: the example's entries are in the live answer`).toBe(true);
      } else {
        expect(live, label).toEqual(expected);
      }
    }
    expect(ran).toBeGreaterThan(30);
  }, 120_000);
});

describe('the page', () => {
  it('has no empty heading and no noise bound, and describes every operation', () => {
    const main = html.slice(html.indexOf('<main>'));
    for (const m of main.matchAll(/<h([234])[^>]*>([\s\S]*?)<\/h\1>\s*/g)) {
      const after = main.slice(m.index + m[0].length, m.index + m[0].length + 4);
      const next = /^<h([1-6])/.exec(after);
      const empty = after.startsWith('</') || (next !== null && Number(next[1]) <= Number(m[1]));
      expect(empty, `empty heading: ${m[2]}`).toBe(false);
    }
    expect(html).not.toContain(String(Number.MAX_SAFE_INTEGER));
    const sections = [...html.matchAll(/<section class="endpoint" id="[^"]*" data-path="([^"]*)" data-method="([A-Z]+)"/g)].map((m) => `${m[2]} ${unescape(m[1]!)}`);
    const described = Object.entries(openapi.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(sections.sort()).toEqual(described.sort());
    const guide = [...html.matchAll(/<section class="guide-section"[^>]*><h2>([^<]*)<\/h2>/g)].map((m) => m[1]);
    for (const name of ['Quick start', 'Keys and authentication', 'Credits', 'Rate limits', 'Idempotency', 'Errors', 'Uploads', 'MCP']) expect(guide, name).toContain(name);
  });
});

describe.skipIf(!hasChromium)('/docs in Chromium', () => {
  let context: BrowserContext;
  let userDataDir: string;
  beforeAll(async () => {
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1280, height: 900 } });
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  const visibleEndpoints = (page: Page): Promise<string[]> => page.locator('section.endpoint:visible').evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? ''));

  it('loads with nothing but the server, and the search box finds each tool and shows its example response', async () => {
    const page = await context.newPage();
    const foreign: string[] = [];
    const failures: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(base)) foreign.push(req.url());
    });
    page.on('pageerror', (err) => failures.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') failures.push(msg.text());
    });
    const res = await page.goto(`${base}/docs`, { waitUntil: 'load' });
    expect(res?.status()).toBe(200);
    expect(await page.title()).toContain('API reference');
    await page.screenshot({ path: path.join(os.tmpdir(), 'ddt-docs.png') });
    const all = await visibleEndpoints(page);
    expect(all.length).toBe(Object.values(openapi.paths).reduce((n, item) => n + Object.keys(item).length, 0));

    const search = page.locator('#search');
    const withExamples = registryTools.filter((t) => openapi.paths[`/v1/${t.name}`] && t.examples.length > 0);
    expect(withExamples.length).toBeGreaterThan(10);
    for (const [i, tool] of withExamples.entries()) {
      await search.fill('');
      // The first name typed as a person types it, one key at a time; the others filled at once.
      if (i === 0) await search.pressSequentially(tool.name);
      else await search.fill(tool.name);
      const section = page.locator(`section.endpoint[data-path="/v1/${tool.name}"]`);
      expect(await section.isVisible(), tool.name).toBe(true);
      // Only endpoints whose name holds what was typed stay (humanize also finds humanizer-score).
      for (const p of await visibleEndpoints(page)) expect(p, `${tool.name} shows ${p}`).toContain(tool.name);
      const response = section.locator('.example .response code').first();
      expect(await response.isVisible(), `${tool.name}: example response visible`).toBe(true);
      const shown = JSON.parse((await response.textContent()) ?? '') as unknown;
      const documented = openapi.paths[`/v1/${tool.name}`]!.post!.responses['200']!.content!['application/json']!.examples!.example_1!.value;
      expect(shown, tool.name).toEqual(documented);
      expect(await page.locator(`nav li[data-target="post--v1-${tool.name}"]`).isVisible(), `${tool.name} in the navigation`).toBe(true);
    }
    await page.screenshot({ path: path.join(os.tmpdir(), 'ddt-docs-search.png') });

    // A word from the guide finds its section; Escape clears the search and shows every endpoint again.
    await search.fill('');
    await search.pressSequentially('idempotency');
    expect(await page.locator('#guide-idempotency').isVisible()).toBe(true);
    await search.press('Escape');
    expect((await visibleEndpoints(page)).length).toBe(all.length);
    expect(await page.locator('#search-status').textContent()).toBe('');

    expect(foreign).toEqual([]);
    expect(failures).toEqual([]);
  }, 120_000);
});
