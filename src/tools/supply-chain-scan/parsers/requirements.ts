// requirements.txt as pip reads it (hash-checking mode, options, PEP 508 lines, direct URLs and VCS references).
import type { IndexRef, LockedPackage, ParsedLock } from '../model.ts';
import { emptyPackage } from '../model.ts';
import { logicalLines } from '../../kit/python-requirements/lines.ts';
import { splitVcsUrl } from '../../kit/python-requirements/vcs.ts';
import { hostOf, invalid, isFullCommit, validHost } from './common.ts';
import { stripTrailing } from '../../kit/text.ts';

/** pip's split: the requirement is every token before the first one starting with "-". */
function splitArgsOptions(line: string): { args: string; options: string[] } {
  const tokens = line.split(/[ \t]+/);
  const args: string[] = [];
  let i = 0;
  for (; i < tokens.length; i++) {
    const t = tokens[i] ?? '';
    if (t.startsWith('-')) break;
    args.push(t);
  }
  return { args: args.join(' '), options: tokens.slice(i).filter((t) => t !== '') };
}

const NAME = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/;
const SPEC = /^(===|==|~=|!=|<=|>=|<|>)\s*([A-Za-z0-9_.*+!-]+)$/;
const HASH = /^([a-z0-9]+):([0-9a-f]+)$/i;

/** `name-1.2.3.tar.gz`: the name ends at the first `-` followed by a digit (scanned; the lazy regex backtracks). */
function sdistName(file: string): { name: string; version: string } | null {
  const ext = ['.tar.gz', '.tar.bz2', '.zip'].find((e) => file.endsWith(e));
  if (!ext) return null;
  const stem = file.slice(0, -ext.length);
  for (let i = stem.indexOf('-'); i > 0; i = stem.indexOf('-', i + 1)) {
    const c = stem[i + 1] ?? '';
    if (c < '0' || c > '9') continue;
    const name = stem.slice(0, i);
    const version = stem.slice(i + 1);
    return /^[A-Za-z0-9._-]+$/.test(name) && /^[A-Za-z0-9.!+_-]+$/.test(version) ? { name, version } : null;
  }
  return null;
}

/** Name carried by a URL: `#egg=name`, or a wheel/sdist file name. */
function nameFromUrl(url: string): { name: string; version: string } {
  const egg = /[#&]egg=([A-Za-z0-9._-]+)/.exec(url)?.[1];
  if (egg) return { name: egg, version: '' };
  const file = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const wheel = /^([A-Za-z0-9._]+?)-(\d[^-]*)-.+\.whl$/.exec(file);
  if (wheel?.[1] && wheel[2]) return { name: wheel[1], version: wheel[2] };
  const sdist = sdistName(file);
  if (sdist) return sdist;
  return { name: file || url.slice(0, 100), version: '' };
}

function applyUrl(pkg: LockedPackage, url: string): void {
  const u = url.trim();
  if (/^(?:git|hg|svn|bzr)\+/i.test(u)) {
    pkg.source = 'git';
    pkg.url = u;
    pkg.host = hostOf(u.replace(/^(?:hg|svn|bzr)\+/i, ''));
    const { ref } = splitVcsUrl(u);
    pkg.commit = ref !== null && isFullCommit(ref) ? ref.toLowerCase() : null;
    pkg.pinned = pkg.commit !== null;
    return;
  }
  if (/^file:/i.test(u)) {
    pkg.source = 'file';
    pkg.url = u;
    return;
  }
  if (/^https?:\/\//i.test(u)) {
    pkg.source = 'url';
    pkg.url = u;
    pkg.host = hostOf(u);
    const frag = /#(sha256|sha384|sha512|sha1|md5)=([0-9a-f]+)/i.exec(u);
    if (frag?.[1] && frag[2]) pkg.integrity.push(`${frag[1].toLowerCase()}:${frag[2].toLowerCase()}`);
    return;
  }
  pkg.source = 'path';
  pkg.url = u;
}

function isPathLike(s: string): boolean {
  return /^(?:\.{1,2}[\\/]|\/|~|[A-Za-z]:[\\/])/.test(s) || s === '.' || s === '..';
}

function isUrlLike(s: string): boolean {
  return /^(?:(?:git|hg|svn|bzr)\+[a-z]+:|https?:\/\/|file:)/i.test(s);
}

function parseRequirement(args: string, line: number, editable: boolean): LockedPackage {
  const a = args.trim();
  if (editable || isUrlLike(a) || isPathLike(a)) {
    const semi = a.indexOf(';');
    const target = (semi < 0 ? a : a.slice(0, semi)).trim();
    const { name, version } = isUrlLike(target) ? nameFromUrl(target) : { name: stripTrailing(target, '\\/').split(/[\\/]/).pop() || target, version: '' };
    const pkg = emptyPackage(name, version, line);
    applyUrl(pkg, target);
    if (pkg.source === 'url') pkg.pinned = true;
    if (pkg.source === 'path' || pkg.source === 'file') pkg.pinned = true;
    return pkg;
  }
  const m = NAME.exec(a);
  if (!m?.[1]) invalid('requirements', `Cannot read a requirement from "${a.slice(0, 80)}".`, line);
  const name = m[1];
  let rest = a.slice(name.length).trimStart();
  if (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    if (close < 0) invalid('requirements', `Unclosed extras bracket in "${a.slice(0, 80)}".`, line);
    rest = rest.slice(close + 1).trimStart();
  }
  const semi = rest.indexOf(';');
  const body = (semi >= 0 ? rest.slice(0, semi) : rest).trim();
  const pkg = emptyPackage(name, '', line);
  if (body.startsWith('@')) {
    const url = body.slice(1).trim();
    if (url === '') invalid('requirements', `"${name} @" needs a URL.`, line);
    applyUrl(pkg, url);
    if (pkg.source === 'url' || pkg.source === 'path' || pkg.source === 'file') pkg.pinned = true;
    return pkg;
  }
  if (body === '') {
    pkg.pinned = false;
    return pkg;
  }
  const specs = body.replace(/^\(|\)$/g, '').split(',').map((s) => s.trim());
  const parsed: { op: string; version: string }[] = [];
  for (const s of specs) {
    const sm = SPEC.exec(s);
    if (!sm?.[1] || !sm[2]) invalid('requirements', `Invalid version specifier "${s.slice(0, 60)}" for ${name}.`, line);
    parsed.push({ op: sm[1], version: sm[2] });
  }
  const only = parsed.length === 1 ? parsed[0] : undefined;
  if (only && (only.op === '===' || (only.op === '==' && !only.version.includes('*')))) {
    pkg.version = only.version;
    pkg.pinned = true;
  } else {
    pkg.requested = body;
    pkg.pinned = false;
  }
  return pkg;
}

/** Reads `--opt value`, `--opt=value` pairs from an option token list. */
function optionValues(tokens: string[], names: readonly string[], line: number): { values: string[]; rest: string[] } {
  const values: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? '';
    const eq = t.indexOf('=');
    const flag = eq > 0 && t.startsWith('--') ? t.slice(0, eq) : t;
    if (names.includes(flag)) {
      if (eq > 0 && t.startsWith('--')) values.push(t.slice(eq + 1));
      else {
        const v = tokens[i + 1];
        if (v === undefined || v.startsWith('-')) invalid('requirements', `${flag} needs a value.`, line);
        values.push(v);
        i++;
      }
    } else rest.push(t);
  }
  return { values, rest };
}

