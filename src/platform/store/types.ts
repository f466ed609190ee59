// The store interface: keys, credits and ledger, the shared cache, uploads' metadata.

type KeyStatus = 'active' | 'revoked';

export interface KeyRecord {
  id: string;
  name: string | null;
  /** First characters of the key, for operators to recognise it (never enough to use it). */
  display: string;
  scopes: string[];
  status: KeyStatus;
  createdAt: string;
  revokedAt: string | null;
}

/** Operator view: the record plus its balance. Never returned by the HTTP API. */
export interface KeyWithBalance extends KeyRecord {
  credits: number;
}

export interface NewKey {
  id: string;
  hash: string;
  display: string;
  name: string | null;
  scopes: string[];
  credits: number;
  createdAt: string;
}

export type LedgerKind = 'grant' | 'topup' | 'charge' | 'refund';

export interface LedgerRow {
  id: number;
  keyId: string;
  requestId: string | null;
  endpoint: string | null;
  kind: LedgerKind;
  delta: number;
  createdAt: string;
}

/** pending -> storing (one PUT has claimed it) -> complete; a failed write goes back to pending. */
export type UploadStatus = 'pending' | 'storing' | 'complete';

export interface UploadRecord {
  id: string;
  keyId: string;
  contentType: string;
  sizeBytes: number;
  filename: string | null;
  storageKey: string;
  status: UploadStatus;
  createdAt: string;
  /** Unix ms after which the presigned URL is refused. */
  urlExpiresAt: number;
  /** Unix ms after which the record and its data are deleted. */
  deleteAfter: number;
}

/** The first answer to an idempotent call's reservation (store.idempotencyBegin). */
export type IdempotencyBegin =
  /** Reserved for this call: run it. */
  | { kind: 'new' }
  /** Finished before with the same body: replay its status and body. */
  | { kind: 'replay'; status: number; body: string }
  /** Another call with this key is still running. */
  | { kind: 'in_use' }
  /** Used before with a different body. */
  | { kind: 'mismatch' };

export interface IdempotencyScope {
  keyId: string;
  endpoint: string;
  key: string;
}

/** Whether the ledger holds a charge and a refund for a request id (reconciliation of uncertain charges). */
export interface ChargeState {
  charged: boolean;
  refunded: boolean;
}

/**
 * The store could not answer: its connection was lost or refused, or a statement ran past its timeout. The call
 * path answers 503 store_unavailable (nothing charged, or the charge refunded once the store is back).
 */
class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/** Node socket errors and pg's own messages when the connection is lost, refused or stalled. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end|terminating connection/i;

/**
 * True when an error means the store is away or stalled rather than that the statement was wrong: connection
 * lost or refused, PostgreSQL shutting down or cancelling on a timeout (SQLSTATE classes 08 and 57), SQLite
 * busy or out of disk. Such a call is answered 503 store_unavailable.
 */
export function isStoreUnavailable(err: unknown): boolean {
  if (err instanceof StoreUnavailableError) return true;
  if (err === null || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code)) return true;
    if (/^(08|57)[0-9A-Z]{3}$/.test(code)) return true;
    if (/^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|PROTOCOL)/.test(code)) return true;
  }
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && CONNECTION_MESSAGES.test(message);
}

/** Calls and credits of one endpoint, from the ledger (the operator's `ddt usage`). */
export interface UsageRow {
  endpoint: string;
  /** Charged calls. */
  calls: number;
  /** Of those, refunded (failed after the charge). */
  refunded: number;
  /** Credits spent: charges minus refunds. */
  credits: number;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;

  /** Creates a key and its opening `grant` ledger row in one transaction. */
  createKey(key: NewKey): Promise<void>;
  findKeyByHash(hash: string): Promise<KeyRecord | undefined>;
  getKey(id: string): Promise<KeyWithBalance | undefined>;
  listKeys(): Promise<KeyWithBalance[]>;
  countActiveAdminKeys(): Promise<number>;
  /** Ensures a key with this hash exists, active, with these scopes; creates it with `credits` if absent. */
  ensureKey(key: NewKey): Promise<'created' | 'updated' | 'unchanged'>;
  revokeKey(id: string, at: string): Promise<boolean>;
  /** Adds credits (a `topup` ledger row). False when no such key. */
  addCredits(id: string, amount: number, at: string): Promise<boolean>;

  /**
   * One atomic conditional decrement plus its `charge` ledger row. False (and nothing written) when the
   * balance is below the cost.
   */
  charge(keyId: string, cost: number, requestId: string, endpoint: string, at: string): Promise<boolean>;
  /** One atomic increment plus its `refund` ledger row. */
  refund(keyId: string, cost: number, requestId: string, endpoint: string, at: string): Promise<void>;
  ledger(keyId: string): Promise<LedgerRow[]>;
  /** Calls and credits by endpoint, optionally for one key and from a time on (ISO 8601). */
  usage(filter: { keyId?: string; since?: string }): Promise<UsageRow[]>;
  /** Charge and refund rows per request id (for charges whose outcome was not known). */
  chargeStates(requestIds: string[]): Promise<Map<string, ChargeState>>;

  /**
   * Reserves an idempotency key for one call (or reports why not). A reservation whose call has not finished
   * by `lockUntilMs` may be taken over by a retry; a finished one is kept until `expiresAtMs`.
   */
  idempotencyBegin(scope: IdempotencyScope, requestHash: string, nowMs: number, lockUntilMs: number, expiresAtMs: number): Promise<IdempotencyBegin>;
  /** Stores the finished call's answer for replays. */
  idempotencyFinish(scope: IdempotencyScope, status: number, body: string): Promise<void>;
  /** Drops a reservation whose call did not run to a charged answer (402, refunded failures). */
  idempotencyRelease(scope: IdempotencyScope): Promise<void>;
  deleteExpiredIdempotency(nowMs: number): Promise<number>;

  cacheGet(key: string, nowMs: number): Promise<unknown | undefined>;
  cacheSet(key: string, value: unknown, expiresAtMs: number): Promise<void>;

  createUpload(upload: UploadRecord): Promise<void>;
  getUpload(id: string): Promise<UploadRecord | undefined>;
  /** Moves an upload from one status to another; false when it was not in `from` (another writer won). */
  setUploadStatus(id: string, from: UploadStatus, to: UploadStatus): Promise<boolean>;
  /** Deletes records past deleteAfter and returns them so their data can be removed. */
  takeExpiredUploads(nowMs: number): Promise<UploadRecord[]>;
  deleteExpiredCache(nowMs: number): Promise<number>;
}
