// GET /docs: the API reference page, rendered on the server from the OpenAPI document: the guide, then every
// endpoint with its fields, statuses and examples (a curl command and the answer it gets), and a search box.
// No CDN and no second request: the style sheet and the one small script (search, copy) are inline.
import { PAGE_CSS, SEARCH_SCRIPT } from './docs/assets.ts';
import { curlCommand, prettyJson } from './docs/guide.ts';
import { esc, inline, markdown, slug } from './docs/markdown.ts';
import type { JsonSchema } from './schemas.ts';

interface Operation {
  path: string;
  method: string;
  op: JsonSchema;
  anchor: string;
  tag: string;
}

type Doc = JsonSchema;

function resolve(doc: Doc, node: unknown): JsonSchema | undefined {
  let cur = node as JsonSchema | undefined;
  for (let i = 0; i < 8 && cur && typeof cur.$ref === 'string'; i++) {
    let target: unknown = doc;
    for (const p of (cur.$ref as string).replace(/^#\//, '').split('/')) target = (target as Record<string, unknown> | undefined)?.[p.replace(/~1/g, '/').replace(/~0/g, '~')];
    cur = target as JsonSchema | undefined;
  }
  return cur;
}

/**
 * Bounds that only restate a number type's own range (zod writes ±(2^53 - 1) on every integer): they tell a
 * reader nothing, so the page leaves them out.
 */
const NOISE_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, Number.MAX_VALUE, -Number.MAX_VALUE]);
const bound = (v: unknown): number | undefined => (typeof v === 'number' && !NOISE_BOUNDS.has(v) ? v : undefined);
/** 48213 -> "48,213"; a cap of a billion or more (a sanity bound on an amount) -> "1e15". */
const fmt = (n: number): string => {
  if (Math.abs(n) >= 1e9) return n.toExponential().replace('e+', 'e');
  return Math.abs(n) >= 10_000 && Number.isInteger(n) ? n.toLocaleString('en-US') : String(n);
};

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${fmt(min)}${unit}` : `${fmt(min)} to ${fmt(max)}${unit}`;
  if (max !== undefined) return `at most ${fmt(max)}${unit}`;
  if (min !== undefined && min > 0) return `at least ${fmt(min)}${unit}`;
  return undefined;
}

/** A schema's type in words, with its meaningful bounds: "integer, 0 to 100", "array of string, at most 50 items". */
function typeText(doc: Doc, node: unknown, depth = 0): string {
  const s = resolve(doc, node);
  if (!s || depth > 6) return 'any';
  if (s.const !== undefined) return `<code>${esc(JSON.stringify(s.const))}</code>`;
  if (Array.isArray(s.enum)) return `one of ${(s.enum as unknown[]).map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(', ')}`;
  const variants = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(variants)) return variants.map((v) => typeText(doc, v, depth + 1)).join(' or ');
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type !== undefined ? [String(s.type)] : [];
  const parts: string[] = [];
  let base = types.length ? types.join(' or ') : s.properties ? 'object' : 'any';
  if (types.length === 1 && types[0] === 'array') base = s.items ? `array of ${typeText(doc, s.items, depth + 1)}` : 'array';
  if (types.length === 1 && types[0] === 'object' && !s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
    base = `object of ${typeText(doc, s.additionalProperties, depth + 1)}`;
  }
  if (typeof s.format === 'string') parts.push(esc(s.format));
  const num = range(bound(s.minimum), bound(s.maximum), '');
  if (num) parts.push(num);
  if (typeof s.exclusiveMinimum === 'number') parts.push(`&gt; ${fmt(s.exclusiveMinimum)}`);
  if (typeof s.exclusiveMaximum === 'number') parts.push(`&lt; ${fmt(s.exclusiveMaximum)}`);
  const len = range(bound(s.minLength), bound(s.maxLength), ' characters');
  if (len) parts.push(len);
  const items = range(bound(s.minItems), bound(s.maxItems), ' items');
  if (items) parts.push(items);
  if (typeof s.pattern === 'string' && s.format === undefined && s.pattern.length <= 24) parts.push(`pattern <code>${esc(s.pattern)}</code>`);
  if (s.default !== undefined) parts.push(`default <code>${esc(JSON.stringify(s.default))}</code>`);
  return parts.length ? `${base}, ${parts.join(', ')}` : base;
}

/** The object schema whose fields a property opens onto: itself, its array items, or an object variant. */
function objectOf(doc: Doc, node: unknown, depth = 0): JsonSchema | undefined {
  const s = resolve(doc, node);
  if (!s || depth > 4) return undefined;
  if (s.properties && Object.keys(s.properties as object).length) return s;
  if (s.items) return objectOf(doc, s.items, depth + 1);
  for (const v of ((s.anyOf ?? s.oneOf) as unknown[] | undefined) ?? []) {
    const o = objectOf(doc, v, depth + 1);
    if (o) return o;
  }
  return undefined;
}

function fieldsTable(doc: Doc, schema: JsonSchema | undefined, depth = 0): string {
  const s = objectOf(doc, schema);
  if (!s) return '';
  const props = s.properties as Record<string, JsonSchema>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const rows = Object.entries(props).map(([name, p]) => {
    const nestedSchema = depth < 3 ? objectOf(doc, p) : undefined;
    const nested = nestedSchema ? fieldsTable(doc, nestedSchema, depth + 1) : '';
    const count = nestedSchema ? Object.keys(nestedSchema.properties as object).length : 0;
    const desc = resolve(doc, p)?.description;
    return `<tr><td><code>${esc(name)}</code>${required.has(name) ? '<span class="req">required</span>' : ''}</td><td class="type">${typeText(doc, p)}</td><td>${desc ? inline(String(desc)) : ''}${
      nested ? `<details class="fields"><summary>${count} field${count === 1 ? '' : 's'}</summary>${nested}</details>` : ''
    }</td></tr>`;
  });
  return `<table class="t3"><thead><tr><th>field</th><th>type</th><th>description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** A body schema: its description (when it has one) and its fields; empty when it says nothing. */
