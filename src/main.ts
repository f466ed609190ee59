// Entry point: read config, start the service, listen, shut down gracefully on SIGTERM/SIGINT.
import { ConfigError, loadConfig } from './config.ts';
import { createService } from './server.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`ddt: configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const service = await createService(config);
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
  await app.listen({ host: config.host, port: config.port });
}

main().catch((err: unknown) => {
  process.stderr.write(`ddt: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
