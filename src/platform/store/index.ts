// Chooses the store from configuration: PostgreSQL with DDT_DATABASE_URL, else a SQLite file in DDT_DATA_DIR.
import path from 'node:path';
import type { Config } from '../../config.ts';
import { SqlStore } from './sql-store.ts';
import type { Store } from './types.ts';

export async function openStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Store> {
  const store = config.databaseUrl ? SqlStore.postgres(config.databaseUrl) : SqlStore.sqliteAt(path.join(config.dataDir, 'ddt.sqlite'));
  try {
    await store.migrate();
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
  return store;
}
