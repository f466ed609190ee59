// pnpm-lock.yaml, lockfile versions 5.x to 9.x (one or several YAML documents): the `packages` section.
import { LineCounter, parseAllDocuments } from 'yaml';
import type { LockedPackage, ParsedLock } from '../model.ts';
import { emptyPackage } from '../model.ts';
import { fastPnpmRead } from './pnpm-fast.ts';
import { yamlExcess } from '../../kit/yaml-precheck.ts';
import type { PnpmDoc } from './pnpm-fast.ts';
import { applyNpmSpec, classifyNpmSpec, hostOf, invalid, isFullCommit, isRecord, keyLines, LOCK_YAML, readLockYaml, str, validHost, yamlRoot } from './common.ts';

/** pnpm writes flow collections one or two levels deep and no aliases; the YAML parser is slow on either in bulk. */
const MAX_FLOW_DEPTH = 64;
const MAX_ALIASES = 100;

/** Refuse deep flow nesting and mass aliases before the YAML parser sees them. */
function precheckYaml(text: string): void {
  const excess = yamlExcess(text, MAX_FLOW_DEPTH, MAX_ALIASES);
  if (excess?.kind === 'depth') invalid('pnpm-lock', `Flow collections nested deeper than ${MAX_FLOW_DEPTH}.`, excess.line);
  if (excess?.kind === 'aliases') invalid('pnpm-lock', `More than ${MAX_ALIASES} YAML aliases: pnpm writes none.`, excess.line);
}

/** Strips the peer-dependency suffix: `(react@18.2.0)` groups (v6+) or `_react@18.2.0` (v5). */
function stripPeers(key: string, v5: boolean): string {
  const paren = key.indexOf('(');
  let s = paren > 0 ? key.slice(0, paren) : key;
  if (v5) {
    const us = s.indexOf('_', s.lastIndexOf('/') + 1);
    if (us > 0) s = s.slice(0, us);
  }
  return s;
}

/**
 * Splits a package key into name and version. v9: `name@1.0.0`, `@s/name@1.0.0`, `name@https://...`;
 * v6: `/name@1.0.0`; v5: `/name/1.0.0`, `/@s/name/1.0.0`. A leading host (`registry.example.com/name/1.0.0`)
 * marks a package from a non-default registry in v5/v6.
 */
function splitKey(rawKey: string, v5: boolean): { name: string; version: string; registryHost: string | null } {
  let key = stripPeers(rawKey, v5);
  let registryHost: string | null = null;
  if (!key.startsWith('/') && !key.startsWith('@') && /^[a-z0-9.-]+\.[a-z]{2,}(?::\d+)?\//i.test(key) && (v5 || /@\d/.test(key))) {
    const slash = key.indexOf('/');
    registryHost = validHost(key.slice(0, slash).toLowerCase());
    key = key.slice(slash);
  }
  if (key.startsWith('/')) key = key.slice(1);
  if (v5) {
    const slash = key.lastIndexOf('/');
    if (slash > 0) return { name: key.slice(0, slash), version: key.slice(slash + 1), registryHost };
    return { name: key, version: '', registryHost };
  }
  const at = key.indexOf('@', 1);
  if (at < 0) return { name: key, version: '', registryHost };
  return { name: key.slice(0, at), version: key.slice(at + 1), registryHost };
}

function fromResolution(res: unknown, pkg: LockedPackage, versionSpec: string): void {
  if (isRecord(res)) {
    const integrity = str(res.integrity);
    if (integrity) pkg.integrity = integrity.split(/\s+/).filter((t) => t !== '');
    const type = str(res.type);
    if (type === 'git') {
      const repo = str(res.repo) ?? '';
      const commit = str(res.commit);
      pkg.source = 'git';
      pkg.url = repo || null;
      pkg.host = hostOf(repo);
      pkg.commit = commit && isFullCommit(commit) ? commit.toLowerCase() : null;
      return;
    }
    if (type === 'variations' || type === 'binary') {
      // pnpm runtimes (node@runtime:...): platform binaries downloaded from a URL, each with its own hash.
      const variants = type === 'binary' ? [{ resolution: res }] : Array.isArray(res.variants) ? res.variants : [];
      for (const v of variants) {
        const r = isRecord(v) && isRecord(v.resolution) ? v.resolution : null;
        const integrity = r ? str(r.integrity) : null;
        if (integrity) pkg.integrity.push(integrity);
        const url = r ? str(r.url) : null;
        if (url && pkg.url === null) {
          pkg.url = url;
          pkg.host = hostOf(url);
        }
      }
      pkg.source = 'url';
      return;
    }
    if (type === 'directory') {
      pkg.source = 'path';
      pkg.url = str(res.directory);
      return;
    }
    const tarball = str(res.tarball);
    if (tarball) {
      if (/^file:/i.test(tarball)) {
        pkg.source = 'file';
        pkg.url = tarball;
        return;
      }
      const c = classifyNpmSpec(tarball);
      pkg.source = res.gitHosted === 'true' || res.gitHosted === true ? 'git' : c.source;
      pkg.url = c.url;
      pkg.host = c.host;
      pkg.commit = c.commit;
      return;
    }
  }
  // No resolution details: the version itself may name the source (link:, file:, URLs).
  if (/^(?:link:|file:|https?:|git\+|git:|github:)/i.test(versionSpec)) {
    applyNpmSpec(pkg, versionSpec);
  }
}

