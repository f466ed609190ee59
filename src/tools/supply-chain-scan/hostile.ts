// Adversarial lockfiles for supply-chain-scan: each format's own delimiters, about 1 MB each.
import type { HostileCase } from '../kit/contract.ts';
import { fileCases, fillBetween } from '../kit/hostile.ts';

/** About a megabyte: the size the hostile contract asks for (the field itself takes 5 MiB). */
const SIZE = 1_000_000;

const fill = (head: string, unit: string, tail = ''): string => fillBetween(head, unit, tail, SIZE);
const c = fileCases('lockfile');

export function hostileCases(): HostileCase[] {
  return [
    // requirements.txt: the reported case (slashes then NUL slash took over 6 minutes).
    c('requirements: slashes then NUL slash (reported)', 'requirements.txt', fill('', '/', '\u0000/')),
    c('requirements: backslashes then ;', 'requirements.txt', fill('./', '\\', ';')),
    c('requirements: spaces then ;', 'requirements.txt', fill('./a', ' ', ';')),
    c('requirements: == repeated', 'requirements.txt', fill('a', '==')),
    c('requirements: pinned lines', 'requirements.txt', fill('', 'a==1.0\n')),
    c('requirements: --hash options', 'requirements.txt', fill('a==1.0', ' --hash=sha256:0')),
    c('requirements: continuation lines', 'requirements.txt', fill('a==1.0', ' \\\n')),
    c('requirements: comments', 'requirements.txt', fill('', '#\n')),
    c('requirements: sdist name of dashes', 'requirements.txt', fill('https://x/a', '-a', '-1.tar.gz')),
    c('requirements: fragment of &', 'requirements.txt', fill('https://x/a.whl#', '&')),
    c('requirements: carriage returns', 'requirements.txt', fill('a==1.0', '\r')),
    c('requirements: NULs', 'requirements.txt', fill('', '\u0000')),
    // package-lock.json
    c('package-lock: nested arrays', 'package-lock.json', fill('{"lockfileVersion":3,"packages":', '[')),
    c('package-lock: package entries', 'package-lock.json', fill('{"lockfileVersion":3,"packages":{', '"node_modules/a":{"version":"1.0.0"},', '"":{}}}')),
    c('package-lock: escaped quotes', 'package-lock.json', fill('{"lockfileVersion":3,"packages":{"node_modules/a":{"version":"', '\\"', '"}}}')),
    // yarn.lock
    c('yarn.lock v1: entries', 'yarn.lock', fill('# yarn lockfile v1\n\n', 'a@^1:\n  version "1.0.0"\n  resolved "https://registry.yarnpkg.com/a/-/a-1.0.0.tgz#0"\n\n')),
    c('yarn.lock v1: quotes', 'yarn.lock', fill('# yarn lockfile v1\n\n', '"')),
    c('yarn.lock: colons', 'yarn.lock', fill('# yarn lockfile v1\n\na', ':')),
    c('yarn.lock: commit fragment of &', 'yarn.lock', fill('# yarn lockfile v1\n\na@git:\n  version "1"\n  resolved "https://x/a.git#', '&', 'commit=0"\n')),
    c('yarn berry: metadata and indentation', 'yarn.lock', fill('__metadata:\n  version: 8\n', '  ')),
    // pnpm-lock.yaml
    c('pnpm-lock: nested flow sequences', 'pnpm-lock.yaml', fill("lockfileVersion: '9.0'\npackages: ", '[')),
    c('pnpm-lock: package keys', 'pnpm-lock.yaml', fill("lockfileVersion: '9.0'\npackages:\n", "  a@1.0.0:\n    resolution: {integrity: sha512-0}\n")),
    c('pnpm-lock: anchors and aliases', 'pnpm-lock.yaml', fill("lockfileVersion: '9.0'\na: &a [x]\nb: [", '*a, ', ']\n')),
    // poetry.lock / Cargo.lock (TOML)
    c('poetry.lock: package tables', 'poetry.lock', fill('', '[[package]]\nname = "a"\nversion = "1"\n\n')),
    c('poetry.lock: nested arrays', 'poetry.lock', fill('a = ', '[')),
    c('Cargo.lock: package tables', 'Cargo.lock', fill('version = 3\n', '[[package]]\nname = "a"\nversion = "1.0.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n\n')),
    c('Cargo.lock: quotes', 'Cargo.lock', fill('', '"')),
    // go.sum
    c('go.sum: lines', 'go.sum', fill('', 'a v1.0.0 h1:0=\n')),
    c('go.sum: one long line of spaces', 'go.sum', fill('a v1.0.0', ' ', 'h1:0=')),
    // format sniffing (no filename)
    c('sniffing: go.sum-like spaces', undefined, fill('a v1.0.0 h1:', ' ', '=')),
    c('sniffing: requirement-like name then spaces', undefined, fill('a', ' ', '==1')),
    c('sniffing: brackets without close', undefined, fill('a[', 'b')),
  ];
}
