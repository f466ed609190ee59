// The HTTP surface: the Fastify app, CORS, one route per deployed tool, the platform routes, operations, and
// the envelope for every answer Fastify itself would otherwise give (404, 405, 413, 400, 503 on shutdown).
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { distance } from 'fastest-levenshtein';
import { trimSlashes } from '../config.ts';
import { ApiError, ERROR_CODES, errorBody, platformError } from '../platform/errors.ts';
import { API_VERSION, platformEndpoints } from './api.ts';
import type { PlatformEndpoints } from './api.ts';
import { endpointOf } from './call/endpoint.ts';
import type { Call, Endpoint, ToolEndpoint } from './call/endpoint.ts';
import { CallPath } from './call/execute.ts';
import type { CallPathDeps } from './call/execute.ts';
import type { Logger } from './call/context.ts';
import { toResult } from './call/result.ts';
import type { CallResult } from './call/result.ts';
import { drainRequest } from './body-reader.ts';
import { isDisabledReply, send } from './reply.ts';

export interface AppOptions {
  /** Extra route registrations (MCP, OpenAPI, docs) that need the call path. */
  surfaces?: Array<(app: FastifyInstance, callPath: CallPath) => void>;
  /** pino logger options; tests pass false. */
  logger?: boolean | object;
}

const EXPOSED = 'x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after, x-request-id, idempotent-replayed';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Content-Length, Idempotency-Key, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID';
/** The largest upload a local PUT takes (uploads are at most 5 MB). */
const UPLOAD_PUT_LIMIT = 5_242_880;

/** Routes other than the tools, with their methods: the 404 and 405 answers need to know which paths exist. */
const STATIC_ROUTES: Array<{ pattern: RegExp; methods: string[]; example: string }> = [
  { pattern: /^\/v1\/keys$/, methods: ['POST'], example: '/v1/keys' },
  { pattern: /^\/v1\/keys\/[^/]{1,200}\/(revoke|credits)$/, methods: ['POST'], example: '/v1/keys/{key_id}/revoke' },
  { pattern: /^\/v1\/uploads$/, methods: ['POST'], example: '/v1/uploads' },
  { pattern: /^\/v1\/uploads\/[^/]{1,200}$/, methods: ['PUT'], example: '/v1/uploads/{upload_id}' },
  { pattern: /^\/(healthz|readyz|metrics)$/, methods: ['GET', 'HEAD'], example: '/readyz' },
];

/** A Fastify app whose closing state answers 503 with the envelope (Fastify's own 503 body is not ours). */
export interface App {
  app: FastifyInstance;
  callPath: CallPath;
  /** Set when shutdown begins: new requests get 503 service_unavailable with Connection: close. */
  markClosing(): void;
}

export function buildApp(deps: CallPathDeps, opts: AppOptions = {}): App {
  const callPath = new CallPath(deps);
  const app = createFastify(deps.config, opts);
  callPath.setLogger(app.log as unknown as Logger);
  const closing = { now: false };
  registerCors(app, closing);
  registerAccessLog(app);
  registerErrorAnswers(app, callPath);
  registerToolRoutes(app, callPath);
  if (deps.backends) {
    registerPlatform(app, callPath, platformEndpoints(callPath));
    registerOps(app, callPath);
  }
  for (const s of opts.surfaces ?? []) s(app, callPath);
  return {
    app,
    callPath,
    markClosing: () => {
      closing.now = true;
    },
  };
}

function createFastify(config: CallPathDeps['config'], opts: AppOptions): FastifyInstance {
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
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // A request Node's HTTP parser refuses (bad header, bad request line): the envelope, not Fastify's body.
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return socket.destroy(err);
      const body = JSON.stringify(errorBody('bad_request', ERROR_CODES.bad_request.message));
      socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    },
  });
  // Bodies arrive as raw bytes: JSON is parsed by the call path after auth and rate limit, as SPEC orders.
  // A body over the limit is refused by Fastify's parser, then drained by the error handler.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  return app;
}

/**
 * CORS for every route: any origin, Authorization allowed, the rate-limit and request-id headers exposed.
 * Written by hand rather than with @fastify/cors: with a fixed `*` policy there is nothing to compute per
 * request, and the plugin's per-request work cost about a tenth of the pipeline's throughput. During shutdown
 * every new request is answered 503 service_unavailable here, with Connection: close.
 */
