// Uploads: presigned PUTs owned by a key, the local PUT receiver, reads by upload_id, and retention.
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { randomBase62 } from '../keys.ts';
import type { Store, UploadRecord } from '../store/types.ts';
import { LocalStorage } from './local.ts';
import { ALLOWED_CONTENT_TYPES, MAX_UPLOAD_BYTES } from './types.ts';
import type { ObjectStorage } from './types.ts';

/** Decompressed uploads are capped so a small gzip bomb cannot exhaust memory (when the reader sets no lower limit). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** How many refused uploads' verdicts this instance remembers (an upload's file never changes once stored). */
const VERDICTS_KEPT = 10_000;

/** What a reader accepts: the tool's text field and its maximum length in characters. */
export interface ReadLimit {
  field: string;
  maxChars: number | undefined;
}

/** The upload's text is longer than the field it replaces accepts: the same code the schema would give. */
export class UploadTooLongError extends Error {
  constructor(
    readonly field: string,
    readonly maxChars: number,
  ) {
    super(`${field} (from the upload) must be at most ${maxChars} characters.`);
  }
}

/**
 * Inflates gzip, stopping as soon as the text would exceed `maxChars` characters (UTF-8: at least one byte per
 * character), so a small gzip bomb costs the work of the tool's own limit, not of its inflated size.
 */
function gunzipText(data: Buffer, limit: ReadLimit): Promise<string> {
  const maxChars = limit.maxChars ?? MAX_INFLATED_BYTES;
  return new Promise((resolve, reject) => {
    const gunzip = createGunzip();
    const decoder = new TextDecoder('utf-8');
    const parts: string[] = [];
    let chars = 0;
    let bytes = 0;
    let done = false;
    const stop = (err: Error): void => {
      if (done) return;
      done = true;
      gunzip.destroy();
      reject(err);
    };
    gunzip.on('data', (chunk: Buffer) => {
      if (done) return;
      bytes += chunk.length;
      const text = decoder.decode(chunk, { stream: true });
      chars += text.length;
      parts.push(text);
      if (chars > maxChars + 1 || bytes > MAX_INFLATED_BYTES) {
        stop(limit.maxChars !== undefined ? new UploadTooLongError(limit.field, limit.maxChars) : new ApiError('upload_unreadable', { reason: 'larger than 64 MiB once inflated' }));
      }
    });
    gunzip.on('error', () => stop(new ApiError('upload_unreadable', { reason: 'gzip data could not be decompressed (corrupt or truncated)' })));
    gunzip.on('end', () => {
      if (done) return;
      done = true;
      parts.push(decoder.decode());
      resolve(parts.join(''));
    });
    gunzip.end(data);
  });
}

export const UploadRequest = z.object({
  content_type: z
    .string()
    .max(200)
    .describe(`MIME type of the file; one of: ${ALLOWED_CONTENT_TYPES.join(', ')}. Parameters such as ;charset=utf-8 are ignored.`),
  filename: z.string().min(1).max(255).optional().describe('Original file name, kept for reference (and to tell formats apart).'),
  size_bytes: z.number().int().min(1).max(MAX_UPLOAD_BYTES).describe('Exact size of the file in bytes; at most 5,242,880.'),
});

export const UploadResponse = z.object({
  upload_id: z.string().describe('Pass this as upload_id to a file-ingesting endpoint.'),
  url: z.string().describe('Presigned URL to PUT the file to.'),
  method: z.literal('PUT').describe('Always PUT.'),
  headers: z.record(z.string(), z.string()).describe('Headers the PUT must carry exactly (they are signed).'),
  expires_at: z.string().describe('When the URL stops working (ISO 8601).'),
  max_bytes: z.number().int().describe('The size the PUT must have: the size_bytes requested.'),
});

export interface UploadServiceOptions {
  urlTtlSeconds: number;
  retentionHours: number;
}

export class UploadService {
  /** Refusals of uploads already read (too long, unreadable): answered again without reading the file. */
  private readonly verdicts = new Map<string, Error>();

  constructor(
    private readonly store: Store,
    readonly storage: ObjectStorage,
    private readonly opts: UploadServiceOptions,
  ) {}

