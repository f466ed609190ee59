// Verifies an AWS SigV4 presigned URL for given request headers (s3rver accepts any V4 signature, so the
// tests check the signature themselves: the signed headers must be exactly what the client sends).
import { createHash, createHmac } from 'node:crypto';

const enc = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

export function presignedSignatureValid(method: string, url: string, headers: Record<string, string>, secret: string): boolean {
  const u = new URL(url);
  const q = [...u.searchParams.entries()];
  const given = u.searchParams.get('X-Amz-Signature') ?? '';
  const signed = (u.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';');
  const lower = Object.fromEntries(Object.entries({ ...headers, host: u.host }).map(([k, v]) => [k.toLowerCase(), String(v).trim()]));
  const canonicalQuery = q
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [enc(k), enc(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = signed.map((h) => `${h}:${lower[h] ?? ''}\n`).join('');
  const path = u.pathname.split('/').map((seg) => enc(decodeURIComponent(seg))).join('/');
  const canonicalRequest = [method, path, canonicalQuery, canonicalHeaders, signed.join(';'), u.searchParams.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD'].join('\n');
  const date = u.searchParams.get('X-Amz-Date') ?? '';
  const [, day, region, service] = (u.searchParams.get('X-Amz-Credential') ?? '').split('/');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day ?? ''), region ?? ''), service ?? ''), 'aws4_request');
  return hmac(key, toSign).toString('hex') === given;
}
