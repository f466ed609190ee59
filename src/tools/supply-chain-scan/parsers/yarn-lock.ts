// yarn.lock: the v1 (classic) line format, read by hand, and the Berry (v2+) YAML format, read with `yaml`.
import { LineCounter, parseDocument } from 'yaml';
import type { LockedPackage, ParsedLock } from '../model.ts';
import { emptyPackage } from '../model.ts';
import { applyNpmSpec, classifyNpmSpec, hostOf, invalid, isFullCommit, isRecord, keyLines, LOCK_YAML, readLockYaml, splitLines, str, yamlRoot } from './common.ts';

/** `@scope/name@range` or `name@range` -> [name, range]; the separator is the first `@` after position 0. */
/** The `commit=` parameter of a `#a=b&commit=sha` fragment, read by splitting (the regex form backtracks on `&`). */
function commitParam(ref: string): string | null {
  const hash = ref.indexOf('#');
  if (hash < 0) return null;
  for (const param of ref.slice(hash + 1).split('&')) {
    const m = /^commit=([0-9a-f]+)/i.exec(param);
    if (m?.[1]) return m[1];
  }
  return null;
}

function splitDescriptor(desc: string): [string, string] {
  const at = desc.indexOf('@', 1);
  return at < 0 ? [desc, ''] : [desc.slice(0, at), desc.slice(at + 1)];
}

function unquote(s: string, line: number): string {
  const t = s.trim();
  if (t.startsWith('"')) {
    if (t.length < 2 || !t.endsWith('"')) invalid('yarn-lock', 'Unterminated quoted string.', line);
    try {
      return JSON.parse(t) as string;
    } catch {
      return t.slice(1, -1);
    }
  }
  return t;
}

/** Splits `a, "b, c", d` on commas outside quotes. */
function splitKeys(s: string, line: number): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (quoted) invalid('yarn-lock', 'Unterminated quoted key.', line);
  out.push(cur);
  return out.map((k) => unquote(k, line)).filter((k) => k !== '');
}

interface V1Entry {
  keys: string[];
  line: number;
  fields: Map<string, string>;
}

function parseV1Entries(text: string): V1Entry[] {
  const entries: V1Entry[] = [];
  let cur: V1Entry | null = null;
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const lineNo = i + 1;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    if (raw.includes('\t')) invalid('yarn-lock', 'Tabs are not allowed for indentation in yarn.lock.', lineNo);
    const indent = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (indent === 0) {
      if (!body.endsWith(':')) invalid('yarn-lock', 'An entry header must end with ":".', lineNo);
      cur = { keys: splitKeys(body.slice(0, -1), lineNo), line: lineNo, fields: new Map() };
      if (cur.keys.length === 0) invalid('yarn-lock', 'An entry header names no package.', lineNo);
      entries.push(cur);
      continue;
    }
    if (!cur) invalid('yarn-lock', 'Indented line before the first entry.', lineNo);
    if (indent === 2) {
      if (body.endsWith(':')) continue; // dependencies:, optionalDependencies:, ... (a nested block)
      const sp = body.search(/\s/);
      if (sp <= 0) invalid('yarn-lock', 'Expected "<field> <value>".', lineNo);
      const key = unquote(body.slice(0, sp), lineNo);
      cur.fields.set(key, unquote(body.slice(sp + 1), lineNo));
      continue;
    }
    if (indent < 2 || indent % 2 !== 0) invalid('yarn-lock', `Unexpected indentation of ${indent} spaces.`, lineNo);
    // Deeper lines belong to a nested block (dependency ranges); they carry no source facts.
  }
  return entries;
}

function v1Package(e: V1Entry): LockedPackage | null {
  const first = e.keys[0] ?? '';
  const [alias, range] = splitDescriptor(first);
  // An alias (`alias@npm:real@^1`) installs `real`.
  const name = range.startsWith('npm:') ? splitDescriptor(range.slice(4))[0] : alias;
  const version = e.fields.get('version') ?? '';
  const pkg = emptyPackage(name, version, e.line);
  const resolved = e.fields.get('resolved');
  const spec = resolved ?? (/^(?:file:|link:|git\+|git:|github:|https?:)/i.test(range) ? range : null);
  if (spec) {
    applyNpmSpec(pkg, spec);
  }
  const integrity = e.fields.get('integrity');
  if (integrity) pkg.integrity = integrity.split(/\s+/).filter((t) => t !== '');
  else if (resolved && pkg.source === 'registry') {
    // Old yarn wrote only the tarball's sha1 as the URL fragment.
    const frag = resolved.slice(resolved.lastIndexOf('#') + 1);
    if (resolved.includes('#') && /^[0-9a-f]{40}$/i.test(frag)) pkg.integrity = [frag];
  }
  return pkg;
}

