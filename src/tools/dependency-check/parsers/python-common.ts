// Python helpers shared by pyproject.toml and Pipfile: PEP 508 strings to dependencies, Poetry-style tables.
import { valid as pep440Valid, validRange as pep440ValidRange } from '@renovatebot/pep440';
import { ManifestError } from '../model.ts';
import type { Dependency, GitRefKind, Group } from '../model.ts';
import { isCommitHash, splitBeforeOperators } from '../text.ts';
import { isPep508Error, parsePep508 } from '../../kit/python-requirements/pep508.ts';
import { splitVcsUrl } from '../../kit/python-requirements/vcs.ts';
import { gitRefKind } from './requirements.ts';
import type { TomlTable } from './toml-common.ts';
import { isTable } from './toml-common.ts';

/** A dependency from a PEP 508 string found in a TOML array. */
export function depFromPep508(text: string, group: Group, section: string, line: number | null): Dependency {
  const r = parsePep508(text);
  if (isPep508Error(r)) throw new ManifestError(`Invalid requirement "${text.slice(0, 80)}" in ${section}: ${r.error}`, line ?? 1);
  if (r.url !== null) {
    if (/^(git|hg|svn|bzr)\+/.test(r.url)) {
      const { repo, ref } = splitVcsUrl(r.url);
      return { name: r.name, requested: null, group, section, line, source: 'git', git: { url: repo.replace(/^[a-z]+\+/, ''), ref, refKind: gitRefKind(ref) }, versionSyntax: 'pep440' };
    }
    return { name: r.name, requested: null, group, section, line, source: r.url.startsWith('file:') ? 'path' : 'url', location: r.url, versionSyntax: 'pep440' };
  }
  return { name: r.name, requested: r.specifier === '' ? null : r.specifier, group, section, line, source: 'registry', versionSyntax: 'pep440' };
}

const POETRY_PART = /^(\^|~=|~|===|==|!=|>=|<=|>|<|=)?\s*(v?[0-9][0-9A-Za-z.*+!_-]*)$/;

/** Poetry constraints: `*`, `^1.2`, `~1.2`, `>=1,<2`, `1.2.*`, alternatives joined by `||`. */
function poetryConstraintError(constraint: string): string | null {
  const c = constraint.trim();
  if (c === '' || c === '*') return null;
  if (c.length > 500) return 'constraint longer than 500 characters';
  for (const alt of c.split('||')) {
    const parts = alt
      .split(',')
      .flatMap((p) => splitBeforeOperators(p))
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length === 0) return `empty alternative in "${c}"`;
    for (const p of parts) {
      if (p === '*') continue;
      const m = POETRY_PART.exec(p);
      if (!m) return `"${p}" is not a version constraint`;
      const version = (m[2] as string).replace(/^v/, '').replace(/\.\*$/, '');
      if (pep440Valid(version) === null) return `"${m[2] as string}" is not a PEP 440 version`;
    }
  }
  return null;
}

/** Pipfile versions: `*`, a PEP 440 specifier, or a bare version (read as ==). */
function pep440SpecifierError(spec: string): string | null {
  const v = spec.trim();
  if (v === '' || v === '*') return null;
  if (v.length > 500) return 'specifier longer than 500 characters';
  const normalised = /^[0-9]/.test(v) ? `==${v}` : v;
  const joined = normalised
    .split(',')
    .map((p) => p.trim())
    .join(',');
  return pep440ValidRange(joined) ? null : `"${v}" is not a PEP 440 specifier`;
}

function refOf(table: TomlTable): { ref: string | null; kind: GitRefKind } {
  if (typeof table.rev === 'string') return { ref: table.rev, kind: isCommitHash(table.rev) ? 'commit' : 'branch' };
  if (typeof table.ref === 'string') return { ref: table.ref, kind: isCommitHash(table.ref) ? 'commit' : gitRefKind(table.ref) };
  if (typeof table.tag === 'string') return { ref: table.tag, kind: 'tag' };
  if (typeof table.branch === 'string') return { ref: table.branch, kind: 'branch' };
  return { ref: null, kind: 'none' };
}

/**
 * A dependency whose value is a Poetry/Pipfile/uv-style string or table: version, git (+rev/tag/branch/ref),
 * path, file, url, editable/develop, optional, index/source. Arrays (Poetry multiple constraints) are
 * folded into one entry whose requested value joins the versions with `||`.
 */
export function depFromTableValue(
  name: string,
  value: unknown,
  opts: { group: Group; section: string; line: number | null; syntax: 'poetry' | 'pep440'; optionalGroup?: Group },
): Dependency & { pinnedIndex?: string } {
  const base = { name, group: opts.group, section: opts.section, line: opts.line, versionSyntax: opts.syntax };
  const checkVersion = (v: string): void => {
    const err = opts.syntax === 'poetry' ? poetryConstraintError(v) : pep440SpecifierError(v);
    if (err) throw new ManifestError(`Invalid version constraint for "${name}" in ${opts.section}: ${err}`, opts.line ?? 1);
  };
  if (typeof value === 'string') {
    checkVersion(value);
    return { ...base, requested: value.trim() === '' ? null : value.trim(), source: 'registry' };
  }
  if (Array.isArray(value)) {
    const tables = value.filter(isTable);
    if (tables.length === 0) throw new ManifestError(`"${name}" in ${opts.section} must be a string or a table`, opts.line ?? 1);
    const deps = tables.map((t) => depFromTableValue(name, t, opts));
    const nonRegistry = deps.find((d) => d.source !== 'registry');
    const versions = deps.map((d) => d.requested).filter((r): r is string => r !== null);
    return { ...(nonRegistry ?? (deps[0] as Dependency)), requested: versions.length > 0 ? versions.join(' || ') : null };
  }
  if (!isTable(value)) throw new ManifestError(`"${name}" in ${opts.section} must be a string or a table`, opts.line ?? 1);
  const group = value.optional === true && opts.optionalGroup ? opts.optionalGroup : opts.group;
  const editable = value.editable === true || value.develop === true;
  const pinnedIndex = typeof value.source === 'string' ? value.source : typeof value.index === 'string' ? value.index : undefined;
  const extra = { ...(editable ? { editable } : {}), ...(pinnedIndex !== undefined ? { pinnedIndex } : {}) };
  const version = typeof value.version === 'string' ? value.version : null;
  if (version !== null) checkVersion(version);
  if (typeof value.git === 'string') {
    const { ref, kind } = refOf(value);
    return { ...base, group, requested: version, source: 'git', git: { url: value.git, ref, refKind: kind }, ...extra };
  }
  for (const key of ['path', 'file'] as const) {
    const v = value[key];
    if (typeof v === 'string') {
      const isUrl = /^https?:\/\//.test(v);
      return { ...base, group, requested: version, source: isUrl ? 'url' : 'path', location: v, ...extra };
    }
  }
  if (typeof value.url === 'string') return { ...base, group, requested: version, source: 'url', location: value.url, ...extra };
  if (value.workspace === true) return { ...base, group, requested: 'workspace', source: 'path', location: 'workspace', ...extra };
  return { ...base, group, requested: version === null || version.trim() === '' ? null : version.trim(), source: 'registry', ...extra };
}
