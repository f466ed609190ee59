// The hygiene rules: version ranges, sources, git refs, indexes, duplicates, dev tools, typosquats, lockfiles.
import { explain as pep440Explain } from '@renovatebot/pep440';
import { parse as pep440Specifiers } from '@renovatebot/pep440/lib/specifier.js';
import semver from 'semver';
import type { Dependency, Ecosystem, Finding, FindingCode, Group, ParsedManifest, ProjectKind, Severity } from './model.ts';
import { normalizePypi } from '../kit/python-requirements/pep508.ts';
import { splitBeforeOperators } from './text.ts';
import { typosquatOf } from './typosquat.ts';

export type VersionStatus = 'unpinned' | 'open_ended' | 'bounded';

const LOWER = new Set(['>', '>=']);
const UPPER_OR_EXACT_PEP440 = new Set(['<', '<=', '==', '===', '~=']);

/** How tightly a requirement constrains the version, in the requirement language of its ecosystem. */
export function versionStatus(dep: Dependency): VersionStatus {
  const r = dep.requested?.trim() ?? '';
  if (r === '' || r === '*') return 'unpinned';
  switch (dep.versionSyntax) {
    case 'go':
      return 'bounded';
    case 'semver': {
      if (semver.validRange(r) === null) return 'unpinned'; // a dist-tag such as latest or next
      const sets = new semver.Range(r).set;
      if (sets.some((cs) => cs.some((c) => c.value === ''))) return 'unpinned'; // the ANY comparator: *, x or ''
      const open = sets.some((cs) => cs.some((c) => LOWER.has(c.operator)) && !cs.some((c) => c.operator === '<' || c.operator === '<=' || c.operator === ''));
      return open ? 'open_ended' : 'bounded';
    }
    case 'pep440': {
      let ops: string[];
      try {
        ops = (pep440Specifiers(r.replace(/\s+/g, '')) ?? []).map((c) => c.operator);
      } catch {
        return 'bounded';
      }
      if (ops.length === 0) return 'unpinned';
      return ops.some((o) => UPPER_OR_EXACT_PEP440.has(o)) ? 'bounded' : 'open_ended';
    }
    case 'poetry':
    case 'cargo':
    case 'gem': {
      const alternatives = r.split('||');
      let open = false;
      for (const alt of alternatives) {
        const parts = alt
          .split(',')
          .flatMap((p) => splitBeforeOperators(p))
          .map((p) => p.trim())
          .filter((p) => p !== '');
        if (parts.length === 0 || parts.every((p) => p === '*')) return 'unpinned';
        const ops = parts.map((p) => /^(~>|\^|~=|~|===|==|!=|>=|<=|>|<|=)?/.exec(p)?.[0] ?? '');
        const bounded = ops.some((o) => o === '' || o === '^' || o === '~' || o === '~=' || o === '~>' || o === '=' || o === '==' || o === '===' || o === '<' || o === '<=');
        if (!bounded) open = true;
      }
      return open ? 'open_ended' : 'bounded';
    }
    default:
      return 'bounded';
  }
}

/**
 * Whether the requirement admits exactly one version: a bare npm version or `=x`, PEP 440 `==x` / `===x`
 * without a wildcard, a bare Poetry version (Poetry reads it as ==), Cargo `=x`, a gem's `= x` or bare version.
 */
function isExactPin(dep: Dependency): boolean {
  const r = dep.requested?.trim() ?? '';
  if (r === '' || r.includes('||') || r.includes(',')) return false;
  switch (dep.versionSyntax) {
    case 'semver':
      return semver.valid(r.replace(/^=\s*/, '').replace(/^v/, '')) !== null;
    case 'pep440':
      return /^===?[^=*]+$/.test(r) && !r.endsWith('.*');
    case 'poetry':
      return /^(?:==?)?\s*v?\d[^\s*<>=!~^]*$/.test(r) && !r.endsWith('.*');
    case 'cargo':
      return /^=\s*\d/.test(r);
    case 'gem':
      return /^(?:=\s*)?\d[0-9A-Za-z.]*$/.test(r);
    default:
      return false;
  }
}

