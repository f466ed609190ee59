// Composition: config -> store, limiter, uploads -> app; bootstrap admin key; retention sweeps; shutdown.
import type { FastifyInstance } from 'fastify';
import { ConfigError } from './config.ts';
import type { Config } from './config.ts';
import { closest } from './gateway/call/body.ts';
import { mcpName } from './tools/kit/contract.ts';
import { buildApp } from './gateway/http.ts';
import type { AppOptions } from './gateway/http.ts';
import type { CallPath } from './gateway/call/execute.ts';
import { ALL_SCOPES, displayOf, hashKey, newKeyId, newKeyToken } from './platform/keys.ts';
import { Metrics } from './platform/metrics.ts';
import { openLimiter } from './platform/ratelimit/index.ts';
import type { RateLimiter } from './platform/ratelimit/types.ts';
import { openStore } from './platform/store/index.ts';
import type { NewKey, Store } from './platform/store/types.ts';
import { LocalStorage, loadSigningSecret } from './platform/uploads/local.ts';
import { UploadService } from './platform/uploads/service.ts';
import type { ObjectStorage } from './platform/uploads/types.ts';
import { entryOf, toolEntries } from './tools/entries.ts';
import type { ToolEntry } from './tools/entries.ts';
import type { AnyTool } from './tools/registry-types.ts';
import { defaultSurfaces } from './gateway/surfaces.ts';

export interface Service {
  app: FastifyInstance;
  callPath: CallPath;
  store: Store;
  limiter: RateLimiter;
  /** Stops accepting, lets in-flight calls finish, then closes the store and the limiter. */
  close(): Promise<void>;
}

export interface ServiceOptions {
  tools?: readonly AnyTool[];
  logger?: AppOptions['logger'];
  clock?: () => number;
  fetch?: typeof globalThis.fetch;
  /** Where the one-time bootstrap key is announced (stderr by default). */
  announce?: (line: string) => void;
  defaultMetrics?: boolean;
  surfaces?: AppOptions['surfaces'];
  /** A rate limiter to use instead of the configured one (tests that break it on purpose). */
  limiter?: RateLimiter;
}

/** A bucket (the AWS SDK is loaded only then) or the local folder. */
async function openStorage(config: Config): Promise<ObjectStorage> {
  const u = config.uploads;
  if (u.s3Bucket) {
    const { S3Storage } = await import('./platform/uploads/s3.ts');
    return new S3Storage({ bucket: u.s3Bucket, endpoint: u.s3Endpoint, region: u.s3Region, forcePathStyle: u.s3ForcePathStyle });
  }
  return new LocalStorage(config.dataDir, loadSigningSecret(config.dataDir, u.signingSecret), config.publicUrl);
}

/** DDT_BOOTSTRAP_ADMIN_KEY ensures that key; otherwise the first start creates an admin key and prints it once. */
async function bootstrapAdmin(store: Store, config: Config, announce: (line: string) => void): Promise<void> {
  const record = (token: string): NewKey => ({
    id: newKeyId(),
    hash: hashKey(token),
    display: displayOf(token, config.keyPrefix),
    name: 'bootstrap admin',
    scopes: [...ALL_SCOPES].sort(),
    credits: config.bootstrapCredits,
    createdAt: new Date().toISOString(),
  });
  if (config.bootstrapAdminKey) {
    await store.ensureKey(record(config.bootstrapAdminKey));
    return;
  }
  if ((await store.countActiveAdminKeys()) > 0) return;
  const token = newKeyToken(config.keyPrefix);
  await store.createKey(record(token));
  announce(`ddt: created the first admin key (shown once, store it now): ${token}`);
}

/**
 * DDT_DISABLED and DDT_DEPLOY_EXTRA name endpoints; a name that matches none (a typo such as `humanise`) would
 * silently do nothing, so it stops the start, naming it and the closest real name.
 */
export function checkEndpointNames(config: Pick<Config, 'disabled' | 'deployExtra'>, tools: readonly { name: string }[]): void {
  const toolNames = tools.flatMap((t) => [t.name, mcpName(t.name)]);
  const lists: Array<[string, Set<string>, string[]]> = [
    ['DDT_DISABLED', config.disabled, [...toolNames, 'mcp', 'uploads', 'keys']],
    ['DDT_DEPLOY_EXTRA', config.deployExtra, toolNames],
  ];
  for (const [variable, names, known] of lists) {
    for (const name of names) {
      if (known.includes(name)) continue;
      const near = closest(name, known);
      throw new ConfigError(`${variable}: "${name}" names no endpoint${near ? `; did you mean "${near}"?` : ''} (known: ${known.filter((k) => !k.includes('_')).join(', ')})`);
    }
  }
}

export async function createService(config: Config, opts: ServiceOptions = {}): Promise<Service> {
  // The registry's tools by entry (their code loads once the server listens), or the given ones (tests).
  const tools: readonly ToolEntry[] = opts.tools ? opts.tools.map(entryOf) : toolEntries;
  checkEndpointNames(config, tools);
  // Until the app's logger exists, a dropped idle connection is written to stderr; then to the log.
  let storeError = (err: Error): void => void process.stderr.write(`ddt: database connection lost: ${err.message}\n`);
  const store = await openStore(config, { onError: (err) => storeError(err) });
  const limiter = opts.limiter ?? (await openLimiter(config));
  const uploads = new UploadService(store, await openStorage(config), {
    urlTtlSeconds: config.uploads.urlTtlSeconds,
    retentionHours: config.uploads.retentionHours,
  });
  await bootstrapAdmin(store, config, opts.announce ?? ((line) => process.stderr.write(`${line}\n`)));
  const metrics = new Metrics({ defaultMetrics: opts.defaultMetrics });
  const { app, callPath, markClosing } = buildApp(
    {
      config,
      backends: { store, limiter, uploads },
      metrics,
      tools,
      clock: opts.clock,
      fetch: opts.fetch,
    },
    { logger: opts.logger, surfaces: opts.surfaces ?? defaultSurfaces },
  );
  storeError = (err) => app.log.warn({ err: err.message }, 'database connection lost; the pool reconnects on the next query');

  // Retention: expired uploads and cache rows are swept every ten minutes (and once at start).
  const sweep = async (): Promise<void> => {
    try {
      const n = await uploads.sweep(Date.now());
      await store.deleteExpiredCache(Date.now());
      await store.deleteExpiredIdempotency(Date.now());
      if (n > 0) app.log.info({ deleted_uploads: n }, 'retention sweep');
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'retention sweep failed');
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), 10 * 60 * 1000);
  timer.unref();

  let closed = false;
  return {
    app,
    callPath,
    store,
    limiter,
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      markClosing();
      // Connections that finish a call after close() began become idle later; close those as they appear.
      const idleSweep = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearInterval(idleSweep);
      }
      // Refunds and uncertain charges left by a store outage are settled before the store closes.
      await callPath.close(Math.min(5000, config.shutdownGraceMs / 2));
      await limiter.close();
      await store.close();
    },
  };
}
