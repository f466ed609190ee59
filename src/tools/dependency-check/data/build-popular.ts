// Rebuilds popular-names.json (typosquat targets for PyPI, Go, RubyGems, crates.io) from public checkouts; run with tsx.
//
// Usage:
//   npx tsx src/tools/dependency-check/data/build-popular.ts \
//     --guarddog <dir> --guarddog-commit SHA \
//     (--cargo-lock <file> --cargo-lock-source "rust-lang/cargo@SHA")... | --cargo-from-existing \
//     [--out file]
//
// npm: the npm-high-impact package ships two download/dependent-ranked lists; guarddog adds a third, ranked by
// downloads (8000 names). PyPI, Go and RubyGems come from DataDog/guarddog's
// guarddog/analyzer/metadata/resources/top_*_packages.json (Apache-2.0), which list packages by download rank
// (RubyGems' is not ordered). All of each list is kept: the rank is what the typosquat check compares.
// crates.io has no such list under a licence we can vendor, so crate names are the registry crates locked by
// large MIT/Apache-2.0 Rust projects; --cargo-from-existing keeps the crate list already in the output file.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';

/** Every name of each list is kept (guarddog's lists stop at 15000 PyPI, 8000 npm, about 3000 Go names). */
const KEEP: Readonly<Record<string, number>> = { pypi: 15000, npm: 8000, go: 5000, rubygems: 5000 };

interface Args {
  guarddog: string;
  guarddogCommit: string;
  cargoLocks: { file: string; source: string }[];
  cargoFromExisting: boolean;
  out: string;
}

function parseArgs(argv: string[]): Args {
  const here = path.dirname(fileURLToPath(import.meta.url));
  let guarddog = '';
  let guarddogCommit = '';
  let out = path.join(here, 'popular-names.json');
  const files: string[] = [];
  const sources: string[] = [];
  let cargoFromExisting = false;
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    if (flag === '--cargo-from-existing') {
      cargoFromExisting = true;
      i--;
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`missing value for ${String(flag)}`);
    if (flag === '--guarddog') guarddog = value;
    else if (flag === '--guarddog-commit') guarddogCommit = value;
    else if (flag === '--cargo-lock') files.push(value);
    else if (flag === '--cargo-lock-source') sources.push(value);
    else if (flag === '--out') out = value;
    else throw new Error(`unknown flag ${String(flag)}`);
  }
  if (!guarddog || !/^[0-9a-f]{40}$/.test(guarddogCommit) || (files.length === 0 && !cargoFromExisting) || files.length !== sources.length) {
    throw new Error('usage: build-popular.ts --guarddog DIR --guarddog-commit SHA (--cargo-lock FILE --cargo-lock-source OWNER/REPO@SHA [...] | --cargo-from-existing) [--out FILE]');
  }
  return { guarddog, guarddogCommit, cargoLocks: files.map((file, i) => ({ file, source: sources[i] as string })), cargoFromExisting, out };
}

function guarddogList(dir: string, eco: string): string[] {
  const file = path.join(dir, 'guarddog', 'analyzer', 'metadata', 'resources', `top_${eco}_packages.json`);
  const data = JSON.parse(readFileSync(file, 'utf8')) as { packages?: unknown };
  if (!Array.isArray(data.packages)) throw new Error(`${file}: no packages array`);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of data.packages) {
    if (typeof p !== 'string' || p.length === 0 || seen.has(p)) continue;
    seen.add(p);
    out.push(p);
  }
  return out.slice(0, KEEP[eco]);
}

function lockedCrates(file: string): string[] {
  const lock = parseToml(readFileSync(file, 'utf8')) as { package?: { name?: unknown; source?: unknown }[] };
  return (lock.package ?? [])
    .filter((p) => typeof p.name === 'string' && typeof p.source === 'string' && p.source.startsWith('registry+'))
    .map((p) => p.name as string);
}

const args = parseArgs(process.argv.slice(2));
const crates = [...new Set(args.cargoLocks.flatMap((l) => lockedCrates(l.file)))].sort();
const existingCargo = args.cargoFromExisting ? (JSON.parse(readFileSync(args.out, 'utf8')) as { ecosystems: { cargo: { names: string[] } & Record<string, unknown> } }).ecosystems.cargo : null;
const guarddogSource = {
  repository: 'https://github.com/DataDog/guarddog',
  commit: args.guarddogCommit,
  licence: 'Apache-2.0',
  copyright: 'Copyright 2022-present Datadog, Inc. NOTICE: This product includes software developed at Datadog (https://www.datadoghq.com/).',
};
const out = {
  generated_by: 'src/tools/dependency-check/data/build-popular.ts',
  ecosystems: {
    npm: { ...guarddogSource, file: 'guarddog/analyzer/metadata/resources/top_npm_packages.json', ranked: true, names: guarddogList(args.guarddog, 'npm') },
    pypi: { ...guarddogSource, file: 'guarddog/analyzer/metadata/resources/top_pypi_packages.json', ranked: true, names: guarddogList(args.guarddog, 'pypi') },
    go: { ...guarddogSource, file: 'guarddog/analyzer/metadata/resources/top_go_packages.json', ranked: true, names: guarddogList(args.guarddog, 'go') },
    rubygems: { ...guarddogSource, file: 'guarddog/analyzer/metadata/resources/top_rubygems_packages.json', ranked: false, names: guarddogList(args.guarddog, 'rubygems') },
    cargo: existingCargo ?? {
      repository: args.cargoLocks.map((l) => `https://github.com/${l.source}`).join(' + '),
      commit: args.cargoLocks.map((l) => l.source.split('@')[1] ?? '').join(' + '),
      licence: 'MIT OR Apache-2.0',
      copyright: 'The Rust Project Developers',
      file: 'Cargo.lock (registry crates only)',
      ranked: false,
      names: crates,
    },
  },
};
writeFileSync(args.out, `${JSON.stringify(out)}\n`);
console.log(
  `wrote ${args.out}: ${Object.entries(out.ecosystems)
    .map(([k, v]) => `${k} ${v.names.length}`)
    .join(', ')}`,
);
