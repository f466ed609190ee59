// TOML plumbing for pyproject.toml, Pipfile and Cargo.toml: parse with smol-toml, map errors, locate keys by line.
import { parse, TomlError } from 'smol-toml';
import { ManifestError } from '../model.ts';
import { Lines } from '../text.ts';

export type TomlTable = Record<string, unknown>;

/** Longest TOML line and deepest dotted key read; real manifests stay far below both. */
const MAX_TOML_LINE = 65_536;
const MAX_KEY_PARTS = 128;

/**
 * Shapes smol-toml spends super-linear time or stack on (a megabyte-long line, a key of 500,000 dotted parts)
 * are refused first, by one pass over the text.
 */
function precheck(text: string): void {
  let line = 1;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end - start > MAX_TOML_LINE) throw new ManifestError(`Invalid TOML: line longer than ${MAX_TOML_LINE} characters`, line);
    let dots = 0;
    for (let i = start; i < end; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 61 /* = */ || ch === 34 /* " */ || ch === 39 /* ' */ || ch === 35 /* # */) break;
      if (ch === 46 /* . */ && ++dots > MAX_KEY_PARTS) throw new ManifestError(`Invalid TOML: key of more than ${MAX_KEY_PARTS} dotted parts`, line);
    }
    start = end + 1;
    line++;
  }
}

export function parseToml(text: string): TomlTable {
  precheck(text);
  try {
    return parse(text) as TomlTable;
  } catch (err) {
    // smol-toml recurses into nested arrays and inline tables; absurd nesting overflows the stack.
    if (err instanceof RangeError) throw new ManifestError('Invalid TOML: nesting too deep', 1);
    if (err instanceof TomlError) {
      // smol-toml's message repeats the offending line with a caret; the first line is the diagnosis.
      const first = (err.message.split('\n')[0] ?? '').replace(/^Invalid TOML document:\s*/, '');
      throw new ManifestError(`Invalid TOML: ${first || 'syntax error'}`, err.line, err.column);
    }
    throw err;
  }
}

export function isTable(v: unknown): v is TomlTable {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);
}

/** Split a TOML dotted key (`target.'cfg(unix)'.dependencies`) into its parts. Linear scan, no regex. */
function splitDottedKey(key: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let quote: string | null = null;
  for (let i = 0; i < key.length; i++) {
    const ch = key[i] as string;
    if (quote) {
      if (ch === '\\' && quote === '"' && i + 1 < key.length) {
        cur += key[i + 1];
        i++;
      } else if (ch === quote) quote = null;
      else cur += ch;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '.') {
      parts.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  parts.push(cur.trim());
  return parts;
}

/** The key assigned at the start of a line (`name =`, `"name" =`, `name.sub =`), or null. */
function leadingKey(line: string): string | null {
  const m = /^\s*(?:"([^"]*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*[=.]/.exec(line);
  if (!m) return null;
  return (m[1] ?? m[2] ?? m[3]) as string;
}

/**
 * Finds the line of table headers and of keys inside them, for findings that point at a line. Everything is
 * indexed once at construction so that lookups stay constant-time on manifests with thousands of entries.
 */
export class TomlLocator {
  readonly lines: Lines;
  private readonly headers = new Map<string, number>();
  /** header path (joined with NUL) -> key -> first line assigning it inside that table */
  private readonly keys = new Map<string, Map<string, number>>();
  /** key -> first line assigning it anywhere (dotted keys from a parent table) */
  private readonly anyKey = new Map<string, number>();
  /** Per table: where the last literal found ended (line, column), so repeated names resolve to later items. */
  private readonly cursors = new Map<string, { line: number; col: number }>();

  constructor(text: string) {
    this.lines = new Lines(text);
    let current = '';
    this.keys.set(current, new Map());
    this.lines.lines.forEach((raw, i) => {
      const line = i + 1;
      const m = raw.length <= 4096 ? /^\s*\[\[?([^[\]]*)\]\]?\s*(?:#.*)?$/.exec(raw) : null;
      if (m && (m[1] as string).trim() !== '') {
        current = splitDottedKey((m[1] as string).trim()).join('\u0000');
        if (!this.headers.has(current)) this.headers.set(current, line);
        if (!this.keys.has(current)) this.keys.set(current, new Map());
        return;
      }
      const k = leadingKey(raw);
      if (k === null) return;
      const table = this.keys.get(current) as Map<string, number>;
      if (!table.has(k)) table.set(k, line);
      if (!this.anyKey.has(k)) this.anyKey.set(k, line);
    });
  }

  /** Line of the first header whose path equals `path`, or null. */
  header(path: readonly string[]): number | null {
    return this.headers.get(path.join('\u0000')) ?? null;
  }

  /** Line where `key` is assigned inside the table `path`, as a `[path.key]` sub-table, or dotted; else null. */
  key(path: readonly string[], key: string): number | null {
    return this.keys.get(path.join('\u0000'))?.get(key) ?? this.header([...path, key]) ?? this.anyKey.get(key) ?? null;
  }

  /**
   * Line of the next quoted occurrence of `literal` after the header of `path` and after `notBefore` (array
   * items appear in order, so each search resumes just after where the previous one for the same table ended:
   * `pytest` in a second dependency group is not the first group's line).
   */
  literal(path: readonly string[], literal: string, notBefore: number | null = null): number | null {
    const id = path.join('\u0000');
    const start = Math.max(this.header(path) ?? 1, notBefore ?? 1);
    const cur = this.cursors.get(id);
    let from = cur && cur.line >= start ? cur : { line: start, col: 0 };
    const needles = [`"${literal}"`, `'${literal}'`];
    for (let pass = 0; pass < 2; pass++) {
      for (let n = from.line; n <= this.lines.count; n++) {
        const text = this.lines.lines[n - 1] as string;
        const col = n === from.line ? from.col : 0;
        for (const needle of needles) {
          const at = text.indexOf(needle, col);
          if (at >= 0) {
            this.cursors.set(id, { line: n, col: at + needle.length });
            return n;
          }
        }
      }
      from = { line: 1, col: 0 };
    }
    return null;
  }
}
