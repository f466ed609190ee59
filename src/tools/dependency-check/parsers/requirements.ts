// requirements.txt (pip's format): logical lines, options, editable installs, URLs and PEP 508 requirements.
import { ManifestError, dependencyList } from '../model.ts';
import type { Dependency, GitRefKind, IndexDecl, ParsedManifest } from '../model.ts';
import { stripTrailing } from '../../kit/text.ts';
import { isCommitHash } from '../text.ts';
import { logicalLines } from '../../kit/python-requirements/lines.ts';
import { isPep508Error, parsePep508 } from '../../kit/python-requirements/pep508.ts';
import { splitVcsUrl } from '../../kit/python-requirements/vcs.ts';

/** Options that take no requirement and need no attention here. */
const IGNORED_OPTIONS = new Set([
  '--pre', '--no-index', '--prefer-binary', '--only-binary', '--no-binary', '--require-hashes', '--use-feature',
  '--config-settings', '--global-option', '--install-option', '--progress-bar', '--upgrade-strategy',
]);

/** pip has no such limit, but nothing real comes near it and it bounds the per-line scans. */
const MAX_LOGICAL_LINE = 16_384;

export function gitRefKind(ref: string | null): GitRefKind {
  if (ref === null || ref === '') return 'none';
  if (isCommitHash(ref)) return 'commit';
  // A ref that starts with a version number (v1.2.3, 2.0.0-rc1) reads as a tag; one character class, no backtracking.
  return /^v?\d[\w.+-]*$/.test(ref) ? 'tag' : 'branch';
}

const VCS = /^(git|hg|svn|bzr)\+/i;

function locationDependency(target: string, line: number, editable: boolean): Dependency {
  if (VCS.test(target)) {
    const { repo, ref, egg } = splitVcsUrl(target);
    const name = egg ?? repo.replace(/\.git$/, '').split('/').pop() ?? target;
    return {
      name,
      requested: null,
      group: 'production',
      section: editable ? 'requirements (-e)' : 'requirements',
      source: 'git',
      line,
      git: { url: repo.replace(VCS, ''), ref, refKind: gitRefKind(ref) },
      editable,
      versionSyntax: 'pep440',
    };
  }
  const isUrl = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(target) && !target.startsWith('file:');
  const hashAt = target.indexOf('#egg=');
  const base = hashAt < 0 ? target : target.slice(0, hashAt);
  const egg = hashAt < 0 ? null : target.slice(hashAt + 5).split('&')[0] ?? null;
  const cut = base.search(/[?#]/);
  const file = stripTrailing(cut < 0 ? base : base.slice(0, cut), '/').split('/').pop() ?? base;
  // A wheel or sdist file name starts with the distribution name.
  const name = egg ?? (file.split(/-\d/)[0] as string).replace(/\.(tar\.gz|zip|whl)$/, '');
  return {
    name: name || target,
    requested: null,
    group: 'production',
    section: editable ? 'requirements (-e)' : 'requirements',
    source: isUrl ? 'url' : 'path',
    line,
    location: target,
    editable,
    versionSyntax: 'pep440',
  };
}

/** `name [extras] @ url`: a PEP 508 direct reference (scanned by index; the regex form backtracks on spaces). */
function isNamedUrl(s: string): boolean {
  const name = /^[A-Za-z0-9][A-Za-z0-9._-]*/.exec(s);
  if (!name) return false;
  let i = name[0].length;
  while (s[i] === ' ' || s[i] === '\t') i++;
  if (s[i] === '[') {
    const close = s.indexOf(']', i);
    if (close < 0) return false;
    i = close + 1;
    while (s[i] === ' ' || s[i] === '\t') i++;
  }
  return s[i] === '@';
}

export function parseRequirements(text: string): ParsedManifest {
  const dependencies = dependencyList<Dependency>();
  const indexes: IndexDecl[] = [];
  for (const { text: l, line } of logicalLines(text, 'whitespace')) {
    if (l.length > MAX_LOGICAL_LINE) throw new ManifestError(`Line longer than ${MAX_LOGICAL_LINE} characters`, line);
    if (l.startsWith('-')) {
      const m = /^(?:--[A-Za-z][\w-]*|-[A-Za-z])/.exec(l);
      if (!m) throw new ManifestError(`Unreadable option "${l.slice(0, 60)}"`, line);
      const opt = m[0];
      // `--opt value`, `--opt=value`, `--opt = value`, `-rfile`: the value is what follows, minus one `=`.
      const rest = l.slice(opt.length).trimStart();
      const value = (rest.startsWith('=') ? rest.slice(1) : rest).trim();
      switch (opt) {
        case '-r':
        case '--requirement':
        case '-c':
        case '--constraint':
          if (value === '') throw new ManifestError(`${opt} needs a file name`, line);
          break;
        case '-i':
        case '--index-url':
          if (value === '') throw new ManifestError(`${opt} needs a URL`, line);
          indexes.push({ url: value, line, role: 'primary', insecure: value.startsWith('http://'), detail: `${opt} ${value}` });
          break;
        case '--extra-index-url':
          if (value === '') throw new ManifestError(`${opt} needs a URL`, line);
          indexes.push({ url: value, line, role: 'extra', insecure: value.startsWith('http://'), detail: `--extra-index-url ${value}` });
          break;
        case '-f':
        case '--find-links':
          if (value === '') throw new ManifestError(`${opt} needs a URL or path`, line);
          indexes.push({ url: value, line, role: 'extra', insecure: value.startsWith('http://'), detail: `${opt} ${value}` });
          break;
        case '--trusted-host':
          indexes.push({ url: value, line, role: 'setting', insecure: true, detail: `--trusted-host ${value} (TLS errors ignored for this host)` });
          break;
        case '-e':
        case '--editable':
          if (value === '') throw new ManifestError(`${opt} needs a path or VCS URL`, line);
          dependencies.push(locationDependency(value.split(/\s+/)[0] as string, line, true));
          break;
        default:
          if (!IGNORED_OPTIONS.has(opt)) throw new ManifestError(`Unknown pip option "${opt}"`, line);
      }
      continue;
    }
    // Per-requirement options (--hash=..., --config-settings=...) follow the requirement.
    const optionAt = l.search(/\s--[A-Za-z]/);
    const reqText = (optionAt < 0 ? l : l.slice(0, optionAt)).trim();
    const named = isNamedUrl(reqText);
    if (!named && (/^(\.{0,2}\/|[A-Za-z]:\\|~\/)/.test(reqText) || VCS.test(reqText) || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(reqText) || /\.(whl|tar\.gz|zip)$/.test(reqText))) {
      dependencies.push(locationDependency(reqText, line, false));
      continue;
    }
    const r = parsePep508(reqText);
    if (isPep508Error(r)) throw new ManifestError(`Invalid requirement: ${r.error}`, line);
    if (r.url !== null) {
      const dep = locationDependency(r.url, line, false);
      dependencies.push({ ...dep, name: r.name });
    } else {
      dependencies.push({
        name: r.name,
        requested: r.specifier === '' ? null : r.specifier,
        group: 'production',
        section: 'requirements',
        source: 'registry',
        line,
        versionSyntax: 'pep440',
      });
    }
  }
  const project = { kind: 'application' as const, reason: 'a requirements file lists an environment to install, not a package to publish', name: null };
  return { format: 'requirements.txt', ecosystem: 'pypi', dependencies, indexes, project };
}
