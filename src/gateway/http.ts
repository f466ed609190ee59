// The HTTP surface: Fastify app, CORS, one route per deployed tool, admin, uploads, ops, JSON 404/405/413.
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../platform/errors.ts';
import { GRANTABLE_SCOPES, DEFAULT_SCOPES, displayOf, hashKey, newKeyId, newKeyToken } from '../platform/keys.ts';
import { UploadRequest } from '../platform/uploads/service.ts';
import { firstFailure } from '../platform/validation.ts';
import { Pipeline, ValidationError, newRequestId } from './pipeline.ts';
import type { CallResult, PipelineDeps } from './pipeline.ts';

export interface AppOptions {
  /** Extra route registrations (MCP, OpenAPI, docs) that need the pipeline. */
  surfaces?: Array<(app: FastifyInstance, pipeline: Pipeline) => void>;
  /** pino logger options; tests pass false. */
  logger?: boolean | object;
}

export const CreateKeyRequest = z.object({
  name: z.string().min(1).max(100).optional().describe('A label for the key (who or what uses it).'),
  credits: z.number().int().min(0).max(1_000_000_000).describe('Opening credit balance.'),
  scopes: z
    .array(z.string().max(40))
    .max(10)
    .optional()
    .describe(`Scopes to grant; default ${DEFAULT_SCOPES.join(', ')}. Grantable: ${GRANTABLE_SCOPES.join(', ')}. admin cannot be granted.`),
});

export const AddCreditsRequest = z.object({
  amount: z.number().int().min(1).max(1_000_000_000).describe('Credits to add to the balance.'),
});

const EXPOSED = 'x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after, x-request-id';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Content-Length, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID';

/** Routes other than the tools, with their methods: the 405 answer needs to know which paths exist. */
const STATIC_ROUTES: Array<{ pattern: RegExp; methods: string[] }> = [
  { pattern: /^\/v1\/keys$/, methods: ['POST'] },
  { pattern: /^\/v1\/keys\/[^/]+\/(revoke|credits)$/, methods: ['POST'] },
  { pattern: /^\/v1\/uploads$/, methods: ['POST'] },
  { pattern: /^\/v1\/uploads\/[^/]+$/, methods: ['PUT'] },
  { pattern: /^\/(healthz|readyz|metrics)$/, methods: ['GET', 'HEAD'] },
];

/**
 * 503 endpoint_disabled answers are the operator's own choice (DDT_DISABLED, an undeployed tool): the
 * access log writes them at info, with the 4xx, rather than at error with the failures.
 */
const disabledReplies = new WeakSet<FastifyReply>();

export function markDisabled(reply: FastifyReply): FastifyReply {
  disabledReplies.add(reply);
  return reply;
}

export function send(reply: FastifyReply, result: CallResult): FastifyReply {
  if (result.body.error === 'endpoint_disabled') markDisabled(reply);
  reply.code(result.status);
  const headers = result.headers;
  for (const k in headers) reply.header(k, headers[k]);
  return reply.type('application/json; charset=utf-8').send(result.body);
}

