// go.mod: a tokenizer and directive parser following the Go modules reference (module, go, toolchain,
// godebug, require, exclude, replace, retract, tool, ignore; single-line and block forms; // comments).
import { ManifestError, dependencyList } from '../model.ts';
import type { Dependency, ParsedManifest } from '../model.ts';

const DIRECTIVES = new Set(['module', 'go', 'toolchain', 'godebug', 'require', 'exclude', 'replace', 'retract', 'tool', 'ignore']);
/** Semantic version with the leading v Go requires (pseudo-versions are pre-release forms of it). */
const GO_VERSION = /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const MODULE_PATH = /^[A-Za-z0-9._~/+-]+$/;
const MAX_LINE = 16_384;

interface Tokens {
  words: string[];
  comment: string;
}

/** Split a line into words and its trailing // comment; quoted ("…" with escapes, `…` raw) strings are one word. */
function tokenize(line: string, lineNo: number): Tokens {
  const words: string[] = [];
  let i = 0;
  while (i < line.length) {
    const ch = line[i] as string;
    if (ch === ' ' || ch === '\t') {
      i++;
      continue;
    }
    if (ch === '/' && line[i + 1] === '/') return { words, comment: line.slice(i + 2).trim() };
    if (ch === '"' || ch === '`') {
      let j = i + 1;
      let word = '';
      while (j < line.length && line[j] !== ch) {
        if (ch === '"' && line[j] === '\\' && j + 1 < line.length) {
          word += line[j + 1];
          j += 2;
        } else word += line[j++];
      }
      if (j >= line.length) throw new ManifestError('Unterminated string', lineNo, i + 1);
      words.push(word);
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < line.length && line[j] !== ' ' && line[j] !== '\t' && !(line[j] === '/' && line[j + 1] === '/')) j++;
    words.push(line.slice(i, j));
    i = j;
  }
  return { words, comment: '' };
}

function isLocalPath(p: string): boolean {
  return p.startsWith('./') || p.startsWith('../') || p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p === '.' || p === '..';
}

export function parseGoMod(text: string): ParsedManifest {
  const lines = text.split(/\r\n|\n|\r/);
  const dependencies = dependencyList<Dependency>();
  const replaces: { old: string; oldVersion: string | null; target: string; targetVersion: string | null; line: number }[] = [];
  let moduleSeen = false;
  let block: { directive: string; line: number } | null = null;

  const entry = (directive: string, args: string[], comment: string, line: number): void => {
    switch (directive) {
      case 'module':
        if (args.length !== 1) throw new ManifestError('module needs exactly one module path', line);
        moduleSeen = true;
        return;
      case 'require': {
        if (args.length !== 2) throw new ManifestError('require needs a module path and a version', line);
        const [path, version] = args as [string, string];
        if (!MODULE_PATH.test(path)) throw new ManifestError(`Invalid module path "${path.slice(0, 80)}"`, line);
        if (!GO_VERSION.test(version)) throw new ManifestError(`Invalid version "${version.slice(0, 80)}" for ${path}: Go needs a semantic version such as v1.2.3`, line);
        const indirect = /(^|;)\s*indirect\s*(;|$)/.test(comment);
        dependencies.push({ name: path, requested: version, group: indirect ? 'indirect' : 'production', section: indirect ? 'require (indirect)' : 'require', source: 'registry', line, versionSyntax: 'go' });
        return;
      }
      case 'replace': {
        const arrow = args.indexOf('=>');
        if (arrow !== 1 && arrow !== 2) throw new ManifestError('replace needs "old [version] => new [version]"', line);
        const left = args.slice(0, arrow);
        const right = args.slice(arrow + 1);
        if (right.length < 1 || right.length > 2) throw new ManifestError('replace needs a module path or directory after =>', line);
        const target = right[0] as string;
        const targetVersion = right[1] ?? null;
        if (targetVersion !== null && !GO_VERSION.test(targetVersion)) throw new ManifestError(`Invalid version "${targetVersion.slice(0, 80)}" in replace`, line);
        if (targetVersion === null && !isLocalPath(target)) throw new ManifestError(`replace target "${target.slice(0, 80)}" needs a version unless it is a local directory`, line);
        replaces.push({ old: left[0] as string, oldVersion: left[1] ?? null, target, targetVersion, line });
        return;
      }
      case 'go':
      case 'toolchain':
        if (args.length !== 1) throw new ManifestError(`${directive} needs exactly one version`, line);
        return;
      case 'exclude':
        if (args.length !== 2) throw new ManifestError('exclude needs a module path and a version', line);
        return;
      default:
        // godebug, retract, tool, ignore: nothing here bears on dependency hygiene.
        if (args.length === 0) throw new ManifestError(`${directive} needs arguments`, line);
    }
  };

  lines.forEach((raw, idx) => {
    const lineNo = idx + 1;
    if (raw.length > MAX_LINE) throw new ManifestError(`Line longer than ${MAX_LINE} characters`, lineNo);
    const { words, comment } = tokenize(raw, lineNo);
    if (block) {
      if (words.length === 1 && words[0] === ')') {
        block = null;
        return;
      }
      if (words.length === 0) return;
      entry(block.directive, words, comment, lineNo);
      return;
    }
    if (words.length === 0) return;
    const directive = words[0] as string;
    if (!DIRECTIVES.has(directive)) throw new ManifestError(`Unknown directive "${directive.slice(0, 40)}"`, lineNo);
    if (words.length === 2 && words[1] === '(') {
      block = { directive, line: lineNo };
      return;
    }
    entry(directive, words.slice(1), comment, lineNo);
  });
  if (block !== null) throw new ManifestError(`Unclosed ${(block as { directive: string }).directive} ( block`, (block as { line: number }).line);
  if (!moduleSeen) throw new ManifestError('No module directive: not a go.mod', 1);

  for (const r of replaces) {
    const targets = dependencies.filter((d) => d.name === r.old && (r.oldVersion === null || d.requested === r.oldVersion));
    const local = isLocalPath(r.target);
    const apply = (d: Dependency): void => {
      if (local) {
        d.source = 'path';
        d.location = r.target;
      } else {
        d.aliasOf = r.target;
        d.requested = r.targetVersion;
      }
      d.section = `${d.section}, replace (line ${r.line})`;
    };
    if (targets.length > 0) targets.forEach(apply);
    else if (local) {
      dependencies.push({ name: r.old, requested: null, group: 'production', section: 'replace', source: 'path', location: r.target, line: r.line, versionSyntax: 'go' });
    }
  }
  // go.mod says nothing of the kind; minimal version selection treats every requirement as a minimum either way.
  const project = { kind: 'application' as const, reason: 'go.mod does not say; every Go requirement is a minimum (minimal version selection), so the kind changes nothing', name: null };
  return { format: 'go.mod', ecosystem: 'go', dependencies, indexes: [], project };
}
