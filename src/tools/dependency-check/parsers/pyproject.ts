// pyproject.toml: PEP 621 [project] (+ optional-dependencies), PEP 735 [dependency-groups], [build-system],
// Poetry [tool.poetry.*] and uv [tool.uv] sources and indexes.
import { ManifestError, dependencyList } from '../model.ts';
import type { Dependency, IndexDecl, ParsedManifest, ProjectInfo } from '../model.ts';
import { normalizePypi } from '../../kit/python-requirements/pep508.ts';
import { depFromPep508, depFromTableValue } from './python-common.ts';
import { TomlLocator, isTable, parseToml } from './toml-common.ts';
import type { TomlTable } from './toml-common.ts';

type Dep = Dependency & { pinnedIndex?: string };

function stringArray(value: unknown, where: string, line: number | null): unknown[] {
  if (!Array.isArray(value)) throw new ManifestError(`${where} must be an array`, line ?? 1);
  return value;
}

/**
 * A pyproject.toml that names a build backend builds a distribution (a library, in the sense that others
 * install it), unless Poetry's `package-mode = false` or uv's `package = false` says the project is not
 * packaged. Without a build backend nothing is built: an application (uv's and PEP 621's reading).
 */
function pyprojectKind(doc: TomlTable, project: TomlTable | null, poetry: TomlTable | null, uv: TomlTable | null): ProjectInfo {
  const name = typeof project?.name === 'string' ? project.name : typeof poetry?.name === 'string' ? poetry.name : null;
  if (poetry?.['package-mode'] === false) return { kind: 'application', reason: '[tool.poetry] package-mode = false: the project is not packaged', name };
  if (uv?.package === false) return { kind: 'application', reason: '[tool.uv] package = false: the project is not packaged', name };
  const build = doc['build-system'];
  if (isTable(build) && typeof build['build-backend'] === 'string') {
    return { kind: 'library', reason: `[build-system] build-backend = "${build['build-backend'].slice(0, 80)}": it builds a distribution others install`, name };
  }
  return { kind: 'application', reason: 'no [build-system] build-backend: nothing is built for others to install', name };
}

/** Where each step puts what it reads. */
interface Sink {
  loc: TomlLocator;
  deps: Dep[];
  indexes: IndexDecl[];
}

/** PEP 621 [project] dependencies and optional-dependencies. */
function projectDependencies(project: unknown, { loc, deps }: Sink): void {
  if (project !== undefined && !isTable(project)) throw new ManifestError('[project] must be a table', loc.header(['project']) ?? 1);
  if (isTable(project)) {
    if (project.dependencies !== undefined) {
      const line = loc.key(['project'], 'dependencies');
      for (const item of stringArray(project.dependencies, 'project.dependencies', line)) {
        if (typeof item !== 'string') throw new ManifestError('project.dependencies items must be strings', line ?? 1);
        deps.push(depFromPep508(item, 'production', 'project.dependencies', loc.literal(['project'], item) ?? line));
      }
    }
    const optional = project['optional-dependencies'];
    if (optional !== undefined) {
      if (!isTable(optional)) throw new ManifestError('project.optional-dependencies must be a table', loc.header(['project', 'optional-dependencies']) ?? 1);
      for (const [extra, list] of Object.entries(optional)) {
        const line = loc.key(['project', 'optional-dependencies'], extra);
        for (const item of stringArray(list, `project.optional-dependencies.${extra}`, line)) {
          if (typeof item !== 'string') throw new ManifestError(`project.optional-dependencies.${extra} items must be strings`, line ?? 1);
          deps.push(depFromPep508(item, 'optional', `project.optional-dependencies.${extra}`, loc.literal(['project', 'optional-dependencies'], item, line) ?? line));
        }
      }
    }
  }
}

/** PEP 735 [dependency-groups]. */
function dependencyGroups(groups: unknown, { loc, deps }: Sink): void {
  if (groups !== undefined) {
    if (!isTable(groups)) throw new ManifestError('[dependency-groups] must be a table', loc.header(['dependency-groups']) ?? 1);
    for (const [group, list] of Object.entries(groups)) {
      const line = loc.key(['dependency-groups'], group);
      for (const item of stringArray(list, `dependency-groups.${group}`, line)) {
        // {include-group = "x"} pulls in another group: nothing new to check.
        if (isTable(item) && typeof item['include-group'] === 'string') continue;
        if (typeof item !== 'string') throw new ManifestError(`dependency-groups.${group} items must be strings or {include-group}`, line ?? 1);
        deps.push(depFromPep508(item, 'development', `dependency-groups.${group}`, loc.literal(['dependency-groups'], item, line) ?? line));
      }
    }
  }
}

/** [build-system] requires. */
function buildRequires(build: unknown, { loc, deps }: Sink): void {
  if (isTable(build) && build.requires !== undefined) {
    const line = loc.key(['build-system'], 'requires');
    for (const item of stringArray(build.requires, 'build-system.requires', line)) {
      if (typeof item !== 'string') throw new ManifestError('build-system.requires items must be strings', line ?? 1);
      deps.push(depFromPep508(item, 'build', 'build-system.requires', loc.literal(['build-system'], item) ?? line));
    }
  }
}