  /** Normalises a content type and checks it against the allowlist. */
  static contentTypeOf(raw: string): string {
    const base = raw.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!(ALLOWED_CONTENT_TYPES as readonly string[]).includes(base)) {
      throw new ApiError('unsupported_content_type', { allowed: [...ALLOWED_CONTENT_TYPES] });
    }
    return base;
  }

  async create(keyId: string, req: z.output<typeof UploadRequest>, nowMs: number): Promise<z.output<typeof UploadResponse>> {
    const contentType = UploadService.contentTypeOf(req.content_type);
    const id = `upl_${randomBase62(16)}`;
    const storageKey = id;
    const urlExpiresAt = nowMs + this.opts.urlTtlSeconds * 1000;
    const record: UploadRecord = {
      id,
      keyId,
      contentType,
      sizeBytes: req.size_bytes,
      filename: req.filename ?? null,
      storageKey,
      status: 'pending',
      createdAt: new Date(nowMs).toISOString(),
      urlExpiresAt,
      deleteAfter: nowMs + this.opts.retentionHours * 3600 * 1000,
    };
    await this.store.createUpload(record);
    const put = await this.storage.presignPut({ id, storageKey, contentType, sizeBytes: req.size_bytes, expiresAtMs: urlExpiresAt, ttlSeconds: this.opts.urlTtlSeconds });
    return {
      upload_id: id,
      url: put.url,
      method: 'PUT',
      headers: put.headers,
      expires_at: new Date(Math.floor(urlExpiresAt / 1000) * 1000).toISOString(),
      max_bytes: req.size_bytes,
    };
  }

  /**
   * The local PUT receiver. Checks run in this order and any failure stores nothing: signature, expiry,
   * content type, size, not already stored.
   */
  async acceptLocalPut(a: { id: string; expires: string; signature: string; contentType: string | undefined; body: Buffer; nowMs: number }): Promise<UploadRecord> {
    if (!(this.storage instanceof LocalStorage)) throw new ApiError('not_found');
    const rec = await this.store.getUpload(a.id);
    const expires = Number(a.expires);
    if (!rec || !Number.isInteger(expires) || !this.storage.verify(rec.id, rec.contentType, rec.sizeBytes, expires, a.signature)) {
      throw new ApiError('upload_signature_invalid');
    }
    if (a.nowMs > expires * 1000) throw new ApiError('upload_url_expired');
    const given = (a.contentType ?? '').split(';')[0]?.trim().toLowerCase();
    if (given !== rec.contentType) throw new ApiError('upload_content_type_mismatch', { expected: rec.contentType });
    if (a.body.length > rec.sizeBytes) throw new ApiError('payload_too_large', { max_bytes: rec.sizeBytes });
    if (a.body.length !== rec.sizeBytes) throw new ApiError('upload_size_mismatch', { expected_bytes: rec.sizeBytes, received_bytes: a.body.length });
    // One PUT claims the upload before writing, so two concurrent PUTs never leave the loser's bytes behind.
    if (rec.status !== 'pending' || !(await this.store.setUploadStatus(rec.id, 'pending', 'storing'))) throw new ApiError('upload_already_complete');
    try {
      await this.storage.write(rec.storageKey, a.body);
    } catch (err) {
      await this.store.setUploadStatus(rec.id, 'storing', 'pending');
      throw err;
    }
    await this.store.setUploadStatus(rec.id, 'storing', 'complete');
    return { ...rec, status: 'complete' };
  }

  /**
   * The text of an upload that belongs to `keyId`: 404 when it is someone else's or unknown (the two are
   * indistinguishable), 409 while the file has not been stored. Gzip is decompressed up to the reader's
   * limit; a refusal (too long, unreadable) is remembered, so naming the same upload again costs nothing.
   */
  async readText(keyId: string, uploadId: string, limit: ReadLimit = { field: 'text', maxChars: undefined }): Promise<string> {
    const rec = await this.store.getUpload(uploadId);
    if (!rec || rec.keyId !== keyId) throw new ApiError('upload_not_found');
    const verdictKey = `${uploadId}\u0000${limit.field}\u0000${limit.maxChars ?? ''}`;
    const known = this.verdicts.get(verdictKey);
    if (known) throw known;
    let data: Buffer | undefined;
    if (rec.status === 'complete' || this.storage.kind === 's3') data = await this.storage.read(rec.storageKey);
    if (!data) throw new ApiError('upload_incomplete');
    if (rec.status === 'pending') await this.store.setUploadStatus(rec.id, 'pending', 'complete');
    let text: string;
    try {
      text = data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b ? await gunzipText(data, limit) : new TextDecoder('utf-8').decode(data);
    } catch (err) {
      if (this.verdicts.size >= VERDICTS_KEPT) this.verdicts.clear();
      this.verdicts.set(verdictKey, err as Error);
      throw err;
    }
    return text.replace(/^\uFEFF/, '');
  }

  /** Deletes uploads past their retention period, records and data; returns how many. */
  async sweep(nowMs: number): Promise<number> {
    const expired = await this.store.takeExpiredUploads(nowMs);
    for (const u of expired) await this.storage.delete(u.storageKey).catch(() => undefined);
    return expired.length;
  }
}
