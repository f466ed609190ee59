// Grading-model clients (OpenAI-compatible chat completions, Anthropic Messages) with the timeout and retry policy.
import { readBodyCapped } from '../kit/http.ts';
import type { ToolContext } from '../kit/contract.ts';
import { ToolError } from '../kit/contract.ts';
import type { ModelAnswer } from './engine.ts';
import { parseModelAnswer } from './engine.ts';
import { FINDINGS_SCHEMA, GRADER_INSTRUCTIONS, graderUserMessage } from './grader-prompt.ts';

export type ProviderSpec = { kind: 'rubric' } | { kind: 'openai' | 'anthropic'; model: string };

const OPENAI_DEFAULT_BASE = 'https://api.openai.com/v1';
const ANTHROPIC_DEFAULT_BASE = 'https://api.anthropic.com';
const ANTHROPIC_VERSION = '2023-06-01';

/**
 * Retry policy: at most 2 attempts. A second attempt follows a connection failure, HTTP 408, 409, 429, 500, 502,
 * 503, 504 or 529, or an answer with no readable findings; it waits min(500 ms, timeout / 4), or the upstream's
 * Retry-After when that is at most 2 s (a longer Retry-After ends the call). A timed-out attempt is not retried:
 * it has already used the time budget. So a call takes at most 2 x DDT_ALIGNMENT_TIMEOUT_MS plus the pause.
 */
const MAX_ATTEMPTS = 2;
const RETRYABLE_STATUS = new Set([408, 409, 429, 500, 502, 503, 504, 529]);
const MAX_RETRY_AFTER_MS = 2000;
/** Largest answer body read; beyond it the answer is refused rather than buffered. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
const ANTHROPIC_MAX_TOKENS = 4096;

/** `rubric`, `openai:<model>` or `anthropic:<model>`; anything else is an operator error. */
export function parseProvider(setting: string | undefined): ProviderSpec {
  const s = (setting ?? '').trim();
  if (s === '' || s === 'rubric') return { kind: 'rubric' };
  const m = /^(openai|anthropic):(.{1,200})$/.exec(s);
  if (m && m[2]!.trim()) return { kind: m[1] as 'openai' | 'anthropic', model: m[2]!.trim() };
  throw new ToolError(503, 'model_not_configured', 'The grading model setting is not one of rubric, openai:<model> or anthropic:<model>.');
}

type FailureReason = 'timeout' | 'network_error' | 'http_error' | 'invalid_response' | 'aborted';

class ProviderFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    message: string,
    readonly upstreamStatus?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
  get retryable(): boolean {
    if (this.reason === 'network_error' || this.reason === 'invalid_response') return true;
    if (this.reason === 'http_error') return this.upstreamStatus !== undefined && RETRYABLE_STATUS.has(this.upstreamStatus);
    return false;
  }
}

async function readCapped(res: Response, max: number): Promise<string> {
  const text = await readBodyCapped(res, max);
  if (text === undefined) throw new ProviderFailure('invalid_response', `the answer is larger than ${max} bytes`);
  return text;
}

function retryAfterMs(res: Response): number | undefined {
  const h = res.headers.get('retry-after');
  if (!h) return undefined;
  const secs = Number(h);
  return Number.isFinite(secs) && secs >= 0 ? secs * 1000 : undefined;
}

/** One HTTP POST under its own timeout, also cancelled when the caller's request is. */
async function postJson(ctx: ToolContext, url: string, headers: Record<string, string>, body: unknown, timeoutMs: number): Promise<unknown> {
  const ac = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ac.abort();
  }, timeoutMs);
  const onAbort = (): void => ac.abort();
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  if (ctx.signal.aborted) ac.abort();
  try {
    const res = await ctx.fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: ac.signal });
    const text = await readCapped(res, MAX_ANSWER_BYTES);
    if (!res.ok) throw new ProviderFailure('http_error', `the model server answered HTTP ${res.status}`, res.status, retryAfterMs(res));
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProviderFailure('invalid_response', 'the model server did not answer with JSON');
    }
  } catch (err) {
    if (err instanceof ProviderFailure) throw err;
    if (timedOut) throw new ProviderFailure('timeout', `the model did not answer within ${timeoutMs} ms`);
    if (ctx.signal.aborted) throw new ProviderFailure('aborted', 'the request was cancelled');
    throw new ProviderFailure('network_error', 'the model server could not be reached');
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener('abort', onAbort);
  }
}

/** A base URL without its trailing slashes (a loop, not a pattern: a long run of slashes costs nothing). */
export function trimSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 47) end--;
  return url.slice(0, end);
}

function joinUrl(base: string, path: string): string {
  return `${trimSlashes(base)}${path}`;
}

