// Chooses the store from configuration: PostgreSQL with DDT_DATABASE_URL, else a SQLite file in DDT_DATA_DIR.
import path from 'node:path';
import type { Config } from '../../config.ts';
import { SqlStore } from './sql-store.ts';
import type { Store } from './types.ts';

/**
 * Opens and migrates the store. `onError` hears about connections PostgreSQL dropped while idle (a restart,
 * a failover): the pool replaces them, and the process keeps serving.
 */
export async function openStore(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseTimeoutMs'>>, opts: { onError?: (err: Error) => void } = {}): Promise<Store> {
  const timeouts = { statementMs: config.databaseTimeoutMs ?? 5000, connectMs: Math.min(2000, config.databaseTimeoutMs ?? 2000) };
  const store = config.databaseUrl ? await SqlStore.postgres(config.databaseUrl, { onError: opts.onError, timeouts }) : SqlStore.sqliteAt(path.join(config.dataDir, 'ddt.sqlite'));
  try {
    await store.migrate();
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
  return store;
}
