// Adversarial requirements.txt inputs, once for every tool that reads pip's lines (dependency-check as a manifest,
// supply-chain-scan as a lockfile): pip's own delimiters (continuations, comments, options, specifiers, extras,
// markers, URLs, VCS refs) each repeated to the tool's size by `fillCases` (kit/hostile.ts).
import type { Fill } from '../hostile.ts';

export const HOSTILE_REQUIREMENTS: readonly Fill[] = [
  // The reported case: slashes then NUL slash took supply-chain-scan over 6 minutes.
  ['slashes then NUL slash (reported)', '', '/', '\u0000/'],
  ['backslashes then ;', './', '\\', ';'],
  ['spaces then ;', './a', ' ', ';'],
  ['spaces before @', 'a', ' ', '@ https://x/a.whl'],
  ['== repeated', 'a', '=='],
  ['commas in specifier', 'a>=1', ','],
  ['markers ;', 'a ', ';'],
  ['extras brackets', 'a[', 'b,', ']'],
  // Many lines: each tool stops or caps at its own limit.
  ['pinned lines', '', 'a==1.0\n'],
  ['>= lines', '', 'a>=1\n'],
  ['comments', '', '# a\n'],
  ['continuation lines', 'a', '\\\n'],
  ['continuation lines after a space', 'a==1.0', ' \\\n'],
  ['carriage returns', 'a==1.0', '\r'],
  ['NULs', '', '\u0000'],
  // Options.
  ['--hash options', 'a==1.0', ' --hash=sha256:0'],
  ['option with spaces', '--index-url', ' ', '='],
  // URLs and VCS references.
  ['long URL of dots', 'https://x/', '.', '.tar.gz'],
  ['sdist name of dashes', 'https://x/a', '-a', '-1.tar.gz'],
  ['fragment of &', 'https://x/a.whl#', '&'],
  ['git ref of digits and dots', 'git+https://x/y.git@1', '.1', '#egg=a'],
];