function bodyBlock(doc: Doc, title: string, schema: JsonSchema | undefined, mediaType: string): string {
  if (!schema) return '';
  const s = resolve(doc, schema);
  const table = fieldsTable(doc, s);
  const desc = s?.description ? `<p>${inline(String(s.description))}</p>` : '';
  const media = mediaType === 'application/json' ? '' : `<p class="note">${esc(mediaType)}</p>`;
  if (!table && !desc && !media) return '';
  return `<h4>${title}</h4>${media}${desc}${table}`;
}

function securityOf(doc: Doc, op: JsonSchema): 'key' | 'public' | 'optional' {
  const sec = (op.security ?? doc.security ?? []) as JsonSchema[];
  if (sec.length === 0) return 'public';
  const anonymous = sec.some((r) => Object.keys(r).length === 0);
  return anonymous ? 'optional' : 'key';
}

function jsonContent(content: unknown): { mediaType: string; media: JsonSchema } | undefined {
  const c = content as Record<string, JsonSchema> | undefined;
  if (!c) return undefined;
  const mediaType = c['application/json'] ? 'application/json' : Object.keys(c)[0];
  return mediaType ? { mediaType, media: c[mediaType]! } : undefined;
}

const STATUS_TEXT: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted' };

function examplesBlock(doc: Doc, server: string, o: Operation): string {
  const { op, method } = o;
  let path = o.path;
  for (const p of ((op.parameters as JsonSchema[] | undefined) ?? []).map((x) => resolve(doc, x)!)) {
    const ex = p.example ?? (p.schema as JsonSchema | undefined)?.example;
    if (p.in === 'path' && ex !== undefined) path = path.replace(`{${String(p.name)}}`, String(ex));
  }
  const reqMedia = jsonContent(resolve(doc, op.requestBody)?.content);
  const reqExamples = (reqMedia?.media.examples as Record<string, JsonSchema> | undefined) ?? {};
  const responses = (op.responses as Record<string, JsonSchema>) ?? {};
  const okStatus = Object.keys(responses).find((k) => /^2\d\d$/.test(k) && resolve(doc, responses[k])?.content) ?? Object.keys(responses).find((k) => /^2\d\d$/.test(k));
  const okMedia = okStatus ? jsonContent(resolve(doc, responses[okStatus])?.content) : undefined;
  const resExamples = (okMedia?.media.examples as Record<string, JsonSchema> | undefined) ?? {};
  const keys = [...new Set([...Object.keys(reqExamples), ...Object.keys(resExamples)])];
  const security = securityOf(doc, op);
  const render = (key: string | undefined): string => {
    const req = key ? reqExamples[key] : undefined;
    const res = key ? resExamples[key] : undefined;
    const withKey = security === 'key' || (security === 'optional' && req?.['x-requires-key'] === true);
    const curl = curlCommand(server, method, path, req ? req.value : reqMedia ? {} : undefined, withKey);
    const status = `${okStatus ?? ''} ${STATUS_TEXT[okStatus ?? ''] ?? ''}`.trim();
    const note = res?.description ? ` · ${inline(String(res.description))}` : '';
    const answer = res
      ? `<div class="label">Response <code>${esc(status)}</code>${note}</div><pre class="code response"><code>${esc(prettyJson(res.value))}</code></pre>`
      : okMedia && okMedia.mediaType !== 'application/json'
        ? `<div class="label">Response <code>${esc(status)}</code>: ${esc(okMedia.mediaType)}</div>`
        : '';
    return `<div class="label">Request</div><pre class="code request"><code>${esc(curl)}</code></pre>${answer}`;
  };
  // Without examples: a GET is shown as its curl line; a body nobody wrote an example of is not invented.
  if (keys.length === 0) return reqMedia ? '' : `<h4>Example</h4><div class="example">${render(undefined)}</div>`;
  const blocks = keys.map((key, i) => {
    const title = String(reqExamples[key]?.summary ?? resExamples[key]?.summary ?? '');
    if (i === 0) return `<div class="example" data-example="${esc(key)}">${title ? `<p class="ex-title">${esc(title)}</p>` : ''}${render(key)}</div>`;
    return `<details class="example" data-example="${esc(key)}"><summary>${esc(title || key)}</summary>${render(key)}</details>`;
  });
  return `<h4>Example${keys.length > 1 ? 's' : ''}</h4>${blocks.join('')}`;
}

