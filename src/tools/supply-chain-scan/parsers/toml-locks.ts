// poetry.lock and Cargo.lock: both TOML arrays of [[package]] tables, read with smol-toml.
import { parse as parseToml, TomlError } from 'smol-toml';
import type { LockFormat, LockedPackage, ParsedLock } from '../model.ts';
import { emptyPackage } from '../model.ts';
import { hostOf, invalid, isFullCommit, isRecord, splitLines, str } from './common.ts';

/** Deep enough for any real lockfile (package tables nest two or three levels); stops hostile nesting early. */
const MAX_TOML_DEPTH = 64;

function readToml(format: LockFormat, text: string): Record<string, unknown> {
  try {
    return parseToml(text, { maxDepth: MAX_TOML_DEPTH }) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof TomlError) invalid(format, `Not valid TOML: ${err.message.split('\n')[0]?.slice(0, 200) ?? 'parse error'}.`, err.line);
    if (err instanceof RangeError) invalid(format, 'The TOML nests too deeply to read.');
    throw err;
  }
}

/** Line of each `[[package]]` header, in order: TOML tables keep no positions, so count headers instead. */
function packageHeaderLines(text: string): number[] {
  const out: number[] = [];
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) if (/^\s*\[\[\s*package\s*\]\]\s*(?:#.*)?$/.test(lines[i] ?? '')) out.push(i + 1);
  return out;
}

function packageTables(format: LockFormat, doc: Record<string, unknown>): Record<string, unknown>[] {
  const list = doc.package;
  if (list === undefined) return [];
  if (!Array.isArray(list)) invalid(format, '"package" must be an array of tables ([[package]]).');
  return list.map((p, i) => {
    if (!isRecord(p)) invalid(format, `package #${i + 1} is not a table.`);
    return p;
  });
}

function requireNameVersion(format: LockFormat, p: Record<string, unknown>, i: number, line: number | null): { name: string; version: string } {
  const name = str(p.name);
  const version = str(p.version);
  if (!name) invalid(format, `package #${i + 1} has no name.`, line);
  if (version === null) invalid(format, `package "${name.slice(0, 100)}" has no version.`, line);
  return { name, version };
}

function poetryFiles(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  const out: string[] = [];
  for (const f of v) if (isRecord(f) && typeof f.hash === 'string' && f.hash !== '') out.push(f.hash);
  return out;
}

export function parsePoetryLock(text: string): ParsedLock {
  const doc = readToml('poetry-lock', text);
  const tables = packageTables('poetry-lock', doc);
  const lines = packageHeaderLines(text);
  const meta = isRecord(doc.metadata) ? doc.metadata : {};
  if (tables.length === 0 && !isRecord(doc.metadata)) invalid('poetry-lock', 'No [[package]] tables and no [metadata]: this is not a poetry.lock.', 1);
  // lock-version 1.x keeps hashes apart, in [metadata.files] keyed by package name.
  const legacyFiles = isRecord(meta.files) ? meta.files : {};
  const packages: LockedPackage[] = [];
  tables.forEach((p, i) => {
    const line = lines[i] ?? null;
    const { name, version } = requireNameVersion('poetry-lock', p, i, line);
    const pkg = emptyPackage(name, version, line);
    pkg.integrity = poetryFiles(p.files);
    if (pkg.integrity.length === 0) pkg.integrity = poetryFiles(legacyFiles[name]);
    const src = isRecord(p.source) ? p.source : null;
    if (src) {
      const type = str(src.type) ?? '';
      const url = str(src.url);
      if (type === 'git') {
        pkg.source = 'git';
        pkg.url = url;
        pkg.host = hostOf(url);
        const resolved = str(src.resolved_reference);
        pkg.commit = resolved && isFullCommit(resolved) ? resolved.toLowerCase() : null;
      } else if (type === 'url') {
        pkg.source = 'url';
        pkg.url = url;
        pkg.host = hostOf(url);
      } else if (type === 'file') {
        pkg.source = 'file';
        pkg.url = url;
      } else if (type === 'directory') {
        pkg.source = 'path';
        pkg.url = url;
      } else if (type === 'legacy' || type === 'pypi' || type === '') {
        // A named package index (a private mirror or an extra index): its host is checked per package.
        pkg.url = url;
        pkg.host = hostOf(url);
      } else {
        invalid('poetry-lock', `package "${name.slice(0, 100)}" has an unknown source type "${type.slice(0, 40)}".`, line);
      }
    }
    packages.push(pkg);
  });
  const lockVersion = str(meta['lock-version']);
  return {
    format: 'poetry-lock',
    formatVersion: lockVersion,
    packages,
    indexes: [],
    hashMode: false,
    notes: ['poetry.lock does not record install-time build steps (sdists run their build backend); prefer wheels for packages you do not control.'],
  };
}

/** crates.io has two spellings: the git index and the sparse index. Both mean the same registry. */
const CRATES_IO = /^(?:registry\+https:\/\/github\.com\/rust-lang\/crates\.io-index\/?|sparse\+https:\/\/index\.crates\.io\/?)$/;

export function parseCargoLock(text: string): ParsedLock {
  const doc = readToml('cargo-lock', text);
  const tables = packageTables('cargo-lock', doc);
  const lines = packageHeaderLines(text);
  if (tables.length === 0 && doc.version === undefined && doc.metadata === undefined) invalid('cargo-lock', 'No [[package]] tables: this is not a Cargo.lock.', 1);
  const version = doc.version;
  if (version !== undefined && (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > 4)) {
    invalid('cargo-lock', `version must be 1 to 4 (found ${String(version).slice(0, 20)}).`, 1);
  }
  // Lockfile v1 keeps checksums in [metadata] as "checksum <name> <version> (<source>)" = "<hex>".
  const legacy = isRecord(doc.metadata) ? doc.metadata : {};
  const packages: LockedPackage[] = [];
  let workspace = 0;
  tables.forEach((p, i) => {
    const line = lines[i] ?? null;
    const { name, version: v } = requireNameVersion('cargo-lock', p, i, line);
    const source = str(p.source);
    // No source: a workspace member or a path dependency; Cargo.lock does not tell them apart.
    if (source === null) {
      workspace++;
      return;
    }
    const pkg = emptyPackage(name, v, line);
    if (source.startsWith('git+')) {
      pkg.source = 'git';
      pkg.url = source;
      pkg.host = hostOf(source);
      const frag = source.slice(source.lastIndexOf('#') + 1);
      pkg.commit = source.includes('#') && isFullCommit(frag) ? frag.toLowerCase() : null;
    } else if (source.startsWith('registry+') || source.startsWith('sparse+')) {
      pkg.url = source;
      pkg.host = CRATES_IO.test(source) ? 'index.crates.io' : hostOf(source);
    } else {
      invalid('cargo-lock', `package "${name.slice(0, 100)}" has an unknown source "${source.slice(0, 100)}".`, line);
    }
    const checksum = str(p.checksum) ?? str(legacy[`checksum ${name} ${v} (${source})`]);
    if (checksum && checksum !== '<none>') pkg.integrity = [checksum];
    packages.push(pkg);
  });
  const notes = ['Cargo.lock does not record build scripts (build.rs) or proc-macros, which run at build time; review them with cargo-vet or cargo-crev.'];
  if (workspace > 0) notes.push(`${workspace} package(s) have no source (workspace members or path dependencies): treated as the project's own crates.`);
  return { format: 'cargo-lock', formatVersion: version === undefined ? null : String(version), packages, indexes: [], hashMode: false, notes };
}
