// The guide at the top of the API reference (OpenAPI info.description, in Markdown): keys, credits, rate
// limits, idempotency, errors, uploads, MCP. Tables come from the registry and from ERROR_CODES, so the guide
// cannot list a code, a tool or a price the server does not have.
import { ERROR_CODES } from '../../platform/errors.ts';
import { mcpName } from '../../tools/kit/contract.ts';
import type { ToolExample } from '../../tools/kit/contract.ts';
import type { AnyTool } from '../../tools/registry.ts';

/** A tool example the guide walks through (the OpenAPI generator picks it). */
export interface FeaturedExample {
  tool: AnyTool;
  example: ToolExample<unknown, Record<string, unknown>>;
}

export interface GuideOptions {
  /** The base URL the examples call. */
  server: string;
  /** Deployed tools, sorted by name. */
  tools: readonly AnyTool[];
  featured: FeaturedExample | undefined;
}

const cell = (s: string): string => s.replace(/\|/g, '/');

/** JSON on one line, with a space after each colon and comma. */
function flatJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(flatJson).join(', ')}]`;
  const entries = Object.entries(v).filter(([, x]) => x !== undefined);
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}: ${flatJson(x)}`).join(', ')}}`;
}

/**
 * JSON for people: indented like JSON.stringify(v, null, 2), except that an array or object whose one-line
 * form fits in `width` columns stays on one line (a list of labels, a small object).
 */
export function prettyJson(value: unknown, width = 76): string {
  const walk = (v: unknown, indent: string, lead: number): string => {
    const flat = flatJson(v);
    if (v === null || typeof v !== 'object' || indent.length + lead + flat.length <= width) return flat;
    const inner = `${indent}  `;
    if (Array.isArray(v)) return v.length === 0 ? '[]' : `[\n${v.map((x) => inner + walk(x, inner, 0)).join(',\n')}\n${indent}]`;
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${walk(x, inner, JSON.stringify(k).length + 2)}`).join(',\n')}\n${indent}}`;
  };
  return walk(value, '', 0);
}

/** A curl command line in the form every example on the page uses. */
export function curlCommand(server: string, method: string, path: string, body: unknown, withKey: boolean): string {
  const lines = [method === 'GET' ? `curl -sS ${server}${path}` : `curl -sS -X ${method} ${server}${path}`];
  if (withKey) lines.push('-H "Authorization: Bearer $DDT_KEY"');
  if (body !== undefined) {
    lines.push('-H "Content-Type: application/json"', `-d '${prettyJson(body, 72).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(' \\\n  ');
}

function errorTable(): string {
  const rows = Object.entries(ERROR_CODES)
    .sort(([a, x], [b, y]) => x.status - y.status || a.localeCompare(b))
    .map(([code, e]) => `| ${e.status} | \`${code}\` | ${cell(e.meaning)} |`);
  return ['| status | error | meaning |', '|---|---|---|', ...rows].join('\n');
}