/** Whether the requirement names a pre-release (alpha, beta, rc, dev) or, for Go, an untagged pseudo-version. */
export function prereleaseOf(dep: Dependency): 'prerelease' | 'pseudo_version' | null {
  const r = dep.requested ?? '';
  if (r === '' || r === 'workspace') return null;
  switch (dep.versionSyntax) {
    case 'go':
      if (/-(\d+\.)?(0\.)?\d{14}-[0-9a-f]{12}/.test(r)) return 'pseudo_version';
      return /^v\d+\.\d+\.\d+-/.test(r) ? 'prerelease' : null;
    case 'semver': {
      if (semver.validRange(r) === null) return null;
      // `<3.0.0-0` is the idiom for "below 3.0.0, pre-releases included": not a pre-release pin.
      const pins = new semver.Range(r).set.flat().filter((c) => c.value !== '' && c.semver.prerelease.length > 0 && !(c.operator === '<' && c.semver.prerelease.join('.') === '0'));
      return pins.length > 0 ? 'prerelease' : null;
    }
    case 'cargo':
      // redos-bounded: a Cargo requirement is at most 300 characters (cargoRequirementError) before rules run
      return r.split(',').some((p) => /\d+\.\d+(\.\d+)?-[0-9A-Za-z]/.test(p) && !/^\s*<.*-0\s*$/.test(p)) ? 'prerelease' : null;
    case 'gem':
      // redos-bounded: each gem requirement passed the parser's REQUIREMENT check and is at most 1000 characters
      return r.split(',').some((p) => /\d[0-9.]*\.?[A-Za-z]/.test(p.trim())) ? 'prerelease' : null;
    case 'pep440':
    case 'poetry': {
      const versions = r.split(/\|\||,|\s+/).map((p) => p.replace(/^(\^|~=|~|===|==|!=|>=|<=|>|<|=)/, '').trim()).filter((v) => v !== '' && v !== '*');
      return versions.some((v) => pep440Explain(v.replace(/\.\*$/, ''))?.is_prerelease === true) ? 'prerelease' : null;
    }
    default:
      return null;
  }
}

/** Dev and test tooling that has no business among production dependencies, per ecosystem. */
const DEV_TOOLS: Readonly<Record<Ecosystem, RegExp | null>> = {
  npm: /^(@types\/.+|eslint|eslint-(plugin|config)-.+|@eslint\/.+|@typescript-eslint\/.+|prettier|jest|ts-jest|@jest\/.+|mocha|chai|sinon|vitest|@vitest\/.+|nyc|c8|ava|typescript|ts-node|nodemon|husky|lint-staged|@testing-library\/.+|supertest|cypress|playwright|@playwright\/test)$/,
  pypi: /^(pytest|pytest-.+|black|flake8|flake8-.+|mypy|ruff|pylint|isort|tox|nox|coverage|pre-commit|types-.+|.+-stubs|bandit|autopep8|yapf|ipdb)$/,
  rubygems: /^(rubocop|rubocop-(?!ast$).+|rspec|rspec-.+|pry|pry-.+|byebug|simplecov|simplecov-.+|factory_bot|factory_bot_rails|capybara|webmock|vcr|rails-controller-testing|guard|guard-.+|brakeman|bundler-audit)$/,
  cargo: /^(criterion|proptest|quickcheck|mockall|pretty_assertions|insta|rstest|assert_cmd)$/,
  go: null,
};

const WEIGHT: Readonly<Record<Severity, number>> = { high: 15, medium: 6, low: 2 };
/** One habit repeated across many dependencies should not sink the score alone. */
const CODE_CAP = 30;

