// The finding catalogue (stable codes, default severities, fixes) and the checks that raise each finding.
import { advisoriesFor } from './advisories.ts';
import type { Ecosystem, IndexRef, LockedPackage, ParsedLock, Severity } from './model.ts';
import { ECOSYSTEM_OF } from './model.ts';
import { isInsecureUrl, onlyWeakHashes } from './parsers/common.ts';
import { findTyposquat, isPopular } from './typosquat.ts';
import type { Output } from './tool.ts';
import type { SquatKind } from './typosquat.ts';
import { truncate as clip } from '../kit/text.ts';

/** Stable finding codes, in catalogue order (the order findings of equal severity are listed in). */
export const FINDING_CODES = [
  'known_malicious',
  'withdrawn_version',
  'typosquat',
  'unexpected_registry',
  'extra_index_url',
  'insecure_transport',
  'git_dependency',
  'url_dependency',
  'local_dependency',
  'install_script',
  'missing_integrity',
  'weak_integrity',
  'unpinned_requirement',
  'hash_checking_off',
  'pseudo_version',
] as const;

/** One finding, as the output schema describes it. */
export type Finding = Output['findings'][number];

/** Registries expected when the caller names none: the public registry of each ecosystem and its file hosts. */
export const DEFAULT_REGISTRIES: Readonly<Record<Ecosystem, readonly string[]>> = {
  npm: ['registry.npmjs.org', 'registry.npmjs.com', 'registry.yarnpkg.com'],
  pypi: ['pypi.org', 'files.pythonhosted.org', 'pypi.python.org'],
  crates: ['index.crates.io', 'static.crates.io', 'crates.io'],
  go: ['proxy.golang.org', 'sum.golang.org'],
};

const MAX_NAME = 300;
const MAX_VERSION = 120;

/** `host` or `host:port` matches an entry exactly, without its port, or under a `*.domain` wildcard entry. */
function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const bare = host.replace(/:\d+$/, '');
  for (const raw of allowed) {
    const a = raw.toLowerCase();
    if (a === host || a === bare) return true;
    if (a.startsWith('*.') && (bare.endsWith(a.slice(1)) || bare === a.slice(2))) return true;
  }
  return false;
}

const SQUAT_SEVERITY: Readonly<Record<SquatKind, Severity>> = {
  one_edit: 'high',
  swapped_characters: 'high',
  separator: 'high',
  owner_lookalike: 'high',
  reordered_parts: 'medium',
  affix: 'medium',
};

const SQUAT_WORDS: Readonly<Record<SquatKind, string>> = {
  one_edit: 'is one character away from',
  swapped_characters: 'swaps two adjacent characters of',
  separator: 'differs only in separators from',
  owner_lookalike: 'copies the repository name of',
  reordered_parts: 'reorders the words of',
  affix: 'adds a prefix or suffix to',
};

interface Ctx {
  eco: Ecosystem;
  lock: ParsedLock;
  allowed: readonly string[];
  out: Finding[];
}

function add(ctx: Ctx, f: Finding): void {
  ctx.out.push(f);
}

function label(p: LockedPackage): string {
  return p.version ? `${clip(p.name, MAX_NAME)}@${clip(p.version, MAX_VERSION)}` : clip(p.name, MAX_NAME);
}

type PkgFields = { package: string; version: string | null };

function pkgFields(p: LockedPackage): PkgFields {
  return { package: clip(p.name, MAX_NAME), version: p.version ? clip(p.version, MAX_VERSION) : null };
}

function where(p: LockedPackage): string {
  return p.line !== null ? ` (line ${p.line})` : '';
}

const PSEUDO_VERSION = /[-.](?:0\.)?\d{14}-[0-9a-f]{12}(?:\+incompatible)?$/;

