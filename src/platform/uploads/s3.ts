// S3 uploads: a presigned PUT that signs Content-Type and Content-Length; reads go through the SDK.
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ObjectStorage, PresignedPut } from './types.ts';

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly s: S3Settings) {
    this.client = new S3Client({
      region: s.region,
      ...(s.endpoint ? { endpoint: s.endpoint } : {}),
      forcePathStyle: s.forcePathStyle,
      // Checksums only when S3 requires them: otherwise the SDK adds checksum headers the browser PUT lacks.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async presignPut(a: { storageKey: string; contentType: string; sizeBytes: number; ttlSeconds: number }): Promise<PresignedPut> {
    // S3 counts the lifetime from the signing time, so it takes the TTL, not an absolute expiry.
    const expiresIn = a.ttlSeconds;
    const cmd = new PutObjectCommand({ Bucket: this.s.bucket, Key: a.storageKey, ContentType: a.contentType, ContentLength: a.sizeBytes });
    const url = await getSignedUrl(this.client, cmd, {
      expiresIn,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, headers: { 'Content-Type': a.contentType, 'Content-Length': String(a.sizeBytes) } };
  }

  async read(storageKey: string): Promise<Buffer | undefined> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: storageKey }));
      if (!res.Body) return undefined;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      const name = (err as { name?: string }).name;
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (name === 'NoSuchKey' || name === 'NotFound' || status === 404) return undefined;
      throw err;
    }
  }

  async delete(storageKey: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: storageKey }));
  }
}