function registerCors(app: FastifyInstance, closing: { now: boolean }): void {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSED);
    if (closing.now) {
      const { status, body } = platformError('service_unavailable', { retry_after: 1 });
      reply.code(status).header('retry-after', '1').header('connection', 'close').type('application/json; charset=utf-8').send(body);
      return;
    }
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
}

/** One log line per request (method, path, status, ms, request_id): 5xx at error, the rest at info. */
function registerAccessLog(app: FastifyInstance): void {
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
    if (status >= 500 && !isDisabledReply(reply)) req.log.error(line, 'request');
    else if (infoEnabled) req.log.info(line, 'request');
    done();
  });
}

/** The envelope for what Fastify itself would answer: 413, 400, 404 (with the nearest route), 405, 500. */
function registerErrorAnswers(app: FastifyInstance, callPath: CallPath): void {
  const { config } = callPath.deps;
  app.setErrorHandler(async (err: Error & { code?: string; statusCode?: number }, req, reply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      // Read and discard the rest of the body (up to four times the limit) before answering, so every HTTP
      // client, Node's fetch included, reads the 413 rather than a broken pipe; past that, close.
      const max = req.routeOptions.bodyLimit ?? config.bodyLimitBytes;
      const drained = await drainRequest(req.raw, req.headers['content-length'], max * 4);
      const { status, body } = platformError('payload_too_large', { max_bytes: max });
      if (!drained) reply.header('connection', 'close');
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    }
    if (err instanceof ApiError) {
      return reply.code(err.status).headers(err.headers).send(errorBody(err.code, err.message, err.extra));
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(400).send(errorBody('bad_request', `The HTTP request is malformed: ${err.message}`));
    }
    return send(reply, toResult(err, {}, undefined, req.log as unknown as Logger));
  });

  app.setNotFoundHandler((req, reply) => {
    const path = trimSlashes(req.url.split('?')[0] ?? '');
    const methods = allowedMethods(callPath, path, app);
    if (methods.length > 0) {
      const { status, body } = platformError('method_not_allowed', { allowed: methods }, `${req.method} is not taken at ${path}; it takes ${methods.join(', ')}.`);
      return reply.code(status).header('allow', methods.join(', ')).send(body);
    }
    const near = nearestRoute(callPath, path);
    const { status, body } = platformError(
      'not_found',
      near ? { did_you_mean: near } : {},
      `No route at ${path.length > 200 ? `${path.slice(0, 200)}...` : path}.${near ? ` Did you mean ${near}?` : ''} The API reference is at /docs, the OpenAPI document at /openapi.json.`,
    );
    return reply.code(status).send(body);
  });
}

/**
 * `GET /`, and one POST route per deployed tool; a disabled one still has its route and answers 503 before
 * auth. Routes come from the tools' names; each tool's code loads in the background from here on, and a call
 * that arrives before it is loaded waits for it (once).
 */
function registerToolRoutes(app: FastifyInstance, callPath: CallPath): void {
  app.get('/', async () => ({
    name: 'Deterministic Developer and Delivery Tools API',
    version: API_VERSION,
    docs: '/docs',
    openapi: '/openapi.json',
    mcp: '/mcp',
    tools: '/v1/tools',
    health: '/healthz',
    readiness: '/readyz',
  }));
  for (const entry of callPath.deployment.deployedEntries()) {
    let endpoint: ToolEndpoint | undefined;
    const ready = entry.load().then((tool) => (endpoint = endpointOf(tool)));
    ready.catch((err: Error) => app.log.error({ tool: entry.name, err: err.message }, 'tool failed to load'));
    app.post(`/v1/${entry.name}`, (req, reply) => {
      const call = restCall(req);
      const run = endpoint ? callPath.execute(endpoint, call) : ready.then((e) => callPath.execute(e, call));
      return run.then((r) => send(reply, r));
    });
  }
}

/** A REST request as a call: its Authorization header, raw body, Idempotency-Key and path parameters. */
function restCall(req: FastifyRequest, params?: Record<string, string>): Call {
  return {
    caller: { kind: 'key', authorization: req.headers.authorization },
    body: { raw: req.body as Buffer | undefined },
    idempotencyKey: req.headers['idempotency-key'],
    ...(params ? { params } : {}),
  };
}

