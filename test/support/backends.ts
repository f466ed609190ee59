// Real PostgreSQL and Redis for integration tests: mandatory under CI=true, skipped (and said so) elsewhere.
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_ADMIN_URL = process.env.DDT_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.DDT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const IN_CI = process.env.CI === 'true' || process.env.CI === '1';

function reachable(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok: boolean): void => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/**
 * Whether the integration backends are there. Under CI they must be: a missing one fails the run.
 * Elsewhere a missing one skips the suite with a line saying why.
 */
export async function backendsAvailable(): Promise<boolean> {
  const pgUrl = new URL(PG_ADMIN_URL);
  const redisUrl = new URL(REDIS_URL);
  const [p, r] = await Promise.all([
    reachable(pgUrl.hostname, Number(pgUrl.port || 5432)),
    reachable(redisUrl.hostname, Number(redisUrl.port || 6379)),
  ]);
  if (p && r) return true;
  const missing = [p ? '' : `PostgreSQL at ${pgUrl.host}`, r ? '' : `Redis at ${redisUrl.host}`].filter(Boolean).join(' and ');
  if (IN_CI) throw new Error(`CI=true: integration tests need ${missing}, which is unreachable`);
  process.stderr.write(`skipping PostgreSQL/Redis integration tests: ${missing} unreachable (mandatory when CI=true)\n`);
  return false;
}

/** A fresh database for one suite; dropped by the returned cleanup. */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ddt_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
