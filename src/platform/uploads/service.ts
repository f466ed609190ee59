// Uploads: presigned PUTs owned by a key, the local PUT receiver, reads by upload_id, and retention.
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { randomBase62 } from '../keys.ts';
import type { Store, UploadRecord } from '../store/types.ts';
import { LocalStorage } from './local.ts';
import { ALLOWED_CONTENT_TYPES, MAX_UPLOAD_BYTES } from './types.ts';
import type { ObjectStorage } from './types.ts';

/** Decompressed uploads are capped so a small gzip bomb cannot exhaust memory. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

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
    if (rec.status === 'complete') throw new ApiError('upload_already_complete');
    await this.storage.write(rec.storageKey, a.body);
    if (!(await this.store.completeUpload(rec.id))) {
      throw new ApiError('upload_already_complete');
    }
    return { ...rec, status: 'complete' };
  }

  /**
   * The text of an upload that belongs to `keyId`: 404 when it is someone else's or unknown (the two are
   * indistinguishable), 409 while the file has not been stored. Gzip is decompressed.
   */
  async readText(keyId: string, uploadId: string): Promise<string> {
    const rec = await this.store.getUpload(uploadId);
    if (!rec || rec.keyId !== keyId) throw new ApiError('upload_not_found');
    let data: Buffer | undefined;
    if (rec.status === 'complete' || this.storage.kind === 's3') data = await this.storage.read(rec.storageKey);
    if (!data) throw new ApiError('upload_incomplete');
    if (rec.status === 'pending') await this.store.completeUpload(rec.id);
    if (data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b) {
      try {
        data = gunzipSync(data, { maxOutputLength: MAX_INFLATED_BYTES });
      } catch {
        throw new ApiError('upload_unreadable', { reason: 'gzip data could not be decompressed (corrupt, or larger than 64 MiB inflated)' });
      }
    }
    return new TextDecoder('utf-8').decode(data).replace(/^\uFEFF/, '');
  }

  /** Deletes uploads past their retention period, records and data; returns how many. */
  async sweep(nowMs: number): Promise<number> {
    const expired = await this.store.takeExpiredUploads(nowMs);
    for (const u of expired) await this.storage.delete(u.storageKey).catch(() => undefined);
    return expired.length;
  }
}