function parseV1(text: string): ParsedLock {
  const entries = parseV1Entries(text);
  const packages: LockedPackage[] = [];
  for (const e of entries) {
    const p = v1Package(e);
    if (p) packages.push(p);
  }
  return {
    format: 'yarn-lock',
    formatVersion: '1',
    packages,
    indexes: [],
    hashMode: false,
    notes: ['yarn.lock does not record which packages run install scripts; run `yarn install --ignore-scripts` and review the ones that need a build.'],
  };
}

/** Resolution of a Berry entry (`name@protocol:ref`) -> source facts. */
function berrySource(resolution: string, pkg: LockedPackage): 'workspace' | 'ok' {
  let [, ref] = splitDescriptor(resolution);
  if (ref.startsWith('patch:')) {
    // patch:<inner descriptor, URL-encoded>#<patch file>: the source is the inner descriptor's.
    let inner = ref.slice('patch:'.length);
    const hash = inner.indexOf('#');
    if (hash >= 0) inner = inner.slice(0, hash);
    try {
      inner = decodeURIComponent(inner);
    } catch {
      /* keep as written */
    }
    [, ref] = splitDescriptor(inner);
  }
  if (ref.startsWith('workspace:')) return 'workspace';
  if (ref.startsWith('npm:')) return 'ok';
  if (/^(?:file|link|portal):/.test(ref)) {
    pkg.source = ref.startsWith('file:') ? 'file' : 'link';
    pkg.url = ref;
    return 'ok';
  }
  if (ref.startsWith('exec:')) {
    pkg.source = 'exec';
    pkg.url = ref;
    pkg.installScript = true;
    return 'ok';
  }
  const commit = commitParam(ref);
  if (commit !== null || /^(?:git\+|git:|ssh:|github:)/i.test(ref) || /\.git(?:#|$)/i.test(ref)) {
    pkg.source = 'git';
    pkg.url = ref;
    pkg.host = hostOf(ref.split('#')[0]) ?? (ref.startsWith('github:') ? 'github.com' : null);
    pkg.commit = commit && isFullCommit(commit) ? commit.toLowerCase() : null;
    return 'ok';
  }
  if (/^https?:/i.test(ref)) {
    const c = classifyNpmSpec(ref);
    pkg.source = c.source === 'registry' ? 'url' : c.source;
    pkg.url = c.url;
    pkg.host = c.host;
    pkg.commit = c.commit;
    return 'ok';
  }
  return 'ok';
}

function parseBerry(text: string): ParsedLock {
  const lineCounter = new LineCounter();
  const doc = readLockYaml('yarn-lock', () => parseDocument(text, { lineCounter, ...LOCK_YAML }));
  const root = yamlRoot('yarn-lock', doc);
  if (!isRecord(root)) invalid('yarn-lock', 'A Yarn Berry lockfile is a YAML mapping of descriptors.', 1);
  const meta = root.__metadata;
  const contents = doc.contents as { items?: { key?: { value?: unknown; range?: [number, number, number] } }[] } | null;
  const lines = keyLines(contents?.items, lineCounter);
  const packages: LockedPackage[] = [];
  for (const [key, raw] of Object.entries(root)) {
    if (key === '__metadata') continue;
    if (!isRecord(raw)) invalid('yarn-lock', `Entry "${key.slice(0, 200)}" must be a mapping.`, lines.get(key) ?? null);
    const resolution = str(raw.resolution);
    if (!resolution) invalid('yarn-lock', `Entry "${key.slice(0, 200)}" has no resolution.`, lines.get(key) ?? null);
    const [name] = splitDescriptor(resolution);
    // Read with the failsafe schema: versions such as 1.10 stay strings instead of becoming the number 1.1.
    const pkg = emptyPackage(name, str(raw.version) ?? '', lines.get(key) ?? null);
    if (berrySource(resolution, pkg) === 'workspace') continue;
    const checksum = str(raw.checksum);
    if (checksum) pkg.integrity = [checksum.includes('/') ? `sha512-hex:${checksum.slice(checksum.indexOf('/') + 1)}` : `sha512-hex:${checksum}`];
    packages.push(pkg);
  }
  const version = isRecord(meta) ? (meta.version ?? null) : null;
  return {
    format: 'yarn-lock',
    formatVersion: version === null ? null : String(version),
    packages,
    indexes: [],
    hashMode: false,
    notes: [
      'Yarn Berry lockfiles do not record the registry (npmRegistryServer lives in .yarnrc.yml), so registry hosts cannot be checked.',
      'Yarn Berry lockfiles do not record which packages run install scripts; set enableScripts: false or review dependenciesMeta.built in package.json.',
    ],
  };
}

export function parseYarnLock(text: string): ParsedLock {
  // Berry writes a __metadata key; v1 writes its banner comment. Either marker settles the dialect.
  if (/^__metadata:\s*$/m.test(text.slice(0, 4096)) || /^"?__metadata"?:/m.test(text.slice(0, 4096))) return parseBerry(text);
  return parseV1(text);
}