interface Call {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** The answer payload (a JSON string or object) and the model name the server reports. */
  read(json: unknown): { answer: unknown; served: string | undefined };
}

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function openAiCall(model: string, baseUrl: string | undefined, apiKey: string | undefined, user: string): Call {
  const base = baseUrl ?? OPENAI_DEFAULT_BASE;
  const url = /\/chat\/completions\/?$/.test(base) ? base : joinUrl(base, '/chat/completions');
  const body: Record<string, unknown> = {
    model,
    messages: [
      { role: 'system', content: GRADER_INSTRUCTIONS },
      { role: 'user', content: user },
    ],
    response_format: { type: 'json_schema', json_schema: { name: 'alignment_findings', strict: true, schema: FINDINGS_SCHEMA } },
  };
  // Reasoning models (o-series, gpt-5) accept only the default temperature; every other model grades at 0.
  if (!/^(?:o\d|gpt-5)/i.test(model)) body.temperature = 0;
  return {
    url,
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    body,
    read(json) {
      const j = obj(json);
      const choice = obj(Array.isArray(j.choices) ? j.choices[0] : undefined);
      const message = obj(choice.message);
      return { answer: message.content, served: typeof j.model === 'string' ? j.model : undefined };
    },
  };
}

function anthropicCall(model: string, baseUrl: string | undefined, apiKey: string | undefined, user: string): Call {
  const base = trimSlashes(baseUrl ?? ANTHROPIC_DEFAULT_BASE);
  const url = /\/v1\/messages$/.test(base) ? base : joinUrl(base, /\/v1$/.test(base) ? '/messages' : '/v1/messages');
  const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION };
  if (apiKey) headers['x-api-key'] = apiKey;
  return {
    url,
    headers,
    body: {
      model,
      max_tokens: ANTHROPIC_MAX_TOKENS,
      temperature: 0,
      system: GRADER_INSTRUCTIONS,
      messages: [{ role: 'user', content: user }],
      // Forcing a tool call is how the Messages API returns input that follows a JSON schema.
      tools: [{ name: 'report_findings', description: 'Report the audit findings and summary.', input_schema: FINDINGS_SCHEMA }],
      tool_choice: { type: 'tool', name: 'report_findings' },
    },
    read(json) {
      const j = obj(json);
      const content = Array.isArray(j.content) ? j.content.map(obj) : [];
      const tool = content.find((b) => b.type === 'tool_use');
      const answer = tool ? tool.input : content.filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text as string).join('\n');
      return { answer, served: typeof j.model === 'string' ? j.model : undefined };
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Model name to report: the provider plus what the server says it ran, restricted to harmless characters. */
function modelLabel(kind: string, configured: string, served: string | undefined): string {
  const name = (served && /^[\w.:/@+-]{1,100}$/.test(served) ? served : configured).slice(0, 150);
  return `${kind}:${name}`;
}

export interface ModelGrading {
  answer: ModelAnswer;
  model: string;
}

/**
 * Ask the configured model for findings. Failures become SPEC's 500 `internal_error`, with `reason` and
 * `upstream_status` as extra fields (a 5xx after charging, so the gateway refunds); a missing API key for a public
 * endpoint is 503 `model_not_configured`.
 */
export async function gradeWithModel(
  spec: { kind: 'openai' | 'anthropic'; model: string },
  prompt: string,
  agentConfig: Record<string, unknown> | undefined,
  modelId: string | undefined,
  ctx: ToolContext,
): Promise<ModelGrading> {
  const { alignmentBaseUrl, alignmentApiKey } = ctx.settings;
  if (!alignmentBaseUrl && !alignmentApiKey) {
    throw new ToolError(503, 'model_not_configured', `The ${spec.kind} grading model needs an API key (DDT_ALIGNMENT_API_KEY) or a base URL (DDT_ALIGNMENT_BASE_URL).`);
  }
  const user = graderUserMessage(prompt, agentConfig, modelId);
  const call = spec.kind === 'openai' ? openAiCall(spec.model, alignmentBaseUrl, alignmentApiKey, user) : anthropicCall(spec.model, alignmentBaseUrl, alignmentApiKey, user);
  const timeoutMs = Math.max(1, Math.floor(ctx.settings.alignmentTimeoutMs));
  let last: ProviderFailure = new ProviderFailure('network_error', 'no attempt was made');
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    try {
      const json = await postJson(ctx, call.url, call.headers, call.body, timeoutMs);
      const { answer, served } = call.read(json);
      const parsed = parseModelAnswer(answer);
      if (parsed) {
        if (parsed.dropped > 0) ctx.log.warn({ provider: spec.kind, model: spec.model, dropped: parsed.dropped }, 'alignment model reported malformed findings; dropped');
        return { answer: parsed, model: modelLabel(spec.kind, spec.model, served) };
      }
      last = new ProviderFailure('invalid_response', 'the model answer had no findings array');
    } catch (err) {
      if (!(err instanceof ProviderFailure)) throw err;
      last = err;
    }
    ctx.log.warn({ provider: spec.kind, model: spec.model, attempt, reason: last.reason, upstream_status: last.upstreamStatus }, 'alignment model call failed');
    if (attempt >= MAX_ATTEMPTS || !last.retryable || ctx.signal.aborted) break;
    if (last.retryAfterMs !== undefined && last.retryAfterMs > MAX_RETRY_AFTER_MS) break;
    await sleep(last.retryAfterMs ?? Math.min(500, timeoutMs / 4), ctx.signal);
  }
  const details: Record<string, unknown> = { reason: last.reason };
  if (last.upstreamStatus !== undefined) details.upstream_status = last.upstreamStatus;
  throw new ToolError(500, 'internal_error', `The grading model failed: ${last.message}. The credits are refunded; retry later.`, details);
}
