// Every error row of SPEC over REST, the order of checks, success headers, CORS, 404/405/413, refunds.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from './support/errors.ts';
import { MemoryLimiter } from '../src/platform/ratelimit/memory.ts';
import { LimiterUnavailableError } from '../src/platform/ratelimit/types.ts';
import type { RateLimiter } from '../src/platform/ratelimit/types.ts';
import { ADMIN_KEY, runs, startTestService } from './support/service.ts';
import type { TestService } from './support/service.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ DDT_DISABLED: 'humanize', DDT_RATE_LIMITS: '*=100/60,test-echo=5/60' });
});
afterAll(async () => svc.close());
beforeEach(() => {
  runs.echo = 0;
  runs.boom = 0;
  runs.upstream = 0;
});

async function post(url: string, headers: Record<string, string>, payload?: string | object) {
  return svc.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }) });
}

describe('authentication (401, nothing charged)', () => {
  const cases: Array<{ name: string; headers: Record<string, string>; code: string }> = [
    { name: 'no Authorization header', headers: { 'content-type': 'application/json' }, code: 'missing_token' },
    { name: 'not a Bearer header', headers: { authorization: 'Basic dXNlcjpwYXNz' }, code: 'missing_token' },
    { name: 'Bearer with no token', headers: { authorization: 'Bearer ' }, code: 'missing_token' },
    { name: 'token without the prefix', headers: { authorization: 'Bearer sk_live_abcdef0123456789abcdef' }, code: 'invalid_token' },
    { name: 'unknown key with the prefix', headers: { authorization: 'Bearer ddt_doesnotexist0000000000000000000000000' }, code: 'invalid_token' },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const r = await post('/v1/saas-metrics', c.headers, {});
      expect(r.statusCode).toBe(401);
      expectError(r.json(), { error: c.code });
    });
  }

  it('"no prefix" and "unknown" answer identically', async () => {
    const a = await post('/v1/saas-metrics', { authorization: 'Bearer nope' }, {});
    const b = await post('/v1/saas-metrics', { authorization: 'Bearer ddt_nope' }, {});
    expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
  });

  it('a revoked key gets key_revoked and is not charged', async () => {
    const k = await svc.createKey(5);
    const rv = await post(`/v1/keys/${k.id}/revoke`, svc.auth(), {});
    expect(rv.statusCode).toBe(200);
    const r = await post('/v1/test-echo', svc.auth(k.key), { text: 'x' });
    expect(r.statusCode).toBe(401);
    expectError(r.json(), { error: 'key_revoked' });
    expect(await svc.balance(k.id)).toBe(5);
    expect(runs.echo).toBe(0);
  });
});

describe('success', () => {
  it('200 with request_id and the rate-limit headers; one credit charged, one ledger row', async () => {
    const k = await svc.createKey(3);
    const r = await post('/v1/test-echo', svc.auth(k.key), { text: 'hello' });
    expect(r.statusCode).toBe(200);
    const body = r.json() as { text: string; request_id: string };
    expect(body.text).toBe('hello');
    expect(body.request_id).toMatch(/^req_/);
    expect(r.headers['x-request-id']).toBe(body.request_id);
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']) {
      expect(String(r.headers[h])).toMatch(/^\d+$/);
    }
    expect(r.headers['x-ratelimit-limit']).toBe('5');
    expect(r.headers['x-ratelimit-remaining']).toBe('4');
    const nowSec = Math.floor(svc.clock.now / 1000);
    expect(Number(r.headers['x-ratelimit-reset'])).toBe(nowSec - (nowSec % 60) + 60);
    expect(await svc.balance(k.id)).toBe(2);
    const ledger = await svc.store.ledger(k.id);
    expect(ledger.map((l) => [l.kind, l.delta, l.requestId])).toEqual([
      ['grant', 3, null],
      ['charge', -1, body.request_id],
    ]);
  });

  it('a real tool answers through the same pipeline', async () => {
    const k = await svc.createKey(1);
    const r = await post('/v1/saas-metrics', svc.auth(k.key), { cash: 1000, net_burn: 100 });
    expect(r.statusCode).toBe(200);
    expect((r.json() as { metrics: { runway_months: { value: number } } }).metrics.runway_months.value).toBe(10);
  });
});

