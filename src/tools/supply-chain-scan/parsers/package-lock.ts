// package-lock.json / npm-shrinkwrap.json: the v2/v3 `packages` map, and the v1 nested `dependencies` tree.
import type { LockedPackage, ParsedLock } from '../model.ts';
import { emptyPackage } from '../model.ts';
import { applyNpmSpec, invalid, isRecord, lineAt, str } from './common.ts';

/** v1 trees nest one level per node_modules folder; real ones stay far below this. */
const MAX_V1_DEPTH = 200;

function jsonErrorLine(text: string, err: unknown): number | null {
  const msg = err instanceof Error ? err.message : '';
  const lc = /line (\d+) column \d+/.exec(msg);
  if (lc?.[1]) return Number(lc[1]);
  const pos = /position (\d+)/.exec(msg);
  if (pos?.[1]) return lineAt(text, Number(pos[1]));
  if (/end of JSON input/i.test(msg)) return lineAt(text, text.length);
  return null;
}

/** Name of the package installed at a `node_modules/...` path: the part after the last `node_modules/`. */
function nameFromPath(key: string): string {
  const at = key.lastIndexOf('node_modules/');
  return at >= 0 ? key.slice(at + 'node_modules/'.length) : key;
}

function integrityList(v: unknown): string[] {
  const s = str(v);
  return s ? s.split(/\s+/).filter((t) => t !== '') : [];
}

function fromV2(packages: Record<string, unknown>, out: LockedPackage[]): void {
  for (const [key, raw] of Object.entries(packages)) {
    // "" is the project itself; keys outside node_modules are workspace folders (the project's own code).
    if (key === '' || !key.includes('node_modules/')) continue;
    if (!isRecord(raw)) invalid('package-lock', `packages["${key.slice(0, 200)}"] must be an object.`);
    const name = str(raw.name) ?? nameFromPath(key);
    const version = str(raw.version) ?? '';
    const resolved = str(raw.resolved);
    const pkg = emptyPackage(name, version, null);
    if (raw.link === true) {
      const target = resolved ?? '';
      // A link into the project (a workspace member) is the project's own code, not a dependency.
      if (target !== '' && !target.startsWith('..') && !target.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(target) && isRecord(packages[target])) continue;
      pkg.source = 'link';
      pkg.url = target || null;
      out.push(pkg);
      continue;
    }
    if (resolved) {
      applyNpmSpec(pkg, resolved);
    } else if (version && /^(?:git\+|git:|github:|file:|https?:)/i.test(version)) {
      applyNpmSpec(pkg, version);
    }
    pkg.integrity = integrityList(raw.integrity);
    pkg.installScript = raw.hasInstallScript === true;
    pkg.bundled = raw.inBundle === true;
    out.push(pkg);
  }
}

function fromV1(deps: Record<string, unknown>, out: LockedPackage[]): void {
  const stack: { deps: Record<string, unknown>; depth: number }[] = [{ deps, depth: 0 }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top) break;
    for (const [name, raw] of Object.entries(top.deps)) {
      if (!isRecord(raw)) {
        const hint = typeof raw === 'string' ? ' (a version range: this looks like package.json, not package-lock.json)' : '';
        invalid('package-lock', `dependencies["${name.slice(0, 200)}"] must be an object${hint}.`);
      }
      const version = str(raw.version) ?? '';
      const pkg = emptyPackage(name, version, null);
      const resolved = str(raw.resolved);
      // v1 writes the source into `version` for git, file and URL dependencies.
      const spec = resolved ?? (/^(?:git\+|git:|github:|file:|link:|https?:)/i.test(version) ? version : null);
      if (spec) {
        applyNpmSpec(pkg, spec);
        if (spec === version) pkg.version = '';
      }
      pkg.integrity = integrityList(raw.integrity);
      pkg.bundled = raw.bundled === true;
      out.push(pkg);
      if (isRecord(raw.dependencies)) {
        if (top.depth + 1 > MAX_V1_DEPTH) invalid('package-lock', `dependencies nest deeper than ${MAX_V1_DEPTH} levels.`);
        stack.push({ deps: raw.dependencies, depth: top.depth + 1 });
      }
    }
  }
}

export function parsePackageLock(text: string): ParsedLock {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    invalid('package-lock', `Not valid JSON: ${err instanceof Error ? err.message.slice(0, 200) : 'parse error'}.`, jsonErrorLine(text, err));
  }
  if (!isRecord(doc)) invalid('package-lock', 'A package-lock.json is a JSON object.', 1);
  const version = doc.lockfileVersion;
  if (version !== undefined && (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > 3)) {
    invalid('package-lock', `lockfileVersion must be 1, 2 or 3 (found ${JSON.stringify(version)?.slice(0, 20)}).`);
  }
  const out: LockedPackage[] = [];
  const notes: string[] = [];
  if (doc.packages !== undefined) {
    if (!isRecord(doc.packages)) invalid('package-lock', '"packages" must be an object keyed by install path.');
    fromV2(doc.packages, out);
  } else if (doc.dependencies !== undefined) {
    if (!isRecord(doc.dependencies)) invalid('package-lock', '"dependencies" must be an object keyed by package name.');
    fromV1(doc.dependencies, out);
    notes.push('lockfileVersion 1 records no install scripts (hasInstallScript arrived with v2); regenerate the lockfile with npm 7 or later to see them.');
  } else if (version === undefined) {
    invalid('package-lock', 'Neither "lockfileVersion", "packages" nor "dependencies" found: this is not a package-lock.json.', 1);
  }
  if (out.some((p) => p.source === 'registry' && p.url === null && !p.bundled)) {
    notes.push('Some registry packages carry no "resolved" URL (npm omit-lockfile-registry-resolved), so their registry host cannot be checked.');
  }
  return { format: 'package-lock', formatVersion: typeof version === 'number' ? String(version) : null, packages: out, indexes: [], hashMode: false, notes };
}
