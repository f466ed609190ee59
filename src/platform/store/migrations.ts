// One set of migrations for both dialects; each runs once, recorded by name by Kysely's migrator. They have run on
// users' databases: the SQL each one emits must stay the same, to the byte.
import { Migrator, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';

/** The integer type wide enough for credits and milliseconds on each dialect. */
type Int64 = 'bigint' | 'integer';

/** The column builder of a NOT NULL column. */
const notNull = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => c.notNull();

/** An index on one column, named `<table>_<column>` as every index here is. */
function indexOn(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  return db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
}

/** Keys and the ledger: every grant, top-up, charge and refund a row. */
async function keysLedger(db: Kysely<unknown>, bigint: Int64, kind: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('display', 'text', notNull)
    .addColumn('name', 'text')
    .addColumn('scopes', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('credits', bigint, (c) => c.notNull().check(sql`credits >= 0`))
    .addColumn('created_at', 'text', notNull)
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createTable('ledger')
    .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (c) =>
      kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id'))
    .addColumn('request_id', 'text')
    .addColumn('endpoint', 'text')
    .addColumn('kind', 'text', notNull)
    .addColumn('delta', bigint, notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await indexOn(db, 'ledger', 'key_id');
  await indexOn(db, 'ledger', 'request_id');
}

/** The shared cache (blm-land-lookup) and the uploads' metadata. */
async function cacheUploads(db: Kysely<unknown>, bigint: Int64): Promise<void> {
  await db.schema
    .createTable('cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .addColumn('expires_at', bigint, notNull)
    .execute();
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id'))
    .addColumn('content_type', 'text', notNull)
    .addColumn('size_bytes', bigint, notNull)
    .addColumn('filename', 'text')
    .addColumn('storage_key', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('url_expires_at', bigint, notNull)
    .addColumn('delete_after', bigint, notNull)
    .execute();
  await indexOn(db, 'uploads', 'delete_after');
}

/** Idempotency keys (Stripe's contract): one row per key, endpoint and Idempotency-Key for 24 hours. */
async function idempotencyTable(db: Kysely<unknown>, bigint: Int64): Promise<void> {
  await db.schema
    .createTable('idempotency')
    .addColumn('key_id', 'text', notNull)
    .addColumn('endpoint', 'text', notNull)
    .addColumn('idem_key', 'text', notNull)
    .addColumn('request_hash', 'text', notNull)
    .addColumn('state', 'text', notNull)
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addColumn('locked_until', bigint, notNull)
    .addColumn('expires_at', bigint, notNull)
    .addPrimaryKeyConstraint('idempotency_pk', ['key_id', 'endpoint', 'idem_key'])
    .execute();
  await indexOn(db, 'idempotency', 'expires_at');
}

/**
 * PostgreSQL: (re)defines ddt_charge_batch(keys, costs, request ids, endpoints, times), which answers one boolean
 * per charge (granted or not). `body` is its PL/pgSQL from DECLARE to END; the statement is the same text, to
 * the byte, as when each migration wrote it out in full.
 */
async function chargeBatchFunction(db: Kysely<unknown>, body: string): Promise<void> {
  await sql
    .raw(
      `
        CREATE OR REPLACE FUNCTION ddt_charge_batch(p_keys text[], p_costs bigint[], p_requests text[], p_endpoints text[], p_at text[])
        RETURNS boolean[] LANGUAGE plpgsql AS $fn$${body}
        $fn$`,
    )
    .execute(db);
}

/** PostgreSQL group commit: a batch of charges in one round trip and one commit. */
function pgChargeBatch(db: Kysely<unknown>): Promise<void> {
  // Group commit on PostgreSQL: each charge is still the conditional decrement plus its ledger row,
  // in order, but a batch of them shares one round trip and one commit.
  return chargeBatchFunction(db, `
        DECLARE
          results boolean[] := '{}';
          n integer;
        BEGIN
          FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
            UPDATE api_keys SET credits = credits - p_costs[i] WHERE id = p_keys[i] AND credits >= p_costs[i];
            GET DIAGNOSTICS n = ROW_COUNT;
            IF n = 1 THEN
              INSERT INTO ledger (key_id, request_id, endpoint, kind, delta, created_at)
              VALUES (p_keys[i], p_requests[i], p_endpoints[i], 'charge', -p_costs[i], p_at[i]);
            END IF;
            results := results || (n = 1);
          END LOOP;
          RETURN results;
        END`);
}

/** PostgreSQL: a key's charges in a batch decremented once when its balance covers them. */
function pgChargeBatchByKey(db: Kysely<unknown>): Promise<void> {
  // The same outcome as one conditional decrement per charge in arrival order, with less work per charge:
  // a key whose balance covers all of its charges in the batch is decremented once by their sum, and
  // its ledger rows are written by one INSERT; a key whose balance does not is decremented charge by
  // charge, in order, as before. Keys are taken in sorted order, so concurrent batches never deadlock.
  return chargeBatchFunction(db, `
        DECLARE
          results boolean[] := array_fill(false, ARRAY[coalesce(array_length(p_keys, 1), 0)]);
          k record;
          n integer;
          granted integer[];
          i integer;
        BEGIN
          FOR k IN
            SELECT t.key, array_agg(t.i ORDER BY t.i) AS idx, sum(t.cost) AS total
            FROM unnest(p_keys, p_costs) WITH ORDINALITY AS t(key, cost, i)
            GROUP BY t.key ORDER BY t.key
          LOOP
            UPDATE api_keys SET credits = credits - k.total WHERE id = k.key AND credits >= k.total;
            GET DIAGNOSTICS n = ROW_COUNT;
            IF n = 1 THEN
              granted := k.idx;
            ELSE
              granted := '{}';
              FOREACH i IN ARRAY k.idx LOOP
                UPDATE api_keys SET credits = credits - p_costs[i] WHERE id = k.key AND credits >= p_costs[i];
                GET DIAGNOSTICS n = ROW_COUNT;
                IF n = 1 THEN granted := granted || i; END IF;
              END LOOP;
            END IF;
            INSERT INTO ledger (key_id, request_id, endpoint, kind, delta, created_at)
            SELECT p_keys[g], p_requests[g], p_endpoints[g], 'charge', -p_costs[g], p_at[g] FROM unnest(granted) WITH ORDINALITY AS u(g, o) ORDER BY o;
            FOREACH i IN ARRAY granted LOOP results[i] := true; END LOOP;
          END LOOP;
          RETURN results;
        END`);
}

function migrations(kind: 'sqlite' | 'postgres'): Record<string, Migration> {
  const bigint: Int64 = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    '0001_keys_ledger': { up: (db) => keysLedger(db, bigint, kind) },
    '0002_cache_uploads': { up: (db) => cacheUploads(db, bigint) },
    '0004_idempotency': { up: (db) => idempotencyTable(db, bigint) },
    ...(kind === 'postgres' ? { '0003_pg_charge_batch': { up: pgChargeBatch }, '0005_pg_charge_batch_by_key': { up: pgChargeBatchByKey } } : {}),
  };
}

/** Brings the schema to the latest version; safe to run from several instances at once on PostgreSQL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>, kind: 'sqlite' | 'postgres'): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(kind) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`);
  }
}