describe('validation (400, never charged)', () => {
  const cases: Array<{ name: string; payload: string; code: string; extra?: Record<string, unknown> }> = [
    { name: 'not JSON', payload: '{"text": ', code: 'invalid_json' },
    { name: 'JSON but an array', payload: '[1,2]', code: 'body_must_be_object' },
    { name: 'JSON null', payload: 'null', code: 'body_must_be_object' },
    { name: 'wrong type', payload: '{"text": 5}', code: 'text_must_be_string' },
    { name: 'too long', payload: JSON.stringify({ text: 'x'.repeat(101) }), code: 'text_too_long' },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const k = await svc.createKey(1);
      const r = await post('/v1/test-echo', svc.auth(k.key), c.payload);
      expect(r.statusCode).toBe(400);
      expect((r.json() as { error: string }).error).toBe(c.code);
      expect(r.json()).not.toHaveProperty('request_id');
      expect(await svc.balance(k.id)).toBe(1);
      expect(runs.echo).toBe(0);
    });
  }

  it('generated codes: required, enum with allowed, number range', async () => {
    const k = await svc.createKey(5);
    const r = await post('/v1/saas-metrics', svc.auth(k.key), { gross_margin_pct: 5000 });
    expect(r.json()).toMatchObject({ error: 'gross_margin_pct_too_large' });
    expect(await svc.balance(k.id)).toBe(5);
  });

  it('an engine-detected 4xx is refunded: the call costs nothing', async () => {
    const k = await svc.createKey(1);
    const r = await post('/v1/test-echo', svc.auth(k.key), { text: 'bad-input' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: 'text_unusable', line: 1 });
    expect(await svc.balance(k.id)).toBe(1);
    const ledger = await svc.store.ledger(k.id);
    expect(ledger.map((l) => l.kind)).toEqual(['grant', 'charge', 'refund']);
  });
});

describe('credits (402)', () => {
  it('balance below cost: 402, nothing ran, nothing charged', async () => {
    const k = await svc.createKey(1);
    const r = await post('/v1/test-boom', svc.auth(k.key), {});
    expect(r.statusCode).toBe(402);
    expectError(r.json(), { error: 'insufficient_credits' });
    expect(runs.boom).toBe(0);
    expect(await svc.balance(k.id)).toBe(1);
  });

  it('a zero balance is never driven negative', async () => {
    const k = await svc.createKey(0);
    const r = await post('/v1/test-echo', svc.auth(k.key), { text: 'x' });
    expect(r.statusCode).toBe(402);
    expect(await svc.balance(k.id)).toBe(0);
  });
});

describe('scopes (403)', () => {
  it('POST /v1/keys without admin: insufficient_scope with required_scope admin', async () => {
    const k = await svc.createKey(10);
    const r = await post('/v1/keys', svc.auth(k.key), { credits: 5 });
    expect(r.statusCode).toBe(403);
    expectError(r.json(), { error: 'insufficient_scope', required_scope: 'admin' });
  });

  it('a key without the tools scope cannot call tools', async () => {
    const k = await svc.createKey(10, ['uploads']);
    const r = await post('/v1/test-echo', svc.auth(k.key), { text: 'x' });
    expect(r.statusCode).toBe(403);
    expectError(r.json(), { error: 'insufficient_scope', required_scope: 'tools' });
    expect(await svc.balance(k.id)).toBe(10);
  });
});