const LOCKFILES: Readonly<Record<Ecosystem, string>> = {
  npm: 'package-lock.json, npm-shrinkwrap.json, yarn.lock or pnpm-lock.yaml',
  pypi: 'poetry.lock, Pipfile.lock, uv.lock or a pip-compile output with --generate-hashes',
  go: 'go.sum',
  cargo: 'Cargo.lock',
  rubygems: 'Gemfile.lock',
};

function key(eco: Ecosystem, name: string): string {
  if (eco === 'pypi') return normalizePypi(name);
  if (eco === 'cargo') return name.toLowerCase().replace(/-/g, '_');
  return name;
}

function versionSeverity(group: Group): Severity {
  return group === 'production' || group === 'optional' ? 'medium' : 'low';
}

/** Groups a consumer's resolver installs with a library (its development groups stay in its own repository). */
const CONSUMER_GROUPS: ReadonlySet<Group> = new Set(['production', 'optional', 'peer', 'build']);

/**
 * Severity of a version-range finding, or null when there is nothing to report:
 * - a library's runtime requirements are ranges its consumers' resolvers intersect, so open lower bounds and
 *   missing requirements are how a library should be written (PyPA, npm, Bundler and Cargo guidance alike);
 * - a committed lockfile pins everything the project itself installs: development groups are then settled,
 *   and an application's runtime ranges only matter when the lock is next updated (low);
 * - without a lockfile, an application's runtime ranges decide what is deployed (medium), development
 *   ranges what its developers run (low).
 */
function rangeSeverity(kind: ProjectKind, group: Group, lockfilePresent: boolean | undefined): Severity | null {
  if (kind === 'library' && CONSUMER_GROUPS.has(group)) return null;
  const runtime = group === 'production' || group === 'optional';
  if (lockfilePresent === true) return runtime ? 'low' : null;
  return versionSeverity(group);
}

/** A relative path that stays inside the repository (no `..`, no absolute or home path): a monorepo member. */
function insideRepository(location: string | null | undefined): boolean {
  if (typeof location !== 'string' || location === '') return false;
  const p = location.replace(/^(file|link|portal):/, '').replace(/\\/g, '/');
  return !/^(\/|~|[A-Za-z]:)/.test(p) && !p.split('/').includes('..') && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(p);
}

/** Two declarations in different branches of the same conditional never both apply. */
function exclusive(a: Dependency, b: Dependency): boolean {
  const ab = a.conditional?.branches ?? [];
  const bb = b.conditional?.branches ?? [];
  return ab.some((x) => {
    const [line, branch] = x.split(':');
    return bb.some((y) => {
      const [l2, b2] = y.split(':');
      return line === l2 && branch !== b2;
    });
  });
}

function describe(dep: Dependency): string {
  return `${dep.name} (${dep.section}${dep.line !== null ? `, line ${dep.line}` : ''})`;
}

/** Records a finding; a declaration under a Ruby condition has its range and source findings lowered to low. */
type Add = (code: FindingCode, severity: Severity, dep: Dependency | null, message: string, fix: string, line?: number | null) => void;

function collector(out: Finding[]): Add {
  return (code, severity, dep, message, fix, line = dep?.line ?? null) => {
    // A declaration under a Ruby condition is installed only when it holds: its range and source findings are low.
    const cond = dep?.conditional;
    const conditionalCode = code !== 'typosquat_suspect' && code !== 'insecure_source' && code !== 'dev_tool_in_production';
    if (cond && conditionalCode) {
      out.push({ code, severity: 'low', package: dep.name, message: `${message} It is declared under the condition on line ${cond.line}, so it is installed only when that holds.`, fix, line });
      return;
    }
    out.push({ code, severity, package: dep ? dep.name : null, message, fix, line });
  };
}

