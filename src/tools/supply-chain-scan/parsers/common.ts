// Helpers every lockfile parser shares: error codes, line numbers, URL hosts, git and tarball classification.
import type { Document } from 'yaml';
import { ToolError } from '../../kit/contract.ts';
import type { LockFormat, LockedPackage, SourceKind } from '../model.ts';

/** The 400 code for a malformed lockfile of a format: `lockfile_invalid_<format>`, e.g. lockfile_invalid_yarn_lock. */
function invalidCode(format: LockFormat): string {
  return `lockfile_invalid_${format.replace(/-/g, '_')}`;
}

/** Throws the format's 400 with the 1-based line when known (the caller's input was not a valid lockfile). */
export function invalid(format: LockFormat, message: string, line: number | null = null): never {
  const details: Record<string, unknown> = { format };
  if (line !== null && Number.isFinite(line) && line > 0) details.line = line;
  throw new ToolError(400, invalidCode(format), message, details);
}

/** 1-based line of a character offset; linear, no regex. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  const end = Math.min(Math.max(0, offset), text.length);
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Splits text into lines (LF, CRLF or CR) without a regex over the whole input. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

const FULL_COMMIT = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

export function isFullCommit(s: string | null | undefined): boolean {
  return typeof s === 'string' && FULL_COMMIT.test(s);
}

/**
 * Lower-case host of a URL-ish string: `https://x/...`, `git+ssh://git@x/...`, `git@x:org/repo` (scp form),
 * `registry+https://x/...`. Null for paths and anything unparsable.
 */
export function hostOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let s = raw.trim();
  const plus = /^(?:git|registry|sparse)\+/i.exec(s);
  if (plus) s = s.slice(plus[0].length);
  const scp = /^[A-Za-z0-9._-]+@([A-Za-z0-9.-]+):(?!\/\/)/.exec(s);
  if (scp?.[1]) return validHost(scp[1].toLowerCase());
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) return null;
  try {
    const u = new URL(s);
    return u.host ? validHost(u.host.toLowerCase()) : null;
  } catch {
    return null;
  }
}

/** DNS names stop at 253 characters (plus a port); anything longer is not a host we can name. */
export function validHost(host: string): string | null {
  return host.length > 0 && host.length <= 259 ? host : null;
}

/** True for plain-text transports: http://, git:// (no TLS, no authentication of the server). */
export function isInsecureUrl(raw: string | null | undefined): boolean {
  if (!raw) return false;
  const s = raw.trim().replace(/^(?:git|registry|sparse)\+/i, '');
  return /^(?:http|git):\/\//i.test(s);
}

/** Hosts that serve tarballs of git repositories by commit: such URLs are git sources, not registries. */
const GIT_TARBALL_HOSTS = new Set(['codeload.github.com', 'gitlab.com', 'bitbucket.org', 'github.com']);

export interface Classified {
  source: SourceKind;
  url: string | null;
  host: string | null;
  commit: string | null;
}

/**
 * Classifies an npm-style `resolved` / `version` / tarball string: git (git+, git:, github: shorthands,
 * git-host tarballs), local (file:, link:), registry tarball (`/<name>/-/<file>.tgz`, the npm registry API
 * shape every npm-compatible registry serves) or any other URL.
 */
