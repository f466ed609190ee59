// Uploads: presigned PUT (local and S3), the checks that refuse a PUT, ingestion by upload_id, ownership, retention.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './support/errors.ts';
import { freePort } from './support/process.ts';
import { presignedSignatureValid } from './support/sigv4.ts';
import { startTestService } from './support/service.ts';
import type { TestService } from './support/service.ts';

type UploadBody = { upload_id: string; url: string; method: string; headers: Record<string, string>; expires_at: string; max_bytes: number; request_id: string };

describe('local uploads', () => {
  let svc: TestService;
  let base: string;
  beforeAll(async () => {
    svc = await startTestService();
    base = await svc.app.listen({ host: '127.0.0.1', port: 0 });
    // Presigned URLs point at the public URL; in this test that is the listening address.
    (svc.callPath.deps.backends!.uploads.storage as unknown as { publicUrl: string }).publicUrl = base;
  });
  afterAll(async () => svc.close());

  async function create(key: string, body: object) {
    const r = await svc.app.inject({ method: 'POST', url: '/v1/uploads', headers: svc.auth(key), payload: body });
    return { status: r.statusCode, body: r.json() as UploadBody & { error?: string; allowed?: string[] } };
  }

  it('answers a presigned PUT, even for a key with no credits (never 402)', async () => {
    const k = await svc.createKey(0);
    const r = await create(k.key, { content_type: 'text/plain', filename: 'app.log', size_bytes: 11 });
    expect(r.status).toBe(200);
    expect(r.body.upload_id).toMatch(/^upl_/);
    expect(r.body.method).toBe('PUT');
    expect(r.body.headers).toEqual({ 'Content-Type': 'text/plain', 'Content-Length': '11' });
    expect(r.body.max_bytes).toBe(11);
    expect(new Date(r.body.expires_at).getTime()).toBe(svc.clock.now + 900_000);
    expect(r.body.url).toContain(`/v1/uploads/${r.body.upload_id}?expires=`);
    expect(r.body.request_id).toMatch(/^req_/);
    expect(await svc.balance(k.id)).toBe(0);
  });

  const invalid: Array<{ name: string; body: object; code: string }> = [
    { name: 'content type not on the allowlist', body: { content_type: 'application/pdf', size_bytes: 10 }, code: 'unsupported_content_type' },
    { name: 'over 5 MB', body: { content_type: 'text/plain', size_bytes: 5_242_881 }, code: 'size_bytes_too_large' },
    { name: 'zero bytes', body: { content_type: 'text/plain', size_bytes: 0 }, code: 'size_bytes_too_small' },
    { name: 'no content type', body: { size_bytes: 10 }, code: 'content_type_required' },
  ];
  for (const c of invalid) {
    it(`400 ${c.code}: ${c.name}`, async () => {
      const k = await svc.createKey(0);
      const r = await create(k.key, c.body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(c.code);
      if (c.code === 'unsupported_content_type') expect(r.body.allowed).toContain('application/gzip');
    });
  }

  it('content-type parameters are ignored (text/plain; charset=utf-8)', async () => {
    const k = await svc.createKey(0);
    const r = await create(k.key, { content_type: 'Text/Plain; charset=utf-8', size_bytes: 3 });
    expect(r.body.headers['Content-Type']).toBe('text/plain');
  });

  it('refuses a PUT with a bad signature, an expired URL, another type or size; stores nothing', async () => {
    const k = await svc.createKey(0);
    const data = Buffer.from('hello world');
    const up = (await create(k.key, { content_type: 'text/plain', size_bytes: data.length })).body;
    const put = (url: string, headers: Record<string, string>, body: Buffer) => fetch(url, { method: 'PUT', headers, body });
    const cases: Array<{ name: string; url: string; headers: Record<string, string>; body: Buffer; status: number; code: string }> = [
      { name: 'signature tampered', url: up.url.replace(/signature=./, 'signature=X'), headers: up.headers, body: data, status: 403, code: 'upload_signature_invalid' },
      { name: 'expiry tampered', url: up.url.replace(/expires=\d+/, 'expires=9999999999'), headers: up.headers, body: data, status: 403, code: 'upload_signature_invalid' },
      { name: 'wrong content type', url: up.url, headers: { 'Content-Type': 'application/json' }, body: data, status: 400, code: 'upload_content_type_mismatch' },
      { name: 'too many bytes', url: up.url, headers: { 'Content-Type': 'text/plain' }, body: Buffer.from('hello world!!'), status: 413, code: 'payload_too_large' },
      { name: 'too few bytes', url: up.url, headers: { 'Content-Type': 'text/plain' }, body: Buffer.from('hello'), status: 400, code: 'upload_size_mismatch' },
    ];
    for (const c of cases) {
      const r = await put(c.url, c.headers, c.body);
      expect(r.status, c.name).toBe(c.status);
      expect(((await r.json()) as { error: string }).error, c.name).toBe(c.code);
    }
    expect(fs.existsSync(path.join(svc.dataDir, 'uploads', up.upload_id))).toBe(false);
    const saved = svc.clock.now;
    svc.clock.now += 901_000;
    const expired = await put(up.url, { 'Content-Type': 'text/plain' }, data);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { error: string }).error).toBe('upload_url_expired');
    svc.clock.now = saved;
    const ok = await put(up.url, { 'Content-Type': 'text/plain' }, data);
    expect(ok.status).toBe(200);
    expect(fs.readFileSync(path.join(svc.dataDir, 'uploads', up.upload_id), 'utf8')).toBe('hello world');
    const again = await put(up.url, { 'Content-Type': 'text/plain' }, data);
    expect(again.status).toBe(409);
  });

  it('a tool reads the upload by upload_id; gzip is inflated; the schema still applies', async () => {
    const k = await svc.createKey(5);
    const upload = async (data: Buffer, type: string): Promise<string> => {
      const up = (await create(k.key, { content_type: type, size_bytes: data.length })).body;
      const r = await fetch(up.url, { method: 'PUT', headers: { 'Content-Type': type }, body: data });
      expect(r.status).toBe(200);
      return up.upload_id;
    };
    const plain = await upload(Buffer.from('from a file'), 'text/plain');
    const r = await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: svc.auth(k.key), payload: { upload_id: plain } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ text: 'from a file' });
    const gz = await upload(gzipSync(Buffer.from('compressed text')), 'application/gzip');
    const g = await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: svc.auth(k.key), payload: { upload_id: gz } });
    expect(g.json()).toMatchObject({ text: 'compressed text' });
    const long = await upload(Buffer.from('x'.repeat(500)), 'text/plain');
    const l = await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: svc.auth(k.key), payload: { upload_id: long } });
    expect(l.statusCode).toBe(400);
    expect(l.json()).toMatchObject({ error: 'text_too_long' });
    expect(await svc.balance(k.id)).toBe(3);
  });

  it("another key's upload is 404 upload_not_found; one not yet PUT is 409 upload_incomplete; neither is charged", async () => {
    const owner = await svc.createKey(5);
    const other = await svc.createKey(5);
    const up = (await create(owner.key, { content_type: 'text/plain', size_bytes: 4 })).body;
    const pending = await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: svc.auth(owner.key), payload: { upload_id: up.upload_id } });
    expect(pending.statusCode).toBe(409);
    expectError(pending.json(), { error: 'upload_incomplete' });
    await fetch(up.url, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: Buffer.from('mine') });
    const stolen = await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: svc.auth(other.key), payload: { upload_id: up.upload_id } });
    expect(stolen.statusCode).toBe(404);
    expectError(stolen.json(), { error: 'upload_not_found' });
    const unknown = await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: svc.auth(other.key), payload: { upload_id: 'upl_nope' } });
    expect(unknown.json()).toEqual(stolen.json());
    expect(await svc.balance(owner.id)).toBe(5);
    expect(await svc.balance(other.id)).toBe(5);
  });

  it('retention: uploads past their period are deleted, record and data', async () => {
    const k = await svc.createKey(5);
    const up = (await create(k.key, { content_type: 'text/plain', size_bytes: 2 })).body;
    await fetch(up.url, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: Buffer.from('ok') });
    const file = path.join(svc.dataDir, 'uploads', up.upload_id);
    expect(fs.existsSync(file)).toBe(true);
    expect(await svc.callPath.deps.backends!.uploads.sweep(svc.clock.now + 23 * 3600_000)).toBe(0);
    expect(await svc.callPath.deps.backends!.uploads.sweep(svc.clock.now + 24 * 3600_000 + 1)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file)).toBe(false);
    const r = await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: svc.auth(k.key), payload: { upload_id: up.upload_id } });
    expect(r.statusCode).toBe(404);
  });
});