/** Unpinned and open-ended requirements, and exact pins in a library: registry dependencies with a literal requirement. */
function versionFindings(d: Dependency, eco: Ecosystem, kind: ProjectKind, lockfilePresent: boolean | undefined, add: Add): void {
  const buildReq = eco === 'pypi' && d.group === 'build';
  if (d.source === 'registry' && d.requested !== 'workspace' && !buildReq && d.computed !== true) {
    const status = versionStatus(d);
    const severity = rangeSeverity(kind, d.group, lockfilePresent);
    const locked = lockfilePresent === true ? ' The lockfile pins it until the lock is next updated.' : '';
    if (severity !== null && status === 'unpinned') {
      const what = d.requested === null || d.requested.trim() === '' ? 'has no version requirement' : `accepts any version ("${d.requested}")`;
      add('unpinned_version', severity, d, `${describe(d)} ${what}: every install can pull a new major release.${locked}`, `Give ${d.name} a bounded requirement (a caret/compatible range or an exact pin)${lockfilePresent === true ? '' : ' and commit a lockfile'}.`);
    } else if (severity !== null && status === 'open_ended' && d.group !== 'peer') {
      add('open_ended_range', severity, d, `${describe(d)} requires "${d.requested}" with no upper bound: a future major release is accepted.${locked}`, `Add an upper bound (e.g. "<next major") or use a compatible-release operator for ${d.name}.`);
    }
    if (kind === 'library' && CONSUMER_GROUPS.has(d.group) && isExactPin(d)) {
      add(
        'exact_pin_in_library',
        'low',
        d,
        `${describe(d)} pins exactly "${d.requested}": every project that installs this library must then use that one version, so it conflicts with any other package that needs a different one.`,
        `Give ${d.name} the widest range the library works with (a lower bound, or a compatible-release range); pin exact versions in a lockfile instead.`,
      );
    }
  }
}

/** Pre-releases and Go pseudo-versions. */
function prereleaseFindings(d: Dependency, add: Add): void {
  const pre = d.source === 'registry' || d.source === 'git' ? prereleaseOf(d) : null;
  if (pre === 'prerelease') {
    add('prerelease_version', versionSeverity(d.group), d, `${describe(d)} pins a pre-release ("${d.requested}").`, `Move ${d.name} to a stable release when one exists.`);
  } else if (pre === 'pseudo_version') {
    add('prerelease_version', 'low', d, `${describe(d)} uses a pseudo-version (${d.requested}): an untagged commit.`, `Require a tagged release of ${d.name}, or ask its maintainers to tag one.`);
  }
}

/** git, URL and local-path sources: provenance, unpinned refs, plain transports. */
function sourceFindings(d: Dependency, eco: Ecosystem, kind: ProjectKind, add: Add): void {
  if (d.source === 'git' && d.git) {
    const url = d.git.url;
    add('non_registry_source', 'medium', d, `${describe(d)} comes from git (${url}), outside the registry's immutability and provenance guarantees.`, `Depend on a published release of ${d.name}; if you must use git, pin a full commit SHA.`);
    if (d.git.refKind === 'none' || d.git.refKind === 'branch') {
      const what = d.git.refKind === 'none' ? 'no ref, so the default branch head' : `branch "${d.git.ref}"`;
      add('git_unpinned_ref', 'high', d, `${describe(d)} follows ${what}: the code installed changes whenever the branch moves.`, `Pin ${d.name} to a commit SHA (rev/ref) rather than a branch.`);
    } else if (d.git.refKind === 'tag') {
      add('git_unpinned_ref', 'medium', d, `${describe(d)} is pinned to tag "${d.git.ref}"; tags can be moved or deleted.`, `Pin ${d.name} to the commit SHA the tag points at.`);
    }
    if (/^(http:|git:)/.test(url)) add('insecure_source', 'high', d, `${describe(d)} is fetched over an unauthenticated, unencrypted protocol (${url.split(':')[0]}://).`, 'Use https:// or ssh for git dependencies.');
  } else if (d.source === 'url') {
    add('non_registry_source', 'medium', d, `${describe(d)} is downloaded from a URL (${d.location ?? '?'}), with no registry integrity metadata.`, `Publish ${d.name} to a registry or vendor it with a checksum.`);
    if (d.location?.startsWith('http://')) add('insecure_source', 'high', d, `${describe(d)} is downloaded over plain http.`, 'Use an https:// URL.');
  } else if (d.source === 'path') {
    const workspace = d.workspaceMember === true || d.requested?.startsWith('workspace:') === true || d.location === 'workspace';
    const cargoWithVersion = eco === 'cargo' && d.requested !== null;
    // A directory inside the repository is there wherever the repository is: fine for an application and
    // for development groups; only a library's runtime requirement must come from a registry to be published.
    const inRepo = insideRepository(d.location) && (kind === 'application' || !CONSUMER_GROUPS.has(d.group));
    if (!workspace && !cargoWithVersion && !inRepo) {
      add(
        'non_registry_source',
        'low',
        d,
        `${describe(d)} is a local path${d.location ? ` (${d.location})` : ''}${d.editable ? ', installed editable' : ''}: it builds only where that directory exists.`,
        eco === 'cargo' ? `Add a version next to the path for ${d.name} so the crate can be published.` : `Depend on a published release of ${d.name} outside local development.`,
      );
    }
  }
}