/** Advisory findings; true when the package is a known-malicious release. */
function advisoryFindings(ctx: Ctx, p: LockedPackage, f: PkgFields): boolean {
  const { eco } = ctx;
  // Known-malicious or withdrawn versions (vendored advisory snapshot): advisories name registry releases,
  // so a git fork or local copy that happens to share the name is not one of them.
  const advisories = p.source === 'registry' ? advisoriesFor(eco, p.name, p.version) : [];
  let malicious = false;
  for (const a of advisories) {
    if (a.kind === 'malicious') {
      malicious = true;
      add(ctx, {
        code: 'known_malicious',
        severity: a.severity,
        ...f,
        message: `${label(p)}${where(p)} is a known-malicious release (${a.id}): ${a.summary}`,
        fix: 'Remove it or pin a version outside the advisory, regenerate the lockfile, and treat every machine that installed it (CI included) as compromised: rotate the secrets it could read.',
        advisory_id: a.id,
      });
    } else {
      add(ctx, {
        code: 'withdrawn_version',
        severity: a.severity,
        ...f,
        message: `${label(p)}${where(p)} is a sabotaged or withdrawn release (${a.id}): ${a.summary}`,
        fix: 'Pin a release outside the affected versions (or a maintained fork) and regenerate the lockfile.',
        advisory_id: a.id,
      });
    }
  }
  return malicious;
}

/** Typosquats: only names that come from a registry can squat a registry name. */
function typosquatFinding(ctx: Ctx, p: LockedPackage, f: PkgFields): void {
  const { eco } = ctx;
  if (p.source === 'registry') {
    const hit = findTyposquat(eco, p.name);
    if (hit) {
      add(ctx, {
        code: 'typosquat',
        severity: SQUAT_SEVERITY[hit.kind],
        ...f,
        message: `"${clip(p.name, MAX_NAME)}"${where(p)} ${SQUAT_WORDS[hit.kind]} the popular package "${hit.target}" and is not itself a popular package.`,
        fix: `If you meant "${hit.target}", depend on it instead and regenerate the lockfile; if this package is intended, confirm its publisher, repository and download history before keeping it.`,
        similar_to: hit.target,
      });
    }
  }
}

/** A registry host outside the expected set, and plain-text transports. */
function transportFindings(ctx: Ctx, p: LockedPackage, f: PkgFields): void {
  const { allowed } = ctx;
  // Registry host outside the expected set.
  if (p.source === 'registry' && p.host !== null && !hostAllowed(p.host, allowed)) {
    add(ctx, {
      code: 'unexpected_registry',
      severity: 'high',
      ...f,
      message: `${label(p)}${where(p)} resolves from ${p.host}, which is not an expected registry (${clip(allowed.slice(0, 5).join(', ') + (allowed.length > 5 ? ', ...' : ''), 300)}).`,
      fix: 'Confirm the registry is yours; otherwise point the package manager at the expected registry (or add the host to allowed_registries) and regenerate the lockfile.',
    });
  }
  if (p.url !== null && isInsecureUrl(p.url)) {
    add(ctx, {
      code: 'insecure_transport',
      severity: 'high',
      ...f,
      message: `${label(p)}${where(p)} is fetched over a plain-text transport (${clip(p.url.split(':')[0] ?? '', 20)}://): anyone on the path can swap the code.`,
      fix: 'Use an https:// (or ssh) URL and regenerate the lockfile.',
    });
  }
}

/** git, direct-URL and local sources. */
function sourceFindings(ctx: Ctx, p: LockedPackage, f: PkgFields): void {
  switch (p.source) {
    case 'git':
      add(ctx, {
        code: 'git_dependency',
        severity: p.commit ? 'medium' : 'high',
        ...f,
        message: p.commit
          ? `${label(p)}${where(p)} comes from a git repository${p.host ? ` on ${p.host}` : ''} pinned to commit ${p.commit.slice(0, 12)}: it bypasses the registry's malware scanning and yanking.`
          : `${label(p)}${where(p)} comes from a git repository${p.host ? ` on ${p.host}` : ''} without a pinned commit: a branch or tag can be moved to different code.`,
        fix: p.commit
          ? 'Prefer a published registry release; if the fork is needed, keep the commit pinned and review changes before moving it.'
          : 'Pin the dependency to a full commit hash (or a registry release) and regenerate the lockfile.',
      });
      break;
    case 'url': {
      // With a recorded hash the download is at least reproducible; without one it is whatever the URL serves today.
      add(ctx, {
        code: 'url_dependency',
        severity: p.integrity.length > 0 ? 'low' : 'medium',
        ...f,
        message: `${label(p)}${where(p)} is downloaded from a direct URL${p.host ? ` on ${p.host}` : ''} instead of through the registry index.`,
        fix: 'Depend on the registry release instead; if the URL is required, keep a hash for it and host it somewhere you control.',
      });
      break;
    }
    case 'file':
    case 'link':
    case 'path':
      add(ctx, {
        code: 'local_dependency',
        severity: 'low',
        ...f,
        message: `${label(p)}${where(p)} comes from the local file system (${clip(p.url ?? p.source, 120)}): builds elsewhere get whatever is at that path.`,
        fix: 'Publish the package to your registry (or make it a workspace member) so every build installs the same reviewed code.',
      });
      break;
    default:
      break;
  }
}

