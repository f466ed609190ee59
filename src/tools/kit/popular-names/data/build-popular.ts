// Rebuilds popular-names.json (the popular-name lists typosquat checks compare against) from public checkouts; run with tsx.
//
// Usage:
//   npx tsx src/tools/kit/popular-names/data/build-popular.ts \
//     --guarddog <DataDog/guarddog checkout> --guarddog-commit SHA \
//     (--cargo-list cargo|cargo_uv_deno --cargo-lock <Cargo.lock> --cargo-lock-source OWNER/REPO@SHA)... | --cargo-from-existing \
//     [--out file]
//
// npm, PyPI, Go and RubyGems come from guarddog's guarddog/analyzer/metadata/resources/top_*_packages.json
// (Apache-2.0; see LICENSE-guarddog and NOTICE-guarddog), which list packages by download rank (RubyGems' is not
// ordered). All of each list is kept: the rank is what the typosquat checks compare. The npm-high-impact package
// ships two more npm lists (downloads, dependents) and is read at run time, not vendored here.
// crates.io publishes no ranked list under a licence we can vendor, so crate names are the crates.io packages
// locked by large MIT/Apache-2.0 Rust projects: two such lists are kept (`cargo`: rust-lang/cargo and
// rust-lang/crates.io; `cargo_uv_deno`: rust-lang/cargo, astral-sh/uv and denoland/deno), one per tool that
// reads crates, so that neither tool's answers change. --cargo-from-existing keeps both from the output file.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';

/** The most names kept per guarddog list (its lists stop at about 15000 PyPI, 8000 npm and 3000 Go names). */
const KEEP: Readonly<Record<string, number>> = { pypi: 15000, npm: 8000, go: 5000, rubygems: 5000 };

const CARGO_LISTS = ['cargo', 'cargo_uv_deno'] as const;
type CargoList = (typeof CARGO_LISTS)[number];

interface Args {
  guarddog: string;
  guarddogCommit: string;
  cargoLocks: { list: CargoList; file: string; source: string }[];
  cargoFromExisting: boolean;
  out: string;
}

const USAGE =
  'usage: build-popular.ts --guarddog DIR --guarddog-commit SHA ' +
  '(--cargo-list cargo|cargo_uv_deno --cargo-lock FILE --cargo-lock-source OWNER/REPO@SHA [...] | --cargo-from-existing) [--out FILE]';

function parseArgs(argv: readonly string[]): Args {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const args: Args = { guarddog: '', guarddogCommit: '', cargoLocks: [], cargoFromExisting: false, out: path.join(here, 'popular-names.json') };
  let list: CargoList | null = null;
  let file: string | null = null;
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    if (flag === '--cargo-from-existing') {
      args.cargoFromExisting = true;
      i--;
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`missing value for ${String(flag)}`);
    if (flag === '--guarddog') args.guarddog = value;
    else if (flag === '--guarddog-commit') args.guarddogCommit = value;
    else if (flag === '--cargo-list') list = CARGO_LISTS.find((l) => l === value) ?? null;
    else if (flag === '--cargo-lock') file = value;
    else if (flag === '--cargo-lock-source') {
      if (list === null || file === null) throw new Error(USAGE);
      args.cargoLocks.push({ list, file, source: value });
      file = null;
    } else if (flag === '--out') args.out = value;
    else throw new Error(`unknown flag ${String(flag)}`);
  }
  const complete = args.cargoFromExisting || CARGO_LISTS.every((l) => args.cargoLocks.some((c) => c.list === l));
  if (!args.guarddog || !/^[0-9a-f]{40}$/.test(args.guarddogCommit) || !complete || file !== null) throw new Error(USAGE);
  return args;
}

/** One guarddog list, duplicates dropped, in its own order; and when guarddog downloaded it. */
function guarddogList(dir: string, eco: string): { names: string[]; downloadedAt: string | undefined } {
  const file = path.join(dir, 'guarddog', 'analyzer', 'metadata', 'resources', `top_${eco}_packages.json`);
  const data = JSON.parse(readFileSync(file, 'utf8')) as { packages?: unknown; downloaded_timestamp?: unknown };
  if (!Array.isArray(data.packages)) throw new Error(`${file}: no packages array`);
  const names = [...new Set(data.packages.filter((p): p is string => typeof p === 'string' && p.length > 0))].slice(0, KEEP[eco]);
  const downloadedAt = typeof data.downloaded_timestamp === 'number' ? new Date(data.downloaded_timestamp * 1000).toISOString().slice(0, 10) : undefined;
  return { names, downloadedAt };
}

/** crates.io packages locked by the given Cargo.lock files, sorted. */
function lockedCrates(files: readonly string[]): string[] {
  const names = new Set<string>();
  for (const file of files) {
    const doc = parseToml(readFileSync(file, 'utf8')) as { package?: { name?: unknown; source?: unknown }[] };
    for (const p of doc.package ?? []) {
      if (typeof p.name === 'string' && typeof p.source === 'string' && /^(registry|sparse)\+https:\/\/(github\.com\/rust-lang\/crates\.io-index|index\.crates\.io\/)/.test(p.source)) {
        names.add(p.name);
      }
    }
  }
  return [...names].sort();
}

function cargoList(args: Args, list: CargoList): Record<string, unknown> {
  const locks = args.cargoLocks.filter((l) => l.list === list);
  return {
    repository: locks.map((l) => `https://github.com/${l.source.split('@')[0] ?? ''}`).join(' + '),
    commit: locks.map((l) => l.source.split('@')[1] ?? '').join(' + '),
    licence: 'crate names only (facts), taken from lockfiles of MIT/Apache-2.0 projects',
    copyright: 'names only; the lockfiles belong to their projects',
    file: 'Cargo.lock (crates.io packages only)',
    ranked: false,
    names: lockedCrates(locks.map((l) => l.file)),
  };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const existing = args.cargoFromExisting ? (JSON.parse(readFileSync(args.out, 'utf8')) as { ecosystems: Record<CargoList, Record<string, unknown>> }).ecosystems : null;
  const guarddog = (eco: string, ranked: boolean): Record<string, unknown> => {
    const { names, downloadedAt } = guarddogList(args.guarddog, eco);
    return {
      repository: 'https://github.com/DataDog/guarddog',
      commit: args.guarddogCommit,
      licence: 'Apache-2.0',
      copyright: 'Copyright 2022-present Datadog, Inc. NOTICE: This product includes software developed at Datadog (https://www.datadoghq.com/).',
      file: `guarddog/analyzer/metadata/resources/top_${eco}_packages.json`,
      ranked,
      names,
      ...(downloadedAt !== undefined ? { downloaded_at: downloadedAt } : {}),
    };
  };
  const ecosystems = {
    npm: guarddog('npm', true),
    pypi: guarddog('pypi', true),
    go: guarddog('go', true),
    rubygems: guarddog('rubygems', false),
    cargo: existing?.cargo ?? cargoList(args, 'cargo'),
    cargo_uv_deno: existing?.cargo_uv_deno ?? cargoList(args, 'cargo_uv_deno'),
  };
  writeFileSync(args.out, `${JSON.stringify({ generated_by: 'src/tools/kit/popular-names/data/build-popular.ts', ecosystems })}\n`);
  console.log(`wrote ${args.out}: ${Object.entries(ecosystems).map(([k, v]) => `${k} ${(v.names as unknown[]).length}`).join(', ')}`);
}

main();