/** Development tools among production dependencies, and names that imitate popular packages. */
function nameFindings(d: Dependency, eco: Ecosystem, add: Add): void {
  const devTools = DEV_TOOLS[eco];
  const installed = d.aliasOf ?? d.name;
  if (devTools && d.group === 'production' && devTools.test(eco === 'pypi' ? normalizePypi(installed) : installed)) {
    add('dev_tool_in_production', 'low', d, `${describe(d)} is a development or test tool listed as a production dependency.`, `Move ${d.name} to the development dependencies.`);
  }

  if (d.source === 'registry') {
    for (const name of d.aliasOf ? [d.aliasOf] : [d.name]) {
      const hit = typosquatOf(eco, name);
      if (hit) {
        const how = { one_edit: 'one character away from', swapped_characters: 'two swapped characters away from', reordered_parts: 'the reordered parts of', python_affix: 'a py/python variant of' }[hit.kind];
        add(
          'typosquat_suspect',
          'high',
          d,
          `${name} is not on the popular-package lists but is ${how} "${hit.target}", which is at least ${hit.ratio} times as popular as any package off those lists.`,
          `Check that ${name} is the package you mean; if you meant ${hit.target}, change the name.`,
        );
      }
    }
  }
}

/** The same package declared twice (after the ecosystem's name normalisation). */
function duplicateFindings(m: ParsedManifest, add: Add): void {
  const eco = m.ecosystem;
  const seen = new Map<string, Dependency[]>();
  for (const d of m.dependencies) {
    if (d.self === true || d.section.startsWith('patch') || d.section === 'replace' || (eco === 'pypi' && (d.group === 'optional' || d.group === 'build'))) continue;
    const k = key(eco, d.name);
    const list = seen.get(k);
    if (list) list.push(d);
    else seen.set(k, [d]);
  }
  for (const all of seen.values()) {
    if (all.length < 2) continue;
    // PEP 735 groups, Pipfile categories and Poetry groups are lists that must each stand alone: the same
    // requirement in two of them (asgiref in Flask's "tests" and "typing") is how they are meant to be
    // written. A repeat within one list, or requirements that differ between lists, is the duplicate.
    const sameList = new Set(all.map((d) => d.section)).size < all.length;
    const differ = new Set(all.map((d) => d.requested ?? '')).size > 1;
    if (eco === 'pypi' && !sameList && !differ) continue;
    const list = all;
    // Gemfile `if ... else ... end`: declarations in different branches are alternatives.
    if (!list.some((a, i) => list.some((b, j) => j > i && !exclusive(a, b)))) continue;
    const groups = new Set(list.map((d) => d.group));
    // peer + dev is how npm packages test against their peers; Cargo tables may repeat a crate on purpose.
    if (eco === 'npm' && list.length === 2 && groups.has('peer') && groups.has('development')) continue;
    const requested = new Set(list.map((d) => d.requested ?? ''));
    if (eco === 'cargo' && requested.size === 1) continue;
    const first = list[0] as Dependency;
    const where = list.map((d) => `${d.section}${d.line !== null ? ` line ${d.line}` : ''}${d.requested ? ` "${d.requested}"` : ''}`).join('; ');
    add(
      'duplicate_dependency',
      requested.size > 1 ? 'medium' : 'low',
      first,
      `${first.name} is declared ${list.length} times (${where})${requested.size > 1 ? ' with different requirements' : ''}.`,
      `Declare ${first.name} once, in the group that needs it.`,
      (list[1] as Dependency).line,
    );
  }
}