function installScriptFinding(ctx: Ctx, p: LockedPackage, f: PkgFields): void {
  const { eco } = ctx;
  if (p.installScript) {
    const popular = isPopular(eco, p.name);
    add(ctx, {
      code: 'install_script',
      severity: p.source === 'exec' ? 'high' : popular ? 'low' : 'medium',
      ...f,
      message:
        p.source === 'exec'
          ? `${label(p)}${where(p)} is produced by running a script at install time (Yarn exec: protocol).`
          : `${label(p)}${where(p)} runs an install script${popular ? ' (a widely used package)' : ''}: code executes on every machine that installs it.`,
      fix: 'Install with scripts disabled (npm/yarn --ignore-scripts, pnpm onlyBuiltDependencies) and allow-list only the packages that must build.',
    });
  }
}

/** Integrity: a registry or URL package must carry a hash the installer checks, and not only a weak one. */
function integrityFindings(ctx: Ctx, p: LockedPackage, f: PkgFields): void {
  const { lock } = ctx;
  const expectsHash = (p.source === 'registry' || p.source === 'url') && !p.bundled && lock.format !== 'go-sum';
  if (expectsHash && p.integrity.length === 0 && (lock.format !== 'requirements' || lock.hashMode)) {
    const pip = lock.format === 'requirements';
    add(ctx, {
      code: 'missing_integrity',
      severity: pip ? 'high' : 'medium',
      ...f,
      message: pip
        ? `${label(p)}${where(p)} has no --hash while other lines do: pip's hash-checking mode refuses the whole install, or the line is installed unverified if the mode is switched off.`
        : `${label(p)}${where(p)} has no integrity hash in the lockfile, so a tampered download would not be detected.`,
      fix: pip
        ? 'Regenerate the file with hashes for every line (pip-compile --generate-hashes, or uv pip compile --generate-hashes).'
        : 'Regenerate the lockfile with the package manager so every package records its hash.',
    });
  }
  if (onlyWeakHashes(p.integrity)) {
    add(ctx, {
      code: 'weak_integrity',
      severity: 'low',
      ...f,
      message: `${label(p)}${where(p)} is protected only by a ${p.integrity[0]?.toLowerCase().startsWith('md5') ? 'MD5' : 'SHA-1'} hash, for which collisions can be made.`,
      fix: 'Regenerate the lockfile with a current package manager so it records sha512 (npm) or sha256 hashes.',
    });
  }
}

/** Requirements that pin nothing, and Go pseudo-versions. */
function versionFindings(ctx: Ctx, p: LockedPackage, f: PkgFields): void {
  const { eco, lock } = ctx;
  if (lock.format === 'requirements' && !p.pinned && p.source === 'registry') {
    add(ctx, {
      code: 'unpinned_requirement',
      severity: lock.hashMode ? 'high' : 'medium',
      ...f,
      message: `${clip(p.name, MAX_NAME)}${where(p)} is not pinned to one version (${p.requested ? clip(p.requested, MAX_VERSION) : 'no specifier'}), so each install may pick a different release${lock.hashMode ? ' and pip refuses it in hash-checking mode' : ''}.`,
      fix: 'Pin it with == to the version you tested (pip-compile or uv pip compile produce a fully pinned file).',
    });
  }
  if (eco === 'go' && PSEUDO_VERSION.test(p.version)) {
    add(ctx, {
      code: 'pseudo_version',
      severity: 'low',
      ...f,
      message: `${label(p)}${where(p)} is an untagged commit (pseudo-version): no release was cut for the code you build.`,
      fix: 'Prefer a tagged release of the module; if the commit is needed, review it as you would a release.',
    });
  }
}

