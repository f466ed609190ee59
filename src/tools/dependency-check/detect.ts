// Which manifest format a text is: from the file name, else from the ecosystem plus content, else from content.
import type { Ecosystem, Format } from './model.ts';
import { parseRequirements } from './parsers/requirements.ts';
import { FORMAT_ECOSYSTEM } from './model.ts';

export type Detection = { format: Format; how: 'filename' | 'ecosystem' | 'content' } | { error: 'filename_unsupported' | 'format_undetected' | 'ecosystem_mismatch'; message: string };

/** File name (any directory part dropped) to format. */
export function formatFromFilename(filename: string): Format | null {
  const base = (filename.split(/[\\/]/).pop() ?? '').trim();
  const lower = base.toLowerCase();
  if (lower === 'package.json') return 'package.json';
  if (lower === 'pyproject.toml') return 'pyproject.toml';
  if (lower === 'pipfile') return 'Pipfile';
  if (lower === 'go.mod') return 'go.mod';
  if (lower === 'cargo.toml') return 'Cargo.toml';
  if (lower === 'gemfile' || lower === 'gems.rb') return 'Gemfile';
  // requirements.txt, requirements-dev.txt, requirements/prod.txt, constraints.txt, requirements.in
  if (/\.(txt|in)$/.test(lower) && (/requirement|constraint/.test(lower) || /requirements[\\/]/.test(filename.toLowerCase()))) return 'requirements.txt';
  if (lower.endsWith('.txt')) return 'requirements.txt';
  return null;
}

function tomlHeaders(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    if (!l.startsWith('[') || !l.endsWith(']')) continue;
    const inner = l.replace(/^\[\[?/, '').replace(/\]\]?$/, '').trim();
    if (/^[A-Za-z0-9_.'" -]+$/.test(inner)) out.push(inner.replace(/["']/g, ''));
  }
  return out;
}

function parsesAsRequirements(text: string): boolean {
  try {
    return parseRequirements(text).dependencies.length > 0;
  } catch {
    return false;
  }
}

/** Lines longer than this make content sniffing give up rather than scan them. */
const SNIFF_MAX_LINE = 1000;

/** Best guess from content alone; null when nothing is conclusive. */
export function sniffFormat(text: string, only?: Ecosystem): Format | null {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  const candidates: Format[] = [];
  if (t.startsWith('{')) candidates.push('package.json');
  const lines = t
    .split('\n', 2000)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('//'));
  if (lines.some((l) => l.length > SNIFF_MAX_LINE)) return t.startsWith('{') && (!only || only === 'npm') ? 'package.json' : null;
  if (lines.some((l) => /^module\s+\S+$/.test(l)) && lines.every((l) => /^(module|go|toolchain|godebug|require|exclude|replace|retract|tool|ignore)\b|^\)$|^[\w.~/+-]+\s+v\d|^[\w.~/+-]+(\s+v\S+)?\s+=>/.test(l))) candidates.push('go.mod');
  const headers = tomlHeaders(lines);
  if (headers.some((h) => h === 'package' || h === 'workspace' || /^target\./.test(h) || h === 'dev-dependencies' || h === 'build-dependencies')) candidates.push('Cargo.toml');
  else if (headers.some((h) => h === 'project' || h.startsWith('tool.') || h === 'build-system' || h === 'dependency-groups')) candidates.push('pyproject.toml');
  else if (headers.some((h) => h === 'packages' || h === 'dev-packages' || h === 'source' || h === 'requires')) candidates.push('Pipfile');
  if (lines.some((l) => /^(gem|source|gemspec|group|ruby)\b[\s(]/.test(l)) && lines.some((l) => /^(gem|gemspec)\b/.test(l))) candidates.push('Gemfile');
  // requirements.txt has no marker of its own: it is one if pip's grammar accepts every line.
  if (candidates.length === 0 && lines.length > 0 && parsesAsRequirements(t)) candidates.push('requirements.txt');
  const filtered = only ? candidates.filter((f) => FORMAT_ECOSYSTEM[f] === only) : candidates;
  return filtered.length === 1 ? (filtered[0] as Format) : null;
}

export function detectFormat(text: string, filename: string | undefined, ecosystem: Ecosystem | undefined): Detection {
  if (filename !== undefined) {
    const f = formatFromFilename(filename);
    if (f === null) {
      return {
        error: 'filename_unsupported',
        message: `"${filename.slice(0, 100)}" is not a supported manifest name (package.json, requirements*.txt, pyproject.toml, Pipfile, go.mod, Cargo.toml, Gemfile).`,
      };
    }
    if (ecosystem !== undefined && FORMAT_ECOSYSTEM[f] !== ecosystem) {
      return { error: 'ecosystem_mismatch', message: `${f} belongs to ${FORMAT_ECOSYSTEM[f]}, not ${ecosystem}.` };
    }
    return { format: f, how: 'filename' };
  }
  if (ecosystem !== undefined) {
    const single: Partial<Record<Ecosystem, Format>> = { npm: 'package.json', go: 'go.mod', cargo: 'Cargo.toml', rubygems: 'Gemfile' };
    const f = single[ecosystem] ?? sniffFormat(text, 'pypi') ?? 'requirements.txt';
    return { format: f, how: 'ecosystem' };
  }
  const f = sniffFormat(text);
  if (f === null) {
    return { error: 'format_undetected', message: 'The manifest format could not be told from its content; pass filename (e.g. "pyproject.toml") or ecosystem.' };
  }
  return { format: f, how: 'content' };
}
