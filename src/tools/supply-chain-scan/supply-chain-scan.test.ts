// supply-chain-scan: every fixture's findings, each parser's edge cases, 400 codes with lines and detection as testTool
// tables (through the call path); then advisory matching, typosquats, scoring and hostile-input regressions.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../../test/support/tool-harness.ts';
import { testPrepareRefusals, testTool } from '../kit/tester.ts';
import type { InvalidCase, ValidCase } from '../kit/tester.ts';
import { ADVISORY_COUNT, advisoriesFor } from './advisories.ts';
import { scoreFor } from './engine.ts';
import { MAX_LOCKFILE_CHARS } from './model.ts';
import type { LockFormat } from './model.ts';
import { FINDING_CODES } from './rules.ts';
import tool from './tool.ts';
import type { Output } from './tool.ts';
import { findTyposquat } from './typosquat.ts';

type Finding = Output['findings'][number];
type Pkg = Output['packages'][number];

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const read = (file: string): string => fs.readFileSync(path.join(FIXTURES, file), 'utf8');
const CAP = MAX_LOCKFILE_CHARS;

/** The answer's body, read through the output schema (typed, and checked against it). */
const out = (body: Record<string, unknown>): Output => tool.output.parse(body);

/** "severity code package [advisory] [~similar]" per finding, in output order. */
function digest(o: Output): string[] {
  return o.findings.map((f) => `${f.severity} ${f.code} ${f.package ?? '-'}${f.advisory_id ? ` ${f.advisory_id}` : ''}${f.similar_to ? ` ~${f.similar_to}` : ''}`);
}

const findingsFor = (o: Output, name: string): Finding[] => o.findings.filter((f) => f.package === name);

/** A valid case whose checks read the typed body. */
const row = (name: string, input: Record<string, unknown>, check: (o: Output) => void, output?: Record<string, unknown>): ValidCase => ({
  name,
  input,
  ...(output ? { output } : {}),
  check: (body) => check(out(body)),
});

describe('supply-chain-scan definition', () => {
  it('is the undeployed 1-credit tool that ingests uploads through "lockfile"', () => {
    expect(tool.name).toBe('supply-chain-scan');
    expect(tool.credits).toBe(1);
    expect(tool.deployed).toBe(false);
    expect(tool.uploadField).toBe('lockfile');
    expect(tool.input.safeParse({ upload_id: 'upl_123' }).success).toBe(true);
    expect(ADVISORY_COUNT).toBeGreaterThanOrEqual(40);
  });
});

// One realistic lockfile per format (fixtures/), with the exact findings expected, most severe first.
const FIXTURE_CASES: {
  file: string;
  filename: string;
  format: string;
  version: string | null;
  packages: number;
  score: number;
  findings: string[];
  clean: string[];
}[] = [
  {
    file: 'package-lock.json',
    filename: 'package-lock.json',
    format: 'package-lock',
    version: '3',
    packages: 17,
    score: 0,
    findings: [
      'critical known_malicious event-stream GHSA-mh6f-8j2x-4483',
      'critical known_malicious flatmap-stream GHSA-mh6f-8j2x-4483',
      'high typosquat crossenv ~cross-env',
      'high unexpected_registry internal-logger',
      'medium git_dependency left-pad',
      'medium url_dependency legacy-widget',
      'medium install_script crossenv',
      'medium missing_integrity legacy-widget',
      'low local_dependency shared-utils',
      'low install_script esbuild',
      'low weak_integrity old-querystring',
    ],
    clean: ['@esbuild/linux-x64', 'chalk', 'debug', 'lodash', 'ms', 'semver', 'uuid'],
  },
  {
    file: 'yarn-v1.lock',
    filename: 'yarn.lock',
    format: 'yarn-lock',
    version: '1',
    packages: 13,
    score: 8,
    findings: [
      'critical known_malicious ua-parser-js GHSA-pjwm-rvh2-c87w',
      'high typosquat mongose ~mongoose',
      'high unexpected_registry report-kit',
      'high insecure_transport report-kit',
      'medium git_dependency left-pad',
      'low local_dependency ui-kit',
      'low weak_integrity xml-escape',
    ],
    clean: ['accepts', 'chalk', 'debug', 'kleur', 'ms', 'picocolors', 'string-width'],
  },
  {
    file: 'yarn-berry.lock',
    filename: 'yarn.lock',
    format: 'yarn-lock',
    version: '8',
    packages: 8,
    score: 59,
    findings: [
      'high withdrawn_version colors SCS-2022-0001',
      'high install_script build-helper',
      'medium git_dependency markdown-lite',
      'medium missing_integrity tiny-invariant',
      'low local_dependency theme-tokens',
    ],
    clean: ['d3-scale', 'lodash', 'resolve'],
  },
  {
    file: 'pnpm-lock.yaml',
    filename: 'pnpm-lock.yaml',
    format: 'pnpm-lock',
    version: '9.0',
    packages: 12,
    score: 24,
    findings: [
      'critical known_malicious rc GHSA-g2q5-5433-rhrf',
      'high unexpected_registry metrics-client',
      'high git_dependency vite-plugin-check',
      'medium git_dependency is-positive',
      'low local_dependency design-tokens',
    ],
    clean: ['chalk', 'cross-env', 'deep-extend', 'ini', 'minimist', 'strip-json-comments', 'uuid'],
  },
  {
    file: 'pnpm-lock-v6.yaml',
    filename: 'pnpm-lock.yaml',
    format: 'pnpm-lock',
    version: '6.0',
    packages: 5,
    score: 52,
    findings: [
      'critical known_malicious coa GHSA-73qr-pfmq-6rp8',
      'medium install_script node-sass-lite',
      'low install_script @esbuild/linux-x64',
      'low install_script coa',
      'low install_script esbuild',
    ],
    clean: ['kleur'],
  },
  {
    file: 'requirements.txt',
    filename: 'requirements.txt',
    format: 'requirements',
    version: null,
    packages: 11,
    score: 15,
    findings: [
      'critical known_malicious ctx PYSEC-2022-199',
      'high typosquat python3-dateutil ~python-dateutil',
      'high unexpected_registry -',
      'high extra_index_url -',
      'high git_dependency report-tools',
      'high missing_integrity internal-billing',
      'high unpinned_requirement sqlparse',
    ],
    clean: ['certifi', 'charset-normalizer', 'django', 'idna', 'requests', 'urllib3'],
  },
  {
    file: 'poetry.lock',
    filename: 'poetry.lock',
    format: 'poetry-lock',
    version: '2.1',
    packages: 8,
    score: 0,
    findings: [
      'critical known_malicious ultralytics SCS-2024-0001',
      'high typosquat colourama ~colorama',
      'high unexpected_registry acme-auth',
      'high insecure_transport vendored-sdk',
      'medium git_dependency pipeline-tools',
      'medium url_dependency vendored-sdk',
      'medium missing_integrity vendored-sdk',
      'low local_dependency shared-models',
    ],
    clean: ['numpy', 'opencv-python'],
  },
  {
    file: 'Cargo.lock',
    filename: 'Cargo.lock',
    format: 'cargo-lock',
    version: '4',
    packages: 9,
    score: 20,
    findings: [
      'critical known_malicious rustdecimal RUSTSEC-2022-0042',
      'high typosquat serde_jsonn ~serde_json',
      'high unexpected_registry billing-core',
      'medium git_dependency tracing-subscriber',
      'medium missing_integrity unpublished-macro',
    ],
    clean: ['anyhow', 'cc', 'libc', 'regex'],
  },
  {
    file: 'go.sum',
    filename: 'go.sum',
    format: 'go-sum',
    version: null,
    packages: 9,
    score: 43,
    findings: [
      'critical known_malicious github.com/boltdb-go/bolt MAL-2025-2545',
      'high typosquat github.com/stretchr/testfiy ~github.com/stretchr/testify',
      'low pseudo_version golang.org/x/exp',
      'low pseudo_version gopkg.in/check.v1',
    ],
    clean: ['github.com/cpuguy83/go-md2man/v2', 'github.com/inconshreveable/mousetrap', 'github.com/russross/blackfriday/v2', 'github.com/spf13/pflag', 'go.yaml.in/yaml/v3'],
  },
];

