// The store on SQL: one Kysely query layer over SQLite (embedded) and PostgreSQL (scale-out).
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Generated } from 'kysely';
import { SqliteHandle } from './sqlite-handle.ts';
import { migrateToLatest } from './migrations.ts';
import type { ChargeState, IdempotencyBegin, IdempotencyScope, KeyRecord, KeyWithBalance, LedgerKind, LedgerRow, NewKey, Store, UploadRecord, UploadStatus, UsageRow } from './types.ts';

interface KeysTable {
  id: string;
  hash: string;
  display: string;
  name: string | null;
  scopes: string;
  status: string;
  credits: number;
  created_at: string;
  revoked_at: string | null;
}
interface LedgerTable {
  id: Generated<number>;
  key_id: string;
  request_id: string | null;
  endpoint: string | null;
  kind: string;
  delta: number;
  created_at: string;
}
interface CacheTable {
  key: string;
  value: string;
  expires_at: number;
}
interface UploadsTable {
  id: string;
  key_id: string;
  content_type: string;
  size_bytes: number;
  filename: string | null;
  storage_key: string;
  status: string;
  created_at: string;
  url_expires_at: number;
  delete_after: number;
}
interface IdempotencyTable {
  key_id: string;
  endpoint: string;
  idem_key: string;
  request_hash: string;
  state: string;
  status: number | null;
  body: string | null;
  locked_until: number;
  expires_at: number;
}
export interface Schema {
  api_keys: KeysTable;
  ledger: LedgerTable;
  cache: CacheTable;
  uploads: UploadsTable;
  idempotency: IdempotencyTable;
}

/** How long a statement may run, and a connection may take to open, before the store counts as unavailable. */
export interface PostgresTimeouts {
  statementMs: number;
  connectMs: number;
}

const DEFAULT_PG_TIMEOUTS: PostgresTimeouts = { statementMs: 5000, connectMs: 2000 };

/** PostgreSQL charge batches in flight at once per instance (see flushChargesPg). */
const PG_BATCHES_IN_FLIGHT = 1;

interface PendingCharge {
  keyId: string;
  cost: number;
  requestId: string;
  endpoint: string;
  at: string;
  resolve: (charged: boolean) => void;
  reject: (err: unknown) => void;
}

type KeyRow = Omit<KeysTable, 'hash' | 'credits'> & { credits?: number };