/**
 * The documents through the `yaml` library, each read when the loop reaches it (a later document's parse error
 * is reported after an earlier document's own refusal), with the line of every key under `packages`.
 */
function* yamlDocs(text: string): Generator<PnpmDoc> {
  const lineCounter = new LineCounter();
  const docs = readLockYaml('pnpm-lock', () => parseAllDocuments(text, { lineCounter, ...LOCK_YAML }));
  if (!Array.isArray(docs)) invalid('pnpm-lock', 'Not a YAML document.', 1);
  for (const doc of docs) {
    const root = yamlRoot('pnpm-lock', doc);
    const contents = doc.contents as { items?: { key?: { value?: unknown }; value?: { items?: { key?: { value?: unknown; range?: [number, number, number] } }[] } }[] } | null;
    const lines = keyLines(contents?.items?.find((it) => it.key?.value === 'packages')?.value?.items, lineCounter);
    yield { root, lines };
  }
}

/** `reader`: `auto` takes the fast read when it is sure (pnpm-fast.ts); `yaml` forces the reference read (tests). */
export function parsePnpmLock(text: string, reader: 'auto' | 'yaml' = 'auto'): ParsedLock {
  try {
    precheckYaml(text);
  } catch (err) {
    if (err instanceof RangeError) invalid('pnpm-lock', 'The YAML nests too deeply to read.');
    throw err;
  }
  const docs = (reader === 'auto' ? fastPnpmRead(text) : undefined) ?? yamlDocs(text);
  const packages: LockedPackage[] = [];
  const seen = new Set<string>();
  let formatVersion: string | null = null;
  let anyBuildFlag = false;
  for (const { root, lines } of docs) {
    if (root === null || root === undefined) continue;
    if (!isRecord(root)) invalid('pnpm-lock', 'A pnpm lockfile is a YAML mapping.', 1);
    const lv = root.lockfileVersion;
    if (lv === undefined) invalid('pnpm-lock', 'lockfileVersion is missing: this is not a pnpm-lock.yaml.', 1);
    // The failsafe schema keeps every scalar a string, so '5.10' never collapses to the float 5.1.
    if (typeof lv !== 'string' && typeof lv !== 'number') invalid('pnpm-lock', 'lockfileVersion must be a string or number.', 1);
    formatVersion = String(lv);
    const major = Number.parseFloat(formatVersion);
    if (!Number.isFinite(major) || major < 5 || major >= 10) invalid('pnpm-lock', `lockfileVersion ${formatVersion.slice(0, 20)} is not supported (5.x to 9.x are).`, 1);
    const v5 = major < 6;
    if (root.packages === undefined || root.packages === null) continue;
    if (!isRecord(root.packages)) invalid('pnpm-lock', '"packages" must be a mapping.');
    for (const [key, raw] of Object.entries(root.packages)) {
      if (!isRecord(raw)) invalid('pnpm-lock', `packages["${key.slice(0, 200)}"] must be a mapping.`, lines.get(key) ?? null);
      const parts = splitKey(key, v5);
      const name = str(raw.name) ?? parts.name;
      const versionSpec = parts.version;
      const version = str(raw.version) ?? versionSpec.replace(/^runtime:/, '');
      const pkg = emptyPackage(name, version, lines.get(key) ?? null);
      if (parts.registryHost) pkg.host = parts.registryHost;
      fromResolution(raw.resolution, pkg, versionSpec);
      if (pkg.source === 'link') continue; // links are workspace members
      if (raw.requiresBuild === 'true' || raw.requiresBuild === true) pkg.installScript = true;
      if (raw.requiresBuild !== undefined) anyBuildFlag = true;
      const id = `${pkg.name}@${pkg.version}@${pkg.url ?? ''}`;
      if (seen.has(id)) continue;
      seen.add(id);
      packages.push(pkg);
    }
  }
  if (formatVersion === null) invalid('pnpm-lock', 'Empty document: no lockfileVersion.', 1);
  const notes = ['pnpm lockfiles record the integrity of registry packages but not the registry they came from (that is in .npmrc), unless a package came from a tarball URL.'];
  if (!anyBuildFlag) notes.push('This lockfile carries no requiresBuild flags (pnpm 9 stopped writing them), so install scripts cannot be seen; review onlyBuiltDependencies in package.json.');
  return { format: 'pnpm-lock', formatVersion, packages, indexes: [], hashMode: false, notes };
}