/** Further checks on some fixtures: the facts a finding rests on, and the line of an entry. */
const FIXTURE_SPOTS: Record<string, (o: Output) => void> = {
  // Records the facts a finding rests on: registry host, integrity, install script, git source.
  'package-lock.json': (o) => {
    const by = (n: string): Pkg | undefined => o.packages.find((p) => p.name === n);
    expect(by('lodash')).toEqual({ name: 'lodash', version: '4.17.21', source: 'registry', host: 'registry.npmjs.org', has_integrity: true, install_script: false });
    expect(by('esbuild')?.install_script).toBe(true);
    expect(by('left-pad')).toMatchObject({ source: 'git', host: 'github.com', has_integrity: false });
    expect(by('shared-utils')).toMatchObject({ source: 'link', host: null });
    // The workspace member (packages/catalog, linked from node_modules/@storefront/catalog) is the project's own code.
    expect(by('@storefront/catalog')).toBeUndefined();
    // The nested ms@2.1.2 and the hoisted ms@2.1.3 are two packages.
    expect(o.packages.filter((p) => p.name === 'ms').map((p) => p.version)).toEqual(['2.1.3', '2.1.2']);
  },
  // Gives the line of the entry in line-oriented formats.
  'yarn-v1.lock': (o) => {
    const line = read('yarn-v1.lock').split('\n').findIndex((l) => l.startsWith('"ua-parser-js@')) + 1;
    expect(findingsFor(o, 'ua-parser-js')[0]?.message).toContain(`(line ${line})`);
  },
};

