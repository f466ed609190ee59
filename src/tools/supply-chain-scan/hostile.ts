// Adversarial lockfiles for supply-chain-scan: each format's own delimiters, about 1 MB each.
import type { HostileCase } from '../kit/contract.ts';
import type { Fill } from '../kit/hostile.ts';
import { fillCases } from '../kit/hostile.ts';
import { HOSTILE_REQUIREMENTS } from '../kit/python-requirements/hostile.ts';

/** About a megabyte: the size the hostile contract asks for (the field itself takes 5 MiB). */
const SIZE = 1_000_000;

/** Per file name: [what it probes, head, unit repeated to the size, tail]. */
const BY_FILENAME: Readonly<Record<string, readonly Fill[]>> = {
  'requirements.txt': HOSTILE_REQUIREMENTS,
  'package-lock.json': [
    ['nested arrays', '{"lockfileVersion":3,"packages":', '['],
    ['package entries', '{"lockfileVersion":3,"packages":{', '"node_modules/a":{"version":"1.0.0"},', '"":{}}}'],
    ['escaped quotes', '{"lockfileVersion":3,"packages":{"node_modules/a":{"version":"', '\\"', '"}}}'],
  ],
  'yarn.lock': [
    ['v1 entries', '# yarn lockfile v1\n\n', 'a@^1:\n  version "1.0.0"\n  resolved "https://registry.yarnpkg.com/a/-/a-1.0.0.tgz#0"\n\n'],
    ['v1 quotes', '# yarn lockfile v1\n\n', '"'],
    ['colons', '# yarn lockfile v1\n\na', ':'],
    ['commit fragment of &', '# yarn lockfile v1\n\na@git:\n  version "1"\n  resolved "https://x/a.git#', '&', 'commit=0"\n'],
    ['berry metadata and indentation', '__metadata:\n  version: 8\n', '  '],
  ],
  'pnpm-lock.yaml': [
    ['nested flow sequences', "lockfileVersion: '9.0'\npackages: ", '['],
    ['package keys', "lockfileVersion: '9.0'\npackages:\n", "  a@1.0.0:\n    resolution: {integrity: sha512-0}\n"],
    ['anchors and aliases', "lockfileVersion: '9.0'\na: &a [x]\nb: [", '*a, ', ']\n'],
  ],
  // TOML: poetry.lock, Cargo.lock.
  'poetry.lock': [
    ['package tables', '', '[[package]]\nname = "a"\nversion = "1"\n\n'],
    ['nested arrays', 'a = ', '['],
  ],
  'Cargo.lock': [
    ['package tables', 'version = 3\n', '[[package]]\nname = "a"\nversion = "1.0.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n\n'],
    ['quotes', '', '"'],
  ],
  'go.sum': [
    ['lines', '', 'a v1.0.0 h1:0=\n'],
    ['one long line of spaces', 'a v1.0.0', ' ', 'h1:0='],
  ],
};

/** Without a file name: format sniffing. */
const SNIFFED: readonly Fill[] = [
  ['go.sum-like spaces', 'a v1.0.0 h1:', ' ', '='],
  ['requirement-like name then spaces', 'a', ' ', '==1'],
  ['brackets without close', 'a[', 'b'],
];

export function hostileCases(): HostileCase[] {
  return fillCases('lockfile', SIZE, BY_FILENAME, SNIFFED);
}
