// go.sum: "<module> <version>[/go.mod] <algorithm>:<hash>" lines; a module counts when its code (zip) is hashed.
import type { LockedPackage, ParsedLock } from '../model.ts';
import { emptyPackage } from '../model.ts';
import { invalid, splitLines } from './common.ts';

/** Go module versions are canonical semver with a leading v (plus +incompatible); anything else is not go.sum. */
const VERSION = /^v\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+incompatible)?$/;
const HASH = /^[a-z0-9]+:[A-Za-z0-9+/]+=*$/;

export function parseGoSum(text: string): ParsedLock {
  const modules = new Map<string, LockedPackage>();
  const goModOnly = new Map<string, number>();
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] ?? '').trim();
    const lineNo = i + 1;
    if (raw === '') continue;
    const fields = raw.split(/[ \t]+/);
    if (fields.length !== 3) invalid('go-sum', `Expected "<module> <version> <hash>", found ${fields.length} field(s).`, lineNo);
    const [mod, ver, hash] = fields as [string, string, string];
    const isGoMod = ver.endsWith('/go.mod');
    const version = isGoMod ? ver.slice(0, -'/go.mod'.length) : ver;
    if (!VERSION.test(version)) invalid('go-sum', `"${version.slice(0, 80)}" is not a Go module version.`, lineNo);
    if (!HASH.test(hash)) invalid('go-sum', `"${hash.slice(0, 80)}" is not a go.sum hash (algorithm:base64).`, lineNo);
    if (/[\s"'`\\]/.test(mod) || mod.length > 500 || mod.startsWith('/') || mod.startsWith('.')) invalid('go-sum', `"${mod.slice(0, 80)}" is not a module path.`, lineNo);
    const key = `${mod}@${version}`;
    if (isGoMod) {
      if (!goModOnly.has(key)) goModOnly.set(key, lineNo);
      continue;
    }
    const existing = modules.get(key);
    if (existing) {
      if (!existing.integrity.includes(hash)) existing.integrity.push(hash);
      continue;
    }
    const pkg = emptyPackage(mod, version, lineNo);
    pkg.integrity = [hash];
    modules.set(key, pkg);
  }
  let graphOnly = 0;
  for (const key of goModOnly.keys()) if (!modules.has(key)) graphOnly++;
  const notes = [
    'go.sum does not show replace directives, the GOPROXY that served the modules, or GONOSUMDB/GOPRIVATE exemptions: read go.mod and the environment for those.',
    'Modules replaced by a local directory have no go.sum lines and are not seen here.',
  ];
  if (graphOnly > 0) notes.push(`${graphOnly} module version(s) appear only with a /go.mod hash (needed for the module graph, code not downloaded) and are not counted.`);
  return { format: 'go-sum', formatVersion: null, packages: [...modules.values()], indexes: [], hashMode: false, notes };
}