/** Extra package indexes (dependency confusion) and insecure index settings. */
function indexFindings(m: ParsedManifest, add: Add): void {
  for (const idx of m.indexes) {
    if (idx.role === 'extra') {
      const uvSafe = idx.detail.includes('uv first-index strategy');
      add(
        'extra_index_url',
        uvSafe ? 'low' : 'high',
        null,
        `${idx.detail}: a second package index alongside the default lets a public package with the same name as a private one win (dependency confusion).${uvSafe ? ' uv stops at the first index that has the package, which limits this.' : ''}`,
        'Use a single index that proxies the public one, or pin private packages to their index (explicit sources).',
        idx.line,
      );
    }
    if (idx.insecure) {
      add('insecure_source', 'high', null, `${idx.detail}: packages can be altered in transit (plain http or TLS verification off).`, 'Serve the index over https with certificate verification on.', idx.line);
    }
  }
}

function lockfileFindings(m: ParsedManifest, lockfilePresent: boolean | undefined, kind: ProjectKind, add: Add): void {
  const eco = m.ecosystem;
  if (lockfilePresent === false) {
    // A library's lockfile only settles its own development and CI environment; its consumers never read it.
    if (kind === 'library') {
      add('lockfile_missing', 'low', null, `No lockfile: the library's development and CI environment resolve ${m.dependencies.length} declared dependencies afresh each time (its users' installs never read a library's lockfile).`, `Commit a lockfile (${LOCKFILES[eco]}) so that tests run against known versions.`, null);
    } else {
      add('lockfile_missing', 'medium', null, `No lockfile: installs resolve ${m.dependencies.length} declared dependencies afresh each time, so builds are not reproducible.`, `Commit a lockfile (${LOCKFILES[eco]}).`, null);
    }
  }
}

export function findingsFor(m: ParsedManifest, lockfilePresent: boolean | undefined, kind: ProjectKind = m.project.kind): Finding[] {
  const out: Finding[] = [];
  const add = collector(out);
  const eco = m.ecosystem;
  for (const d of m.dependencies) {
    // The project installing itself (a test group's `requests[socks]`) is no outside dependency.
    if (d.self === true) continue;
    versionFindings(d, eco, kind, lockfilePresent, add);
    prereleaseFindings(d, add);
    sourceFindings(d, eco, kind, add);
    nameFindings(d, eco, add);
  }
  duplicateFindings(m, add);
  indexFindings(m, add);
  lockfileFindings(m, lockfilePresent, kind, add);
  const order: Readonly<Record<Severity, number>> = { high: 0, medium: 1, low: 2 };
  out.sort((a, b) => order[a.severity] - order[b.severity] || (a.line ?? Infinity) - (b.line ?? Infinity) || a.code.localeCompare(b.code) || (a.package ?? '').localeCompare(b.package ?? ''));
  return out;
}

/** 100 minus severity weights (high 15, medium 6, low 2), each code capped at 30, floored at 0. */
export function scoreOf(findings: readonly Finding[]): number {
  const perCode = new Map<FindingCode, number>();
  for (const f of findings) perCode.set(f.code, (perCode.get(f.code) ?? 0) + WEIGHT[f.severity]);
  let total = 0;
  for (const v of perCode.values()) total += Math.min(CODE_CAP, v);
  return Math.max(0, 100 - total);
}