export function buildApp(deps: PipelineDeps, opts: AppOptions = {}): { app: FastifyInstance; pipeline: Pipeline } {
  const { config } = deps;
  const pipeline = new Pipeline(deps);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'key', 'token'], censor: '[redacted]' },
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
          },
    // One log line per request, written by our onResponse hook (with the metered request_id).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: true,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });

  // Bodies arrive as raw bytes: JSON is parsed by the pipeline after auth and rate limit, as SPEC orders.
  pipeline.log = app.log as unknown as Pipeline['log'];

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // CORS for every route: any origin, Authorization allowed, the rate-limit and request-id headers exposed.
  // Written by hand rather than with @fastify/cors: with a fixed `*` policy there is nothing to compute per
  // request, and the plugin's per-request work cost about a tenth of the pipeline's throughput.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSED);
    done();
  });
  app.options('*', (_req, reply) => {
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, HEAD, POST, PUT, OPTIONS')
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', '86400')
      .header('vary', 'Access-Control-Request-Headers')
      .send();
  });

  const infoEnabled = ['trace', 'debug', 'info'].includes(app.log.level);
  app.addHook('onResponse', (req, reply, done) => {
    const status = reply.statusCode;
    if (status < 500 && !infoEnabled) return done();
    const line = {
      method: req.method,
      url: req.url.split('?')[0],
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      request_id: reply.getHeader('x-request-id'),
    };
    if (status >= 500 && !disabledReplies.has(reply)) req.log.error(line, 'request');
    else if (infoEnabled) req.log.info(line, 'request');
    done();
  });

  app.setErrorHandler((err: Error & { code?: string; statusCode?: number }, req, reply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      return reply.code(413).type('application/json; charset=utf-8').send({ error: 'payload_too_large', max_bytes: config.bodyLimitBytes });
    }
    if (err instanceof ApiError) {
      return reply.code(err.status).headers(err.headers).send({ error: err.code, ...err.extra });
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(400).send({ error: 'bad_request', message: err.message });
    }
    req.log.error({ err: { message: err.message, stack: err.stack } }, 'unhandled error');
    return reply.code(500).send({ error: 'internal_error' });
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const methods = allowedMethods(pipeline, path, app);
    if (methods.length > 0) {
      return reply.code(405).header('allow', methods.join(', ')).send({ error: 'method_not_allowed', allowed: methods });
    }
    return reply.code(404).send({ error: 'not_found' });
  });

  // One POST route per deployed tool; a disabled one still has its route and answers 503 before auth.
  for (const tool of pipeline.deployedTools()) {
    app.post(`/v1/${tool.name}`, async (req, reply) => {
      const result = await pipeline.callTool(tool, req.headers.authorization, { raw: req.body as Buffer | undefined });
      return send(reply, result);
    });
  }

  registerAdmin(app, pipeline);
  registerUploads(app, pipeline);
  registerOps(app, pipeline);
  for (const s of opts.surfaces ?? []) s(app, pipeline);
  return { app, pipeline };
}

function allowedMethods(pipeline: Pipeline, path: string, app: FastifyInstance): string[] {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const tool = /^\/v1\/([a-z0-9-]+)$/.exec(clean);
  if (tool && pipeline.deployedTools().some((t) => t.name === tool[1])) return ['POST'];
  for (const r of STATIC_ROUTES) if (r.pattern.test(clean)) return r.methods;
  const extra: string[] = [];
  for (const m of ['GET', 'POST', 'PUT'] as const) {
    if (app.hasRoute({ method: m, url: clean })) extra.push(m);
  }
  return extra;
}

/**
 * Unmetered routes (keys, uploads) share the pipeline's first steps: disabled, auth, scope, rate limit,
 * JSON and validation. They never charge and never answer 402.
 */
export async function unmetered<S extends z.ZodType>(
  pipeline: Pipeline,
  req: FastifyRequest,
  endpoint: string,
  scope: string,
  schema: S,
  handler: (input: z.output<S>, keyId: string, requestId: string) => Promise<{ status?: number; body: Record<string, unknown> }>,
): Promise<CallResult> {
  const started = performance.now();
  let headers: Record<string, string> = {};
  let result: CallResult;
  try {
    if (pipeline.isDisabled(endpoint)) throw new ApiError('endpoint_disabled', { tool: endpoint.replace(/-/g, '_') });
    const key = await pipeline.authenticate(req.headers.authorization);
    pipeline.requireScope(key, scope);
    headers = await pipeline.rateLimit(key, endpoint);
    const body = pipeline.parseBody({ raw: req.body as Buffer | undefined });
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('body_must_be_object');
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ValidationError({ ...firstFailure(parsed.error, body) });
    const requestId = newRequestId();
    const out = await handler(parsed.data, key.id, requestId);
    result = { status: out.status ?? 200, headers: { ...headers, 'x-request-id': requestId }, body: { ...out.body, request_id: requestId } };
  } catch (err) {
    result = pipeline.errorResult(err, headers, undefined);
  }
  pipeline.observe(endpoint, result.status, started);
  return result;
}

