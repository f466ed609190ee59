// The store interface: keys, credits and ledger, the shared cache, uploads' metadata.

export type KeyStatus = 'active' | 'revoked';

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

export type UploadStatus = 'pending' | 'complete';

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

  cacheGet(key: string, nowMs: number): Promise<unknown | undefined>;
  cacheSet(key: string, value: unknown, expiresAtMs: number): Promise<void>;

  createUpload(upload: UploadRecord): Promise<void>;
  getUpload(id: string): Promise<UploadRecord | undefined>;
  /** pending -> complete; false when it was not pending. */
  completeUpload(id: string): Promise<boolean>;
  /** Deletes records past deleteAfter and returns them so their data can be removed. */
  takeExpiredUploads(nowMs: number): Promise<UploadRecord[]>;
  deleteExpiredCache(nowMs: number): Promise<number>;
}