function checkPackage(ctx: Ctx, p: LockedPackage): void {
  const f = pkgFields(p);
  // A known-malicious release is reported as such, not also as a typosquat.
  if (!advisoryFindings(ctx, p, f)) typosquatFinding(ctx, p, f);
  transportFindings(ctx, p, f);
  sourceFindings(ctx, p, f);
  installScriptFinding(ctx, p, f);
  integrityFindings(ctx, p, f);
  versionFindings(ctx, p, f);
}

function checkIndexes(ctx: Ctx, indexes: readonly IndexRef[]): void {
  for (const ix of indexes) {
    const at = ix.line !== null ? ` (line ${ix.line})` : '';
    if (ix.kind === 'trusted-host') {
      add(ctx, {
        code: 'insecure_transport',
        severity: 'high',
        package: null,
        version: null,
        message: `--trusted-host ${clip(ix.url, 200)}${at} turns off TLS verification for that host.`,
        fix: 'Remove --trusted-host and give the index a valid TLS certificate.',
      });
      continue;
    }
    if (ix.kind === 'extra-index-url') {
      add(ctx, {
        code: 'extra_index_url',
        severity: 'high',
        package: null,
        version: null,
        message: `--extra-index-url ${clip(ix.url, 200)}${at}: pip merges this index with the main one and takes the highest version from either, so anyone can publish a same-named package on the public index (dependency confusion).`,
        fix: 'Serve every package from one index (a proxy that mirrors PyPI), or pin each package to its index with a tool that supports it (uv index pinning, Poetry source priority).',
      });
    }
    if (isInsecureUrl(ix.url)) {
      add(ctx, {
        code: 'insecure_transport',
        severity: 'high',
        package: null,
        version: null,
        message: `${ix.kind} ${clip(ix.url, 200)}${at} uses plain http.`,
        fix: 'Use an https:// index URL.',
      });
    }
    if (ix.host !== null && !hostAllowed(ix.host, ctx.allowed)) {
      add(ctx, {
        code: 'unexpected_registry',
        severity: 'high',
        package: null,
        version: null,
        message: `${ix.kind} ${clip(ix.url, 200)}${at} points at ${ix.host}, which is not an expected registry.`,
        fix: 'Confirm the index is yours; otherwise remove it, or add the host to allowed_registries.',
      });
    }
  }
}

/** Every finding for a parsed lockfile, unsorted and possibly with duplicates (the engine sorts and dedupes). */
export function runRules(lock: ParsedLock, allowedRegistries: readonly string[] | undefined): Finding[] {
  const eco = ECOSYSTEM_OF[lock.format];
  const allowed = allowedRegistries && allowedRegistries.length > 0 ? allowedRegistries.map((h) => h.toLowerCase()) : DEFAULT_REGISTRIES[eco];
  const ctx: Ctx = { eco, lock, allowed, out: [] };
  for (const p of lock.packages) checkPackage(ctx, p);
  // Only requirements files name their indexes as options; poetry sources are checked per package above.
  if (lock.format === 'requirements') {
    checkIndexes(ctx, lock.indexes);
    if (!lock.hashMode && lock.packages.some((p) => p.source === 'registry')) {
      add(ctx, {
        code: 'hash_checking_off',
        severity: 'low',
        package: null,
        version: null,
        message: 'No line carries --hash, so pip installs whatever files the index serves without checking them.',
        fix: 'Generate hashes for every requirement (pip-compile --generate-hashes, uv pip compile --generate-hashes); pip then refuses any file that does not match.',
      });
    }
  }
  return ctx.out;
}