export function classifyNpmSpec(raw: string): Classified {
  const s = raw.trim();
  if (/^(?:git\+|git:|git@|github:|gitlab:|bitbucket:|gist:)/i.test(s) || /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+#[0-9a-f]{7,}$/i.test(s)) {
    const hash = s.lastIndexOf('#');
    const ref = hash >= 0 ? s.slice(hash + 1) : null;
    const commit = ref && isFullCommit(ref) ? ref.toLowerCase() : null;
    let host = hostOf(s);
    if (!host && /^github:/i.test(s)) host = 'github.com';
    else if (!host && /^gitlab:/i.test(s)) host = 'gitlab.com';
    else if (!host && /^bitbucket:/i.test(s)) host = 'bitbucket.org';
    else if (!host && /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+#/.test(s)) host = 'github.com';
    return { source: 'git', url: s, host, commit };
  }
  if (/^file:/i.test(s)) return { source: 'file', url: s, host: null, commit: null };
  if (/^link:/i.test(s)) return { source: 'link', url: s, host: null, commit: null };
  if (/^https?:\/\//i.test(s)) {
    const host = hostOf(s);
    let path: string;
    try {
      path = new URL(s).pathname;
    } catch {
      return { source: 'url', url: s, host, commit: null };
    }
    if (host && GIT_TARBALL_HOSTS.has(host)) {
      const sha = /\/([0-9a-f]{40})(?:\.tar\.gz|\.tgz|\.zip)?$/i.exec(path);
      if (host === 'codeload.github.com' || sha) return { source: 'git', url: s, host, commit: sha?.[1]?.toLowerCase() ?? null };
    }
    if (/\/-\/[^/]+\.tgz$/i.test(path)) return { source: 'registry', url: s, host, commit: null };
    return { source: 'url', url: s, host, commit: null };
  }
  // A relative or absolute path (npm writes workspace/link targets this way).
  return { source: 'path', url: s, host: null, commit: null };
}

/** Sets a package's source, URL, host and pinned commit from an npm-style spec (see classifyNpmSpec). */
export function applyNpmSpec(pkg: LockedPackage, spec: string): void {
  const c = classifyNpmSpec(spec);
  pkg.source = c.source;
  pkg.url = c.url;
  pkg.host = c.host;
  pkg.commit = c.commit;
}

/** Hash algorithm of one integrity token: sha512, sha256, sha1, md5, h1... (lower case); null when unknown. */
function hashAlgorithm(token: string): string | null {
  const t = token.trim();
  const m = /^([A-Za-z0-9]+)[-:=]/.exec(t);
  if (m?.[1]) return m[1].toLowerCase();
  // Bare hex (Cargo checksums, yarn's #sha1 fragment) identified by length.
  if (/^[0-9a-f]{64}$/i.test(t)) return 'sha256';
  if (/^[0-9a-f]{40}$/i.test(t)) return 'sha1';
  if (/^[0-9a-f]{128}$/i.test(t)) return 'sha512';
  return null;
}

const STRONG = new Set(['sha256', 'sha384', 'sha512', 'h1', 'blake2b', 'blake2s', 'sha3']);

/** True when every recorded hash is a weak algorithm (sha1, md5): collisions are practical for sha1 and md5. */
export function onlyWeakHashes(integrity: readonly string[]): boolean {
  if (integrity.length === 0) return false;
  return integrity.every((h) => {
    const alg = hashAlgorithm(h);
    return alg !== null && !STRONG.has(alg) && (alg === 'sha1' || alg === 'md5');
  });
}

/** One-line reason for a YAML parse error; stack exhaustion on hostile nesting gets a plain explanation. */
function yamlReason(message: string): string {
  if (/call stack|too much recursion/i.test(message)) return 'The YAML nests too deeply to read.';
  return `Not valid YAML: ${message.split('\n')[0]?.slice(0, 200) ?? 'parse error'}.`;
}

/** A parsed YAML document as JavaScript, or the format's 400: its first parse error, or nesting or aliases too deep. */
export function yamlRoot(format: LockFormat, doc: Pick<Document, 'errors' | 'toJS'>): unknown {
  const err = doc.errors[0];
  if (err) invalid(format, yamlReason(err.message), err.linePos?.[0]?.line ?? null);
  try {
    return doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    if (e instanceof RangeError || e instanceof ReferenceError) invalid(format, 'The YAML nests too deeply or uses too many aliases.');
    throw e;
  }
}

/** How lockfile YAML is read: every scalar a string (failsafe), a key given twice kept, errors without excerpts. */
export const LOCK_YAML = { uniqueKeys: false, prettyErrors: false, schema: 'failsafe' } as const;

/** A YAML read whose RangeError (collections nested past the parser's stack) is refused as this format's 400. */
export function readLockYaml<T>(format: LockFormat, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof RangeError) invalid(format, 'The YAML nests too deeply to read.');
    throw err;
  }
}

/** The line of each string key of a YAML mapping's items, for findings that point at an entry. */
export function keyLines(items: readonly { key?: { value?: unknown; range?: [number, number, number] } }[] | undefined, lineCounter: { linePos(offset: number): { line: number } }): Map<string, number> {
  const lines = new Map<string, number>();
  for (const item of items ?? []) {
    const k = item.key;
    if (k && typeof k.value === 'string' && k.range) lines.set(k.value, lineCounter.linePos(k.range[0]).line);
  }
  return lines;
}