/** Poetry's dependency tables and [[tool.poetry.source]] indexes. */
function poetrySection(poetry: unknown, { loc, deps, indexes }: Sink): void {
  if (isTable(poetry)) {
    const table = (t: unknown, path: string[], group: 'production' | 'development'): void => {
      if (t === undefined) return;
      if (!isTable(t)) throw new ManifestError(`[${path.join('.')}] must be a table`, loc.header(path) ?? 1);
      for (const [name, value] of Object.entries(t)) {
        if (name.toLowerCase() === 'python') continue;
        deps.push(depFromTableValue(name, value, { group, section: path.join('.'), line: loc.key(path, name), syntax: 'poetry', optionalGroup: 'optional' }));
      }
    };
    table(poetry.dependencies, ['tool', 'poetry', 'dependencies'], 'production');
    table(poetry['dev-dependencies'], ['tool', 'poetry', 'dev-dependencies'], 'development');
    if (isTable(poetry.group)) {
      for (const [g, body] of Object.entries(poetry.group)) {
        if (isTable(body)) table(body.dependencies, ['tool', 'poetry', 'group', g, 'dependencies'], g === 'main' ? 'production' : 'development');
      }
    }
    if (Array.isArray(poetry.source)) {
      for (const src of poetry.source) {
        if (!isTable(src)) continue;
        const url = typeof src.url === 'string' ? src.url : null;
        const priority = typeof src.priority === 'string' ? src.priority : src.default === true ? 'default' : src.secondary === true ? 'secondary' : 'primary';
        const role = priority === 'explicit' ? 'explicit' : priority === 'supplemental' || priority === 'secondary' ? 'extra' : 'primary';
        const line = url ? loc.literal(['tool', 'poetry', 'source'], url) : loc.header(['tool', 'poetry', 'source']);
        indexes.push({ url, line, role, insecure: url?.startsWith('http://') ?? false, detail: `[[tool.poetry.source]] ${String(src.name ?? '')} (priority ${priority})` });
      }
    }
  }
}

/** uv's indexes and [tool.uv.sources], which say where a dependency declared elsewhere comes from. */
function uvSection(uv: unknown, { loc, deps, indexes }: Sink): void {
  if (isTable(uv)) {
    const unsafe = uv['index-strategy'] === 'unsafe-best-match' || uv['index-strategy'] === 'unsafe-first-match';
    if (Array.isArray(uv.index)) {
      for (const idx of uv.index) {
        if (!isTable(idx)) continue;
        const url = typeof idx.url === 'string' ? idx.url : null;
        const role = idx.explicit === true ? 'explicit' : idx.default === true ? 'primary' : 'extra';
        const line = url ? loc.literal(['tool', 'uv', 'index'], url) : loc.header(['tool', 'uv', 'index']);
        const strategy = unsafe ? `index-strategy ${String(uv['index-strategy'])}` : 'uv first-index strategy';
        indexes.push({ url, line, role, insecure: url?.startsWith('http://') ?? false, detail: `[[tool.uv.index]] ${String(idx.name ?? '')} (${strategy})` });
      }
    }
    for (const key of ['extra-index-url', 'find-links'] as const) {
      const v = uv[key];
      const list = Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
      for (const url of list) {
        if (typeof url === 'string') indexes.push({ url, line: loc.key(['tool', 'uv'], key), role: 'extra', insecure: url.startsWith('http://'), detail: `tool.uv.${key} ${url}` });
      }
    }
    // [tool.uv.sources] says where a dependency declared elsewhere comes from.
    if (isTable(uv.sources)) {
      for (const [name, value] of Object.entries(uv.sources)) {
        const line = loc.key(['tool', 'uv', 'sources'], name);
        const src = depFromTableValue(name, Array.isArray(value) ? value[0] : value, { group: 'production', section: 'tool.uv.sources', line, syntax: 'pep440' });
        for (const d of deps) {
          if (normalizePypi(d.name) !== normalizePypi(name)) continue;
          if (src.source !== 'registry') d.section = `${d.section}, source in tool.uv.sources line ${line ?? '?'}`;
          d.source = src.source;
          if (src.git) d.git = src.git;
          if (src.location !== undefined) d.location = src.location;
          if (src.pinnedIndex !== undefined) d.pinnedIndex = src.pinnedIndex;
          if (src.editable) d.editable = true;
        }
      }
    }
  }
}

export function parsePyproject(text: string): ParsedManifest {
  const doc = parseToml(text);
  const sink: Sink = { loc: new TomlLocator(text), deps: dependencyList<Dep>(), indexes: [] };
  const project = doc.project;
  const tool = isTable(doc.tool) ? doc.tool : {};
  const poetry = tool.poetry;
  const uv = tool.uv;
  const groups = doc['dependency-groups'];
  const build = doc['build-system'];
  projectDependencies(project, sink);
  dependencyGroups(groups, sink);
  buildRequires(build, sink);
  poetrySection(poetry, sink);
  uvSection(uv, sink);
  const { deps, indexes } = sink;

  if (!isTable(project) && !isTable(poetry) && groups === undefined && !isTable(build)) {
    throw new ManifestError('No [project], [tool.poetry], [dependency-groups] or [build-system] table: not a pyproject.toml', 1);
  }
  const info = pyprojectKind(doc, isTable(project) ? project : null, isTable(poetry) ? poetry : null, isTable(uv) ? uv : null);
  const self = info.name === null ? null : normalizePypi(info.name);
  const dependencies: Dependency[] = deps.map((d) => {
    const { pinnedIndex: _pinned, ...rest } = d;
    // A group that installs the project itself (`requests[socks]` in Requests' test group) names no outside package.
    return self !== null && normalizePypi(d.name) === self ? { ...rest, self: true } : rest;
  });
  return { format: 'pyproject.toml', ecosystem: 'pypi', dependencies, indexes, project: info };
}