function toKey(row: KeyRow): KeyRecord {
  return {
    id: row.id,
    name: row.name,
    display: row.display,
    scopes: JSON.parse(row.scopes) as string[],
    status: row.status === 'revoked' ? 'revoked' : 'active',
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

function toUpload(row: UploadsTable): UploadRecord {
  return {
    id: row.id,
    keyId: row.key_id,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    filename: row.filename,
    storageKey: row.storage_key,
    status: row.status === 'complete' || row.status === 'storing' ? row.status : 'pending',
    createdAt: row.created_at,
    urlExpiresAt: Number(row.url_expires_at),
    deleteAfter: Number(row.delete_after),
  };
}

const KEY_COLUMNS = ['id', 'name', 'display', 'scopes', 'status', 'created_at', 'revoked_at'] as const;

export class SqlStore implements Store {
  readonly kind: 'sqlite' | 'postgres';
  readonly db: Kysely<Schema>;
  private readonly sqlite: SqliteHandle | undefined;
  private chargeBatchSqlite: ((batch: PendingCharge[]) => boolean[]) | undefined;
  private pendingCharges: PendingCharge[] = [];
  private flushScheduled = false;
  private findByHashSqlite: Database.Statement | undefined;

  private constructor(kind: 'sqlite' | 'postgres', db: Kysely<Schema>, sqlite?: SqliteHandle) {
    this.kind = kind;
    this.db = db;
    this.sqlite = sqlite;
  }

  /** SQLite file under dataDir (or ':memory:'). */
  static sqliteAt(file: string): SqlStore {
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const handle = SqliteHandle.open(file);
    handle.pragma('journal_mode = WAL');
    handle.pragma('synchronous = NORMAL');
    handle.pragma('busy_timeout = 5000');
    handle.pragma('foreign_keys = ON');
    const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: handle.kyselyDatabase() }) });
    return new SqlStore('sqlite', db, handle);
  }

  /**
   * PostgreSQL through a pool that survives the database: an error on a client, idle or checked out (a restart,
   * a failover, pg_terminate_backend, idle_session_timeout), is logged and the client dropped, never thrown at
   * the process;
   * the next query opens a new connection. A stalled database is bounded on both sides: the server cancels a
   * statement after `statementMs`, the client gives up waiting a little later, and opening a connection
   * gives up after `connectMs`. Each of these surfaces as an error isStoreUnavailable() recognises.
   */
  static async postgres(url: string, opts: { timeouts?: PostgresTimeouts; onError?: (err: Error) => void } = {}): Promise<SqlStore> {
    // Loaded only when PostgreSQL is configured: an embedded server never pays for the driver.
    const { default: pg } = await import('pg');
    // int8 (count, sums) as JS numbers: every value here stays far below 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const t = opts.timeouts ?? DEFAULT_PG_TIMEOUTS;
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: t.connectMs,
      statement_timeout: t.statementMs,
      query_timeout: t.statementMs + 1000,
      idle_in_transaction_session_timeout: t.statementMs * 2,
      keepAlive: true,
      idleTimeoutMillis: 30_000,
    });
    const onError = opts.onError ?? (() => undefined);
    // An idle client's error reaches the pool; a checked-out client's reaches only the client (pg-pool removes
    // its listener while the client is out), and its query fails on its own. Both get a listener, so a
    // dropped connection never becomes an uncaught exception.
    pool.on('error', (err) => onError(err));
    pool.on('connect', (client) => {
      client.on('error', (err) => onError(err));
    });
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    return new SqlStore('postgres', db);
  }

  async migrate(): Promise<void> {
    await migrateToLatest(this.db, this.kind);
    // Hot-path statements are prepared once the tables exist (SQLite only; better-sqlite3 is synchronous).
    if (this.sqlite) this.prepareSqliteHotPath(this.sqlite);
  }

  private prepareSqliteHotPath(handle: SqliteHandle): void {
    const database = handle.database;
    this.findByHashSqlite = handle.prepare(
      'SELECT id, name, display, scopes, status, created_at, revoked_at FROM api_keys WHERE hash = ?',
    );
    const dec = handle.prepare('UPDATE api_keys SET credits = credits - ? WHERE id = ? AND credits >= ?');
    // The ledger rows of one key's granted charges, in arrival order, written by multi-row INSERTs of
    // 64, 32, ..., 1 rows: a few statements per batch rather than one per charge.
    const inserts = [64, 32, 16, 8, 4, 2, 1].map((size) => ({
      size,
      stmt: handle.prepare(
        `INSERT INTO ledger (key_id, request_id, endpoint, kind, delta, created_at) VALUES ${Array.from({ length: size }, () => "(?, ?, ?, 'charge', ?, ?)").join(', ')}`,
      ),
    }));
    const writeRows = (keyId: string, batch: PendingCharge[], idx: number[]): void => {
      let at = 0;
      for (const { size, stmt } of inserts) {
        while (idx.length - at >= size) {
          const params: Array<string | number> = [];
          for (let k = at; k < at + size; k++) {
            const c = batch[idx[k]!]!;
            params.push(keyId, c.requestId, c.endpoint, -c.cost, c.at);
          }
          stmt.run(params);
          at += size;
        }
      }
    };
    // The outcome is the one of charging every call in arrival order, each by its own conditional decrement:
    // when a key's balance covers all of its charges in the batch, one decrement of the total gives exactly
    // that; when it does not, its charges are decremented one by one, in order, as they arrived.
    const chargeBatch = database.transaction((batch: PendingCharge[]): boolean[] => {
      const results = new Array<boolean>(batch.length).fill(false);
      const byKey = new Map<string, number[]>();
      for (let i = 0; i < batch.length; i++) {
        const keyId = batch[i]!.keyId;
        const idx = byKey.get(keyId);
        if (idx) idx.push(i);
        else byKey.set(keyId, [i]);
      }
      for (const [keyId, idx] of byKey) {
        let total = 0;
        for (const i of idx) total += batch[i]!.cost;
        let granted = idx;
        if (dec.run(total, keyId, total).changes !== 1) {
          granted = idx.filter((i) => dec.run(batch[i]!.cost, keyId, batch[i]!.cost).changes === 1);
        }
        if (granted.length === 0) continue;
        for (const i of granted) results[i] = true;
        writeRows(keyId, batch, granted);
      }
      return results;
    });
    this.chargeBatchSqlite = (batch) => chargeBatch.immediate(batch);
  }

  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }

  async createKey(key: NewKey): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('api_keys')
        .values({
          id: key.id,
          hash: key.hash,
          display: key.display,
          name: key.name,
          scopes: JSON.stringify(key.scopes),
          status: 'active',
          credits: key.credits,
          created_at: key.createdAt,
          revoked_at: null,
        })
        .execute();
      await trx
        .insertInto('ledger')
        .values({ key_id: key.id, request_id: null, endpoint: null, kind: 'grant', delta: key.credits, created_at: key.createdAt })
        .execute();
    });
  }

  async findKeyByHash(hash: string): Promise<KeyRecord | undefined> {
    if (this.findByHashSqlite) {
      const row = this.findByHashSqlite.get(hash) as KeyRow | undefined;
      return row ? toKey(row) : undefined;
    }
    const row = await this.db.selectFrom('api_keys').select(KEY_COLUMNS).where('hash', '=', hash).executeTakeFirst();
    return row ? toKey(row) : undefined;
  }

  async getKey(id: string): Promise<KeyWithBalance | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .select([...KEY_COLUMNS, 'credits'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { ...toKey(row), credits: Number(row.credits) } : undefined;
  }

  async listKeys(): Promise<KeyWithBalance[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .select([...KEY_COLUMNS, 'credits'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...toKey(row), credits: Number(row.credits) }));
  }

  async countActiveAdminKeys(): Promise<number> {
    const rows = await this.db.selectFrom('api_keys').select(['scopes']).where('status', '=', 'active').execute();
    return rows.filter((r) => (JSON.parse(r.scopes) as string[]).includes('admin')).length;
  }

  async ensureKey(key: NewKey): Promise<'created' | 'updated' | 'unchanged'> {
    const existing = await this.db
      .selectFrom('api_keys')
      .select(['id', 'scopes', 'status'])
      .where('hash', '=', key.hash)
      .executeTakeFirst();
    if (!existing) {
      try {
        await this.createKey(key);
        return 'created';
      } catch (err) {
        // Another instance created it at the same moment: fall through to the update path.
        const again = await this.db.selectFrom('api_keys').select(['id']).where('hash', '=', key.hash).executeTakeFirst();
        if (!again) throw err;
        return this.ensureKey(key);
      }
    }
    const scopes = JSON.parse(existing.scopes) as string[];
    const wanted = [...new Set([...scopes, ...key.scopes])].sort();
    if (existing.status === 'active' && wanted.length === scopes.length) return 'unchanged';
    await this.db
      .updateTable('api_keys')
      .set({ status: 'active', revoked_at: null, scopes: JSON.stringify(wanted) })
      .where('id', '=', existing.id)
      .execute();
    return 'updated';
  }

  async revokeKey(id: string, at: string): Promise<boolean> {
    const res = await this.db
      .updateTable('api_keys')
      .set({ status: 'revoked', revoked_at: at })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) return true;
    return (await this.getKey(id)) !== undefined;
  }

  async addCredits(id: string, amount: number, at: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('api_keys')
        .set({ credits: sql<number>`credits + ${amount}` })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('ledger')
        .values({ key_id: id, request_id: null, endpoint: null, kind: 'topup', delta: amount, created_at: at })
        .execute();
      return true;
    });
  }

  async charge(keyId: string, cost: number, requestId: string, endpoint: string, at: string): Promise<boolean> {
    if (this.chargeBatchSqlite) {
      // Group commit: the charges that arrive within one event-loop turn share one transaction, so the
      // commit cost (most of a charge's cost on SQLite) is paid once per turn, not once per call.
      return new Promise<boolean>((resolve, reject) => {
        this.pendingCharges.push({ keyId, cost, requestId, endpoint, at, resolve, reject });
        if (!this.flushScheduled) {
          this.flushScheduled = true;
          setImmediate(() => this.flushCharges());
        }
      });
    }
    // PostgreSQL: queued too, and flushed through ddt_charge_batch (one round trip and one commit per batch).
    return new Promise<boolean>((resolve, reject) => {
      this.pendingCharges.push({ keyId, cost, requestId, endpoint, at, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => void this.flushChargesPg());
      }
    });
  }

  private pgFlushes = 0;

  private async flushChargesPg(): Promise<void> {
    this.flushScheduled = false;
    // Group commit, as PostgreSQL does for its WAL: one batch in flight, and every charge that arrives while it
    // commits joins the next. A batch costs PostgreSQL about 130 µs of CPU (the call, the commit and its WAL
    // flush) plus about 7 µs a row, so fewer, fuller batches cost less per charge (pgbench: 141 µs for one
    // charge, 225 for 10, 500 for 50).
    while (this.pendingCharges.length > 0 && this.pgFlushes < PG_BATCHES_IN_FLIGHT) {
      // Sorted by key (stable, so each key keeps its order): every batch locks keys in the same order,
      // so two batches, in this process or another, never deadlock.
      const batch = this.pendingCharges.splice(0, 500).sort((a, b) => (a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : 0));
      this.pgFlushes++;
      void this.runPgBatch(batch).finally(() => {
        this.pgFlushes--;
        if (this.pendingCharges.length > 0 && !this.flushScheduled) {
          this.flushScheduled = true;
          setImmediate(() => void this.flushChargesPg());
        }
      });
    }
  }

  private async runPgBatch(batch: PendingCharge[]): Promise<void> {
    try {
      const res = await sql<{ results: boolean[] }>`SELECT ddt_charge_batch(
        ${batch.map((c) => c.keyId)}::text[], ${batch.map((c) => c.cost)}::bigint[], ${batch.map((c) => c.requestId)}::text[],
        ${batch.map((c) => c.endpoint)}::text[], ${batch.map((c) => c.at)}::text[]) AS results`.execute(this.db);
      const results = res.rows[0]?.results ?? [];
      batch.forEach((c, i) => c.resolve(results[i] === true));
    } catch (err) {
      // The function runs in one transaction: on failure nobody in the batch was charged.
      for (const c of batch) c.reject(err);
    }
  }

  private flushCharges(): void {
    const batch = this.pendingCharges;
    this.pendingCharges = [];
    this.flushScheduled = false;
    if (batch.length === 0 || !this.chargeBatchSqlite) return;
    let results: boolean[];
    try {
      results = this.chargeBatchSqlite(batch);
    } catch (err) {
      // The whole transaction rolled back: nobody in the batch was charged.
      for (const c of batch) c.reject(err);
      return;
    }
    batch.forEach((c, i) => c.resolve(results[i] === true));
  }

  async refund(keyId: string, cost: number, requestId: string, endpoint: string, at: string): Promise<void> {
    if (this.kind === 'postgres') {
      await sql`
        WITH upd AS (UPDATE api_keys SET credits = credits + ${cost} WHERE id = ${keyId} RETURNING id)
        INSERT INTO ledger (key_id, request_id, endpoint, kind, delta, created_at)
        SELECT id, ${requestId}, ${endpoint}, 'refund', ${cost}, ${at} FROM upd`.execute(this.db);
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('api_keys')
        .set({ credits: sql<number>`credits + ${cost}` })
        .where('id', '=', keyId)
        .execute();
      await trx
        .insertInto('ledger')
        .values({ key_id: keyId, request_id: requestId, endpoint, kind: 'refund', delta: cost, created_at: at })
        .execute();
    });
  }

  async ledger(keyId: string): Promise<LedgerRow[]> {
    const rows = await this.db.selectFrom('ledger').selectAll().where('key_id', '=', keyId).orderBy('id').execute();
    return rows.map((r) => ({
      id: Number(r.id),
      keyId: r.key_id,
      requestId: r.request_id,
      endpoint: r.endpoint,
      kind: r.kind as LedgerKind,
      delta: Number(r.delta),
      createdAt: r.created_at,
    }));
  }

  async usage(filter: { keyId?: string; since?: string }): Promise<UsageRow[]> {
    let q = this.db
      .selectFrom('ledger')
      .select((eb) => [
        'endpoint',
        eb.fn.sum<number>(sql`CASE WHEN kind = 'charge' THEN 1 ELSE 0 END`).as('calls'),
        eb.fn.sum<number>(sql`CASE WHEN kind = 'refund' THEN 1 ELSE 0 END`).as('refunded'),
        eb.fn.sum<number>(sql`-delta`).as('credits'),
      ])
      .where('kind', 'in', ['charge', 'refund'])
      .where('endpoint', 'is not', null);
    if (filter.keyId) q = q.where('key_id', '=', filter.keyId);
    if (filter.since) q = q.where('created_at', '>=', filter.since);
    const rows = await q.groupBy('endpoint').orderBy('endpoint').execute();
    return rows.map((r) => ({ endpoint: r.endpoint ?? '', calls: Number(r.calls), refunded: Number(r.refunded), credits: Number(r.credits) }));
  }

  async chargeStates(requestIds: string[]): Promise<Map<string, ChargeState>> {
    const out = new Map<string, ChargeState>();
    for (const id of requestIds) out.set(id, { charged: false, refunded: false });
    for (let i = 0; i < requestIds.length; i += 500) {
      const rows = await this.db
        .selectFrom('ledger')
        .select(['request_id', 'kind'])
        .where('request_id', 'in', requestIds.slice(i, i + 500))
        .where('kind', 'in', ['charge', 'refund'])
        .execute();
      for (const r of rows) {
        const st = out.get(r.request_id ?? '');
        if (!st) continue;
        if (r.kind === 'charge') st.charged = true;
        else st.refunded = true;
      }
    }
    return out;
  }

  async idempotencyBegin(scope: IdempotencyScope, requestHash: string, nowMs: number, lockUntilMs: number, expiresAtMs: number): Promise<IdempotencyBegin> {
    const pk = { key_id: scope.keyId, endpoint: scope.endpoint, idem_key: scope.key };
    const fresh = { request_hash: requestHash, state: 'running', status: null, body: null, locked_until: lockUntilMs, expires_at: expiresAtMs };
    for (let attempt = 0; attempt < 3; attempt++) {
      const ins = await this.db
        .insertInto('idempotency')
        .values({ ...pk, ...fresh })
        .onConflict((oc) => oc.columns(['key_id', 'endpoint', 'idem_key']).doNothing())
        .executeTakeFirst();
      if (Number(ins.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'new' };
      const row = await this.db
        .selectFrom('idempotency')
        .selectAll()
        .where('key_id', '=', pk.key_id)
        .where('endpoint', '=', pk.endpoint)
        .where('idem_key', '=', pk.idem_key)
        .executeTakeFirst();
      if (!row) continue; // released or expired and swept in between: try the insert again
      const expired = Number(row.expires_at) <= nowMs;
      const stale = row.state === 'running' && Number(row.locked_until) <= nowMs;
      if (!expired) {
        if (row.request_hash !== requestHash) return { kind: 'mismatch' };
        if (row.state === 'done') return { kind: 'replay', status: Number(row.status), body: row.body ?? '{}' };
        if (!stale) return { kind: 'in_use' };
      }
      // Expired, or its call never finished (its instance stopped): this call takes it over, if no other did first.
      const taken = await this.db
        .updateTable('idempotency')
        .set(fresh)
        .where('key_id', '=', pk.key_id)
        .where('endpoint', '=', pk.endpoint)
        .where('idem_key', '=', pk.idem_key)
        .where('request_hash', '=', row.request_hash)
        .where('state', '=', row.state)
        .where('locked_until', '=', row.locked_until)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { kind: 'new' };
    }
    return { kind: 'in_use' };
  }

  async idempotencyFinish(scope: IdempotencyScope, status: number, body: string): Promise<void> {
    await this.db
      .updateTable('idempotency')
      .set({ state: 'done', status, body })
      .where('key_id', '=', scope.keyId)
      .where('endpoint', '=', scope.endpoint)
      .where('idem_key', '=', scope.key)
      .execute();
  }

  async idempotencyRelease(scope: IdempotencyScope): Promise<void> {
    await this.db
      .deleteFrom('idempotency')
      .where('key_id', '=', scope.keyId)
      .where('endpoint', '=', scope.endpoint)
      .where('idem_key', '=', scope.key)
      .where('state', '=', 'running')
      .execute();
  }

  async deleteExpiredIdempotency(nowMs: number): Promise<number> {
    const res = await this.db.deleteFrom('idempotency').where('expires_at', '<=', nowMs).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async cacheGet(key: string, nowMs: number): Promise<unknown | undefined> {
    const row = await this.db
      .selectFrom('cache')
      .select(['value', 'expires_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= nowMs) return undefined;
    return JSON.parse(row.value) as unknown;
  }

  async cacheSet(key: string, value: unknown, expiresAtMs: number): Promise<void> {
    const text = JSON.stringify(value);
    await this.db
      .insertInto('cache')
      .values({ key, value: text, expires_at: expiresAtMs })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, expires_at: expiresAtMs }))
      .execute();
  }

  async createUpload(u: UploadRecord): Promise<void> {
    await this.db
      .insertInto('uploads')
      .values({
        id: u.id,
        key_id: u.keyId,
        content_type: u.contentType,
        size_bytes: u.sizeBytes,
        filename: u.filename,
        storage_key: u.storageKey,
        status: u.status,
        created_at: u.createdAt,
        url_expires_at: u.urlExpiresAt,
        delete_after: u.deleteAfter,
      })
      .execute();
  }

  async getUpload(id: string): Promise<UploadRecord | undefined> {
    const row = await this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toUpload(row) : undefined;
  }

  async setUploadStatus(id: string, from: UploadStatus, to: UploadStatus): Promise<boolean> {
    const res = await this.db
      .updateTable('uploads')
      .set({ status: to })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async takeExpiredUploads(nowMs: number): Promise<UploadRecord[]> {
    const rows = await this.db.selectFrom('uploads').selectAll().where('delete_after', '<=', nowMs).execute();
    if (rows.length > 0) {
      await this.db
        .deleteFrom('uploads')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
    }
    return rows.map(toUpload);
  }

  async deleteExpiredCache(nowMs: number): Promise<number> {
    const res = await this.db.deleteFrom('cache').where('expires_at', '<=', nowMs).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