describe('rate limits (429, never billed)', () => {
  it('fixed window: the 6th call in a 5/60 window gets 429 with body and headers, then the next window opens', async () => {
    svc.clock.now = Date.UTC(2026, 6, 22, 13, 0, 10);
    const k = await svc.createKey(100);
    for (let i = 0; i < 5; i++) {
      const ok = await post('/v1/test-echo', svc.auth(k.key), { text: 'x' });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(4 - i));
    }
    const r = await post('/v1/test-echo', svc.auth(k.key), { text: 'x' });
    expect(r.statusCode).toBe(429);
    expectError(r.json(), { error: 'rate_limit_exceeded', limit: 5, window_seconds: 60, retry_after: 50 });
    expect(r.headers['retry-after']).toBe('50');
    expect(r.headers['x-ratelimit-limit']).toBe('5');
    expect(r.headers['x-ratelimit-remaining']).toBe('0');
    expect(r.headers['x-ratelimit-reset']).toBe(String(Date.UTC(2026, 6, 22, 13, 1, 0) / 1000));
    expect(await svc.balance(k.id)).toBe(95);
    // Another endpoint has its own window.
    expect((await post('/v1/saas-metrics', svc.auth(k.key), {})).statusCode).toBe(200);
    // The window is clock-aligned: at 13:01:00 it opens again.
    svc.clock.now = Date.UTC(2026, 6, 22, 13, 1, 0);
    expect((await post('/v1/test-echo', svc.auth(k.key), { text: 'x' })).statusCode).toBe(200);
  });
});

describe('order of checks', () => {
  it('disabled before authentication: 503 endpoint_disabled with no token at all', async () => {
    const r = await post('/v1/humanize', {}, {});
    // humanize may not be built yet in every checkout; a disabled test tool proves the same rule.
    if (r.statusCode !== 404) {
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ error: 'endpoint_disabled' });
    }
    const svc2 = await startTestService({ DDT_DISABLED: 'test-echo' });
    try {
      const d = await svc2.app.inject({ method: 'POST', url: '/v1/test-echo', payload: '{' });
      expect(d.statusCode).toBe(503);
      expectError(d.json(), { error: 'endpoint_disabled', tool: 'test_echo' });
    } finally {
      await svc2.close();
    }
  });

  it('authentication before rate limit: a bad token on an exhausted window is 401', async () => {
    svc.clock.now = Date.UTC(2026, 6, 22, 14, 0, 0);
    const k = await svc.createKey(100);
    for (let i = 0; i < 5; i++) await post('/v1/test-echo', svc.auth(k.key), { text: 'x' });
    expect((await post('/v1/test-echo', svc.auth(k.key), { text: 'x' })).statusCode).toBe(429);
    expect((await post('/v1/test-echo', svc.auth('ddt_wrong'), { text: 'x' })).statusCode).toBe(401);
  });

  it('rate limit before validation: invalid JSON on an exhausted window is 429', async () => {
    svc.clock.now = Date.UTC(2026, 6, 22, 15, 0, 0);
    const k = await svc.createKey(100);
    for (let i = 0; i < 5; i++) await post('/v1/test-echo', svc.auth(k.key), { text: 'x' });
    const r = await post('/v1/test-echo', svc.auth(k.key), '{not json');
    expect(r.statusCode).toBe(429);
  });

  it('validation before charging: invalid input with zero credits is 400, not 402', async () => {
    const k = await svc.createKey(0);
    const r = await post('/v1/test-echo', svc.auth(k.key), '{"text": 1}');
    expect(r.statusCode).toBe(400);
  });
});

describe('5xx after charging', () => {
  it('500 internal_error carries request_id and is refunded, with ledger rows for both', async () => {
    const k = await svc.createKey(2);
    const r = await post('/v1/test-boom', svc.auth(k.key), {});
    expect(r.statusCode).toBe(500);
    const body = r.json() as { error: string; request_id: string };
    expect(body.error).toBe('internal_error');
    expect(body.request_id).toMatch(/^req_/);
    expect(runs.boom).toBe(1);
    expect(await svc.balance(k.id)).toBe(2);
    const ledger = await svc.store.ledger(k.id);
    expect(ledger.map((l) => [l.kind, l.delta])).toEqual([
      ['grant', 2],
      ['charge', -2],
      ['refund', 2],
    ]);
    expect(ledger[1]?.requestId).toBe(body.request_id);
    expect(ledger[2]?.requestId).toBe(body.request_id);
  });

  it('a refund-exempt 504 stays charged', async () => {
    const k = await svc.createKey(1);
    const r = await post('/v1/test-upstream', svc.auth(k.key), {});
    expect(r.statusCode).toBe(504);
    expect(r.json()).toMatchObject({ error: 'upstream_unavailable' });
    expect(await svc.balance(k.id)).toBe(0);
  });
});

