// GET /docs: an API reference page rendered on the server from the OpenAPI document (no CDN, no script).
import type { JsonSchema } from './schemas.ts';

const esc = (s: unknown): string =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** Inline `code` and paragraphs from the descriptions' light Markdown. */
function prose(s: unknown): string {
  return esc(s)
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');
}

function resolve(doc: JsonSchema, node: JsonSchema | undefined): JsonSchema | undefined {
  let cur = node;
  for (let i = 0; i < 5 && cur && typeof cur.$ref === 'string'; i++) {
    const parts = (cur.$ref as string).replace(/^#\//, '').split('/');
    let target: unknown = doc;
    for (const p of parts) target = (target as Record<string, unknown>)?.[p];
    cur = target as JsonSchema | undefined;
  }
  return cur;
}

function typeOf(s: JsonSchema): string {
  if (s.const !== undefined) return `const ${JSON.stringify(s.const)}`;
  if (Array.isArray(s.enum)) return `enum: ${(s.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ')}`;
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
    return ((s.anyOf ?? s.oneOf) as JsonSchema[]).map(typeOf).join(' or ');
  }
  const t = Array.isArray(s.type) ? (s.type as string[]).join(' | ') : String(s.type ?? 'any');
  if (t === 'array' && s.items && typeof s.items === 'object') return `array of ${typeOf(s.items as JsonSchema)}`;
  const bounds: string[] = [];
  for (const k of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const) {
    if (s[k] !== undefined) bounds.push(`${k} ${String(s[k])}`);
  }
  if (s.default !== undefined) bounds.push(`default ${JSON.stringify(s.default)}`);
  return bounds.length ? `${t} (${bounds.join(', ')})` : t;
}

function propertiesTable(schema: JsonSchema | undefined, depth = 0): string {
  if (!schema || typeof schema !== 'object') return '';
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  if (!props || Object.keys(props).length === 0) return '';
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(props)
    .map(([name, p]) => {
      const nested = depth < 2 ? propertiesTable((p.type === 'array' ? (p.items as JsonSchema) : p) ?? undefined, depth + 1) : '';
      return `<tr><td><code>${esc(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${esc(typeOf(p))}</td><td>${prose(p.description)}${nested ? `<details><summary>fields</summary>${nested}</details>` : ''}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>field</th><th>type</th><th>description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function firstExample(content: JsonSchema | undefined): unknown {
  const json = content?.['application/json'] as JsonSchema | undefined;
  const examples = json?.examples as Record<string, { value: unknown }> | undefined;
  if (!examples) return undefined;
  return Object.values(examples)[0]?.value;
}

export function renderDocs(doc: JsonSchema): string {
  const info = doc.info as JsonSchema;
  const server = ((doc.servers as JsonSchema[] | undefined)?.[0]?.url as string | undefined) ?? '';
  const paths = doc.paths as Record<string, Record<string, JsonSchema>>;
  const ops: Array<{ path: string; method: string; op: JsonSchema; anchor: string }> = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) ops.push({ path, method: method.toUpperCase(), op, anchor: `${method}-${path.replace(/[^a-z0-9]+/gi, '-')}` });
  }
  const nav = ops
    .map((o) => `<li><a href="#${o.anchor}"><span class="m m-${o.method.toLowerCase()}">${o.method}</span> ${esc(o.path)}</a></li>`)
    .join('');
  const sections = ops
    .map(({ path, method, op, anchor }) => {
      const body = (op.requestBody as JsonSchema | undefined)?.content as JsonSchema | undefined;
      const reqSchema = resolve(doc, (body?.['application/json'] as JsonSchema | undefined)?.schema as JsonSchema | undefined);
      const reqExample = firstExample(body);
      const responses = Object.entries((op.responses as Record<string, JsonSchema>) ?? {})
        .map(([code, r]) => {
          const rr = resolve(doc, r) ?? {};
          return `<tr><td><code>${esc(code)}</code></td><td>${prose(rr.description)}</td></tr>`;
        })
        .join('');
      const ok = resolve(doc, ((op.responses as Record<string, JsonSchema>)?.['200'] ?? (op.responses as Record<string, JsonSchema>)?.['201']) as JsonSchema | undefined);
      const okSchema = resolve(doc, ((ok?.content as JsonSchema | undefined)?.['application/json'] as JsonSchema | undefined)?.schema as JsonSchema | undefined);
      const curl =
        method === 'POST'
          ? `curl -sS -X POST ${server}${path} \\\n  -H "Authorization: Bearer $DDT_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '${JSON.stringify(reqExample ?? {}).replace(/'/g, "'\\''")}'`
          : `curl -sS ${server}${path}`;
      const credits = op['x-credits'] !== undefined ? `<span class="credits">${esc(op['x-credits'])} credit${op['x-credits'] === 1 ? '' : 's'}</span>` : '';
      return `<section class="endpoint" id="${anchor}" data-path="${esc(path)}" data-method="${method}">
<h2><span class="m m-${method.toLowerCase()}">${method}</span> <code>${esc(path)}</code> ${credits}</h2>
<p class="summary">${esc(op.summary)}</p>
${op.description ? prose(op.description) : ''}
${reqSchema ? `<h3>Request body</h3>${propertiesTable(reqSchema)}` : ''}
${okSchema ? `<h3>Response</h3>${propertiesTable(okSchema)}` : ''}
<h3>Statuses</h3><table><tbody>${responses}</tbody></table>
<h3>Example</h3><pre><code>${esc(curl)}</code></pre>
</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} ${esc(info.version)}: API reference</title>
<style>
:root{--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg:#fff;--code:#f6f8fa;--accent:#0550ae}
*{box-sizing:border-box}body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
nav{position:fixed;top:0;bottom:0;left:0;width:300px;overflow:auto;border-right:1px solid var(--line);padding:16px;background:#fbfcfd}
nav ul{list-style:none;margin:0;padding:0}nav li{margin:2px 0}nav a{color:var(--fg);text-decoration:none;font-size:13px}nav a:hover{color:var(--accent)}
main{margin-left:300px;padding:24px 40px;max-width:1100px}h1{margin-top:0}h2{border-top:1px solid var(--line);padding-top:24px;font-size:20px}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}pre{background:var(--code);padding:12px;overflow:auto;border-radius:6px}
table{border-collapse:collapse;width:100%;margin:8px 0}td,th{border:1px solid var(--line);padding:6px 8px;vertical-align:top;text-align:left}th{background:var(--code)}
td p{margin:0}.req{color:#cf222e;font-size:11px}.summary{font-weight:600}.credits{font-size:12px;background:#ddf4ff;color:#0a3069;border-radius:10px;padding:2px 8px;vertical-align:middle}
.m{display:inline-block;min-width:44px;font-size:11px;font-weight:700;color:#fff;border-radius:4px;padding:1px 6px;text-align:center}.m-post{background:#1a7f37}.m-get{background:#0969da}.m-put{background:#9a6700}
</style></head>
<body><nav aria-label="Endpoints"><strong>${esc(info.title)}</strong><div>v${esc(info.version)}</div><p><a href="/openapi.json">openapi.json</a> · <a href="/v1/tools">function definitions</a></p><ul>${nav}</ul></nav>
<main><h1>${esc(info.title)} <small>v${esc(info.version)}</small></h1>
${prose(info.description)}
<p>Base URL: <code>${esc(server)}</code>. Authentication: <code>Authorization: Bearer &lt;key&gt;</code>. Errors share one shape: <code>{"error": "&lt;code&gt;", ...}</code>; branch on <code>error</code>.</p>
${sections}
</main></body></html>`;
}
