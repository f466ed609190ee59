// Pipfile (pipenv): [[source]] indexes, [packages], [dev-packages] and custom package categories.
import { ManifestError, dependencyList } from '../model.ts';
import type { Dependency, Group, IndexDecl, ParsedManifest } from '../model.ts';
import { depFromTableValue } from './python-common.ts';
import { TomlLocator, isTable, parseToml } from './toml-common.ts';

/** Top-level tables that are not package categories. */
const NOT_CATEGORIES = new Set(['source', 'requires', 'scripts', 'pipenv']);

export function parsePipfile(text: string): ParsedManifest {
  const doc = parseToml(text);
  const loc = new TomlLocator(text);
  const dependencies = dependencyList<Dependency>();
  const indexes: IndexDecl[] = [];

  if (doc.source !== undefined) {
    const sources = Array.isArray(doc.source) ? doc.source : [doc.source];
    sources.forEach((src, i) => {
      if (!isTable(src)) throw new ManifestError('[[source]] entries must be tables', loc.header(['source']) ?? 1);
      const url = typeof src.url === 'string' ? src.url : null;
      const line = url ? loc.literal(['source'], url) : loc.header(['source']);
      const insecure = src.verify_ssl === false || (url?.startsWith('http://') ?? false);
      indexes.push({
        url,
        line,
        role: i === 0 ? 'primary' : 'extra',
        insecure,
        detail: `[[source]] ${String(src.name ?? url ?? '')}${src.verify_ssl === false ? ' with verify_ssl = false' : ''}`,
      });
    });
  }

  let categories = 0;
  for (const [category, table] of Object.entries(doc)) {
    if (NOT_CATEGORIES.has(category)) continue;
    if (!isTable(table)) continue;
    categories++;
    const group: Group = category === 'packages' ? 'production' : category === 'dev-packages' ? 'development' : 'optional';
    for (const [name, value] of Object.entries(table)) {
      const line = loc.key([category], name);
      const dep = depFromTableValue(name, value, { group, section: category, line, syntax: 'pep440' });
      const { pinnedIndex: _pinned, ...rest } = dep;
      dependencies.push(rest);
    }
  }
  if (categories === 0 && doc.source === undefined && doc.requires === undefined) {
    throw new ManifestError('No [packages], [dev-packages] or [[source]] table: not a Pipfile', 1);
  }
  const project = { kind: 'application' as const, reason: 'a Pipfile describes an environment to deploy (Pipenv manages applications; libraries declare their requirements in pyproject.toml)', name: null };
  return { format: 'Pipfile', ecosystem: 'pypi', dependencies, indexes, project };
}