export function guideMarkdown({ server, tools, featured }: GuideOptions): string {
  const exempt = tools.filter((t) => (t.refundExempt ?? []).length > 0);
  const exemptText = exempt.map((t) => `${t.name}'s ${(t.refundExempt ?? []).join(', ')}`).join(' and ');
  const uploadTools = tools.filter((t) => t.uploadField !== undefined);
  const quick = featured
    ? [
        'Ask the operator of this server for an API key (operators: `npx ddt keys create --credits 1000 --name my-app`), then call a tool:',
        '',
        '```bash',
        'export DDT_KEY=ddt_...   # your key',
        curlCommand(server, 'POST', `/v1/${featured.tool.name}`, featured.example.input, true),
        '```',
        '',
        `The answer is the JSON shown under POST /v1/${featured.tool.name} below, with a \`request_id\`. Every endpoint on this page has an example request you can paste and the response it gets.`,
      ]
    : ['Ask the operator of this server for an API key, then call any endpoint below with it. Every endpoint has an example request you can paste and the response it gets.'];
  const costs = tools.map((t) => `| \`POST /v1/${t.name}\` | \`${mcpName(t.name)}\` | ${t.credits} |`);
  // The walk-through uploads a log, so it names the log tool when there is one.
  const uploadStep = uploadTools.find((t) => t.name === 'log-analyzer') ?? uploadTools[0];
  const sections = [
    `Small deterministic JSON endpoints for AI builders and delivery teams. Each tool is a REST endpoint (\`POST /v1/<name>\`) and the MCP tool of the same name in snake_case; a call needs an API key and costs the credits shown on its endpoint.${
      tools.some((t) => t.name === 'alignment-gate') ? ' No language model runs in the request path, except in alignment-gate when its operator configures one (by default it grades offline against its rubric).' : ''
    }`,
    '## Quick start',
    ...quick,
    '## Keys and authentication',
    'Send your key on every metered call as `Authorization: Bearer <key>`. Keys begin with `ddt_` (an operator may choose another prefix).',
    '',
    '- The server stores only a SHA-256 hash of each key, so a lost key cannot be shown again: ask for a new one and have the old one revoked.',
    '- Scopes: `tools` (call the tools), `uploads` (`POST /v1/uploads`), `admin` (issue, revoke and top up keys). Keys issued through `POST /v1/keys` get `tools` and `uploads`; `admin` is granted only by the operator (from the command line or at start-up).',
    '- No header, or not a Bearer one: `401 missing_token`. A key that does not exist: `401 invalid_token`. A revoked key: `401 key_revoked`. A key without the scope the endpoint needs: `403 insufficient_scope` with `required_scope`. None of them is charged.',
    '- No key is needed for this page, `GET /openapi.json`, `GET /v1/tools`, the health probes, and MCP `initialize`, `ping` and `tools/list`.',
    '## Credits',
    'Each key has a balance of credits. A call that succeeds costs the credits of its endpoint:',
    '',
    '| endpoint | MCP tool | credits |',
    '|---|---|---|',
    ...costs,
    '',
    '- Validation comes first: a `400` is never charged.',
    '- A balance below the cost: `402 insufficient_credits`. Nothing ran and nothing was charged.',
    `- A \`5xx\` after the charge is refunded automatically${exempt.length ? ` (except ${exemptText}: the upstream was queried, so the charge stands)` : ''}.`,
    '- `POST /v1/uploads`, the key routes and `POST /mcp` itself cost nothing; a `tools/call` over MCP costs what its tool costs.',
    '- No endpoint and no header tells the balance. The operator sees it (`npx ddt keys list`) and adds credits (`POST /v1/keys/{key_id}/credits` or `npx ddt keys credit`).',
    '## Rate limits',
    'Calls are counted per key and per endpoint, in fixed windows aligned to the clock (a 60-second window runs from second 0 to second 59 of each minute). The default is 120 calls per 60 seconds for each endpoint; an operator may set others. Every authenticated call counts, a refused one too. The answers carry the state of the window:',
    '',
    '| header | meaning |',
    '|---|---|',
    '| `X-RateLimit-Limit` | calls permitted per window |',
    '| `X-RateLimit-Remaining` | calls left in this window |',
    '| `X-RateLimit-Reset` | Unix time (seconds) when the window resets |',
    '| `Retry-After` | seconds until then |',
    '',
    'Past the limit: `429 rate_limit_exceeded` with `limit`, `window_seconds` and `retry_after`, never charged; wait `Retry-After` seconds. When the rate limiter itself cannot be reached, calls get `503 rate_limiter_unavailable` with `retry_after` (unless the operator lets them through).',
    '## Idempotency',
    'A retry after a network error must not run or charge a call twice. Send a unique `Idempotency-Key` header (1 to 255 printable ASCII characters, a UUID for example) with the call; over MCP, put it in `params._meta.idempotency_key` of `tools/call`. For 24 hours, per API key and endpoint:',
    '',
    '- a retry with the same body gets the first answer again (status, body and `request_id`) with the header `Idempotent-Replayed: true` (MCP: `_meta.idempotent_replayed: true`). It is not charged again, though it counts against the rate limit;',
    '- the same key with another body: `409 idempotency_key_reused`;',
    '- the same key while the first call still runs: `409 idempotency_key_in_use` with `retry_after`;',
    '- a malformed key: `400 idempotency_key_invalid`.',
    '',
    `Only answers whose charge stood are kept (a \`200\`${exempt.length ? `, and ${exemptText}` : ''}): after a \`400\`, a \`402\` or a refunded \`5xx\`, the same key runs the call again.`,
    '## Errors',
    'Every answer that is not a 2xx has one shape:',
    '',
    '```json',
    prettyJson({ error: 'insufficient_credits', message: ERROR_CODES.insufficient_credits.message }),
    '```',
    '',
    'Branch on `error`, a stable code; `message` is for people and its wording may change. `request_id` is present once a call was charged (a `500`, a refunded tool error). Over MCP the same body is the text of a `tools/call` result with `isError: true`.',
    '',
    errorTable(),
    '',
    'A field that fails validation gets a code generated from its name, never charged: `<field>_required` (missing), `<field>_must_be_<type>` (wrong JSON type), `<field>_too_long` and `<field>_too_short` (a string or array over or under its size), `<field>_too_large` and `<field>_too_small` (a number out of range), `<field>_invalid` (not a permitted value; `allowed` lists them). A nested field uses its top-level name and gives the full path in `field` (`ticket_too_long` with `field: "ticket.summary"`). A field the endpoint does not take is `unknown_field`, with `did_you_mean` when a known field is close. Tools add their own input codes (a malformed manifest or diagram, for example), each with a message saying what is wrong.',
    '',
    'The checks run in this order: `endpoint_disabled`, authentication, scope, rate limit, JSON, unknown fields, field codes, the tool\'s own input checks, the Idempotency-Key, the balance (`402`), then the tool. A body over the size limit is refused first, with `413 payload_too_large`.',
    '## Uploads',
    `A file (a log, a manifest, a diagram; gzip accepted) can be sent as it is rather than as a JSON string, through an upload of up to 5 MB${uploadTools.length ? `, which ${uploadTools.map((t) => `${t.name} (\`${t.uploadField}\`)`).join(', ')} accept as \`upload_id\` in place of their text field` : ''}:`,
    '',
    '1. `POST /v1/uploads` with `content_type`, `size_bytes` and optionally `filename`: the answer has `upload_id`, `url` and `headers`.',
    '2. `PUT` the file to `url` with exactly those headers, before `expires_at`.',
    `3. Call the tool with \`upload_id\`${uploadStep ? `, for example \`{"upload_id": "upl_..."}\` to POST /v1/${uploadStep.name}` : ''}.`,
    '',
    '```bash',
    curlCommand(server, 'POST', '/v1/uploads', { content_type: 'text/plain', filename: 'app.log', size_bytes: 48213 }, true),
    'curl -sS -X PUT "<url from the answer>" -H "Content-Type: text/plain" --data-binary @app.log',
    '```',
    '',
    'An upload is private to the key that made it and is deleted after a retention period (24 hours by default). Uploads cost nothing.',
    '## MCP',
    `\`POST /mcp\` is an MCP server (Streamable HTTP, stateless, JSON answers). Point an MCP client at \`${server}/mcp\` with the header \`Authorization: Bearer <key>\`. \`initialize\`, \`ping\` and \`tools/list\` need no key; \`tools/call\` runs the tool with the same checks, rate limits and credits as its REST endpoint, and answers with the REST body as text (and as \`structuredContent\`). The MCP section below has requests to paste and their answers.`,
    '## Function calling',
    '`GET /v1/tools` gives every tool as an OpenAI function definition and as an Anthropic tool definition, with the same JSON Schemas as this page. Hand them to a model, then send the call it makes to `POST /v1/<name>` (the name in kebab-case) or to the MCP tool of that name.',
  ];
  return sections.map((s) => (s.startsWith('## ') ? `\n${s}\n` : s)).join('\n');
}