function registerAdmin(app: FastifyInstance, pipeline: Pipeline): void {
  const { store, config } = pipeline.deps;
  app.post('/v1/keys', async (req, reply) => {
    const result = await unmetered(pipeline, req, 'keys', 'admin', CreateKeyRequest, async (input) => {
      const scopes = input.scopes ? [...new Set(input.scopes)].sort() : [...DEFAULT_SCOPES];
      const bad = scopes.filter((s) => !(GRANTABLE_SCOPES as readonly string[]).includes(s));
      if (bad.length > 0) throw new ApiError('scope_not_grantable', { allowed: [...GRANTABLE_SCOPES], refused: bad });
      const token = newKeyToken(config.keyPrefix);
      const id = newKeyId();
      const createdAt = new Date(pipeline.now()).toISOString();
      await store.createKey({ id, hash: hashKey(token), display: displayOf(token, config.keyPrefix), name: input.name ?? null, scopes, credits: input.credits, createdAt });
      return { status: 201, body: { key: token, key_id: id, name: input.name ?? null, scopes, created_at: createdAt } };
    });
    return send(reply, result);
  });

  app.post('/v1/keys/:id/revoke', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const result = await unmetered(pipeline, req, 'keys', 'admin', z.object({}), async () => {
      const ok = await store.revokeKey(id, new Date(pipeline.now()).toISOString());
      if (!ok) throw new ApiError('key_not_found');
      pipeline.forgetKey(id);
      return { body: { key_id: id, status: 'revoked' } };
    });
    return send(reply, result);
  });

  app.post('/v1/keys/:id/credits', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const result = await unmetered(pipeline, req, 'keys', 'admin', AddCreditsRequest, async (input) => {
      const ok = await store.addCredits(id, input.amount, new Date(pipeline.now()).toISOString());
      if (!ok) throw new ApiError('key_not_found');
      return { body: { key_id: id, added: input.amount } };
    });
    return send(reply, result);
  });
}

function registerUploads(app: FastifyInstance, pipeline: Pipeline): void {
  const { uploads } = pipeline.deps;
  app.post('/v1/uploads', async (req, reply) => {
    const result = await unmetered(pipeline, req, 'uploads', 'uploads', UploadRequest, async (input, keyId) => ({
      body: await uploads.create(keyId, input, pipeline.now()),
    }));
    return send(reply, result);
  });

  // The local PUT receiver: the signature in the URL is the credential, so no Authorization header.
  app.put('/v1/uploads/:id', { bodyLimit: 5_242_880 }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const q = req.query as { expires?: string; signature?: string };
    try {
      await uploads.acceptLocalPut({
        id,
        expires: q.expires ?? '',
        signature: q.signature ?? '',
        contentType: req.headers['content-type'],
        body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        nowMs: pipeline.now(),
      });
      return reply.code(200).send({ upload_id: id, status: 'complete' });
    } catch (err) {
      const r = pipeline.errorResult(err, {}, undefined);
      return send(reply, r);
    }
  });
}

function registerOps(app: FastifyInstance, pipeline: Pipeline): void {
  const { metrics } = pipeline.deps;
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const { store, limiter } = pipeline.deps;
    const checks: Record<string, string> = {};
    await store.ping().then(
      () => (checks.store = 'ok'),
      (e: Error) => (checks.store = `error: ${e.message}`),
    );
    await limiter.ping().then(
      () => (checks.limiter = 'ok'),
      (e: Error) => (checks.limiter = `error: ${e.message}`),
    );
    const ok = Object.values(checks).every((v) => v === 'ok');
    return reply.code(ok ? 200 : 503).send(ok ? { status: 'ready', checks } : { error: 'not_ready', checks });
  });
  app.get('/metrics', async (_req, reply) => {
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
