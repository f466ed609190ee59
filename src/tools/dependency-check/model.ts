// Shared shapes of dependency-check: what a parser extracts from a manifest, and what the rules report.
import type { Output } from './tool.ts';

export const ECOSYSTEMS = ['npm', 'pypi', 'go', 'cargo', 'rubygems'] as const;
export type Ecosystem = (typeof ECOSYSTEMS)[number];

export const FORMATS = ['package.json', 'requirements.txt', 'pyproject.toml', 'Pipfile', 'go.mod', 'Cargo.toml', 'Gemfile'] as const;
export type Format = (typeof FORMATS)[number];

export const FORMAT_ECOSYSTEM: Readonly<Record<Format, Ecosystem>> = {
  'package.json': 'npm',
  'requirements.txt': 'pypi',
  'pyproject.toml': 'pypi',
  Pipfile: 'pypi',
  'go.mod': 'go',
  'Cargo.toml': 'cargo',
  Gemfile: 'rubygems',
};

/** Normalised dependency group: what the dependency is for. */
export const GROUPS = ['production', 'development', 'optional', 'peer', 'build', 'indirect'] as const;
export type Group = (typeof GROUPS)[number];

export const SOURCES = ['registry', 'git', 'url', 'path'] as const;

/**
 * What the manifest describes. A library is installed into other projects, so its runtime requirements are
 * ranges its consumers' resolvers intersect (open lower bounds are the norm); an application is deployed as
 * it is, so every requirement decides what runs in production.
 */
export const PROJECT_KINDS = ['library', 'application'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];
type Source = (typeof SOURCES)[number];

/** What a git dependency is pinned to. */
export type GitRefKind = 'commit' | 'tag' | 'branch' | 'none';

export interface Dependency {
  name: string;
  /** The version requirement as written, or null when none was given. */
  requested: string | null;
  group: Group;
  /** Where in the manifest it was declared (e.g. devDependencies, tool.poetry.group.docs.dependencies, group :test). */
  section: string;
  source: Source;
  /** 1-based line of the declaration, or null when it cannot be located. */
  line: number | null;
  /** For git sources: the repository URL and what it is pinned to. */
  git?: { url: string; ref: string | null; refKind: GitRefKind };
  /** For url and path sources: the location as written (null when it is computed, e.g. a Ruby variable). */
  location?: string | null;
  /** A path dependency on a member of the manifest's own workspace (Cargo workspace, npm workspace:). */
  workspaceMember?: boolean;
  /** npm alias (`"x": "npm:y@^1"`): the package actually installed. */
  aliasOf?: string;
  /** Editable install (pip -e, Pipfile editable = true, Poetry develop = true). */
  editable?: boolean;
  /** The requirement is a Ruby expression (a variable, ENV.fetch...), not a literal: it cannot be judged here. */
  computed?: boolean;
  /**
   * Declared inside a conditional branch (Gemfile `if`/`unless`/`case`, a modifier `if`): installed only when
   * the condition holds. `branch` names the branch (`<line of the if>:<branch index>`), so declarations in
   * different branches of one conditional are alternatives, not duplicates.
   */
  conditional?: { line: number; branches: string[] };
  /** The manifest's own project (a dependency group installing the project itself, e.g. `requests[socks]`). */
  self?: boolean;
  /** Requirement syntax the parser already judged: a version constraint language per ecosystem. */
  versionSyntax: 'semver' | 'pep440' | 'poetry' | 'go' | 'cargo' | 'gem';
}

/** A package index other than the ecosystem default, or options that weaken transport security. */
export interface IndexDecl {
  url: string | null;
  line: number | null;
  /**
   * primary: replaces the default index; extra: consulted as well as the default (dependency confusion);
   * explicit: used only by packages that name it; setting: a transport option, not an index.
   */
  role: 'primary' | 'extra' | 'explicit' | 'setting';
  /** TLS verification turned off or a plain-http host trusted. */
  insecure?: boolean;
  detail: string;
}

/** Whether the manifest describes a library or an application, as its own format says, and why. */
export interface ProjectInfo {
  kind: ProjectKind;
  reason: string;
  /** The project's own name when the manifest declares one. */
  name: string | null;
}

export interface ParsedManifest {
  format: Format;
  ecosystem: Ecosystem;
  dependencies: Dependency[];
  indexes: IndexDecl[];
  project: ProjectInfo;
}

export const SEVERITIES = ['high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const FINDING_CODES = [
  'unpinned_version',
  'open_ended_range',
  'prerelease_version',
  'non_registry_source',
  'git_unpinned_ref',
  'insecure_source',
  'extra_index_url',
  'duplicate_dependency',
  'dev_tool_in_production',
  'typosquat_suspect',
  'lockfile_missing',
  'exact_pin_in_library',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

/** One finding, as the output schema describes it. */
export type Finding = Output['findings'][number];

/** Manifests are small; a megabyte leaves room for the largest monorepo roots while bounding every scan. */
export const MAX_MANIFEST_CHARS = 1_000_000;

/** The most dependencies checked per call: a parser stops reading as soon as a manifest declares more. */
export const MAX_DEPENDENCIES = 5000;

/** Thrown by a parser at the first dependency over MAX_DEPENDENCIES (so a huge manifest is refused, not parsed). */
export class TooManyDependencies extends Error {
  constructor() {
    super(`more than ${MAX_DEPENDENCIES} dependencies`);
    this.name = 'TooManyDependencies';
  }
}

/** An array whose push throws TooManyDependencies past MAX_DEPENDENCIES items. */
export function dependencyList<T>(): T[] {
  const list: T[] = [];
  list.push = (...items: T[]): number => {
    if (list.length + items.length > MAX_DEPENDENCIES) throw new TooManyDependencies();
    return Array.prototype.push.apply(list, items);
  };
  return list;
}

/** Thrown by parsers; the tool turns it into a 400 ToolError with the format's code and the line. */
export class ManifestError extends Error {
  readonly line: number;
  readonly column: number | null;
  constructor(message: string, line: number, column: number | null = null) {
    super(message);
    this.name = 'ManifestError';
    this.line = line;
    this.column = column;
  }
}
