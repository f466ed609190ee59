// Object storage behind uploads: a local folder (default) or any S3-compatible bucket.

export interface PresignedPut {
  url: string;
  headers: Record<string, string>;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  presignPut(args: { id: string; storageKey: string; contentType: string; sizeBytes: number; expiresAtMs: number; ttlSeconds: number }): Promise<PresignedPut>;
  /** The stored bytes, or undefined when nothing has been stored under the key yet. */
  read(storageKey: string): Promise<Buffer | undefined>;
  delete(storageKey: string): Promise<void>;
}

export const ALLOWED_CONTENT_TYPES = [
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/json',
  'application/x-ndjson',
  'application/yaml',
  'application/toml',
  'application/xml',
  'image/svg+xml',
  'application/gzip',
] as const;

export const MAX_UPLOAD_BYTES = 5_242_880;
