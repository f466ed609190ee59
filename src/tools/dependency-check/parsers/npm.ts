// package.json: JSON.parse for the data, a one-pass scan for the line of each key, npm's spec kinds classified.
import { ManifestError, dependencyList } from '../model.ts';
import type { Dependency, Group, ParsedManifest, ProjectInfo } from '../model.ts';
import { Lines, isCommitHash } from '../text.ts';
import { gitRefKind } from './requirements.ts';

const SECTIONS: readonly [string, Group][] = [
  ['dependencies', 'production'],
  ['devDependencies', 'development'],
  ['peerDependencies', 'peer'],
  ['optionalDependencies', 'optional'],
];

/** Line of every key at depth 1 and of every key inside a depth-1 object, from one linear scan of the text. */
function keyLines(text: string, lines: Lines): { top: Map<string, number>; nested: Map<string, Map<string, number>> } {
  const top = new Map<string, number>();
  const nested = new Map<string, Map<string, number>>();
  let depth = 0;
  let section: string | null = null;
  let i = 0;
  // Containers: '{' or '['; keys only exist directly inside objects.
  const stack: string[] = [];
  let expectKey = false;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '"') {
      const start = i;
      i++;
      let value = '';
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\') {
          value += text[i + 1] ?? '';
          i += 2;
        } else value += text[i++];
      }
      i++;
      if (expectKey && stack[stack.length - 1] === '{') {
        const line = lines.lineOf(start);
        if (depth === 1) {
          if (!top.has(value)) top.set(value, line);
          section = value;
        } else if (depth === 2 && section !== null) {
          const m = nested.get(section) ?? new Map<string, number>();
          if (!m.has(value)) m.set(value, line);
          nested.set(section, m);
        }
        expectKey = false;
      }
      continue;
    }
    if (ch === '{' || ch === '[') {
      stack.push(ch);
      depth++;
      expectKey = ch === '{';
    } else if (ch === '}' || ch === ']') {
      stack.pop();
      depth--;
      expectKey = false;
    } else if (ch === ',') expectKey = stack[stack.length - 1] === '{';
    i++;
  }
  return { top, nested };
}

/** Line and column of a JSON.parse failure, from the messages V8 has used ("position N", "line L column C"). */
function jsonErrorLocation(message: string, text: string, lines: Lines): { line: number; column: number | null } {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /position (\d+)/.exec(message);
  if (pos) {
    const offset = Math.min(Number(pos[1]), text.length);
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    return { line: lines.lineOf(offset), column: offset - lineStart + 1 };
  }
  // "Unexpected end of JSON input": the problem is at the end.
  return { line: lines.count, column: null };
}

const GIT_PREFIX = /^(git\+ssh:|git\+https?:|git\+file:|git:|github:|gitlab:|bitbucket:|gist:)/;
/** `user/repo` or `user/repo#ref`: npm reads it as a GitHub repository. */
const GITHUB_SHORTHAND = /^[A-Za-z0-9][\w.-]*\/[\w.-]+(#.*)?$/;

function classifyNpmSpec(name: string, spec: string, base: Omit<Dependency, 'source' | 'requested'>): Dependency {
  const s = spec.trim();
  if (s.startsWith('npm:')) {
    const body = s.slice(4);
    const at = body.lastIndexOf('@');
    const target = at > 0 ? body.slice(0, at) : body;
    const range = at > 0 ? body.slice(at + 1) : '';
    return { ...base, name, requested: range === '' ? null : range, source: 'registry', aliasOf: target };
  }
  if (s.startsWith('workspace:')) return { ...base, requested: s, source: 'path', location: s };
  if (/^(file:|link:|portal:)/.test(s) || /^(\.{1,2}\/|\/|~\/)/.test(s)) return { ...base, requested: s, source: 'path', location: s };
  if (GIT_PREFIX.test(s) || (GITHUB_SHORTHAND.test(s) && !s.startsWith('@'))) {
    const hash = s.indexOf('#');
    const url = hash < 0 ? s : s.slice(0, hash);
    const ref = hash < 0 ? null : s.slice(hash + 1);
    const refKind = ref === null ? 'none' : ref.startsWith('semver:') ? 'tag' : isCommitHash(ref) ? 'commit' : gitRefKind(ref);
    return { ...base, requested: s, source: 'git', git: { url, ref, refKind } };
  }
  if (/^https?:\/\//.test(s)) return { ...base, requested: s, source: 'url', location: s };
  return { ...base, requested: s === '' ? null : s, source: 'registry' };
}

/** npm publishes a package.json that has a name and a version and is not `"private": true`. */
function npmProject(obj: Record<string, unknown>): ProjectInfo {
  const name = typeof obj.name === 'string' ? obj.name : null;
  if (obj.private === true) return { kind: 'application', reason: '"private": true: npm refuses to publish it', name };
  if (name !== null && typeof obj.version === 'string') return { kind: 'library', reason: 'a name and a version without "private": true: a publishable package', name };
  return { kind: 'application', reason: 'no name and version: npm cannot publish it', name };
}

export function parsePackageJson(text: string): ParsedManifest {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = new Lines(body);
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (err) {
    const { line, column } = jsonErrorLocation((err as Error).message, body, lines);
    throw new ManifestError(`Invalid JSON: ${(err as Error).message}`, line, column);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new ManifestError('package.json must be a JSON object', 1);
  }
  const obj = data as Record<string, unknown>;
  const { top, nested } = keyLines(body, lines);
  const dependencies = dependencyList<Dependency>();
  for (const [section, group] of SECTIONS) {
    const value = obj[section];
    if (value === undefined) continue;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new ManifestError(`"${section}" must be an object of name: version`, top.get(section) ?? 1);
    }
    for (const [name, spec] of Object.entries(value as Record<string, unknown>)) {
      const line = nested.get(section)?.get(name) ?? null;
      if (typeof spec !== 'string') throw new ManifestError(`"${section}.${name}" must be a string`, line ?? top.get(section) ?? 1);
      if (name.trim() === '') throw new ManifestError(`"${section}" has an empty package name`, line ?? 1);
      dependencies.push(classifyNpmSpec(name, spec, { name, group, section, line, versionSyntax: 'semver' }));
    }
  }
  return { format: 'package.json', ecosystem: 'npm', dependencies, indexes: [], project: npmProject(obj) };
}
