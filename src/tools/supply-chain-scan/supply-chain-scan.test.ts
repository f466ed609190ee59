// supply-chain-scan: every fixture's findings, each parser's edge cases, 400 codes with lines, detection, scoring, hostile input.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../../test/support/tool-harness.ts';
import { ADVISORY_COUNT, advisoriesFor } from './advisories.ts';
import { scoreFor } from './engine.ts';
import { FINDING_CODES } from './rules.ts';
import { MAX_LOCKFILE_CHARS } from './schema.ts';
import tool from './tool.ts';
import { findTyposquat } from './typosquat.ts';

interface Finding {
  code: string;
  severity: 'critical' | 'high' | 'medium' | 'low';
  package: string | null;
  version: string | null;
  message: string;
  fix: string;
  advisory_id?: string;
  similar_to?: string;
}
interface Pkg {
  name: string;
  version: string;
  source: string;
  host: string | null;
  has_integrity: boolean;
  install_script: boolean;
}
interface Out {
  format: string;
  format_version: string | null;
  ecosystem: string;
  package_count: number;
  packages: Pkg[];
  packages_truncated: boolean;
  findings: Finding[];
  findings_truncated: boolean;
  summary: { critical: number; high: number; medium: number; low: number; total: number };
  score_0_100: number;
  allowed_registries: string[];
  advisories_as_of: string;
  notes: string[];
}

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const read = (file: string): string => fs.readFileSync(path.join(FIXTURES, file), 'utf8');