describe('limiter unavailable', () => {
  /** A limiter that works until `down` is set, then refuses every call as an unreachable Redis would. */
  const switchable = (): { limiter: RateLimiter; down: { now: boolean } } => {
    const real = new MemoryLimiter();
    const down = { now: false };
    const limiter: RateLimiter = {
      kind: 'redis',
      hit: (b, l, w, n) => (down.now ? broken.hit(b, l, w, n) : real.hit(b, l, w, n)),
      ping: () => (down.now ? broken.ping() : real.ping()),
      close: async () => undefined,
    };
    return { limiter, down };
  };
  const broken: RateLimiter = {
    kind: 'redis',
    hit: async () => {
      throw new LimiterUnavailableError('connection refused');
    },
    ping: async () => {
      throw new LimiterUnavailableError('connection refused');
    },
    close: async () => undefined,
  };

  it('fail closed: 503 rate_limiter_unavailable with retry_after, nothing charged', async () => {
    const sw = switchable();
    const s = await startTestService({ DDT_RATE_LIMIT_FAIL: 'closed' }, { limiter: sw.limiter });
    const k = await s.createKey(3);
    sw.down.now = true;
    try {
      const r = await s.app.inject({ method: 'POST', url: '/v1/test-echo', headers: s.auth(k.key), payload: { text: 'x' } });
      expect(r.statusCode).toBe(503);
      const body = r.json() as { error: string; retry_after: number };
      expect(body.error).toBe('rate_limiter_unavailable');
      expect(body.retry_after).toBeGreaterThanOrEqual(1);
      expect(r.headers['retry-after']).toBe(String(body.retry_after));
      expect(await s.balance(k.id)).toBe(3);
      const ready = await s.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
    } finally {
      await s.close();
    }
  });

  it('fail open: the call goes through and is charged normally', async () => {
    const sw = switchable();
    const s = await startTestService({ DDT_RATE_LIMIT_FAIL: 'open' }, { limiter: sw.limiter });
    const k = await s.createKey(3);
    sw.down.now = true;
    try {
      const r = await s.app.inject({ method: 'POST', url: '/v1/test-echo', headers: s.auth(k.key), payload: { text: 'x' } });
      expect(r.statusCode).toBe(200);
      expect(r.headers['x-ratelimit-limit']).toBe('120');
      expect(await s.balance(k.id)).toBe(2);
    } finally {
      await s.close();
    }
  });
});