function allowedMethods(callPath: CallPath, path: string, app: FastifyInstance): string[] {
  const tool = /^\/v1\/([a-z0-9-]{1,64})$/.exec(path);
  if (tool && callPath.deployment.deployedEntries().some((t) => t.name === tool[1])) return ['POST'];
  for (const r of STATIC_ROUTES) if (r.pattern.test(path)) return r.methods;
  const extra: string[] = [];
  for (const m of ['GET', 'POST', 'PUT'] as const) {
    if (app.hasRoute({ method: m, url: path })) extra.push(m);
  }
  return extra;
}

/** The route closest to a path that matched none (a typo in a tool's name, a missing /v1). */
function nearestRoute(callPath: CallPath, path: string): string | undefined {
  if (path.length > 200) return undefined;
  const routes = [...callPath.deployment.deployedEntries().map((t) => `/v1/${t.name}`), ...STATIC_ROUTES.map((r) => r.example), '/mcp', '/docs', '/openapi.json', '/v1/tools'];
  const lower = path.toLowerCase();
  let best: string | undefined;
  let bestD = Infinity;
  for (const r of routes) {
    const d = Math.min(distance(lower, r), distance(`/v1${lower}`, r));
    if (d < bestD) {
      bestD = d;
      best = r;
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(best.length / 4)) ? best : undefined;
}

function registerPlatform(app: FastifyInstance, callPath: CallPath, platform: PlatformEndpoints): void {
  const run = (endpoint: Endpoint, req: FastifyRequest, params?: Record<string, string>): Promise<CallResult> => callPath.execute(endpoint, restCall(req, params));
  app.post('/v1/keys', (req, reply) => run(platform.createKey, req).then((r) => send(reply, r)));
  app.post('/v1/keys/:id/revoke', (req, reply) => run(platform.revokeKey, req, req.params as Record<string, string>).then((r) => send(reply, r)));
  app.post('/v1/keys/:id/credits', (req, reply) => run(platform.addCredits, req, req.params as Record<string, string>).then((r) => send(reply, r)));
  app.post('/v1/uploads', (req, reply) => run(platform.uploads, req).then((r) => send(reply, r)));

  // The local PUT receiver: the signature in the URL is the credential, so no Authorization header.
  const { uploads } = callPath.deps.backends!;
  app.put('/v1/uploads/:id', { bodyLimit: UPLOAD_PUT_LIMIT }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const q = req.query as { expires?: string; signature?: string };
    try {
      await uploads.acceptLocalPut({
        id,
        expires: q.expires ?? '',
        signature: q.signature ?? '',
        contentType: req.headers['content-type'],
        body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        nowMs: callPath.now(),
      });
      return reply.code(200).send({ upload_id: id, status: 'complete' });
    } catch (err) {
      return send(reply, toResult(err, {}, undefined, callPath.log()));
    }
  });
}

function registerOps(app: FastifyInstance, callPath: CallPath): void {
  const { metrics } = callPath.deps;
  const { store, limiter } = callPath.deps.backends!;
  app.get('/healthz', async () => ({ status: 'ok' }));
  // Readiness names what is not ready, never why (the error text may name hosts): the log has the detail.
  app.get('/readyz', async (req, reply) => {
    const checks: Record<string, string> = {};
    const probe = async (name: string, ping: () => Promise<void>): Promise<void> => {
      try {
        await ping();
        checks[name] = 'ok';
      } catch (err) {
        checks[name] = 'unavailable';
        req.log.warn({ check: name, err: (err as Error).message }, 'readiness check failed');
      }
    };
    await Promise.all([probe('store', () => store.ping()), probe('limiter', () => limiter.ping())]);
    const ok = Object.values(checks).every((v) => v === 'ok');
    // Tools whose code is still loading (just after start) are ready too: a call waits for its tool, once.
    if (ok) return reply.code(200).send({ status: 'ready', checks: { ...checks, tools: callPath.deployment.allLoaded() ? 'ok' : 'loading' } });
    const { status, body } = platformError('not_ready', { checks });
    return reply.code(status).send(body);
  });
  app.get('/metrics', async (_req, reply) => {
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
