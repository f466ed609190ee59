// Local uploads: the service accepts the PUT itself at an HMAC-signed, expiring URL and keeps files on disk.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ObjectStorage, PresignedPut } from './types.ts';

/** The signing secret: DDT_UPLOAD_SECRET, else one generated once and kept in the data folder. */
export function loadSigningSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'upload-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  // Written whole under a private name, then linked into place: an instance starting at the same moment either
  // wins the link or reads the winner's complete file, never a half-written one, and never fails to start.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  return readFileSync(file, 'utf8').trim();
}

export function signUpload(secret: string, id: string, contentType: string, sizeBytes: number, expiresSec: number): string {
  return createHmac('sha256', secret).update(`${id}\n${contentType}\n${sizeBytes}\n${expiresSec}`).digest('base64url');
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {
    this.dir = path.join(dataDir, 'uploads');
    mkdirSync(this.dir, { recursive: true });
  }

  private fileOf(storageKey: string): string {
    // Storage keys are generated ids; refuse anything that could leave the folder.
    if (!/^[A-Za-z0-9_-]+$/.test(storageKey)) throw new Error('invalid storage key');
    return path.join(this.dir, storageKey);
  }

  async presignPut(a: { id: string; storageKey: string; contentType: string; sizeBytes: number; expiresAtMs: number }): Promise<PresignedPut> {
    const expires = Math.floor(a.expiresAtMs / 1000);
    const sig = signUpload(this.secret, a.id, a.contentType, a.sizeBytes, expires);
    return {
      url: `${this.publicUrl}/v1/uploads/${encodeURIComponent(a.id)}?expires=${expires}&signature=${sig}`,
      headers: { 'Content-Type': a.contentType, 'Content-Length': String(a.sizeBytes) },
    };
  }

  verify(id: string, contentType: string, sizeBytes: number, expires: number, signature: string): boolean {
    return signatureMatches(signUpload(this.secret, id, contentType, sizeBytes, expires), signature);
  }

  /** Writes atomically: a temporary file renamed into place, so a reader never sees half a file. */
  async write(storageKey: string, data: Buffer): Promise<void> {
    const file = this.fileOf(storageKey);
    const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
    await fs.writeFile(tmp, data, { mode: 0o600 });
    await fs.rename(tmp, file);
  }

  async read(storageKey: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.fileOf(storageKey));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(storageKey: string): Promise<void> {
    await fs.rm(this.fileOf(storageKey), { force: true });
  }
}