describe('HTTP edges', () => {
  it('unknown path: JSON 404 not_found', async () => {
    const r = await svc.app.inject({ method: 'POST', url: '/v1/nope', headers: svc.auth() });
    expect(r.statusCode).toBe(404);
    expectError(r.json(), { error: 'not_found' });
  });

  it('an undeployed tool has no route', async () => {
    const r = await post('/v1/test-hidden', svc.auth(), {});
    expect(r.statusCode).toBe(404);
  });

  it('wrong method: JSON 405 with Allow', async () => {
    const r = await svc.app.inject({ method: 'GET', url: '/v1/saas-metrics' });
    expect(r.statusCode).toBe(405);
    expect(r.headers.allow).toBe('POST');
    expectError(r.json(), { error: 'method_not_allowed', allowed: ['POST'] });
    const d = await svc.app.inject({ method: 'DELETE', url: '/healthz' });
    expect(d.statusCode).toBe(405);
  });

  it('body over the limit: 413 payload_too_large', async () => {
    const s = await startTestService({ DDT_BODY_LIMIT_BYTES: '2048' });
    try {
      const r = await s.app.inject({ method: 'POST', url: '/v1/test-echo', headers: s.auth(), payload: JSON.stringify({ text: 'x'.repeat(5000) }) });
      expect(r.statusCode).toBe(413);
      expectError(r.json(), { error: 'payload_too_large', max_bytes: 2048 });
    } finally {
      await s.close();
    }
  });

  it("Node's fetch reads the 413 (not EPIPE) for bodies 2x and 20x the limit, and the server keeps serving", async () => {
    const limit = 1024 * 1024;
    const s = await startTestService({ DDT_BODY_LIMIT_BYTES: String(limit) });
    try {
      const address = await s.app.listen({ host: '127.0.0.1', port: 0 });
      // Several rounds: the broken pipe showed up on some attempts only (a reused connection, a race).
      for (const times of [2, 20, 2, 20, 2, 20, 2, 20]) {
        const r = await fetch(`${address}/v1/test-echo`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'x'.repeat(limit * times) }) });
        expect(r.status, `${times}x`).toBe(413);
        expectError(await r.json(), { error: 'payload_too_large', max_bytes: limit });
      }
      const ok = await fetch(`${address}/healthz`);
      expect(ok.status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('CORS preflight allows Authorization from any origin and exposes the rate-limit headers', async () => {
    const r = await svc.app.inject({
      method: 'OPTIONS',
      url: '/v1/saas-metrics',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(r.statusCode).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(String(r.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(String(r.headers['access-control-allow-methods'])).toContain('POST');
    const k = await svc.createKey(1);
    const actual = await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: { ...svc.auth(k.key), origin: 'https://app.example' }, payload: { text: 'x' } });
    expect(actual.headers['access-control-allow-origin']).toBe('*');
    expect(String(actual.headers['access-control-expose-headers'])).toContain('x-ratelimit-remaining');
  });

  it('ops routes: healthz, readyz, metrics with request and credit counters', async () => {
    expect((await svc.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await svc.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const m = await svc.app.inject({ method: 'GET', url: '/metrics' });
    expect(m.statusCode).toBe(200);
    expect(m.body).toContain('ddt_http_requests_total{endpoint="test-echo",status="200"}');
    expect(m.body).toContain('ddt_credits_charged_total');
    expect(m.body).toContain('ddt_credits_refunded_total{endpoint="test-boom"}');
    expect(m.body).toContain('ddt_http_request_duration_seconds_bucket');
  });
});

describe('admin routes', () => {
  it('POST /v1/keys: 201 with the key shown once; admin cannot be granted', async () => {
    const r = await post('/v1/keys', svc.auth(), { name: 'ci', credits: 7 });
    expect(r.statusCode).toBe(201);
    const body = r.json() as Record<string, unknown>;
    expect(body.key).toMatch(/^ddt_[0-9A-Za-z]{43}$/);
    expect(body).toMatchObject({ name: 'ci', scopes: ['tools', 'uploads'] });
    expect(body).not.toHaveProperty('credits');
    const bad = await post('/v1/keys', svc.auth(), { credits: 1, scopes: ['admin'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'scope_not_grantable', allowed: ['tools', 'uploads'] });
    const missing = await post('/v1/keys', svc.auth(), {});
    expect(missing.json()).toMatchObject({ error: 'credits_required' });
  });

  it('keys are stored only as SHA-256 hashes', async () => {
    const { key } = await svc.createKey(1);
    const { createHash } = await import('node:crypto');
    const rec = await svc.store.findKeyByHash(createHash('sha256').update(key).digest('hex'));
    expect(rec).toBeDefined();
    const raw = JSON.stringify(await svc.store.listKeys());
    expect(raw).not.toContain(key);
  });

  it('add credits, revoke, unknown key', async () => {
    const k = await svc.createKey(0);
    const add = await post(`/v1/keys/${k.id}/credits`, svc.auth(), { amount: 4 });
    expect(add.statusCode).toBe(200);
    expect(add.json()).not.toHaveProperty('balance');
    expect(await svc.balance(k.id)).toBe(4);
    expect((await post('/v1/keys/key_nope/credits', svc.auth(), { amount: 4 })).json()).toMatchObject({ error: 'key_not_found' });
    expect((await post('/v1/keys/key_nope/revoke', svc.auth(), {})).statusCode).toBe(404);
  });

  it('no response header ever carries a balance', async () => {
    const k = await svc.createKey(3);
    const r = await post('/v1/test-echo', svc.auth(k.key), { text: 'x' });
    expect(Object.keys(r.headers).filter((h) => /credit|balance/i.test(h))).toEqual([]);
  });

  it('the bootstrap key is admin', async () => {
    const r = await post('/v1/keys', { authorization: `Bearer ${ADMIN_KEY}` }, { credits: 1 });
    expect(r.statusCode).toBe(201);
  });
});
