// JSON logs: one line per request with the metered request_id, never a key (not even a wrong one).
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { ADMIN_KEY, startTestService } from './support/service.ts';

/** A log stream that keeps every line written to it. */
function capture(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      cb();
    },
  });
  return { lines, stream };
}

it('logs requests as JSON lines without ever writing a key', async () => {
  const { lines, stream } = capture();
  const svc = await startTestService({ DDT_LOG_LEVEL: 'info' }, { logger: { level: 'info', stream } });
  try {
    const k = await svc.createKey(5);
    const ok = await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: svc.auth(k.key), payload: { text: 'hi' } });
    await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: svc.auth('ddt_wrong_key_that_must_not_be_logged_000'), payload: {} });
    await svc.app.inject({ method: 'POST', url: '/v1/test-boom', headers: svc.auth(k.key), payload: {} });
    const all = lines.join('\n');

    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
    expect(all).not.toContain(k.key);
    expect(all).not.toContain(ADMIN_KEY);
    expect(all).not.toContain('ddt_wrong_key_that_must_not_be_logged_000');
    const requestLines = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');
    expect(requestLines.some((l) => l.request_id === (ok.json() as { request_id: string }).request_id && l.status === 200)).toBe(true);
    expect(lines.some((l) => l.includes('kaboom'))).toBe(true); // the 500's cause is logged for the operator
  } finally {
    await svc.close();
  }
});

it('writes an intentional 503 endpoint_disabled at info, a failure at error', async () => {
  const { lines, stream } = capture();
  const svc = await startTestService({ DDT_LOG_LEVEL: 'info', DDT_DISABLED: 'test-upstream,mcp' }, { logger: { level: 'info', stream } });
  try {
    const k = await svc.createKey(5);
    const cases = [
      // request, status, pino level (30 info, 50 error)
      { url: '/v1/test-upstream', status: 503, level: 30 },
      { url: '/mcp', status: 503, level: 30 },
      { url: '/v1/test-boom', status: 500, level: 50 },
    ];
    for (const c of cases) {
      const r = await svc.app.inject({ method: 'POST', url: c.url, headers: svc.auth(k.key), payload: {} });
      expect(r.statusCode).toBe(c.status);
      const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request' && l.url === c.url);
      expect(line?.level, c.url).toBe(c.level);
    }
  } finally {
    await svc.close();
  }
});