async function scan(body: Record<string, unknown>): Promise<Out> {
  const r = await callTool(tool, body);
  if (!r.ok) throw new Error(`expected 200, got ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as unknown as Out;
}

async function rejected(body: unknown): Promise<Record<string, unknown> & { status: number }> {
  const r = await callTool(tool, body);
  expect(r.ok, JSON.stringify(r.body).slice(0, 300)).toBe(false);
  return { ...r.body, status: r.status };
}

/** "severity code package [advisory] [~similar]" per finding, in output order. */
function digest(out: Out): string[] {
  return out.findings.map((f) => `${f.severity} ${f.code} ${f.package ?? '-'}${f.advisory_id ? ` ${f.advisory_id}` : ''}${f.similar_to ? ` ~${f.similar_to}` : ''}`);
}

const findingsFor = (out: Out, name: string): Finding[] => out.findings.filter((f) => f.package === name);

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

describe('fixtures: one realistic lockfile per format', () => {
  it.each(FIXTURE_CASES)('$file', async (c) => {
    const out = await scan({ lockfile: read(c.file), filename: c.filename });
    expect(out.format).toBe(c.format);
    expect(out.format_version).toBe(c.version);
    expect(out.package_count).toBe(c.packages);
    expect(digest(out)).toEqual(c.findings);
    expect(out.score_0_100).toBe(c.score);
    for (const name of c.clean) {
      expect(out.packages.some((p) => p.name === name), `${name} is listed`).toBe(true);
      expect(findingsFor(out, name), `${name} is clean`).toEqual([]);
    }
    // Counts cover every finding; every finding carries a fix; each code is in the catalogue.
    expect(out.summary.total).toBe(out.findings.length);
    expect(out.summary.critical + out.summary.high + out.summary.medium + out.summary.low).toBe(out.summary.total);
    for (const f of out.findings) {
      expect(FINDING_CODES).toContain(f.code);
      expect(f.fix.length).toBeGreaterThan(10);
    }
    expect(out.advisories_as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('detects each fixture from its content alone (no filename, no format)', async () => {
    for (const c of FIXTURE_CASES) {
      const out = await scan({ lockfile: read(c.file) });
      expect(out.format, c.file).toBe(c.format);
    }
  });

  it('records the facts a finding rests on: registry host, integrity, install script, git source', async () => {
    const out = await scan({ lockfile: read('package-lock.json'), filename: 'package-lock.json' });
    const by = (n: string): Pkg | undefined => out.packages.find((p) => p.name === n);
    expect(by('lodash')).toEqual({ name: 'lodash', version: '4.17.21', source: 'registry', host: 'registry.npmjs.org', has_integrity: true, install_script: false });
    expect(by('esbuild')?.install_script).toBe(true);
    expect(by('left-pad')).toMatchObject({ source: 'git', host: 'github.com', has_integrity: false });
    expect(by('shared-utils')).toMatchObject({ source: 'link', host: null });
    // The workspace member (packages/catalog, linked from node_modules/@storefront/catalog) is the project's own code.
    expect(by('@storefront/catalog')).toBeUndefined();
    // The nested ms@2.1.2 and the hoisted ms@2.1.3 are two packages.
    expect(out.packages.filter((p) => p.name === 'ms').map((p) => p.version)).toEqual(['2.1.3', '2.1.2']);
  });

  it('gives the line of the entry in line-oriented formats', async () => {
    const out = await scan({ lockfile: read('yarn-v1.lock'), filename: 'yarn.lock' });
    const ua = findingsFor(out, 'ua-parser-js')[0];
    const line = read('yarn-v1.lock').split('\n').findIndex((l) => l.startsWith('"ua-parser-js@')) + 1;
    expect(ua?.message).toContain(`(line ${line})`);
  });
});

describe('allowed_registries', () => {
  it('replaces the defaults: a private mirror becomes expected and the public registry unexpected', async () => {
    const out = await scan({ lockfile: read('package-lock.json'), filename: 'package-lock.json', allowed_registries: ['NPM.internal.example.com'] });
    expect(out.allowed_registries).toEqual(['npm.internal.example.com']);
    expect(findingsFor(out, 'internal-logger').map((f) => f.code)).not.toContain('unexpected_registry');
    expect(findingsFor(out, 'lodash').map((f) => f.code)).toEqual(['unexpected_registry']);
  });

  it('accepts ports and *.domain wildcards', async () => {
    const lock = JSON.stringify({
      lockfileVersion: 3,
      packages: {
        'node_modules/a-pkg': { version: '1.0.0', resolved: 'https://npm.eu.corp.example/a-pkg/-/a-pkg-1.0.0.tgz', integrity: 'sha512-AA==' },
        'node_modules/b-pkg': { version: '1.0.0', resolved: 'https://registry.local:4873/b-pkg/-/b-pkg-1.0.0.tgz', integrity: 'sha512-AA==' },
      },
    });
    const out = await scan({ lockfile: lock, allowed_registries: ['*.corp.example', 'registry.local:4873'] });
    expect(out.findings.filter((f) => f.code === 'unexpected_registry')).toEqual([]);
    const strict = await scan({ lockfile: lock, allowed_registries: ['corp.example'] });
    expect(strict.findings.filter((f) => f.code === 'unexpected_registry').map((f) => f.package)).toEqual(['a-pkg', 'b-pkg']);
  });

  it('treats both spellings of the crates.io index as crates.io', async () => {
    const lock = [
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
    const out = await scan({ lockfile: lock, filename: 'Cargo.lock' });
    expect(out.packages.map((p) => p.host)).toEqual(['index.crates.io', 'index.crates.io']);
    expect(out.findings).toEqual([]);
  });
});

// Small lockfiles, each exercising one parser rule: "name@version -> expected code(s)" or facts.
describe('parsers: edge cases of each format', () => {
  it('package-lock v1 walks the nested dependencies tree and reads sources written into "version"', async () => {
    const lock = JSON.stringify({
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
    const out = await scan({ lockfile: lock });
    expect(out.format_version).toBe('1');
    expect(out.packages.map((p) => `${p.name}@${p.version}:${p.source}`)).toEqual(['ua-parser-js@0.7.29:registry', 'express@4.17.1:registry', 'forked@:git', 'debug@2.6.9:registry']);
    expect(digest(out)).toEqual(['critical known_malicious ua-parser-js GHSA-pjwm-rvh2-c87w', 'medium git_dependency forked']);
    expect(out.notes.join(' ')).toMatch(/hasInstallScript/);
  });

  it('package-lock without "resolved" (omit-lockfile-registry-resolved) is registry-sourced with an unknown host', async () => {
    const out = await scan({ lockfile: JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/ms': { version: '2.1.3', integrity: 'sha512-AA==' } } }) });
    expect(out.packages).toEqual([{ name: 'ms', version: '2.1.3', source: 'registry', host: null, has_integrity: true, install_script: false }]);
    expect(out.findings).toEqual([]);
    expect(out.notes.join(' ')).toMatch(/cannot be checked/);
  });

  it('yarn v1: aliases install the real package, the #sha1 fragment is a (weak) hash, file: ranges are local', async () => {
    const lock = [
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
    const out = await scan({ lockfile: lock, filename: 'yarn.lock' });
    expect(out.packages.map((p) => [p.name, p.source, p.has_integrity])).toEqual([
      ['wrap-ansi', 'registry', true],
      ['local', 'file', false],
    ]);
    expect(digest(out)).toEqual(['low local_dependency local', 'low weak_integrity wrap-ansi']);
  });

  it('yarn Berry: versions stay strings (1.10 is not 1.1), workspaces are skipped, patch: reads the inner source', async () => {
    const lock = [
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
    const out = await scan({ lockfile: lock });
    expect(out.format).toBe('yarn-lock');
    expect(out.packages.map((p) => `${p.name}@${p.version}:${p.source}`)).toEqual(['left-pad@1.10:registry', 'fsevents@2.3.3:registry']);
    expect(digest(out)).toEqual(['medium missing_integrity fsevents']);
  });

  it('pnpm v5 keys (/name/version, peer suffixes, registry prefixes) and multi-document lockfiles', async () => {
    const v5 = [
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
    const out = await scan({ lockfile: v5 });
    expect(out.format_version).toBe('5.4');
    expect(out.packages.map((p) => `${p.name}@${p.version}`)).toEqual(['@babel/core@7.20.12', 'react-dom@18.2.0', 'private-ui@2.0.0']);
    expect(digest(out)).toEqual(['high unexpected_registry private-ui']);
    const multi = `---\nlockfileVersion: '9.0'\npackages:\n  pnpm@9.0.0:\n    resolution: {integrity: sha512-AA==}\n---\nlockfileVersion: '9.0'\npackages:\n  rc@1.3.9:\n    resolution: {integrity: sha512-BB==}\n`;
    const both = await scan({ lockfile: multi, filename: 'pnpm-lock.yaml' });
    expect(both.packages.map((p) => p.name)).toEqual(['pnpm', 'rc']);
    expect(digest(both)).toEqual(['critical known_malicious rc GHSA-g2q5-5433-rhrf']);
  });

  it('requirements: options in = form, editables, direct URLs with #sha256, continuations and comments', async () => {
    const req = [
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
    const out = await scan({ lockfile: req, format: 'requirements' });
    expect(out.packages.map((p) => `${p.name}@${p.version}:${p.source}`)).toEqual(['acme-tool@:git', 'shared@:path', 'wheelpkg@:url', 'Django@5.0.6:registry', 'numpy@2.0.0:registry']);
    expect(digest(out)).toEqual([
      'high insecure_transport -',
      'medium git_dependency acme-tool',
      'low url_dependency wheelpkg',
      'low local_dependency shared',
      'low hash_checking_off -',
    ]);
    expect(out.notes.join(' ')).toMatch(/1 -r\/-c include/);
  });

  it('poetry lock-version 1.1 keeps hashes in [metadata.files]', async () => {
    const lock = [
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
    const out = await scan({ lockfile: lock, filename: 'poetry.lock' });
    expect(out.format_version).toBe('1.1');
    expect(out.packages[0]).toMatchObject({ name: 'requests', has_integrity: true });
    expect(out.findings).toEqual([]);
  });

  it('Cargo lockfile v1 keeps checksums in [metadata]; sourceless packages are the workspace', async () => {
    const src = 'registry+https://github.com/rust-lang/crates.io-index';
    const lock = [
      '[[package]]',
      'name = "app"',
      'version = "0.1.0"',
      '',
      '[[package]]',
      'name = "itoa"',
      'version = "1.0.1"',
      `source = "${src}"`,
      '',
      '[metadata]',
      `"checksum itoa 1.0.1 (${src})" = "${'1'.repeat(64)}"`,
      '',
    ].join('\n');
    const out = await scan({ lockfile: lock, filename: 'Cargo.lock' });
    expect(out.package_count).toBe(1);
    expect(out.packages[0]).toMatchObject({ name: 'itoa', has_integrity: true, host: 'index.crates.io' });
    expect(out.findings).toEqual([]);
    expect(out.notes.join(' ')).toMatch(/1 package\(s\) have no source/);
  });

  it('go.sum counts a module once, and only when its code is hashed', async () => {
    const sum = [
      `example.com/lib v1.2.0 h1:${'A'.repeat(43)}=`,
      `example.com/lib v1.2.0/go.mod h1:${'B'.repeat(43)}=`,
      `example.com/graph-only v0.3.0/go.mod h1:${'C'.repeat(43)}=`,
      '',
    ].join('\n');
    const out = await scan({ lockfile: sum, filename: 'go.sum' });
    expect(out.packages.map((p) => `${p.name}@${p.version}`)).toEqual(['example.com/lib@v1.2.0']);
    expect(out.notes.join(' ')).toMatch(/1 module version\(s\) appear only with a \/go.mod hash/);
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

describe('format detection', () => {
  it.each([
    ['npm-shrinkwrap.json', 'package-lock'],
    ['/repo/web/yarn.lock', 'yarn-lock'],
    ['pnpm-lock.yaml', 'pnpm-lock'],
    ['requirements-dev.txt', 'requirements'],
    ['constraints.in', 'requirements'],
    ['poetry.lock', 'poetry-lock'],
    ['Cargo.lock', 'cargo-lock'],
    ['go.sum', 'go-sum'],
  ] as const)('filename %s -> %s', async (filename, format) => {
    const text = { 'package-lock': '{"lockfileVersion":3,"packages":{}}', 'yarn-lock': '# yarn lockfile v1\n', 'pnpm-lock': "lockfileVersion: '9.0'\n", requirements: 'six==1.16.0\n', 'poetry-lock': '[metadata]\nlock-version = "2.0"\n', 'cargo-lock': 'version = 3\n', 'go-sum': '' }[format];
    const r = await callTool(tool, { lockfile: text || '\n', filename });
    expect(r.ok, JSON.stringify(r.body)).toBe(true);
    expect(r.body.format).toBe(format);
  });

  it('format wins over filename and content', async () => {
    const out = await scan({ lockfile: 'six==1.16.0\n', filename: 'yarn.lock', format: 'requirements' });
    expect(out.format).toBe('requirements');
  });

  it('an unrecognisable file answers lockfile_format_unknown with the accepted formats', async () => {
    const r = await rejected({ lockfile: 'hello world\nthis is not a lockfile\n' });
    expect(r).toMatchObject({ status: 400, error: 'lockfile_format_unknown' });
    expect(r.allowed).toEqual(['package-lock', 'yarn-lock', 'pnpm-lock', 'requirements', 'poetry-lock', 'cargo-lock', 'go-sum']);
  });
});

// Malformed lockfiles: the format's code and, where the parser knows it, the line.
describe('malformed lockfiles', () => {
  it.each([
    ['package-lock', '{\n  "lockfileVersion": 3,\n  "packages": {\n    "node_modules/a": { "version": "1.0.0", }\n  }\n}', 'lockfile_invalid_package_lock', 4],
    ['package-lock', '[1, 2, 3]', 'lockfile_invalid_package_lock', 1],
    ['package-lock', '{"lockfileVersion": 7, "packages": {}}', 'lockfile_invalid_package_lock', undefined],
    ['package-lock', '{"lockfileVersion": 3, "packages": {"node_modules/a": "1.0.0"}}', 'lockfile_invalid_package_lock', undefined],
    ['package-lock', '{"name": "app", "dependencies": {"lodash": "^4.17.21"}}', 'lockfile_invalid_package_lock', undefined],
    ['yarn-lock', '# yarn lockfile v1\n\nlodash@^4.17.21:\n  version "4.17.21"\nbroken line here\n', 'lockfile_invalid_yarn_lock', 5],
    ['yarn-lock', '# yarn lockfile v1\n\n"lodash@^4:\n  version "4.17.21"\n', 'lockfile_invalid_yarn_lock', 3],
    ['yarn-lock', '# yarn lockfile v1\n   version "1.0.0"\n', 'lockfile_invalid_yarn_lock', 2],
    ['yarn-lock', '__metadata:\n  version: 8\n"a@npm:1":\n  version: 1\n  resolution: [unclosed\n', 'lockfile_invalid_yarn_lock', undefined],
    ['yarn-lock', '__metadata:\n  version: 8\n\n"a@npm:1.0.0":\n  version: 1.0.0\n', 'lockfile_invalid_yarn_lock', 4],
    ['pnpm-lock', "lockfileVersion: '9.0'\npackages:\n  a@1.0.0:\n    resolution: {integrity: sha512-AA==\n", 'lockfile_invalid_pnpm_lock', undefined],
    ['pnpm-lock', 'packages:\n  a@1.0.0: {}\n', 'lockfile_invalid_pnpm_lock', 1],
    ['pnpm-lock', "lockfileVersion: '3.0'\n", 'lockfile_invalid_pnpm_lock', 1],
    ['requirements', 'requests==2.31.0\n==1.0\n', 'lockfile_invalid_requirements', 2],
    ['requirements', 'requests==2.31.0\nflask ~~ 3.0\n', 'lockfile_invalid_requirements', 2],
    ['requirements', 'six==1.16.0 \\\n    --hash=sha256\n', 'lockfile_invalid_requirements', 1],
    ['requirements', '--no-such-option\n', 'lockfile_invalid_requirements', 1],
    ['requirements', 'six==1.16.0\n--index-url\n', 'lockfile_invalid_requirements', 2],
    ['poetry-lock', '[[package]]\nname = "a"\nversion = "1.0"\n\n[[package]\nname = "b"\n', 'lockfile_invalid_poetry_lock', 5],
    ['poetry-lock', '[[package]]\nname = "a"\n', 'lockfile_invalid_poetry_lock', 1],
    ['poetry-lock', '[[package]]\nname = "a"\nversion = "1"\n[package.source]\ntype = "svn"\nurl = "x"\n', 'lockfile_invalid_poetry_lock', 1],
    ['cargo-lock', 'version = 3\n\n[[package]]\nname = "a"\nversion = "1.0.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index\n', 'lockfile_invalid_cargo_lock', 6],
    ['cargo-lock', 'version = 9\n', 'lockfile_invalid_cargo_lock', 1],
    ['cargo-lock', '[[package]]\nname = "a"\nversion = "1.0.0"\nsource = "svn+https://example.com/a"\n', 'lockfile_invalid_cargo_lock', 1],
    ['go-sum', `example.com/a v1.0.0 h1:${'A'.repeat(43)}=\nexample.com/b v1.0.0\n`, 'lockfile_invalid_go_sum', 2],
    ['go-sum', `example.com/a 1.0.0 h1:${'A'.repeat(43)}=\n`, 'lockfile_invalid_go_sum', 1],
    ['go-sum', 'example.com/a v1.0.0 not-a-hash\n', 'lockfile_invalid_go_sum', 1],
  ] as const)('%s: %j -> %s line %s', async (format, lockfile, code, line) => {
    const r = await rejected({ lockfile, format });
    expect(r.status).toBe(400);
    expect(r.error).toBe(code);
    expect(r.format).toBe(format);
    expect(r.line).toBe(line);
    expect(typeof r.message).toBe('string');
  });
});

describe('input validation', () => {
  it.each([
    ['lockfile_required', {}],
    ['lockfile_too_short', { lockfile: '' }],
    ['lockfile_must_be_string', { lockfile: 42 }],
    ['format_invalid', { lockfile: 'six==1.0', format: 'gemfile-lock' }],
    ['allowed_registries_must_be_array', { lockfile: 'six==1.0', allowed_registries: 'pypi.org' }],
    ['allowed_registries_invalid', { lockfile: 'six==1.0', allowed_registries: ['https://pypi.org/simple'] }],
    ['allowed_registries_too_long', { lockfile: 'six==1.0', allowed_registries: Array.from({ length: 51 }, (_, i) => `r${i}.example.com`) }],
    ['filename_too_long', { lockfile: 'six==1.0', filename: 'x'.repeat(261) }],
  ] as [string, unknown][])('%s', async (code, body) => {
    const r = await rejected(body);
    expect(r.status).toBe(400);
    expect(r.error).toBe(code);
  });

  it('refuses a lockfile one character over the 5 MiB cap', async () => {
    const r = await rejected({ lockfile: 'a'.repeat(MAX_LOCKFILE_CHARS + 1) });
    expect(r.error).toBe('lockfile_too_long');
  });
});

describe('examples and determinism', () => {
  it.each(tool.examples.map((e) => [e.title, e] as const))('%s', async (_title, ex) => {
    const r = await callTool(tool, ex.input);
    expect(r.body).toEqual(ex.output);
  });

  it('gives the same output twice for every fixture', async () => {
    for (const c of FIXTURE_CASES) {
      const a = await scan({ lockfile: read(c.file), filename: c.filename });
      const b = await scan({ lockfile: read(c.file), filename: c.filename });
      expect(b).toEqual(a);
    }
  });
});

describe('the project’s own package-lock.json (a real npm lockfile)', () => {
  const own = path.resolve(process.cwd(), 'package-lock.json');
  it.skipIf(!fs.existsSync(own))('scans clean of critical and high findings', async () => {
    const out = await scan({ lockfile: fs.readFileSync(own, 'utf8'), filename: 'package-lock.json' });
    expect(out.package_count).toBeGreaterThan(100);
    expect(out.summary.critical + out.summary.high, JSON.stringify(out.findings.slice(0, 5))).toBe(0);
  });
});

// Hostile input: every case answers 200 or 400, never throws, never hangs (vitest's timeout is the hang check).
describe('hostile input', () => {
  const CAP = MAX_LOCKFILE_CHARS;

  it('a package-lock.json at the 5 MiB cap (23k packages): lists capped, counts complete', async () => {
    const entries: string[] = [];
    let size = 60;
    for (let i = 0; ; i++) {
      const e = `"node_modules/pkg-${i}":{"version":"1.0.0","resolved":"https://registry.npmjs.org/pkg-${i}/-/pkg-${i}-1.0.0.tgz"}`;
      if (size + e.length + 1 > CAP) break;
      entries.push(e);
      size += e.length + 1;
    }
    const text = `{"lockfileVersion":3,"packages":{${entries.join(',')}}}`;
    expect(text.length).toBeLessThanOrEqual(CAP);
    const out = await scan({ lockfile: text });
    expect(out.package_count).toBe(entries.length);
    expect(out.packages).toHaveLength(500);
    expect(out.packages_truncated).toBe(true);
    // Every package lacks an integrity hash: all counted, 500 listed.
    expect(out.summary.medium).toBe(entries.length);
    expect(out.findings).toHaveLength(500);
    expect(out.findings_truncated).toBe(true);
    expect(out.score_0_100).toBe(75);
  });

  it('a yarn.lock v1 and a requirements file near the cap', async () => {
    const y: string[] = ['# yarn lockfile v1', ''];
    let size = 0;
    for (let k = 0; size < CAP - 300; k++) {
      const e = `"pkg-${k}@^1.0.0":\n  version "1.0.0"\n  resolved "https://registry.yarnpkg.com/pkg-${k}/-/pkg-${k}-1.0.0.tgz"\n  integrity sha512-${'B'.repeat(86)}==\n`;
      y.push(e);
      size += e.length + 1;
    }
    const yarn = await scan({ lockfile: y.join('\n'), filename: 'yarn.lock' });
    expect(yarn.package_count).toBeGreaterThan(20000);
    const lines: string[] = [];
    size = 0;
    for (let j = 0; size < CAP - 200; j++) {
      const l = `package-${j}==1.0.0 --hash=sha256:${'ab'.repeat(32)}`;
      lines.push(l);
      size += l.length + 1;
    }
    const req = await scan({ lockfile: lines.join('\n'), format: 'requirements' });
    expect(req.package_count).toBe(lines.length);
  });

  it('a Cargo.lock and a go.sum near the cap', async () => {
    const cargo: string[] = ['version = 4', ''];
    let size = 0;
    for (let i = 0; size < CAP - 400; i++) {
      const e = `[[package]]\nname = "crate-${i}"\nversion = "1.0.${i % 50}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${'a'.repeat(64)}"\n`;
      cargo.push(e);
      size += e.length + 1;
    }
    const c = await scan({ lockfile: cargo.join('\n'), filename: 'Cargo.lock' });
    expect(c.package_count).toBe(cargo.length - 2);
    const sum: string[] = [];
    size = 0;
    for (let i = 0; size < CAP - 200; i++) {
      const e = `github.com/org${i}/mod${i} v1.2.${i % 9} h1:${'A'.repeat(43)}=`;
      sum.push(e);
      size += e.length + 1;
    }
    const g = await scan({ lockfile: sum.join('\n'), filename: 'go.sum' });
    expect(g.package_count).toBe(sum.length);
  });

  it('requirements of 300-character names at the cap (the typosquat check stays linear)', async () => {
    const lines: string[] = [];
    let size = 0;
    for (let i = 0; size < CAP - 400; i++) {
      const l = `n${String(i).padStart(6, '0')}${'x'.repeat(292)}==1.0`;
      lines.push(l);
      size += l.length + 1;
    }
    const out = await scan({ lockfile: lines.join('\n'), format: 'requirements' });
    expect(out.package_count).toBe(lines.length);
  });

  it('a pnpm-lock.yaml near the cap', async () => {
    const p: string[] = ["lockfileVersion: '9.0'", '', 'packages:', ''];
    let size = 0;
    for (let m = 0; size < CAP - 300; m++) {
      const e = `  pkg-${m}@1.0.${m % 9}:\n    resolution: {integrity: sha512-${'C'.repeat(86)}==}\n`;
      p.push(e);
      size += e.length + 1;
    }
    const out = await scan({ lockfile: p.join('\n'), filename: 'pnpm-lock.yaml' });
    expect(out.package_count).toBeGreaterThan(30000);
  }, 60_000);

  it.each([
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
  ] as [string, Record<string, unknown>, string][])('%s -> 400', async (_label, body, code) => {
    const r = await rejected(body);
    expect(r.status).toBe(400);
    expect(r.error).toBe(code);
  });

  it.each([
    ['a 5 MiB requirement name', { lockfile: 'a'.repeat(CAP), format: 'requirements' }],
    ['a name of 3000 characters', { lockfile: `${'x'.repeat(3000)}==1.0`, format: 'requirements' }],
    ['URL-looking names with quotes and control characters', { lockfile: '# yarn lockfile v1\n\n"\u0007weird@^1":\n  version "1.0.0\u0000"\n  resolved "javascript:alert(1)"\n', filename: 'yarn.lock' }],
    ['an index URL and a resolved URL with 100k-character hosts', { lockfile: `--index-url https://${'a'.repeat(100_000)}.example/simple\nsix==1.16.0\n`, format: 'requirements' }],
    ['a resolved tarball on a 100k-character host', { lockfile: JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/x': { version: '1.0.0', resolved: `https://${'b'.repeat(100_000)}.example/x/-/x-1.0.0.tgz`, integrity: 'sha512-AA==' } } }) }],
    ['fifty long allowed registries', { lockfile: JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/x': { version: '1.0.0', resolved: 'https://elsewhere.example/x/-/x-1.0.0.tgz', integrity: 'sha512-AA==' } } }), allowed_registries: Array.from({ length: 50 }, (_, i) => `${'r'.repeat(60)}.${'s'.repeat(60)}.${'t'.repeat(60)}.host${i}.example`) }],
    ['a pnpm key that is all @ signs', { lockfile: `lockfileVersion: '9.0'\npackages:\n  '${'@'.repeat(1000)}':\n    resolution: {integrity: sha512-AA==}\n`, format: 'pnpm-lock' }],
  ] as [string, Record<string, unknown>][])('%s -> 200 with capped fields', async (_label, body) => {
    const out = await scan(body);
    expect(out.package_count).toBeGreaterThanOrEqual(1);
    for (const p of out.packages) {
      expect(p.name.length).toBeLessThanOrEqual(300);
      expect(p.version.length).toBeLessThanOrEqual(120);
    }
  });
});

describe('supply-chain-scan: refusals happen in prepare, before the charge (issue 15)', () => {
  const refusals: [string, Record<string, unknown>, string][] = [
    ['unrecognisable text', { lockfile: 'hello world' }, 'lockfile_format_unknown'],
    ['package-lock that is not JSON', { lockfile: '{"lockfileVersion": 3,', filename: 'package-lock.json' }, 'lockfile_invalid_package_lock'],
    ['pnpm-lock nested 1 MB deep', { lockfile: `lockfileVersion: '9.0'\npackages: ${'['.repeat(100_000)}`, filename: 'pnpm-lock.yaml' }, 'lockfile_invalid_pnpm_lock'],
  ];
  for (const [name, body, code] of refusals) {
    it(`${name}: prepare throws ${code}`, () => {
      const args = tool.input.parse(body);
      expect(() => tool.prepare?.(args)).toThrow(expect.objectContaining({ status: 400, code }));
    });
  }

  it('run uses what prepare parsed', async () => {
    const args = tool.input.parse({ lockfile: 'six==1.16.0\n', format: 'requirements' });
    const prepared = tool.prepare?.(args);
    expect(prepared?.format).toBe('requirements');
    const out = await tool.run(args, {} as never, prepared as NonNullable<typeof prepared>);
    expect(out.package_count).toBe(1);
  });
});

describe('supply-chain-scan: declared hostile cases (issue 16) answer 200 or 4xx', () => {
  for (const h of tool.hostile?.() ?? []) {
    it(`${h.name}`, async () => {
      const r = await callTool(tool, h.input);
      expect(r.status === 200 || (r.status >= 400 && r.status < 500)).toBe(true);
    });
  }

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
