// Cargo.toml: [dependencies], [dev-dependencies], [build-dependencies], their target-specific forms,
// [workspace.dependencies] and [patch.*] overrides, with Cargo's version-requirement syntax checked.
import { ManifestError, dependencyList } from '../model.ts';
import type { Dependency, Group, IndexDecl, ParsedManifest, ProjectInfo } from '../model.ts';
import { stripTrailing } from '../../kit/text.ts';
import { isCommitHash } from '../text.ts';
import { TomlLocator, isTable, parseToml } from './toml-common.ts';
import type { TomlTable } from './toml-common.ts';

const KINDS: readonly [string[], Group][] = [
  [['dependencies'], 'production'],
  [['dev-dependencies'], 'development'],
  [['dev_dependencies'], 'development'],
  [['build-dependencies'], 'build'],
  [['build_dependencies'], 'build'],
];

const CARGO_PART = /^(=|>=|<=|>|<|~|\^)?\s*(\*|[0-9]+(?:\.(?:[0-9]+|\*|x|X)){0,2}(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)$/;

/** Cargo requirements: comma-separated comparators; a bare version means ^version. */
function cargoRequirementError(req: string): string | null {
  const r = req.trim();
  if (r === '') return 'empty version requirement';
  if (r.length > 300) return 'version requirement longer than 300 characters';
  for (const part of r.split(',')) {
    if (!CARGO_PART.test(part.trim())) return `"${part.trim()}" is not a Cargo version requirement`;
  }
  return null;
}

/** `*` within one segment (Cargo workspace member globs): two-pointer wildcard match, no regex built from input. */
function segmentMatch(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (g < glob.length && glob[g] !== '*' && glob[g] === text[t]) {
      g++;
      t++;
    } else if (g < glob.length && glob[g] === '*') {
      star = g++;
      mark = t;
    } else if (star >= 0) {
      g = star + 1;
      t = ++mark;
    } else return false;
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}

/** Globs and paths longer than this are not workspace members (real ones are a few dozen characters). */
const MAX_GLOB = 1000;

function globMatch(glob: string, path: string): boolean {
  if (glob.length > MAX_GLOB || path.length > MAX_GLOB) return false;
  const gs = stripTrailing(glob.replace(/^\.\//, ''), '/').split('/');
  const ps = path.split('/');
  return gs.length === ps.length && gs.every((g, i) => segmentMatch(g, ps[i] as string));
}

function gitRef(t: TomlTable): { ref: string | null; refKind: 'commit' | 'tag' | 'branch' | 'none' } {
  if (typeof t.rev === 'string') return { ref: t.rev, refKind: isCommitHash(t.rev) ? 'commit' : 'branch' };
  if (typeof t.tag === 'string') return { ref: t.tag, refKind: 'tag' };
  if (typeof t.branch === 'string') return { ref: t.branch, refKind: 'branch' };
  return { ref: null, refKind: 'none' };
}

function dependency(name: string, value: unknown, group: Group, section: string, line: number | null, indexes: IndexDecl[]): Dependency {
  const base = { name, group, section, line, versionSyntax: 'cargo' as const };
  const check = (v: string): void => {
    const err = cargoRequirementError(v);
    if (err) throw new ManifestError(`Invalid version for "${name}" in [${section}]: ${err}`, line ?? 1);
  };
  if (typeof value === 'string') {
    check(value);
    return { ...base, requested: value.trim(), source: 'registry' };
  }
  if (!isTable(value)) throw new ManifestError(`"${name}" in [${section}] must be a version string or a table`, line ?? 1);
  const version = typeof value.version === 'string' ? value.version : null;
  if (version !== null) check(version);
  const alias = typeof value.package === 'string' ? { aliasOf: value.package } : {};
  if (value.workspace === true) return { ...base, requested: 'workspace', source: 'registry', ...alias };
  if (typeof value.git === 'string') return { ...base, requested: version, source: 'git', git: { url: value.git, ...gitRef(value) }, ...alias };
  if (typeof value.path === 'string') return { ...base, requested: version, source: 'path', location: value.path, ...alias };
  if (typeof value.registry === 'string' || typeof value['registry-index'] === 'string') {
    const reg = String(value.registry ?? value['registry-index']);
    indexes.push({ url: typeof value['registry-index'] === 'string' ? value['registry-index'] : null, line, role: 'extra', detail: `"${name}" from alternate registry "${reg}"` });
  }
  return { ...base, requested: version, source: 'registry', ...alias };
}

/** A package that may be published and declares no binary is a library; one that names binaries ships programs. */
function cargoProject(doc: TomlTable): ProjectInfo {
  const pkg = isTable(doc.package) ? doc.package : null;
  const name = pkg && typeof pkg.name === 'string' ? pkg.name : null;
  if (!pkg) return { kind: 'application', reason: 'a virtual workspace (no [package]): nothing here is published itself', name };
  if (pkg.publish === false || (Array.isArray(pkg.publish) && pkg.publish.length === 0)) return { kind: 'application', reason: 'publish = false: never published to a registry', name };
  // A package that names its binaries ships programs, even when it also has a [lib] for them to share.
  if (typeof pkg['default-run'] === 'string') return { kind: 'application', reason: 'default-run names the binary it ships', name };
  if (Array.isArray(doc.bin) && doc.bin.length > 0) return { kind: 'application', reason: '[[bin]] targets: it ships programs', name };
  if (isTable(doc.lib)) return { kind: 'library', reason: 'a [lib] target', name };
  return { kind: 'library', reason: 'a publishable [package] with no [[bin]] target', name };
}

export function parseCargoToml(text: string): ParsedManifest {
  const doc = parseToml(text);
  const loc = new TomlLocator(text);
  const dependencies = dependencyList<Dependency>();
  const indexes: IndexDecl[] = [];

  const readTable = (t: unknown, path: string[], group: Group): void => {
    if (t === undefined) return;
    if (!isTable(t)) throw new ManifestError(`[${path.join('.')}] must be a table`, loc.header(path) ?? 1);
    for (const [name, value] of Object.entries(t)) dependencies.push(dependency(name, value, group, path.join('.'), loc.key(path, name), indexes));
  };

  for (const [path, group] of KINDS) readTable(doc[path[0] as string], path, group);
  if (isTable(doc.target)) {
    for (const [cfg, body] of Object.entries(doc.target)) {
      if (!isTable(body)) continue;
      for (const [path, group] of KINDS) readTable(body[path[0] as string], ['target', cfg, ...path], group);
    }
  }
  if (isTable(doc.workspace)) readTable(doc.workspace.dependencies, ['workspace', 'dependencies'], 'production');
  // [patch.<registry>] replaces a dependency wherever it appears in the graph.
  if (isTable(doc.patch)) {
    for (const [registry, body] of Object.entries(doc.patch)) readTable(body, ['patch', registry], 'production');
  }
  if (isTable(doc.replace)) readTable(doc.replace, ['replace'], 'production');

  // Path dependencies on the workspace's own members are how a workspace is meant to be wired.
  const members = isTable(doc.workspace) && Array.isArray(doc.workspace.members) ? doc.workspace.members.filter((m): m is string => typeof m === 'string') : [];

  for (const d of dependencies) {
    if (d.source === 'path' && typeof d.location === 'string') {
      const rel = stripTrailing(d.location.replace(/^\.\//, ''), '/');
      if (members.some((m) => globMatch(m, rel))) d.workspaceMember = true;
    }
  }

  if (!isTable(doc.package) && !isTable(doc.workspace) && dependencies.length === 0) {
    throw new ManifestError('No [package], [workspace] or dependency table: not a Cargo.toml', 1);
  }
  return { format: 'Cargo.toml', ecosystem: 'cargo', dependencies, indexes, project: cargoProject(doc) };
}
