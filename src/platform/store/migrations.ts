// One set of migrations for both dialects; each runs once, recorded by Kysely's migrator.
import { Migrator, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

/** The integer type wide enough for credits and milliseconds on each dialect. */
type Int64 = 'bigint' | 'integer';

/** Keys and the ledger: every grant, top-up, charge and refund a row. */
function keysLedger(bigint: Int64, kind: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('display', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('credits', bigint, (c) => c.notNull().check(sql`credits >= 0`))
        .addColumn('created_at', 'text', (c) => c.notNull())
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
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('delta', bigint, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_key_id').on('ledger').column('key_id').execute();
      await db.schema.createIndex('ledger_request_id').on('ledger').column('request_id').execute();
    },
  };
}

/** The shared cache (blm-land-lookup) and the uploads' metadata. */
function cacheUploads(bigint: Int64): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('cache')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id'))
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', bigint, (c) => c.notNull())
        .addColumn('filename', 'text')
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('url_expires_at', bigint, (c) => c.notNull())
        .addColumn('delete_after', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('uploads_delete_after').on('uploads').column('delete_after').execute();
    },
  };
}

/** Idempotency keys (Stripe's contract): one row per key, endpoint and Idempotency-Key for 24 hours. */
function idempotencyTable(bigint: Int64): Migration {
  return {
    // Idempotency keys (Stripe's contract): one row per key, endpoint and Idempotency-Key for 24 hours.
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('idempotency')
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('idem_key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('body', 'text')
        .addColumn('locked_until', bigint, (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_pk', ['key_id', 'endpoint', 'idem_key'])
        .execute();
      await db.schema.createIndex('idempotency_expires_at').on('idempotency').column('expires_at').execute();
    },
  };
}

/** PostgreSQL group commit: a batch of charges in one round trip and one commit. */
function pgChargeBatch(): Migration {
  return {
    // Group commit on PostgreSQL: each charge is still the conditional decrement plus its ledger row,
    // in order, but a batch of them shares one round trip and one commit.
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`
        CREATE OR REPLACE FUNCTION ddt_charge_batch(p_keys text[], p_costs bigint[], p_requests text[], p_endpoints text[], p_at text[])
        RETURNS boolean[] LANGUAGE plpgsql AS $fn$
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
        END
        $fn$`.execute(db);
    },
  };
}

/** PostgreSQL: a key's charges in a batch decremented once when its balance covers them. */
function pgChargeBatchByKey(): Migration {
  return {
    // The same outcome as one conditional decrement per charge in arrival order, with less work per charge:
    // a key whose balance covers all of its charges in the batch is decremented once by their sum, and
    // its ledger rows are written by one INSERT; a key whose balance does not is decremented charge by
    // charge, in order, as before. Keys are taken in sorted order, so concurrent batches never deadlock.
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`
        CREATE OR REPLACE FUNCTION ddt_charge_batch(p_keys text[], p_costs bigint[], p_requests text[], p_endpoints text[], p_at text[])
        RETURNS boolean[] LANGUAGE plpgsql AS $fn$
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
        END
        $fn$`.execute(db);
    },
  };
}

function migrations(kind: 'sqlite' | 'postgres'): Record<string, Migration> {
  const bigint: Int64 = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    '0001_keys_ledger': keysLedger(bigint, kind),
    '0002_cache_uploads': cacheUploads(bigint),
    '0004_idempotency': idempotencyTable(bigint),
    ...(kind === 'postgres' ? { '0003_pg_charge_batch': pgChargeBatch(), '0005_pg_charge_batch_by_key': pgChargeBatchByKey() } : {}),
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
