// Rebuilds the vendored popular-name lists (typosquat targets for PyPI, Go and crates.io); run with tsx.
//
//   npx tsx src/tools/supply-chain-scan/data/build-popular.ts \
//     --guarddog <checkout of DataDog/guarddog> --guarddog-commit <sha> \
//     --cargo-lock <Cargo.lock> --cargo-lock-source <owner/repo@sha> [--cargo-lock ... --cargo-lock-source ...]
//
// npm needs nothing here: the npm-high-impact package ships its ranked list. PyPI and Go come from guarddog's
// resources (Apache-2.0; ranked by downloads). crates.io publishes no ranked list under a licence we can vendor,
// so crate names are the crates.io packages locked by large MIT/Apache-2.0 Rust projects.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';

interface Args {
  guarddog: string;
  guarddogCommit: string;
  locks: { file: string; source: string }[];
}

function parseArgs(argv: readonly string[]): Args {
  let guarddog = '';
  let guarddogCommit = '';
  const files: string[] = [];
  const sources: string[] = [];
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`missing value after ${String(flag)}`);
    if (flag === '--guarddog') guarddog = value;
    else if (flag === '--guarddog-commit') guarddogCommit = value;
    else if (flag === '--cargo-lock') files.push(value);
    else if (flag === '--cargo-lock-source') sources.push(value);
    else throw new Error(`unknown flag ${String(flag)}`);
  }
  if (!guarddog || !/^[0-9a-f]{40}$/.test(guarddogCommit) || files.length === 0 || files.length !== sources.length) {
    throw new Error('usage: build-popular.ts --guarddog DIR --guarddog-commit SHA (--cargo-lock FILE --cargo-lock-source OWNER/REPO@SHA)...');
  }
  return { guarddog, guarddogCommit, locks: files.map((file, i) => ({ file, source: sources[i] ?? '' })) };
}

function guarddogList(dir: string, eco: 'pypi' | 'go'): { names: string[]; downloaded: number } {
  const file = path.join(dir, 'guarddog', 'analyzer', 'metadata', 'resources', `top_${eco}_packages.json`);
  const data = JSON.parse(readFileSync(file, 'utf8')) as { packages?: unknown; downloaded_timestamp?: unknown };
  if (!Array.isArray(data.packages)) throw new Error(`${file}: no packages array`);
  const seen = new Set<string>();
  const names: string[] = [];
  for (const p of data.packages) {
    if (typeof p !== 'string' || p === '' || seen.has(p)) continue;
    seen.add(p);
    names.push(p);
  }
  return { names, downloaded: typeof data.downloaded_timestamp === 'number' ? data.downloaded_timestamp : 0 };
}

function crateNames(locks: Args['locks']): string[] {
  const names = new Set<string>();
  for (const { file } of locks) {
    const doc = parseToml(readFileSync(file, 'utf8')) as { package?: { name?: unknown; source?: unknown }[] };
    for (const p of doc.package ?? []) {
      if (typeof p.name === 'string' && typeof p.source === 'string' && /^(registry|sparse)\+https:\/\/(github\.com\/rust-lang\/crates\.io-index|index\.crates\.io\/)/.test(p.source)) {
        names.add(p.name);
      }
    }
  }
  return [...names].sort();
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const here = path.dirname(fileURLToPath(import.meta.url));
  const write = (file: string, body: object): void => writeFileSync(path.join(here, file), `${JSON.stringify(body, null, 0).replace(/","/g, '",\n"')}\n`);
  for (const eco of ['pypi', 'go'] as const) {
    const { names, downloaded } = guarddogList(args.guarddog, eco);
    write(`popular-${eco}.json`, {
      source: `DataDog/guarddog@${args.guarddogCommit}:guarddog/analyzer/metadata/resources/top_${eco}_packages.json`,
      licence: 'Apache-2.0 (Copyright Datadog, Inc.; see LICENSE-guarddog and NOTICE-guarddog)',
      downloaded_at: new Date(downloaded * 1000).toISOString().slice(0, 10),
      order: 'most downloaded first',
      names,
    });
  }
  write('popular-crates.json', {
    source: args.locks.map((l) => `${l.source}:Cargo.lock`).join(', '),
    licence: 'crate names only (facts), taken from lockfiles of MIT/Apache-2.0 projects',
    order: 'alphabetical (no ranking)',
    names: crateNames(args.locks),
  });
}

main();
