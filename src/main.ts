// Entry point: read config, start the service, listen, shut down gracefully on SIGTERM/SIGINT.
import { ConfigError, loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { API_VERSION } from './gateway/api.ts';
import { createService } from './server.ts';

function configurationError(err: unknown): never {
  if (err instanceof ConfigError) {
    process.stderr.write(`ddt: configuration error: ${err.message}\n`);
    process.exit(2);
  }
  throw err;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    configurationError(err);
  }
  const service = await createService(config).catch(configurationError);
  const { app } = service;
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight calls');
    const force = setTimeout(() => {
      app.log.error({ grace_ms: config.shutdownGraceMs }, 'shutdown grace period over: exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    service.close().then(
      () => process.exit(0),
      (err: Error) => {
        app.log.error({ err: err.message }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const address = await app.listen({ host: config.host, port: config.port });
  const backends = service.callPath.deps.backends!;
  app.log.info(
    { version: API_VERSION, address, store: backends.store.kind, limiter: backends.limiter.kind, uploads: backends.uploads.storage.kind, node: process.version },
    `ddt ${API_VERSION} serving at ${address} (store ${backends.store.kind}, limiter ${backends.limiter.kind}, uploads ${backends.uploads.storage.kind})`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`ddt: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
