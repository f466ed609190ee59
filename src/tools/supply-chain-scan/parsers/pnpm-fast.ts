// The fast read of a pnpm-lock.yaml: js-yaml, the YAML library pnpm itself reads and writes its lockfile with,
// loads a 1 MB lockfile in about a tenth of the time the `yaml` library's document model takes (about 45 ms
// instead of 450 ms on this machine). The `yaml` path (pnpm-lock.ts) remains the reference: this read is taken
// only when its answer is certainly the same, and gives up (undefined) otherwise:
// - one document without markers (no `---`/`...` line), no tabs, and no anchor, alias, tag or merge key, where the
//   two libraries could differ;
// - js-yaml loads it without an error (an error's message and line come from the `yaml` path);
// - the line of every key under `packages:` is found by a scan of the text, and the scan finds no other key.
// test/pnpm-fast.test.ts compares both reads on every fixture and on years of a real project's lockfile history.
import { FAILSAFE_SCHEMA, load } from 'js-yaml';
import { isRecord } from './common.ts';

/** A document read: its root as JavaScript, and the line of each key under `packages`. */
export interface PnpmDoc {
  root: unknown;
  lines: Map<string, number>;
}

/** Anchors, aliases, tags and merge keys at a token start, document markers, tabs, lone CRs: left to `yaml`. */
const UNSURE = /(?:^|[\s,[{])[&*!]|<<|^(?:---|\.\.\.)(?:\s|$)|\t|\r(?!\n)/m;

/** The key of a mapping line at the children's indentation, or undefined when it is not a plain one-line key. */
function keyOf(line: string, indent: number): string | undefined {
  const rest = line.slice(indent);
  if (rest.startsWith("'")) {
    let i = 1;
    let key = '';
    for (;;) {
      const q = rest.indexOf("'", i);
      if (q < 0) return undefined;
      key += rest.slice(i, q);
      if (rest[q + 1] === "'") {
        key += "'";
        i = q + 2;
      } else {
        return rest[q + 1] === ':' ? key : undefined;
      }
    }
  }
  if (rest.startsWith('"')) {
    const end = rest.indexOf('":');
    if (end < 0) return undefined;
    try {
      const key: unknown = JSON.parse(rest.slice(0, end + 1));
      return typeof key === 'string' ? key : undefined;
    } catch {
      return undefined;
    }
  }
  if (rest.startsWith('?') || rest.startsWith('-') || rest.startsWith('#')) return undefined;
  const colon = rest.search(/:(?: |$)/);
  return colon > 0 ? rest.slice(0, colon).trimEnd() : undefined;
}

/** key -> 1-based line of each child of the top-level `packages:` mapping, or undefined when unsure. */
function packageLines(text: string): Map<string, number> | undefined {
  const lines = text.split(/\r?\n/);
  const lineMap = new Map<string, number>();
  const start = lines.findIndex((l) => /^packages:[ ]*(?:#.*)?$/.test(l));
  if (start < 0) return lineMap;
  let indent = -1;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    const trimmed = line.trimStart();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const lead = line.length - trimmed.length;
    if (lead === 0) break; // the next top-level key
    if (indent < 0) indent = lead;
    if (lead < indent) return undefined;
    if (lead > indent) continue;
    const key = keyOf(line, indent);
    if (key === undefined) return undefined;
    lineMap.set(key, i + 1);
  }
  return lineMap;
}

/** The lockfile's one document with its package lines, or undefined when only the `yaml` path can be sure. */
export function fastPnpmRead(text: string): PnpmDoc[] | undefined {
  if (UNSURE.test(text)) return undefined;
  let root: unknown;
  try {
    root = load(text, { schema: FAILSAFE_SCHEMA, json: true });
  } catch {
    return undefined;
  }
  const packages = isRecord(root) ? root.packages : undefined;
  if (!isRecord(packages)) return [{ root, lines: new Map() }];
  const lines = packageLines(text);
  if (lines === undefined || lines.size !== Object.keys(packages).length) return undefined;
  for (const key of Object.keys(packages)) if (!lines.has(key)) return undefined;
  return [{ root, lines }];
}