const KNOWN_FLAGS = new Set(['--pre', '--prefer-binary', '--no-index', '--require-hashes', '--only-binary', '--no-binary', '--use-feature', '--global-option', '--config-settings', '-Z', '--always-unzip']);

export function parseRequirements(text: string): ParsedLock {
  const packages: LockedPackage[] = [];
  const indexes: IndexRef[] = [];
  const notes: string[] = [];
  let requireHashes = false;
  let sawHashOption = false;
  let includes = 0;
  for (const { text: lineText, line } of logicalLines(text, 'blank')) {
    const { args, options } = splitArgsOptions(lineText);
    if (args === '') {
      // A pure option line.
      const first = options[0] ?? '';
      const flag = first.includes('=') && first.startsWith('--') ? first.slice(0, first.indexOf('=')) : first;
      if (flag === '-e' || flag === '--editable') {
        const { values } = optionValues(options, ['-e', '--editable'], line);
        for (const v of values) packages.push(parseRequirement(v, line, true));
        continue;
      }
      if (flag === '-r' || flag === '--requirement' || flag === '-c' || flag === '--constraint') {
        includes++;
        continue;
      }
      const idx: [readonly string[], IndexRef['kind']][] = [
        [['-i', '--index-url'], 'index-url'],
        [['--extra-index-url'], 'extra-index-url'],
        [['-f', '--find-links'], 'find-links'],
        [['--trusted-host'], 'trusted-host'],
      ];
      let matched = false;
      for (const [names, kind] of idx) {
        if (!names.includes(flag)) continue;
        matched = true;
        for (const v of optionValues(options, names, line).values) {
          indexes.push({ kind, url: v, host: kind === 'trusted-host' ? validHost(v.toLowerCase().replace(/:\d+$/, '')) : hostOf(v), line });
        }
      }
      if (matched) continue;
      if (flag === '--require-hashes') requireHashes = true;
      if (!KNOWN_FLAGS.has(flag)) invalid('requirements', `Unknown option ${flag.slice(0, 40)}.`, line);
      continue;
    }
    const pkg = parseRequirement(args, line, false);
    const { values: hashes, rest } = optionValues(options, ['--hash'], line);
    if (hashes.length > 0) sawHashOption = true;
    for (const h of hashes) {
      if (!HASH.test(h)) invalid('requirements', `Invalid --hash value "${h.slice(0, 80)}" (expected algorithm:hexdigest).`, line);
      pkg.integrity.push(h.toLowerCase());
    }
    for (const r of rest) {
      const flag = r.includes('=') ? r.slice(0, r.indexOf('=')) : r;
      if (!['--global-option', '--config-settings', '--install-option'].includes(flag) && r.startsWith('-')) {
        invalid('requirements', `Unknown per-requirement option ${flag.slice(0, 40)}.`, line);
      }
    }
    packages.push(pkg);
  }
  if (includes > 0) notes.push(`${includes} -r/-c include(s) were not followed: scan those files too.`);
  notes.push('Environment markers are not evaluated: every requirement line is scanned.');
  const hashMode = requireHashes || sawHashOption;
  return { format: 'requirements', formatVersion: null, packages, indexes, hashMode, notes };
}