describe('S3 uploads (s3rver)', () => {
  let s3: S3rver;
  let svc: TestService;
  let dir: string;
  let endpoint: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-s3-'));
    const port = await freePort();
    s3 = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'ddt-uploads', configs: [] }] });
    await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    svc = await startTestService({ DDT_S3_BUCKET: 'ddt-uploads', DDT_S3_ENDPOINT: endpoint, AWS_REGION: 'us-east-1' });
  });
  afterAll(async () => {
    await svc?.close();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('presigns a PUT that signs content-type and content-length; a tool reads the object', async () => {
    const k = await svc.createKey(3);
    const data = Buffer.from('2026-07-22T12:00:00Z ERROR boom\n');
    const r = await svc.app.inject({ method: 'POST', url: '/v1/uploads', headers: svc.auth(k.key), payload: { content_type: 'text/plain', size_bytes: data.length } });
    expect(r.statusCode).toBe(200);
    const up = r.json() as UploadBody;
    const url = new URL(up.url);
    expect(url.origin).toBe(endpoint);
    expect(url.pathname).toBe(`/ddt-uploads/${up.upload_id}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';').sort()).toEqual(['content-length', 'content-type', 'host']);
    expect(up.headers).toEqual({ 'Content-Type': 'text/plain', 'Content-Length': String(data.length) });

    const pending = await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: svc.auth(k.key), payload: { upload_id: up.upload_id } });
    expect(pending.statusCode).toBe(409);

    // The signature holds for exactly the returned headers and breaks for another type or size.
    expect(presignedSignatureValid('PUT', up.url, up.headers, 'S3RVER')).toBe(true);
    expect(presignedSignatureValid('PUT', up.url, { ...up.headers, 'Content-Type': 'application/json' }, 'S3RVER')).toBe(false);
    expect(presignedSignatureValid('PUT', up.url, { ...up.headers, 'Content-Length': String(data.length + 1) }, 'S3RVER')).toBe(false);

    const put = await fetch(up.url, { method: 'PUT', headers: up.headers, body: data });
    expect(put.status).toBe(200);
    const read = await svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: svc.auth(k.key), payload: { upload_id: up.upload_id } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ text: data.toString() });
    expect(await svc.balance(k.id)).toBe(2);
  });
});

describe('uploads under hostile use', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ DDT_RATE_LIMITS: '*=1000/60' });
    const base = await svc.app.listen({ host: '127.0.0.1', port: 0 });
    (svc.callPath.deps.backends!.uploads.storage as unknown as { publicUrl: string }).publicUrl = base;
  });
  afterAll(async () => svc.close());

  it('two concurrent PUTs to one URL: one 200, one 409, and the stored bytes are the winner’s', async () => {
    const k = await svc.createKey(0);
    for (let round = 0; round < 5; round++) {
      const up = (await svc.app.inject({ method: 'POST', url: '/v1/uploads', headers: svc.auth(k.key), payload: { content_type: 'text/plain', size_bytes: 4 } })).json() as { url: string; upload_id: string };
      const bodies = ['AAAA', 'BBBB'];
      const rs = await Promise.all(bodies.map((b) => fetch(up.url, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: b })));
      const statuses = rs.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = bodies[rs.findIndex((r) => r.status === 200)];
      expect(fs.readFileSync(path.join(svc.dataDir, 'uploads', up.upload_id), 'utf8')).toBe(winner);
    }
  });

  it('a gzip bomb is refused at the field limit, quickly, and the verdict is remembered; never charged', async () => {
    const k = await svc.createKey(3);
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024 - 1, 'a'), { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const up = (await svc.app.inject({ method: 'POST', url: '/v1/uploads', headers: svc.auth(k.key), payload: { content_type: 'application/gzip', size_bytes: bomb.length } })).json() as { url: string; upload_id: string };
    expect((await fetch(up.url, { method: 'PUT', headers: { 'Content-Type': 'application/gzip' }, body: bomb })).status).toBe(200);
    const call = () => svc.app.inject({ method: 'POST', url: '/v1/test-echo', headers: svc.auth(k.key), payload: { upload_id: up.upload_id } });
    const t0 = process.cpuUsage();
    const first = await call();
    const firstCpu = process.cpuUsage(t0);
    expect(first.statusCode).toBe(400);
    expectError(first.json(), { error: 'text_too_long' });
    // Inflating stops at the field's limit (100 characters here), not at 64 MiB.
    expect((firstCpu.user + firstCpu.system) / 1000).toBeLessThan(200);
    const second = await call();
    expectError(second.json(), { error: 'text_too_long' });
    expect(await svc.balance(k.id)).toBe(3);
  });
});

describe('the local signing secret', () => {
  it('instances starting at the same moment in one data folder agree on it, and none fails', async () => {
    const { spawn } = await import('node:child_process');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ddt-secret-'));
    try {
      const module = new URL('../src/platform/uploads/local.ts', import.meta.url).href;
      const script = `const { loadSigningSecret } = await import(${JSON.stringify(module)}); process.stdout.write(loadSigningSecret(${JSON.stringify(dir)}, undefined));`;
      const run = (): Promise<{ code: number | null; out: string }> =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.on('exit', (code) => resolve({ code, out }));
        });
      const results = await Promise.all(Array.from({ length: 6 }, run));
      expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(new Set(results.map((r) => r.out)).size).toBe(1);
      expect(results[0]!.out).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.readdirSync(dir)).toEqual(['upload-secret']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
