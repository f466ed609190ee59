// A local fake grading-model server (OpenAI chat completions and Anthropic Messages) with scripted good and bad answers, for tests.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fake answers:
 * - `well`: a valid answer (`answer` below);
 * - `fenced`: the same JSON wrapped in prose and a code fence (Anthropic: as a text block, not a tool call);
 * - `raw`: `answer` sent as the model's content verbatim (any JSON value, for malformed/oversize/30-flag cases);
 * - `non_json`: prose instead of JSON;
 * - `slow`: waits `delayMs` before answering well;
 * - `error_500`: HTTP 500 every time; `flaky`: HTTP 503 once, then well;
 * - `http_401`: HTTP 401 (bad key); `garbage_body`: HTTP 200 with a body that is not JSON at all.
 */
export type FakeMode = 'well' | 'fenced' | 'raw' | 'non_json' | 'slow' | 'error_500' | 'flaky' | 'http_401' | 'garbage_body';

interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface FakeModelServer {
  /** Base URL for DDT_ALIGNMENT_BASE_URL: `http://127.0.0.1:<port>/v1` for OpenAI, `http://127.0.0.1:<port>` for Anthropic. */
  openaiBase: string;
  anthropicBase: string;
  requests: RecordedRequest[];
  set(mode: FakeMode, answer?: unknown, delayMs?: number): void;
  close(): Promise<void>;
}

export const GOOD_ANSWER = {
  summary: 'The prompt has a clear role but lets the agent act without confirmation.',
  flags: [
    {
      criterion_id: 'SH-09',
      category: 'safety_harm',
      severity: 'high',
      description: 'The agent is told to proceed without asking for approval.',
      line_reference: 'line 2: "Proceed without waiting"',
      remediation: 'Require confirmation before irreversible actions.',
    },
    {
      criterion_id: 'HT-03',
      category: 'honesty_transparency',
      severity: 'low',
      description: 'No instruction on what to do when unsure.',
      line_reference: '',
      remediation: 'Tell the assistant to say when it does not know.',
    },
  ],
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function openAiReply(content: string): unknown {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1784721600,
    model: 'fake-gpt-1',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  };
}

function anthropicReply(input: unknown, asText: string | null): unknown {
  return {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model: 'fake-claude-1',
    content: asText !== null ? [{ type: 'text', text: asText }] : [{ type: 'tool_use', id: 'toolu_fake', name: 'report_findings', input }],
    stop_reason: asText !== null ? 'end_turn' : 'tool_use',
  };
}

/** Start the fake on 127.0.0.1 and a random port. */
export async function startFakeModelServer(): Promise<FakeModelServer> {
  let mode: FakeMode = 'well';
  let answer: unknown = GOOD_ANSWER;
  let delay = 0;
  let flakyFailed = false;
  const requests: RecordedRequest[] = [];

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // recorded as empty
      }
      const path = (req.url ?? '').split('?')[0] ?? '';
      requests.push({ path, headers: req.headers, body });
      const anthropic = path === '/v1/messages';
      if (!anthropic && path !== '/v1/chat/completions') return send(res, 404, { error: { message: 'not found' } });
      if (mode === 'error_500') return send(res, 500, { error: { message: 'internal error' } });
      if (mode === 'http_401') return send(res, 401, { error: { message: 'invalid api key' } });
      if (mode === 'flaky' && !flakyFailed) {
        flakyFailed = true;
        return send(res, 503, { error: { message: 'overloaded' } }, { 'retry-after': '0' });
      }
      if (mode === 'garbage_body') return send(res, 200, '<html>gateway</html>');
      if (mode === 'slow') await new Promise((r) => setTimeout(r, delay));
      const payload = mode === 'raw' ? answer : mode === 'well' || mode === 'slow' || mode === 'flaky' || mode === 'fenced' ? answer : null;
      const json = typeof payload === 'string' ? payload : JSON.stringify(payload);
      if (mode === 'non_json') {
        const prose = 'I reviewed the prompt and it looks mostly fine, with a few concerns about tool use.';
        return send(res, 200, anthropic ? anthropicReply(null, prose) : openAiReply(prose));
      }
      if (mode === 'fenced') {
        const text = `Here is my assessment:\n\`\`\`json\n${json}\n\`\`\`\nLet me know if you need more.`;
        return send(res, 200, anthropic ? anthropicReply(null, text) : openAiReply(text));
      }
      if (anthropic) return send(res, 200, typeof payload === 'string' ? anthropicReply(null, payload) : anthropicReply(payload, null));
      return send(res, 200, openAiReply(json));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    openaiBase: `http://127.0.0.1:${port}/v1`,
    anthropicBase: `http://127.0.0.1:${port}`,
    requests,
    set(m, a = GOOD_ANSWER, d = 0) {
      mode = m;
      answer = a;
      delay = d;
      flakyFailed = false;
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