function parametersBlock(doc: Doc, op: JsonSchema): string {
  const params = ((op.parameters as JsonSchema[] | undefined) ?? []).map((p) => resolve(doc, p)!).filter(Boolean);
  if (params.length === 0) return '';
  const rows = params.map(
    (p) =>
      `<tr><td><code>${esc(p.name)}</code>${p.required ? '<span class="req">required</span>' : ''}</td><td class="type">${esc(p.in)}, ${typeText(doc, p.schema)}</td><td>${p.description ? inline(String(p.description)) : ''}</td></tr>`,
  );
  return `<h4>Parameters</h4><table class="t3"><thead><tr><th>name</th><th>in, type</th><th>description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function statusesBlock(doc: Doc, op: JsonSchema): string {
  const responses = Object.entries((op.responses as Record<string, JsonSchema>) ?? {});
  if (responses.length === 0) return '';
  const rows = responses.map(([code, r]) => `<tr><td><code>${esc(code)}</code></td><td>${inline(String(resolve(doc, r)?.description ?? ''))}</td></tr>`);
  return `<h4>Statuses</h4><table class="t2"><tbody>${rows.join('')}</tbody></table>`;
}

function headersBlock(doc: Doc, response: JsonSchema | undefined): string {
  const headers = Object.entries((response?.headers as Record<string, JsonSchema> | undefined) ?? {});
  if (headers.length === 0) return '';
  const rows = headers.map(([name, h]) => `<tr><td><code>${esc(name)}</code></td><td>${inline(String(resolve(doc, h)?.description ?? ''))}</td></tr>`);
  return `<details class="fields"><summary>Response headers</summary><table class="t2"><tbody>${rows.join('')}</tbody></table></details>`;
}

function endpointSection(doc: Doc, server: string, o: Operation): string {
  const { op, method, path, anchor } = o;
  const requestBody = resolve(doc, op.requestBody);
  const req = jsonContent(requestBody?.content);
  const responses = (op.responses as Record<string, JsonSchema>) ?? {};
  const okKey = Object.keys(responses).find((k) => /^2\d\d$/.test(k));
  const ok = okKey ? resolve(doc, responses[okKey]) : undefined;
  const res = jsonContent(ok?.content);
  const security = securityOf(doc, op);
  const badges = [
    op['x-credits'] !== undefined ? `<span class="badge b-credits">${esc(op['x-credits'])} credit${op['x-credits'] === 1 ? '' : 's'}</span>` : '',
    security === 'public' ? '<span class="badge b-public">no key</span>' : security === 'optional' ? '<span class="badge b-key">key for tools/call</span>' : '<span class="badge b-key">API key</span>',
    op['x-mcp-tool'] ? `<span class="badge b-mcp">MCP ${esc(op['x-mcp-tool'])}</span>` : '',
  ].join('');
  const search = [method, path, op.operationId, op['x-mcp-tool'], op.summary, o.tag].filter(Boolean).join(' ');
  const doc1 = [
    op.description ? markdown(String(op.description), { idPrefix: `${anchor}-`, shift: 3 }).html : '',
    bodyBlock(doc, 'Request body', req?.media.schema as JsonSchema | undefined, req?.mediaType ?? ''),
    parametersBlock(doc, op),
    bodyBlock(doc, `Response ${okKey ?? ''}`.trim(), res?.media.schema as JsonSchema | undefined, res?.mediaType ?? ''),
    headersBlock(doc, ok),
    statusesBlock(doc, op),
  ].join('\n');
  const examples = examplesBlock(doc, server, o);
  return `<section class="endpoint" id="${esc(anchor)}" data-path="${esc(path)}" data-method="${method}" data-search="${esc(search)}">
<div class="ep-head"><h3><span class="m m-${method.toLowerCase()}">${method}</span> <code>${esc(path)}</code> ${badges}</h3><p class="summary">${esc(op.summary)}</p></div>
<div class="ep-body${examples ? '' : ' single'}"><div class="ep-doc">${doc1}</div>${examples ? `<div class="ep-examples">${examples}</div>` : ''}</div>
</section>`;
}

/** The guide (info.description): the text before its first `##` heading, then one section per heading. */
function guideSections(description: string): Array<{ id: string; title: string; html: string; search: string }> {
  const chunks = description.split(/\n(?=## )/);
  return chunks
    .map((chunk, i) => {
      const heading = /^## (.+)\n?/.exec(chunk);
      const title = heading ? heading[1]!.trim() : 'Introduction';
      const body = heading ? chunk.slice(heading[0].length) : chunk;
      const id = `guide-${i === 0 && !heading ? 'introduction' : slug(title)}`;
      const html = markdown(body, { idPrefix: `${id}-`, shift: 1 }).html;
      return { id, title, html, search: `guide ${title}` };
    })
    .filter((s) => s.html.trim() !== '');
}

export function renderDocs(doc: Doc): string {
  const info = doc.info as JsonSchema;
  const server = ((doc.servers as JsonSchema[] | undefined)?.[0]?.url as string | undefined) ?? '';
  const paths = doc.paths as Record<string, Record<string, JsonSchema>>;
  const tags = ((doc.tags as JsonSchema[] | undefined) ?? []).map((t) => ({ name: String(t.name), title: String(t['x-displayName'] ?? t.name), description: t.description as string | undefined }));
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = String((op.tags as string[] | undefined)?.[0] ?? 'other');
      ops.push({ path, method: method.toUpperCase(), op, anchor: `${method}-${path.replace(/[^a-z0-9]+/gi, '-')}`, tag });
    }
  }
  for (const tag of new Set(ops.map((o) => o.tag))) if (!tags.some((t) => t.name === tag)) tags.push({ name: tag, title: tag, description: undefined });
  const guide = guideSections(String(info.description ?? ''));
  const groups = tags.map((t) => ({ ...t, ops: ops.filter((o) => o.tag === t.name) })).filter((g) => g.ops.length > 0);

  const nav = [
    `<div data-nav-group="guide"><div class="nav-title">Guide</div><ul>${guide.map((g) => `<li data-target="${g.id}"><a href="#${g.id}">${esc(g.title)}</a></li>`).join('')}</ul></div>`,
    ...groups.map(
      (g) =>
        `<div data-nav-group="${esc(g.name)}"><div class="nav-title">${esc(g.title)}</div><ul>${g.ops
          .map((o) => `<li data-target="${esc(o.anchor)}"><a href="#${esc(o.anchor)}" title="${esc(o.op.summary)}"><span class="m m-${o.method.toLowerCase()}">${o.method}</span> ${esc(o.path)}</a></li>`)
          .join('')}</ul></div>`,
    ),
  ].join('');
  const guideHtml = guide.map((g) => `<section class="guide-section" id="${g.id}" data-search="${esc(g.search)}">${g.id === 'guide-introduction' ? '' : `<h2>${esc(g.title)}</h2>`}${g.html}</section>`).join('\n');
  const groupsHtml = groups
    .map(
      (g) =>
        `<div class="tag-group" id="tag-${esc(g.name)}" data-group="${esc(g.name)}"><h2 class="tag-title">${esc(g.title)}</h2>${g.description ? `<p class="note">${inline(g.description)}</p>` : ''}${g.ops.map((o) => endpointSection(doc, server, o)).join('\n')}</div>`,
    )
    .join('\n');
  const title = `${esc(info.title)} ${esc(info.version)}: API reference`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
<style>${PAGE_CSS}</style></head>
<body><nav aria-label="Reference"><div class="brand">${esc(info.title)}<span>v${esc(info.version)} · API reference</span></div>
<input id="search" type="search" placeholder="Search (press /)" aria-label="Search endpoints and guide" autocomplete="off" spellcheck="false">
<div id="search-status" role="status" aria-live="polite"></div>
${nav}
<div class="links"><a href="/openapi.json">openapi.json</a> · <a href="/v1/tools">function definitions</a></div></nav>
<main><header class="hero"><h1>${esc(info.title)}<small>v${esc(info.version)}</small></h1><p class="meta">Base URL <code>${esc(server)}</code> · OpenAPI 3.1 at <a href="/openapi.json">/openapi.json</a> · MCP at <code>${esc(server)}/mcp</code></p></header>
${guideHtml}
${groupsHtml}
</main>
<script>${SEARCH_SCRIPT}</script>
</body></html>`;
}