const fixtureRows: ValidCase[] = FIXTURE_CASES.flatMap((c) => [
  row(
    c.file,
    { lockfile: read(c.file), filename: c.filename },
    (o) => {
      expect(digest(o)).toEqual(c.findings);
      for (const name of c.clean) {
        expect(o.packages.some((p) => p.name === name), `${name} is listed`).toBe(true);
        expect(findingsFor(o, name), `${name} is clean`).toEqual([]);
      }
      // Counts cover every finding; every finding carries a fix; each code is in the catalogue.
      expect(o.summary.total).toBe(o.findings.length);
      expect(o.summary.critical + o.summary.high + o.summary.medium + o.summary.low).toBe(o.summary.total);
      for (const f of o.findings) {
        expect(FINDING_CODES).toContain(f.code);
        expect(f.fix.length).toBeGreaterThan(10);
      }
      expect(o.advisories_as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      FIXTURE_SPOTS[c.file]?.(o);
    },
    { format: c.format, format_version: c.version, package_count: c.packages, score_0_100: c.score },
  ),
  // Detected from its content alone (no filename, no format).
  { name: `${c.file}: detected from its content alone`, input: { lockfile: read(c.file) }, output: { format: c.format } },
]);

const PORTS_LOCK = JSON.stringify({
  lockfileVersion: 3,
  packages: {
    'node_modules/a-pkg': { version: '1.0.0', resolved: 'https://npm.eu.corp.example/a-pkg/-/a-pkg-1.0.0.tgz', integrity: 'sha512-AA==' },
    'node_modules/b-pkg': { version: '1.0.0', resolved: 'https://registry.local:4873/b-pkg/-/b-pkg-1.0.0.tgz', integrity: 'sha512-AA==' },
  },
});
const CRATES_SPELLINGS = [
  'version = 3',
  '[[package]]',
  'name = "anyhow"',
  'version = "1.0.86"',
  'source = "sparse+https://index.crates.io/"',
  `checksum = "${'a'.repeat(64)}"`,
  '[[package]]',
  'name = "cc"',
  'version = "1.0.90"',
  'source = "registry+https://github.com/rust-lang/crates.io-index"',
  `checksum = "${'b'.repeat(64)}"`,
  '',
].join('\n');

const registryRows: ValidCase[] = [
  row('allowed_registries replaces the defaults: a private mirror becomes expected and the public registry unexpected', { lockfile: read('package-lock.json'), filename: 'package-lock.json', allowed_registries: ['NPM.internal.example.com'] }, (o) => {
    expect(o.allowed_registries).toEqual(['npm.internal.example.com']);
    expect(findingsFor(o, 'internal-logger').map((f) => f.code)).not.toContain('unexpected_registry');
    expect(findingsFor(o, 'lodash').map((f) => f.code)).toEqual(['unexpected_registry']);
  }),
  row('allowed_registries accepts ports and *.domain wildcards', { lockfile: PORTS_LOCK, allowed_registries: ['*.corp.example', 'registry.local:4873'] }, (o) => expect(o.findings.filter((f) => f.code === 'unexpected_registry')).toEqual([])),
  row('allowed_registries without the wildcard: neither subdomain nor port matches', { lockfile: PORTS_LOCK, allowed_registries: ['corp.example'] }, (o) =>
    expect(o.findings.filter((f) => f.code === 'unexpected_registry').map((f) => f.package)).toEqual(['a-pkg', 'b-pkg']),
  ),
  row('both spellings of the crates.io index are crates.io', { lockfile: CRATES_SPELLINGS, filename: 'Cargo.lock' }, (o) => {
    expect(o.packages.map((p) => p.host)).toEqual(['index.crates.io', 'index.crates.io']);
    expect(o.findings).toEqual([]);
  }),
];

// Small lockfiles, each exercising one parser rule.
const PACKAGE_LOCK_V1 = JSON.stringify({
  name: 'old-app',
  lockfileVersion: 1,
  dependencies: {
    'ua-parser-js': { version: '0.7.29', resolved: 'https://registry.npmjs.org/ua-parser-js/-/ua-parser-js-0.7.29.tgz', integrity: 'sha512-AA==' },
    express: {
      version: '4.17.1',
      resolved: 'https://registry.npmjs.org/express/-/express-4.17.1.tgz',
      integrity: 'sha512-AA==',
      dependencies: { debug: { version: '2.6.9', resolved: 'https://registry.npmjs.org/debug/-/debug-2.6.9.tgz', integrity: 'sha512-AA==' } },
    },
    forked: { version: 'git+https://github.com/acme/forked.git#0123456789abcdef0123456789abcdef01234567' },
  },
});
const YARN_V1_ALIASES = [
  '# yarn lockfile v1',
  '',
  '"wrap-ansi-cjs@npm:wrap-ansi@^7.0.0":',
  '  version "7.0.0"',
  `  resolved "https://registry.yarnpkg.com/wrap-ansi/-/wrap-ansi-7.0.0.tgz#${'c'.repeat(40)}"`,
  '',
  '"local@file:../local":',
  '  version "1.0.0"',
  '',
].join('\n');
const YARN_BERRY = [
  '__metadata:',
  '  version: 6',
  '',
  '"left-pad@npm:1.10":',
  '  version: 1.10',
  '  resolution: "left-pad@npm:1.10"',
  `  checksum: ${'d'.repeat(128)}`,
  '  languageName: node',
  '  linkType: hard',
  '',
  '"app@workspace:.":',
  '  version: 0.0.0-use.local',
  '  resolution: "app@workspace:."',
  '  languageName: unknown',
  '  linkType: soft',
  '',
  '"fsevents@patch:fsevents@npm%3A2.3.3#~builtin<compat/fsevents>":',
  '  version: 2.3.3',
  '  resolution: "fsevents@patch:fsevents@npm%3A2.3.3#~builtin<compat/fsevents>::version=2.3.3&hash=df0bf1"',
  '  languageName: node',
  '  linkType: hard',
  '',
].join('\n');
const PNPM_V5 = [
  'lockfileVersion: 5.4',
  '',
  'packages:',
  '',
  '  /@babel/core/7.20.12:',
  '    resolution: {integrity: sha512-AA==}',
  '',
  '  /react-dom/18.2.0_react@18.2.0:',
  '    resolution: {integrity: sha512-BB==}',
  '',
  '  registry.corp.example/private-ui/2.0.0:',
  '    resolution: {integrity: sha512-CC==, tarball: https://registry.corp.example/private-ui/-/private-ui-2.0.0.tgz}',
  '',
].join('\n');
const PNPM_MULTI = `---\nlockfileVersion: '9.0'\npackages:\n  pnpm@9.0.0:\n    resolution: {integrity: sha512-AA==}\n---\nlockfileVersion: '9.0'\npackages:\n  rc@1.3.9:\n    resolution: {integrity: sha512-BB==}\n`;
const REQUIREMENTS_FORMS = [
  '--index-url=https://pypi.org/simple  # the public index',
  '--trusted-host pypi.internal.example',
  '-e git+https://github.com/acme/tool.git@0123456789abcdef0123456789abcdef01234567#egg=acme-tool',
  '-e ./libs/shared',
  'wheelpkg @ https://files.pythonhosted.org/packages/aa/bb/wheelpkg-1.2.0-py3-none-any.whl#sha256=' + 'e'.repeat(64),
  'Django[argon2] == 5.0.6 ; python_version >= "3.10" \\',
  '    # a comment inside the continuation is ignored',
  '',
  'numpy===2.0.0',
  '-r base.txt',
].join('\n');
const POETRY_11 = [
  '[[package]]',
  'name = "requests"',
  'version = "2.31.0"',
  'description = "HTTP"',
  'category = "main"',
  'optional = false',
  'python-versions = ">=3.7"',
  '',
  '[metadata]',
  'lock-version = "1.1"',
  'python-versions = "^3.9"',
  'content-hash = "abc"',
  '',
  '[metadata.files]',
  `requests = [{file = "requests-2.31.0-py3-none-any.whl", hash = "sha256:${'f'.repeat(64)}"}]`,
  '',
].join('\n');
const CRATES_INDEX = 'registry+https://github.com/rust-lang/crates.io-index';
const CARGO_V1 = [
  '[[package]]',
  'name = "app"',
  'version = "0.1.0"',
  '',
  '[[package]]',
  'name = "itoa"',
  'version = "1.0.1"',
  `source = "${CRATES_INDEX}"`,
  '',
  '[metadata]',
  `"checksum itoa 1.0.1 (${CRATES_INDEX})" = "${'1'.repeat(64)}"`,
  '',
].join('\n');
const GO_SUM_GRAPH = [`example.com/lib v1.2.0 h1:${'A'.repeat(43)}=`, `example.com/lib v1.2.0/go.mod h1:${'B'.repeat(43)}=`, `example.com/graph-only v0.3.0/go.mod h1:${'C'.repeat(43)}=`, ''].join('\n');

const parserRows: ValidCase[] = [
  row('package-lock v1 walks the nested dependencies tree and reads sources written into "version"', { lockfile: PACKAGE_LOCK_V1 }, (o) => {
    expect(o.format_version).toBe('1');
    expect(o.packages.map((p) => `${p.name}@${p.version}:${p.source}`)).toEqual(['ua-parser-js@0.7.29:registry', 'express@4.17.1:registry', 'forked@:git', 'debug@2.6.9:registry']);
    expect(digest(o)).toEqual(['critical known_malicious ua-parser-js GHSA-pjwm-rvh2-c87w', 'medium git_dependency forked']);
    expect(o.notes.join(' ')).toMatch(/hasInstallScript/);
  }),
  row('package-lock without "resolved" (omit-lockfile-registry-resolved) is registry-sourced with an unknown host', { lockfile: JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/ms': { version: '2.1.3', integrity: 'sha512-AA==' } } }) }, (o) => {
    expect(o.packages).toEqual([{ name: 'ms', version: '2.1.3', source: 'registry', host: null, has_integrity: true, install_script: false }]);
    expect(o.findings).toEqual([]);
    expect(o.notes.join(' ')).toMatch(/cannot be checked/);
  }),
  row('yarn v1: aliases install the real package, the #sha1 fragment is a (weak) hash, file: ranges are local', { lockfile: YARN_V1_ALIASES, filename: 'yarn.lock' }, (o) => {
    expect(o.packages.map((p) => [p.name, p.source, p.has_integrity])).toEqual([
      ['wrap-ansi', 'registry', true],
      ['local', 'file', false],
    ]);
    expect(digest(o)).toEqual(['low local_dependency local', 'low weak_integrity wrap-ansi']);
  }),
  row('yarn Berry: versions stay strings (1.10 is not 1.1), workspaces are skipped, patch: reads the inner source', { lockfile: YARN_BERRY }, (o) => {
    expect(o.format).toBe('yarn-lock');
    expect(o.packages.map((p) => `${p.name}@${p.version}:${p.source}`)).toEqual(['left-pad@1.10:registry', 'fsevents@2.3.3:registry']);
    expect(digest(o)).toEqual(['medium missing_integrity fsevents']);
  }),
  row('pnpm v5 keys (/name/version, peer suffixes, registry prefixes)', { lockfile: PNPM_V5 }, (o) => {
    expect(o.format_version).toBe('5.4');
    expect(o.packages.map((p) => `${p.name}@${p.version}`)).toEqual(['@babel/core@7.20.12', 'react-dom@18.2.0', 'private-ui@2.0.0']);
    expect(digest(o)).toEqual(['high unexpected_registry private-ui']);
  }),
  row('pnpm multi-document lockfiles', { lockfile: PNPM_MULTI, filename: 'pnpm-lock.yaml' }, (o) => {
    expect(o.packages.map((p) => p.name)).toEqual(['pnpm', 'rc']);
    expect(digest(o)).toEqual(['critical known_malicious rc GHSA-g2q5-5433-rhrf']);
  }),
  row('requirements: options in = form, editables, direct URLs with #sha256, continuations and comments', { lockfile: REQUIREMENTS_FORMS, format: 'requirements' }, (o) => {
    expect(o.packages.map((p) => `${p.name}@${p.version}:${p.source}`)).toEqual(['acme-tool@:git', 'shared@:path', 'wheelpkg@:url', 'Django@5.0.6:registry', 'numpy@2.0.0:registry']);
    expect(digest(o)).toEqual(['high insecure_transport -', 'medium git_dependency acme-tool', 'low url_dependency wheelpkg', 'low local_dependency shared', 'low hash_checking_off -']);
    expect(o.notes.join(' ')).toMatch(/1 -r\/-c include/);
  }),
  row('poetry lock-version 1.1 keeps hashes in [metadata.files]', { lockfile: POETRY_11, filename: 'poetry.lock' }, (o) => {
    expect(o.format_version).toBe('1.1');
    expect(o.packages[0]).toMatchObject({ name: 'requests', has_integrity: true });
    expect(o.findings).toEqual([]);
  }),
  row('Cargo lockfile v1 keeps checksums in [metadata]; sourceless packages are the workspace', { lockfile: CARGO_V1, filename: 'Cargo.lock' }, (o) => {
    expect(o.package_count).toBe(1);
    expect(o.packages[0]).toMatchObject({ name: 'itoa', has_integrity: true, host: 'index.crates.io' });
    expect(o.findings).toEqual([]);
    expect(o.notes.join(' ')).toMatch(/1 package\(s\) have no source/);
  }),
  row('go.sum counts a module once, and only when its code is hashed', { lockfile: GO_SUM_GRAPH, filename: 'go.sum' }, (o) => {
    expect(o.packages.map((p) => `${p.name}@${p.version}`)).toEqual(['example.com/lib@v1.2.0']);
    expect(o.notes.join(' ')).toMatch(/1 module version\(s\) appear only with a \/go.mod hash/);
  }),
];

// Format detection: the file name, then an explicit format over both.
const FILENAMES = [
  ['npm-shrinkwrap.json', 'package-lock'],
  ['/repo/web/yarn.lock', 'yarn-lock'],
  ['pnpm-lock.yaml', 'pnpm-lock'],
  ['requirements-dev.txt', 'requirements'],
  ['constraints.in', 'requirements'],
  ['poetry.lock', 'poetry-lock'],
  ['Cargo.lock', 'cargo-lock'],
  ['go.sum', 'go-sum'],
] as const;
const MINIMAL: Record<(typeof FILENAMES)[number][1], string> = { 'package-lock': '{"lockfileVersion":3,"packages":{}}', 'yarn-lock': '# yarn lockfile v1\n', 'pnpm-lock': "lockfileVersion: '9.0'\n", requirements: 'six==1.16.0\n', 'poetry-lock': '[metadata]\nlock-version = "2.0"\n', 'cargo-lock': 'version = 3\n', 'go-sum': '' };
const detectionRows: ValidCase[] = [
  ...FILENAMES.map(([filename, format]): ValidCase => ({ name: `filename ${filename} -> ${format}`, input: { lockfile: MINIMAL[format] || '\n', filename }, output: { format } })),
  { name: 'format wins over filename and content', input: { lockfile: 'six==1.16.0\n', filename: 'yarn.lock', format: 'requirements' }, output: { format: 'requirements' } },
];

// Hostile input near the 5 MiB cap: lists capped, counts complete (vitest's timeout is the hang check).
function packageLockAtCap(): { text: string; count: number } {
  const entries: string[] = [];
  let size = 60;
  for (let i = 0; ; i++) {
    const e = `"node_modules/pkg-${i}":{"version":"1.0.0","resolved":"https://registry.npmjs.org/pkg-${i}/-/pkg-${i}-1.0.0.tgz"}`;
    if (size + e.length + 1 > CAP) break;
    entries.push(e);
    size += e.length + 1;
  }
  return { text: `{"lockfileVersion":3,"packages":{${entries.join(',')}}}`, count: entries.length };
}

/** Lines made by `line(i)` until the text is within `margin` of the cap. */
function nearCap(line: (i: number) => string, margin: number, head: string[] = []): string[] {
  const out = [...head];
  let size = 0;
  for (let i = 0; size < CAP - margin; i++) {
    const l = line(i);
    out.push(l);
    size += l.length + 1;
  }
  return out;
}

const bigLock = packageLockAtCap();
const bigYarn = nearCap((k) => `"pkg-${k}@^1.0.0":\n  version "1.0.0"\n  resolved "https://registry.yarnpkg.com/pkg-${k}/-/pkg-${k}-1.0.0.tgz"\n  integrity sha512-${'B'.repeat(86)}==\n`, 300, ['# yarn lockfile v1', '']);
const bigRequirements = nearCap((j) => `package-${j}==1.0.0 --hash=sha256:${'ab'.repeat(32)}`, 200);
const bigCargo = nearCap((i) => `[[package]]\nname = "crate-${i}"\nversion = "1.0.${i % 50}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${'a'.repeat(64)}"\n`, 400, ['version = 4', '']);
const bigGoSum = nearCap((i) => `github.com/org${i}/mod${i} v1.2.${i % 9} h1:${'A'.repeat(43)}=`, 200);
const longNames = nearCap((i) => `n${String(i).padStart(6, '0')}${'x'.repeat(292)}==1.0`, 400);
const bigPnpm = nearCap((m) => `  pkg-${m}@1.0.${m % 9}:\n    resolution: {integrity: sha512-${'C'.repeat(86)}==}\n`, 300, ["lockfileVersion: '9.0'", '', 'packages:', '']);

const HOSTILE_CAPPED: [string, Record<string, unknown>][] = [
  ['a 5 MiB requirement name', { lockfile: 'a'.repeat(CAP), format: 'requirements' }],
  ['a name of 3000 characters', { lockfile: `${'x'.repeat(3000)}==1.0`, format: 'requirements' }],
  ['URL-looking names with quotes and control characters', { lockfile: '# yarn lockfile v1\n\n"\u0007weird@^1":\n  version "1.0.0\u0000"\n  resolved "javascript:alert(1)"\n', filename: 'yarn.lock' }],
  ['an index URL and a resolved URL with 100k-character hosts', { lockfile: `--index-url https://${'a'.repeat(100_000)}.example/simple\nsix==1.16.0\n`, format: 'requirements' }],
  ['a resolved tarball on a 100k-character host', { lockfile: JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/x': { version: '1.0.0', resolved: `https://${'b'.repeat(100_000)}.example/x/-/x-1.0.0.tgz`, integrity: 'sha512-AA==' } } }) }],
  ['fifty long allowed registries', { lockfile: JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/x': { version: '1.0.0', resolved: 'https://elsewhere.example/x/-/x-1.0.0.tgz', integrity: 'sha512-AA==' } } }), allowed_registries: Array.from({ length: 50 }, (_, i) => `${'r'.repeat(60)}.${'s'.repeat(60)}.${'t'.repeat(60)}.host${i}.example`) }],
  ['a pnpm key that is all @ signs', { lockfile: `lockfileVersion: '9.0'\npackages:\n  '${'@'.repeat(1000)}':\n    resolution: {integrity: sha512-AA==}\n`, format: 'pnpm-lock' }],
];

const hostileRows: ValidCase[] = [
  row('a package-lock.json at the 5 MiB cap (23k packages): lists capped, counts complete', { lockfile: bigLock.text }, (o) => {
    expect(bigLock.text.length).toBeLessThanOrEqual(CAP);
    expect(o.package_count).toBe(bigLock.count);
    expect(o.packages).toHaveLength(500);
    expect(o.packages_truncated).toBe(true);
    // Every package lacks an integrity hash: all counted, 500 listed.
    expect(o.summary.medium).toBe(bigLock.count);
    expect(o.findings).toHaveLength(500);
    expect(o.findings_truncated).toBe(true);
    expect(o.score_0_100).toBe(75);
  }),
  row('a yarn.lock v1 near the cap', { lockfile: bigYarn.join('\n'), filename: 'yarn.lock' }, (o) => expect(o.package_count).toBeGreaterThan(20000)),
  row('a requirements file near the cap', { lockfile: bigRequirements.join('\n'), format: 'requirements' }, (o) => expect(o.package_count).toBe(bigRequirements.length)),
  row('a Cargo.lock near the cap', { lockfile: bigCargo.join('\n'), filename: 'Cargo.lock' }, (o) => expect(o.package_count).toBe(bigCargo.length - 2)),
  row('a go.sum near the cap', { lockfile: bigGoSum.join('\n'), filename: 'go.sum' }, (o) => expect(o.package_count).toBe(bigGoSum.length)),
  row('requirements of 300-character names at the cap (the typosquat check stays linear)', { lockfile: longNames.join('\n'), format: 'requirements' }, (o) => expect(o.package_count).toBe(longNames.length)),
  row('a pnpm-lock.yaml near the cap', { lockfile: bigPnpm.join('\n'), filename: 'pnpm-lock.yaml' }, (o) => expect(o.package_count).toBeGreaterThan(30000)),
  ...HOSTILE_CAPPED.map(([label, body]) =>
    row(`${label} -> 200 with capped fields`, body, (o) => {
      expect(o.package_count).toBeGreaterThanOrEqual(1);
      for (const p of o.packages) {
        expect(p.name.length).toBeLessThanOrEqual(300);
        expect(p.version.length).toBeLessThanOrEqual(120);
      }
    }),
  ),
];

// Malformed lockfiles, per format with the format's code: each text and, where the parser knows it, the line.
const MALFORMED_BY_FORMAT: [format: LockFormat, code: string, cases: [lockfile: string, line: number | undefined][]][] = [
  [
    'package-lock',
    'lockfile_invalid_package_lock',
    [
      ['{\n  "lockfileVersion": 3,\n  "packages": {\n    "node_modules/a": { "version": "1.0.0", }\n  }\n}', 4],
      ['[1, 2, 3]', 1],
      ['{"lockfileVersion": 7, "packages": {}}', undefined],
      ['{"lockfileVersion": 3, "packages": {"node_modules/a": "1.0.0"}}', undefined],
      ['{"name": "app", "dependencies": {"lodash": "^4.17.21"}}', undefined],
    ],
  ],
  [
    'yarn-lock',
    'lockfile_invalid_yarn_lock',
    [
      ['# yarn lockfile v1\n\nlodash@^4.17.21:\n  version "4.17.21"\nbroken line here\n', 5],
      ['# yarn lockfile v1\n\n"lodash@^4:\n  version "4.17.21"\n', 3],
      ['# yarn lockfile v1\n   version "1.0.0"\n', 2],
      ['__metadata:\n  version: 8\n"a@npm:1":\n  version: 1\n  resolution: [unclosed\n', undefined],
      ['__metadata:\n  version: 8\n\n"a@npm:1.0.0":\n  version: 1.0.0\n', 4],
    ],
  ],
  [
    'pnpm-lock',
    'lockfile_invalid_pnpm_lock',
    [
      ["lockfileVersion: '9.0'\npackages:\n  a@1.0.0:\n    resolution: {integrity: sha512-AA==\n", undefined],
      ['packages:\n  a@1.0.0: {}\n', 1],
      ["lockfileVersion: '3.0'\n", 1],
    ],
  ],
  [
    'requirements',
    'lockfile_invalid_requirements',
    [
      ['requests==2.31.0\n==1.0\n', 2],
      ['requests==2.31.0\nflask ~~ 3.0\n', 2],
      ['six==1.16.0 \\\n    --hash=sha256\n', 1],
      ['--no-such-option\n', 1],
      ['six==1.16.0\n--index-url\n', 2],
    ],
  ],
  [
    'poetry-lock',
    'lockfile_invalid_poetry_lock',
    [
      ['[[package]]\nname = "a"\nversion = "1.0"\n\n[[package]\nname = "b"\n', 5],
      ['[[package]]\nname = "a"\n', 1],
      ['[[package]]\nname = "a"\nversion = "1"\n[package.source]\ntype = "svn"\nurl = "x"\n', 1],
    ],
  ],
  [
    'cargo-lock',
    'lockfile_invalid_cargo_lock',
    [
      ['version = 3\n\n[[package]]\nname = "a"\nversion = "1.0.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index\n', 6],
      ['version = 9\n', 1],
      ['[[package]]\nname = "a"\nversion = "1.0.0"\nsource = "svn+https://example.com/a"\n', 1],
    ],
  ],
  [
    'go-sum',
    'lockfile_invalid_go_sum',
    [
      [`example.com/a v1.0.0 h1:${'A'.repeat(43)}=\nexample.com/b v1.0.0\n`, 2],
      [`example.com/a 1.0.0 h1:${'A'.repeat(43)}=\n`, 1],
      ['example.com/a v1.0.0 not-a-hash\n', 1],
    ],
  ],
];
const MALFORMED = MALFORMED_BY_FORMAT.flatMap(([format, code, cases]) => cases.map(([lockfile, line]) => ({ format, code, lockfile, line })));

const HOSTILE_REFUSED: [string, Record<string, unknown>, string][] = [
  ['deeply nested JSON arrays', { lockfile: `${'['.repeat(500_000)}${']'.repeat(500_000)}`, format: 'package-lock' }, 'lockfile_invalid_package_lock'],
  ['a deeply nested package-lock v1 tree', { lockfile: `{"lockfileVersion":1,"dependencies":${'{"a":{"version":"1.0.0","dependencies":'.repeat(300)}{}${'}}'.repeat(300)}}`, format: 'package-lock' }, 'lockfile_invalid_package_lock'],
  ['deeply nested YAML flow sequences', { lockfile: `lockfileVersion: '9.0'\npackages:\n  a@1.0.0: ${'['.repeat(100_000)}${']'.repeat(100_000)}`, format: 'pnpm-lock' }, 'lockfile_invalid_pnpm_lock'],
  [
    'a YAML alias bomb',
    { lockfile: "lockfileVersion: '9.0'\na: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n", format: 'pnpm-lock' },
    'lockfile_invalid_pnpm_lock',
  ],
  ['deeply nested TOML arrays', { lockfile: `a = ${'['.repeat(100_000)}${']'.repeat(100_000)}`, format: 'cargo-lock' }, 'lockfile_invalid_cargo_lock'],
  ['deeply nested TOML inline tables', { lockfile: `a = ${'{b='.repeat(50_000)}1${'}'.repeat(50_000)}`, format: 'poetry-lock' }, 'lockfile_invalid_poetry_lock'],
  ['one 5 MiB line of "=" after a name', { lockfile: `a=${'='.repeat(CAP - 2)}`, format: 'requirements' }, 'lockfile_invalid_requirements'],
  ['a 5 MiB go.sum line of short fields', { lockfile: 'x '.repeat(CAP / 2), format: 'go-sum' }, 'lockfile_invalid_go_sum'],
  ['control characters as a yarn.lock', { lockfile: '\u0000\u0001\u0002 \u001b[31m', filename: 'yarn.lock' }, 'lockfile_invalid_yarn_lock'],
  ['5 MiB of words with no format', { lockfile: 'a '.repeat(CAP / 2) }, 'lockfile_format_unknown'],
];

const invalidRows: InvalidCase[] = [
  {
    name: 'an unrecognisable file answers lockfile_format_unknown with the accepted formats',
    input: { lockfile: 'hello world\nthis is not a lockfile\n' },
    code: 'lockfile_format_unknown',
    details: { allowed: ['package-lock', 'yarn-lock', 'pnpm-lock', 'requirements', 'poetry-lock', 'cargo-lock', 'go-sum'] },
  },
  ...MALFORMED.map(({ format, lockfile, code, line }, i): InvalidCase => ({
    name: `malformed ${format} #${i + 1} -> ${code} line ${String(line)}`,
    input: { lockfile, format },
    code,
    details: line === undefined ? { format } : { format, line },
  })),
  // Input validation: the schema's codes.
  { name: 'no lockfile', input: {}, code: 'lockfile_required' },
  { name: 'an empty lockfile', input: { lockfile: '' }, code: 'lockfile_too_short' },
  { name: 'a lockfile that is not a string', input: { lockfile: 42 }, code: 'lockfile_must_be_string' },
  { name: 'an unknown format', input: { lockfile: 'six==1.0', format: 'gemfile-lock' }, code: 'format_invalid' },
  { name: 'allowed_registries not an array', input: { lockfile: 'six==1.0', allowed_registries: 'pypi.org' }, code: 'allowed_registries_must_be_array' },
  { name: 'allowed_registries holding a URL', input: { lockfile: 'six==1.0', allowed_registries: ['https://pypi.org/simple'] }, code: 'allowed_registries_invalid' },
  { name: 'allowed_registries of 51 hosts', input: { lockfile: 'six==1.0', allowed_registries: Array.from({ length: 51 }, (_, i) => `r${i}.example.com`) }, code: 'allowed_registries_too_long' },
  { name: 'a filename over 260 characters', input: { lockfile: 'six==1.0', filename: 'x'.repeat(261) }, code: 'filename_too_long' },
  { name: 'a lockfile one character over the 5 MiB cap', input: { lockfile: 'a'.repeat(MAX_LOCKFILE_CHARS + 1) }, code: 'lockfile_too_long' },
  ...HOSTILE_REFUSED.map(([label, input, code]): InvalidCase => ({ name: `${label} -> 400`, input, code })),
];

testTool(tool, { valid: [...fixtureRows, ...registryRows, ...parserRows, ...detectionRows, ...hostileRows], invalid: invalidRows });

describe('malformed lockfiles whose parser cannot tell the line', () => {
  it.each(MALFORMED.filter(({ line }) => line === undefined).map(({ format, lockfile }) => [format, lockfile] as const))('%s: %j answers no line', async (format, lockfile) => {
    const r = await callTool(tool, { lockfile, format });
    expect(r.status).toBe(400);
    expect(r.body.line).toBeUndefined();
  });
});

describe('advisory snapshot matching', () => {
  it.each([
    ['npm', 'node-ipc', '10.1.1', ['GHSA-97m3-w2cp-4xx6']],
    ['npm', 'node-ipc', '10.1.2', ['GHSA-97m3-w2cp-4xx6']],
    ['npm', 'node-ipc', '10.1.3', []],
    ['npm', 'node-ipc', '11.1.0', ['GHSA-3mpp-xfvh-qh37']],
    ['npm', 'node-ipc', '9.2.3', ['MAL-2026-3744']],
    ['npm', 'node-ipc', '9.2.1', []],
    ['npm', 'colors', '1.4.44-liberty-2', ['SCS-2022-0001']],
    ['npm', 'colors', '1.4.0', []],
    ['npm', 'faker', '6.6.6', ['SCS-2022-0002']],
    ['npm', 'flatmap-stream', '0.0.1', ['GHSA-mh6f-8j2x-4483']],
    ['npm', 'chalk', '5.6.1', ['MAL-2025-46969']],
    ['npm', 'chalk', '5.6.2', []],
    ['pypi', 'CTX', '0.2.6', ['PYSEC-2022-199']],
    ['pypi', 'ctx', '0.2.2.1', ['PYSEC-2022-199']],
    ['pypi', 'num2words', '0.5.14', []],
    ['crates', 'rustdecimal', '1.0.0', ['RUSTSEC-2022-0042']],
    ['go', 'github.com/boltdb-go/bolt', 'v1.3.1', ['MAL-2025-2545']],
    ['go', 'github.com/boltdb/bolt', 'v1.3.1', []],
  ] as const)('%s %s %s', (eco, name, version, ids) => {
    expect(advisoriesFor(eco, name, version).map((a) => a.id)).toEqual(ids);
  });

  it('an unpinned requirement matches only advisories that cover every version', () => {
    expect(advisoriesFor('pypi', 'ultralytics', '')).toEqual([]);
    expect(advisoriesFor('crates', 'rustdecimal', '').map((a) => a.id)).toEqual(['RUSTSEC-2022-0042']);
  });
});

describe('typosquat detection', () => {
  it.each([
    ['npm', 'lodahs', 'lodash', 'swapped_characters'],
    ['npm', 'crossenv', 'cross-env', 'one_edit'],
    ['npm', 'mongose', 'mongoose', 'one_edit'],
    ['npm', 'node-lodash', 'lodash', 'affix'],
    ['pypi', 'reqeusts', 'requests', 'swapped_characters'],
    ['pypi', 'python3-dateutil', 'python-dateutil', 'one_edit'],
    ['pypi', 'colourama', 'colorama', 'one_edit'],
    ['pypi', 'python-requests', 'requests', 'affix'],
    ['crates', 'serde_jsonn', 'serde_json', 'one_edit'],
    ['crates', 'tokio-rs', 'tokio', 'affix'],
    ['go', 'github.com/stretchr/testfiy', 'github.com/stretchr/testify', 'swapped_characters'],
    ['go', 'github.com/boltdb-go/bolt', 'github.com/boltdb/bolt', 'owner_lookalike'],
  ] as const)('%s %s imitates %s', (eco, name, target, kind) => {
    expect(findTyposquat(eco, name)).toEqual({ target, kind });
  });

  it.each([
    ['npm', 'lodash'],
    ['npm', 'colors'],
    ['npm', 'react-dom'],
    ['npm', '@types/nodee'],
    ['npm', 'vue3'],
    ['npm', 'my-internal-package'],
    ['pypi', 'Django'],
    ['pypi', 'python_dateutil'],
    ['crates', 'serde-json'],
    ['go', 'github.com/spf13/cobra'],
  ] as const)('%s %s is not a typosquat', (eco, name) => {
    expect(findTyposquat(eco, name)).toBeNull();
  });
});

describe('score', () => {
  it.each([
    [{ critical: 0, high: 0, medium: 0, low: 0 }, 100],
    [{ critical: 1, high: 0, medium: 0, low: 0 }, 60],
    [{ critical: 0, high: 2, medium: 1, low: 3 }, 62],
    [{ critical: 0, high: 10, medium: 0, low: 0 }, 55],
    [{ critical: 0, high: 0, medium: 0, low: 400 }, 90],
    [{ critical: 0, high: 0, medium: 9, low: 0 }, 75],
    [{ critical: 3, high: 5, medium: 5, low: 5 }, 0],
  ] as const)('%j -> %i', (summary, score) => {
    expect(scoreFor(summary)).toBe(score);
  });
});

describe('the project’s own package-lock.json (a real npm lockfile)', () => {
  const own = path.resolve(process.cwd(), 'package-lock.json');
  it.skipIf(!fs.existsSync(own))('scans clean of critical and high findings', async () => {
    const r = await callTool(tool, { lockfile: fs.readFileSync(own, 'utf8'), filename: 'package-lock.json' });
    const o = out(r.body);
    expect(o.package_count).toBeGreaterThan(100);
    expect(o.summary.critical + o.summary.high, JSON.stringify(o.findings.slice(0, 5))).toBe(0);
  });
});

// Refusals happen in prepare, before the charge (issue 15).
testPrepareRefusals(tool, [
  ['unrecognisable text', { lockfile: 'hello world' }, 'lockfile_format_unknown'],
  ['package-lock that is not JSON', { lockfile: '{"lockfileVersion": 3,', filename: 'package-lock.json' }, 'lockfile_invalid_package_lock'],
  ['pnpm-lock nested 1 MB deep', { lockfile: `lockfileVersion: '9.0'\npackages: ${'['.repeat(100_000)}`, filename: 'pnpm-lock.yaml' }, 'lockfile_invalid_pnpm_lock'],
]);

describe('supply-chain-scan: prepare and run', () => {
  it('run uses what prepare parsed', async () => {
    const args = tool.input.parse({ lockfile: 'six==1.16.0\n', format: 'requirements' });
    const prepared = tool.prepare?.(args);
    expect(prepared?.format).toBe('requirements');
    const answer = await tool.run(args, {} as never, prepared as NonNullable<typeof prepared>);
    expect(answer.package_count).toBe(1);
  });
});

describe('supply-chain-scan: slow inputs of the past', () => {
  // Regressions, each slow before its fix; loose limits for a shared machine.
  const timed: [string, Record<string, unknown>][] = [
    ['requirements of slashes then NUL slash (over 6 minutes before)', { lockfile: `${'/'.repeat(999_000)}\u0000/`, filename: 'requirements.txt' }],
    ['pnpm-lock of 1 MB of [ (the YAML parser before)', { lockfile: `lockfileVersion: '9.0'\npackages: ${'['.repeat(999_000)}`, filename: 'pnpm-lock.yaml' }],
    ['sniffing a go.sum-like line of spaces', { lockfile: `a v1.0.0 h1:${' '.repeat(999_000)}=` }],
    ['sdist name of 500,000 dashes', { lockfile: `https://x/a${'-a'.repeat(499_000)}-1.tar.gz`, filename: 'requirements.txt' }],
  ];
  for (const [name, body] of timed) {
    it(name, async () => {
      const t = performance.now();
      const r = await callTool(tool, body);
      expect(r.status).toBeLessThan(500);
      expect(performance.now() - t).toBeLessThan(2000);
    });
  }
});
