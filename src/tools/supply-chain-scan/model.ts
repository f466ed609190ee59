// Shared types of the supply-chain scan: lockfile formats, the normalised package record, findings.

/** The upload limit (5 MiB): a lockfile that fits an upload fits the field. */
export const MAX_LOCKFILE_CHARS = 5_242_880;

export const FORMATS = ['package-lock', 'yarn-lock', 'pnpm-lock', 'requirements', 'poetry-lock', 'cargo-lock', 'go-sum'] as const;
export type LockFormat = (typeof FORMATS)[number];

export const ECOSYSTEMS = ['npm', 'pypi', 'crates', 'go'] as const;
export type Ecosystem = (typeof ECOSYSTEMS)[number];

export const ECOSYSTEM_OF: Readonly<Record<LockFormat, Ecosystem>> = {
  'package-lock': 'npm',
  'yarn-lock': 'npm',
  'pnpm-lock': 'npm',
  requirements: 'pypi',
  'poetry-lock': 'pypi',
  'cargo-lock': 'crates',
  'go-sum': 'go',
};

/**
 * Where a locked package comes from. `registry`: a package index (public or private); `git`: a repository
 * (including git-host tarballs such as codeload.github.com); `url`: an arbitrary tarball or wheel URL;
 * `file`/`link`/`path`: the local file system; `exec`: Yarn's exec: protocol (a script builds the package).
 */
export const SOURCE_KINDS = ['registry', 'git', 'url', 'file', 'link', 'path', 'exec'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** One package as the lockfile pins it, whatever the format. */
export interface LockedPackage {
  name: string;
  /** Empty when the lockfile records none (e.g. a requirement without `==`). */
  version: string;
  source: SourceKind;
  /** Resolved URL, registry index URL, repository URL or path, as written; null when the lockfile leaves it implicit. */
  url: string | null;
  /** Lower-case host of a registry or URL source (`index.crates.io` for crates.io); null when implicit or local. */
  host: string | null;
  /** Hashes as written (`sha512-...`, `sha256:...`, `h1:...`, bare hex); empty when none is recorded. */
  integrity: string[];
  /** True when the lockfile says the package runs code at install (npm hasInstallScript, pnpm requiresBuild, Yarn exec:). */
  installScript: boolean;
  /** For git sources: the commit the lockfile pins (full hex), or null when it pins a branch/tag or nothing. */
  commit: string | null;
  /** For requirements: whether the line pins one exact version (`==`/`===`). Always true for real lockfiles. */
  pinned: boolean;
  /** For an unpinned requirement: the specifier as written (`>=3.0`); null otherwise. */
  requested: string | null;
  /** npm bundled dependencies ship inside their parent's tarball, so no integrity of their own is expected. */
  bundled: boolean;
  /** 1-based line of the entry in the lockfile when the parser knows it. */
  line: number | null;
}

/** A package index or mirror named by the lockfile itself (requirements options, poetry sources). */
export interface IndexRef {
  kind: 'index-url' | 'extra-index-url' | 'find-links' | 'trusted-host';
  url: string;
  host: string | null;
  line: number | null;
}

export interface ParsedLock {
  format: LockFormat;
  /** lockfileVersion, __metadata.version, lock-version, Cargo `version`...; null when the format has none. */
  formatVersion: string | null;
  packages: LockedPackage[];
  indexes: IndexRef[];
  /** requirements only: hash-checking mode is on (some line has --hash, or --require-hashes is given). */
  hashMode: boolean;
  /** Facts the lockfile cannot show, or options that were not followed. */
  notes: string[];
}

export function emptyPackage(name: string, version: string, line: number | null): LockedPackage {
  return { name, version, source: 'registry', url: null, host: null, integrity: [], installScript: false, commit: null, pinned: true, requested: null, bundled: false, line };
}
