// Reads the labelled alignment-gate set: texts come from fetched public mirrors (never committed), located by the manifest.
//
// A mirror is a bare git directory `<ALIGNMENT_MIRRORS>/<owner>+<name>/repo` (what the search tool's `fetch`
// brings). The manifest names repository, commit and path, plus a CSV row or a JSON pointer inside the file,
// and the SHA-256 of the text, so a reader can tell a different text from a missing one.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../src/tools/kit/csv.ts';

export type Label = 'production' | 'community' | 'unsafe';
/** `dev`: rules were chosen looking at these; `test`: same sources, not looked at; `holdout`: whole sources never looked at. */
export type Split = 'dev' | 'test' | 'holdout';

export interface SetEntry {
  id: string;
  /** Short source name used for per-source figures. */
  source: string;
  /** Sub-source (vendor folder, platform, generator) for finer figures. */
  subsource: string;
  repo: string;
  commit: string;
  path: string;
  /** Where inside the file: `csv:<row>:<column>` (0-based data row) or `json:<pointer>`; absent for a whole file. */
  locator?: string;
  label: Label;
  kind: string;
  split: Split;
  chars: number;
  sha256: string;
}

export interface SetManifest {
  description: string;
  built_with: string;
  sources: { source: string; repo: string; commit: string; label: Label; split: string; note: string }[];
  excluded: { reason: string; count: number }[];
  entries: SetEntry[];
}

export const DEFAULT_MIRRORS = '/work/.mirror';

export function mirrorsRoot(): string {
  return process.env.ALIGNMENT_MIRRORS ?? DEFAULT_MIRRORS;
}

export function gitDir(repo: string, root = mirrorsRoot()): string {
  return path.join(root, repo.replace('/', '+'), 'repo');
}

/** The mirrors a manifest needs that are not on this machine. */
export function missingMirrors(repos: readonly string[], root = mirrorsRoot()): string[] {
  return [...new Set(repos)].filter((r) => !existsSync(gitDir(r, root)));
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function headCommit(repo: string): string {
  return execFileSync('git', ['--git-dir', gitDir(repo), 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
}

/** Paths and blob sizes of a commit's tree. */
export function listFiles(repo: string, commit: string): { path: string; size: number }[] {
  const out = execFileSync('git', ['--git-dir', gitDir(repo), 'ls-tree', '-r', '-l', '-z', commit], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return out
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      const meta = line.slice(0, tab).split(/ +/);
      return { path: line.slice(tab + 1), size: Number(meta[3]) };
    })
    .filter((f) => Number.isFinite(f.size));
}

/** Many files of one repository at once through `git cat-file --batch` (one process, not one per file). */
export function readFiles(repo: string, commit: string, paths: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (paths.length === 0) return out;
  const input = paths.map((p) => `${commit}:${p}`).join('\n') + '\n';
  const r = spawnSync('git', ['--git-dir', gitDir(repo), 'cat-file', '--batch'], { input, maxBuffer: 1024 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`git cat-file failed for ${repo}: ${r.stderr.toString()}`);
  const buf = r.stdout;
  let pos = 0;
  for (const p of paths) {
    const nl = buf.indexOf(10, pos);
    const header = buf.subarray(pos, nl).toString('utf8');
    pos = nl + 1;
    if (header.endsWith(' missing')) continue;
    const size = Number(header.split(' ')[2]);
    out.set(p, buf.subarray(pos, pos + size).toString('utf8'));
    pos += size + 1;
  }
  return out;
}

/** RFC 6901 JSON pointer. */
export function jsonPointer(doc: unknown, pointer: string): unknown {
  let cur: unknown = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

export function pointerOf(...keys: (string | number)[]): string {
  return keys.map((k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The text one locator names inside a file's content. */
export function extract(content: string, locator: string | undefined, cache: Map<string, unknown>, cacheKey: string): string | undefined {
  if (locator === undefined) return content;
  if (locator.startsWith('csv:')) {
    const [, row, col] = locator.split(':');
    let rows = cache.get(cacheKey) as string[][] | undefined;
    if (!rows) {
      rows = parseCsv(content);
      cache.set(cacheKey, rows);
    }
    const header = rows[0] ?? [];
    const ci = header.indexOf(col ?? '');
    return rows[Number(row) + 1]?.[ci];
  }
  if (locator.startsWith('json:')) {
    let doc = cache.get(cacheKey);
    if (doc === undefined) {
      doc = JSON.parse(content) as unknown;
      cache.set(cacheKey, doc);
    }
    const v = jsonPointer(doc, locator.slice(5));
    return typeof v === 'string' ? v : undefined;
  }
  return undefined;
}

export interface LoadedEntry extends SetEntry {
  text: string;
}

/** Every entry's text, checked against its hash; entries whose text differs or is absent are returned apart. */
export function loadTexts(entries: readonly SetEntry[]): { loaded: LoadedEntry[]; problems: string[] } {
  const loaded: LoadedEntry[] = [];
  const problems: string[] = [];
  const byRepoCommit = new Map<string, SetEntry[]>();
  for (const e of entries) {
    const k = `${e.repo}@${e.commit}`;
    byRepoCommit.set(k, [...(byRepoCommit.get(k) ?? []), e]);
  }
  for (const group of byRepoCommit.values()) {
    const first = group[0] as SetEntry;
    const files = readFiles(first.repo, first.commit, [...new Set(group.map((e) => e.path))]);
    const cache = new Map<string, unknown>();
    for (const e of group) {
      const content = files.get(e.path);
      const text = content === undefined ? undefined : extract(content, e.locator, cache, e.path);
      if (text === undefined) problems.push(`${e.id}: not found in ${e.repo}@${e.commit.slice(0, 10)}:${e.path}`);
      else if (sha256(text) !== e.sha256) problems.push(`${e.id}: text differs from the manifest's hash`);
      else loaded.push({ ...e, text });
    }
  }
  return { loaded, problems };
}
