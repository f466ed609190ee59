// Tests for dependency-check: tables of real and problem manifests of every format, malformed input and detection
// (run through the call path by testTool), then the parsers', rules' and typosquat index's own properties.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../../test/support/tool-harness.ts';
import { testPrepareRefusals, testTool } from '../kit/tester.ts';
import type { InvalidCase, ValidCase } from '../kit/tester.ts';
import { formatFromFilename, sniffFormat } from './detect.ts';
import type { Dependency, Ecosystem, Format } from './model.ts';
import { prereleaseOf, scoreOf, versionStatus } from './rules.ts';
import def from './tool.ts';
import type { Output } from './tool.ts';
import { MIN_RATIO, popularity, typosquatOf } from './typosquat.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string): string => readFileSync(path.join(here, 'fixtures', name), 'utf8');

/** The answer's body, read through the output schema (typed, and checked against it). */
const out = (body: Record<string, unknown>): Output => def.output.parse(body);
const codes = (o: Output): string[] => o.findings.map((f) => `${f.code}:${f.package ?? '-'}`).sort();
const sev = (o: Output): string[] => o.findings.map((f) => `${f.severity}:${f.code}:${f.package ?? '-'}@${f.line ?? '-'}`);
/** A valid case whose checks read the typed body. */
const row = (name: string, input: Record<string, unknown>, check: (o: Output) => void, output?: Record<string, unknown>): ValidCase => ({
  name,
  input,
  ...(output ? { output } : {}),
  check: (body) => check(out(body)),
});

// One real manifest of each format: parsed with its filename, and detected from content alone.
const REAL: { file: string; filename: string; format: Format; ecosystem: string; deps: number; findings: string[]; spot: (o: Output) => void }[] = [
  {
    file: 'real.package.json',
    filename: 'package.json',
    format: 'package.json',
    ecosystem: 'npm',
    deps: 21,
    findings: [],
    spot: (o) => {
      expect(o.dependencies.find((d) => d.name === 'yargs')).toEqual({ name: 'yargs', requested: '^17.7.2', group: 'production', section: 'dependencies', source: 'registry', line: 61 });
      expect(o.dependencies.filter((d) => d.group === 'development')).toHaveLength(20);
    },
  },
  {
    file: 'real.requirements.txt',
    filename: 'requirements.txt',
    format: 'requirements.txt',
    ecosystem: 'pypi',
    deps: 9,
    findings: [
      'dev_tool_in_production:pytest',
      'open_ended_range:triton',
      ...['more-itertools', 'numba', 'numpy', 'pytest', 'scipy', 'tiktoken', 'torch', 'tqdm'].map((n) => `unpinned_version:${n}`),
    ].sort(),
    spot: (o) => expect(o.dependencies.find((d) => d.name === 'triton')?.requested).toBe('>=2.0.0'),
  },
  {
    file: 'real.pyproject-pep621.toml',
    filename: 'pyproject.toml',
    format: 'pyproject.toml',
    ecosystem: 'pypi',
    deps: 6,
    // A library (uv_build backend): its open lower bounds are what consumers' resolvers need.
    findings: ['typosquat_suspect:httpx2'],
    spot: (o) => {
      expect(o.dependencies.find((d) => d.name === 'rich')).toMatchObject({ group: 'optional', section: 'project.optional-dependencies.cli', line: 43 });
      expect(o.dependencies.find((d) => d.name === 'uv_build')).toMatchObject({ group: 'build', requested: '>=0.12.1,<0.13' });
    },
  },
  {
    file: 'real.pyproject-poetry.toml',
    filename: 'pyproject.toml',
    format: 'pyproject.toml',
    ecosystem: 'pypi',
    deps: 27,
    // guarddog is published to PyPI (poetry-core backend): open lower bounds are a library's normal form.
    findings: [],
    spot: (o) => {
      expect(o.dependencies.find((d) => d.name === 'python')).toBeUndefined();
      expect(o.dependencies.find((d) => d.name === 'black')).toMatchObject({ group: 'development', section: 'tool.poetry.group.dev.dependencies', requested: '^26.3.1' });
    },
  },
  {
    file: 'real.Pipfile',
    filename: 'Pipfile',
    format: 'Pipfile',
    ecosystem: 'pypi',
    deps: 12,
    findings: [
      // pipenv itself (path ".") and ./tests/pytest-pypi are directories inside the repository: no finding.
      ...['click', 'mock', 'pytest', 'pytest-tap', 'pytest-xdist', 'sphinx-click', 'stdeb', 'twine'].map((n) => `unpinned_version:${n}`),
    ].sort(),
    spot: (o) => expect(o.dependencies.find((d) => d.name === 'pipenv')).toMatchObject({ source: 'path', group: 'development', line: 3 }),
  },
  {
    file: 'real.go.mod',
    filename: 'go.mod',
    format: 'go.mod',
    ecosystem: 'go',
    deps: 14,
    findings: [],
    spot: (o) => expect(o.dependencies[0]).toEqual({ name: 'github.com/fsnotify/fsnotify', requested: 'v1.5.1', group: 'production', section: 'require', source: 'registry', line: 6 }),
  },
  {
    file: 'real.Cargo.toml',
    filename: 'Cargo.toml',
    format: 'Cargo.toml',
    ecosystem: 'cargo',
    deps: 118,
    findings: ['dev_tool_in_production:mockall'],
    spot: (o) => {
      // Workspace members by path are intended wiring, not findings.
      expect(o.dependencies.find((d) => d.name === 'crates_io_api_types')).toMatchObject({ source: 'path', line: 88 });
      expect(o.dependencies.some((d) => d.group === 'development')).toBe(true);
    },
  },
  {
    file: 'real.Gemfile',
    filename: 'Gemfile',
    format: 'Gemfile',
    ecosystem: 'rubygems',
    deps: 12,
    findings: ['non_registry_source:rubocop-ast', ...['bump', 'pry', 'safe_yaml', 'test-queue', 'webmock'].map((n) => `unpinned_version:${n}`)].sort(),
    spot: (o) => {
      // With gemspec the Gemfile is the gem's development environment.
      expect(o.dependencies.find((d) => d.name === 'rake')).toMatchObject({ group: 'development', requested: '~> 12.0', line: 9 });
      expect(o.dependencies.find((d) => d.name === 'simplecov')?.requested).toBe('~> 0.10, < 0.18');
      expect(o.dependencies.find((d) => d.name === 'webmock')).toMatchObject({ section: 'group :test', line: 22 });
    },
  },
];

const realRows: ValidCase[] = REAL.flatMap((c) => [
  row(
    `${c.file}: parsed as ${c.format} with the expected findings`,
    { manifest: fixture(c.file), filename: c.filename },
    (o) => {
      expect(o.dependencies).toHaveLength(c.deps);
      expect(codes(o)).toEqual(c.findings);
      c.spot(o);
    },
    { format: c.format, ecosystem: c.ecosystem },
  ),
  { name: `${c.file}: detected from content alone`, input: { manifest: fixture(c.file) }, output: { format: c.format, detected_by: 'content' } },
]);

// Every rule fires on the problem manifests. They stand for applications (project_kind is passed where the
// manifest would read as a library), so that every rule, the range rules included, fires in every format.
const PROBLEMS: { file: string; filename: string; expected: string[]; kind?: 'application' }[] = [
  {
    file: 'problems.package.json',
    filename: 'package.json',
    expected: [
      'dev_tool_in_production:typescript', 'duplicate_dependency:lodash', 'duplicate_dependency:react', 'git_unpinned_ref:my-lib', 'insecure_source:tarball',
      'non_registry_source:local-util', 'non_registry_source:my-lib', 'non_registry_source:pinned-lib', 'non_registry_source:tarball', 'open_ended_range:react',
      'prerelease_version:next', 'typosquat_suspect:crossenv', 'typosquat_suspect:expresss', 'unpinned_version:left-pad', 'unpinned_version:lodash',
    ],
  },
  {
    file: 'problems.requirements.txt',
    filename: 'requirements.txt',
    expected: [
      'dev_tool_in_production:black', 'duplicate_dependency:requests', 'extra_index_url:-', 'git_unpinned_ref:lib', 'git_unpinned_ref:tool', 'insecure_source:-', 'insecure_source:-',
      'non_registry_source:flask', 'non_registry_source:lib', 'non_registry_source:tool', 'open_ended_range:requests', 'prerelease_version:numpy',
      'typosquat_suspect:reqeusts', 'typosquat_suspect:requests-python', 'unpinned_version:django',
    ],
  },
  {
    file: 'problems.pyproject-poetry.toml',
    filename: 'pyproject.toml',
    kind: 'application',
    expected: [
      'dev_tool_in_production:pytest', 'duplicate_dependency:pytest', 'extra_index_url:-', 'git_unpinned_ref:mylib', 'non_registry_source:localpkg', 'non_registry_source:mylib',
      'non_registry_source:pinned', 'open_ended_range:httpx', 'typosquat_suspect:dateutil-python', 'unpinned_version:requests',
    ],
  },
  {
    file: 'problems.pyproject-pep621.toml',
    filename: 'pyproject.toml',
    kind: 'application',
    expected: [
      'extra_index_url:-', 'git_unpinned_ref:httpx', 'non_registry_source:httpx', 'open_ended_range:pytest', 'open_ended_range:rich', 'prerelease_version:pydantic',
      'unpinned_version:numpy', 'unpinned_version:ruff',
    ],
  },
  {
    file: 'problems.Pipfile',
    filename: 'Pipfile',
    expected: [
      'dev_tool_in_production:pytest', 'duplicate_dependency:requests', 'extra_index_url:-', 'git_unpinned_ref:mytool', 'insecure_source:-', 'non_registry_source:mytool',
      'open_ended_range:flask', 'unpinned_version:requests',
    ],
  },
  {
    file: 'problems.go.mod',
    filename: 'go.mod',
    expected: [
      'duplicate_dependency:github.com/spf13/pflag', 'non_registry_source:github.com/sirupsen/logrus', 'prerelease_version:github.com/spf13/cobra',
      'prerelease_version:golang.org/x/net', 'typosquat_suspect:github.com/stretcher/testify',
    ],
  },
  {
    file: 'problems.Cargo.toml',
    filename: 'Cargo.toml',
    kind: 'application',
    expected: [
      'dev_tool_in_production:criterion', 'duplicate_dependency:tokio', 'extra_index_url:-', 'git_unpinned_ref:rand', 'git_unpinned_ref:reqwest', 'non_registry_source:mylocal',
      'non_registry_source:rand', 'non_registry_source:reqwest', 'open_ended_range:tokio', 'prerelease_version:clap', 'typosquat_suspect:serde_jsonn', 'unpinned_version:serde',
    ],
  },
  {
    file: 'problems.Gemfile',
    filename: 'Gemfile',
    expected: [
      'dev_tool_in_production:rspec-rails', 'duplicate_dependency:rspec-rails', 'extra_index_url:-', 'git_unpinned_ref:devise', 'git_unpinned_ref:sidekiq', 'insecure_source:-',
      'non_registry_source:devise', 'non_registry_source:local_gem', 'non_registry_source:sidekiq', 'open_ended_range:rails', 'prerelease_version:rack',
      'typosquat_suspect:nokogirii', 'unpinned_version:pg', 'unpinned_version:pry',
    ],
  },
];

/** Further checks on some problem manifests: the declaring line, pinned and tagged git refs. */
const PROBLEM_SPOTS: Record<string, (o: Output) => void> = {
  // Findings point at the declaring line.
  'problems.Cargo.toml': (o) => expect(o.findings.find((f) => f.code === 'typosquat_suspect')).toMatchObject({ package: 'serde_jsonn', line: 12, severity: 'high' }),
  'problems.Gemfile': (o) => expect(o.findings.find((f) => f.code === 'git_unpinned_ref' && f.package === 'sidekiq')).toMatchObject({ line: 9, severity: 'high' }),
  // Pinned and tagged git refs are judged differently.
  'problems.package.json': (o) => expect(o.findings.filter((f) => f.package === 'pinned-lib').map((f) => f.code)).toEqual(['non_registry_source']),
  'problems.Pipfile': (o) => expect(o.findings.find((f) => f.code === 'git_unpinned_ref')?.severity).toBe('medium'),
};

const problemRows: ValidCase[] = PROBLEMS.map((c) =>
  row(c.file, { manifest: fixture(c.file), filename: c.filename, ...(c.kind ? { project_kind: c.kind } : {}) }, (o) => {
    expect(codes(o)).toEqual([...c.expected].sort());
    for (const f of o.findings) {
      expect(f.message.length).toBeGreaterThan(10);
      expect(f.fix.length).toBeGreaterThan(10);
    }
    const order = { high: 0, medium: 1, low: 2 } as const;
    const severities = o.findings.map((f) => order[f.severity]);
    expect(severities).toEqual([...severities].sort((a, b) => a - b));
    expect(o.score_0_100).toBe(scoreOf(o.findings));
    PROBLEM_SPOTS[c.file]?.(o);
  }),
);

const lockfileRows: ValidCase[] = [
  row('lockfile_present false adds lockfile_missing', { manifest: 'requests==2.31.0\n', filename: 'requirements.txt', lockfile_present: false }, (o) => expect(codes(o)).toEqual(['lockfile_missing:-'])),
  row('lockfile_present true adds nothing', { manifest: 'requests==2.31.0\n', filename: 'requirements.txt', lockfile_present: true }, (o) => expect(codes(o)).toEqual([])),
  row('lockfile_present absent adds nothing', { manifest: 'requests==2.31.0\n', filename: 'requirements.txt' }, (o) => expect(codes(o)).toEqual([])),
];

// Libraries and applications (issue 17), on real manifests.
const issue17Rows: ValidCase[] = [
  row('Flask (a library with uv.lock): open lower bounds are not findings; with its lockfile nothing is wrong', { manifest: fixture('real.flask.pyproject.toml'), filename: 'pyproject.toml', lockfile_present: true }, (o) => {
    expect(o.project_kind).toBe('library');
    expect(o.project_kind_reason).toContain('flit_core.buildapi');
    expect(sev(o)).toEqual([]);
    expect(o.score_0_100).toBe(100);
  }),
  row('Flask without knowing of the lockfile: only the unversioned development tools remain, all low', { manifest: fixture('real.flask.pyproject.toml'), filename: 'pyproject.toml' }, (o) => {
    expect(new Set(o.findings.map((f) => `${f.severity}:${f.code}`))).toEqual(new Set(['low:unpinned_version']));
    expect(o.findings.every((f) => (f.line ?? 0) >= 37)).toBe(true); // dependency-groups start at line 36
    // asgiref, pytest and python-dotenv recur across groups with the same (no) requirement: not duplicates.
    expect(o.findings.some((f) => f.code === 'duplicate_dependency')).toBe(false);
    expect(o.score_0_100).toBe(70);
  }),
  row('Rails (gemspec, Gemfile.lock): only the RACK=head git branch remains, low and naming its condition', { manifest: fixture('real.rails.Gemfile'), filename: 'Gemfile', lockfile_present: true }, (o) => {
    expect(o.project_kind).toBe('library');
    expect(sev(o)).toEqual(['low:git_unpinned_ref:rack@91', 'low:non_registry_source:rack@91']);
    expect(o.findings[0]?.message).toContain('condition on line 88');
    expect(o.score_0_100).toBe(96);
    // `gem "rack", rack_version` takes its requirement from Ruby code: not "unpinned".
    expect(o.dependencies.find((d) => d.name === 'rack' && d.line === 89)?.requested).toBe('(computed)');
    // tools/releaser is a directory of the repository itself.
    expect(o.dependencies.find((d) => d.name === 'releaser')?.source).toBe('path');
  }),
  row('Requests (no lockfile): runtime ranges are fine for a library; the unversioned test tools are real, low', { manifest: fixture('real.requests.pyproject.toml'), filename: 'pyproject.toml', lockfile_present: false }, (o) => {
    expect(o.project_kind).toBe('library');
    expect(o.findings.every((f) => f.severity === 'low')).toBe(true);
    expect(o.findings.filter((f) => f.code !== 'lockfile_missing').every((f) => /dependency-groups/.test(f.message))).toBe(true);
    // `requests[socks]` in the test group is the project installing itself.
    expect(o.findings.some((f) => f.package === 'requests')).toBe(false);
    expect(o.score_0_100).toBe(78);
  }),
];

const KINDS: [string, string, string, string][] = [
  ['package.json private', 'package.json', '{"name":"web","version":"1.0.0","private":true,"dependencies":{"a-pkg":">=1"}}', 'application'],
  ['package.json name+version', 'package.json', '{"name":"lib","version":"1.0.0","dependencies":{"a-pkg":">=1"}}', 'library'],
  ['package.json no version', 'package.json', '{"name":"web","dependencies":{"a-pkg":">=1"}}', 'application'],
  ['pyproject build backend', 'pyproject.toml', '[project]\nname = "x"\ndependencies = ["a-pkg>=1"]\n[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n', 'library'],
  ['pyproject without build system', 'pyproject.toml', '[project]\nname = "x"\ndependencies = ["a-pkg>=1"]\n', 'application'],
  ['poetry package-mode false', 'pyproject.toml', '[tool.poetry]\npackage-mode = false\n[tool.poetry.dependencies]\na-pkg = ">=1"\n[build-system]\nbuild-backend = "poetry.core.masonry.api"\n', 'application'],
  ['uv package false', 'pyproject.toml', '[project]\nname = "x"\ndependencies = ["a-pkg>=1"]\n[tool.uv]\npackage = false\n[build-system]\nbuild-backend = "hatchling.build"\n', 'application'],
  ['Cargo [lib]', 'Cargo.toml', '[package]\nname = "x"\nversion = "0.1.0"\n[lib]\n[dependencies]\na-pkg = ">=1"\n', 'library'],
  ['Cargo default-run', 'Cargo.toml', '[package]\nname = "x"\nversion = "0.1.0"\ndefault-run = "x"\n[lib]\n[dependencies]\na-pkg = ">=1"\n', 'application'],
  ['Cargo publish false', 'Cargo.toml', '[package]\nname = "x"\nversion = "0.1.0"\npublish = false\n[dependencies]\na-pkg = ">=1"\n', 'application'],
  ['Gemfile app', 'Gemfile', 'source "https://rubygems.org"\ngem "a-pkg", ">= 1"\n', 'application'],
  ['requirements', 'requirements.txt', 'a-pkg>=1\n', 'application'],
];

const kindRows: ValidCase[] = KINDS.flatMap(([name, filename, manifest, kind]) => {
  const other = kind === 'library' ? 'application' : 'library';
  return [
    row(`${name} reads as ${kind}; a runtime open range is a finding only for an application`, { manifest, filename }, (o) => {
      expect(o.project_kind).toBe(kind);
      expect(o.findings.some((f) => f.code === 'open_ended_range' && f.package === 'a-pkg')).toBe(kind === 'application');
    }),
    // The override wins either way.
    row(`${name} with project_kind ${other}: the override wins`, { manifest, filename, project_kind: other }, (o) => {
      expect(o.project_kind).toBe(other);
      expect(o.project_kind_reason).toBe('project_kind given in the request');
      expect(o.findings.some((f) => f.code === 'open_ended_range' && f.package === 'a-pkg')).toBe(other === 'application');
    }),
  ];
});

const EXPRESS_APP = '{"name":"web","private":true,"dependencies":{"express":">=4"},"devDependencies":{"vitest":"*"}}';
const EXACT_PIN_LIB = '[project]\nname = "x"\ndependencies = ["a-pkg==1.2.3", "b-pkg>=2"]\n[build-system]\nbuild-backend = "hatchling.build"\n';
const GEMFILE_BRANCHES = [
  'source "https://rubygems.org"',
  'if ENV["RACK"] == "head"',
  '  gem "rack", git: "https://github.com/rack/rack.git"',
  'else',
  '  gem "rack", "~> 3.0"',
  'end',
  'gem "ibm_db", github: "ibmdb/ruby-ibmdb" if ENV["IBM_DB"]',
  'gem "puma", "~> 6.0"',
  'gem "puma", "~> 6.0"',
].join('\n');

const kindDetailRows: ValidCase[] = [
  row('a gemspec Gemfile is a library whose Gemfile gems are all development (runtime requirements live in the .gemspec)', { manifest: 'source "https://rubygems.org"\ngemspec\ngroup :job do\n  gem "a-pkg", ">= 1"\nend\n', filename: 'Gemfile' }, (o) => {
    expect(o.project_kind).toBe('library');
    expect(o.dependencies[0]?.group).toBe('development');
    expect(sev(o)).toEqual(['low:open_ended_range:a-pkg@4']);
  }),
  // lockfile_present: true changes the score (development ranges settle, runtime ranges drop to low): 92 -> 98.
  row('an application without lockfile information: a medium runtime range, a low development wildcard', { manifest: EXPRESS_APP, filename: 'package.json' }, (o) => {
    expect(sev(o)).toEqual(['medium:open_ended_range:express@1', 'low:unpinned_version:vitest@1']);
    expect(o.score_0_100).toBe(92);
  }),
  row('the same application with its lockfile: the runtime range drops to low, the score rises', { manifest: EXPRESS_APP, filename: 'package.json', lockfile_present: true }, (o) => {
    expect(sev(o)).toEqual(['low:open_ended_range:express@1']);
    expect(o.score_0_100).toBe(98);
  }),
  // A library that pins exactly is reported (its consumers inherit the pin); an application is not.
  row('a library that pins exactly is reported', { manifest: EXACT_PIN_LIB, filename: 'pyproject.toml' }, (o) => expect(codes(o)).toEqual(['exact_pin_in_library:a-pkg'])),
  row('an application that pins exactly is not', { manifest: EXACT_PIN_LIB, filename: 'pyproject.toml', project_kind: 'application' }, (o) => expect(codes(o)).toEqual(['open_ended_range:b-pkg'])),
  row('a library missing its lockfile is low', { manifest: '{"name":"lib","version":"1.0.0","dependencies":{"semver":"^7"}}', filename: 'package.json', lockfile_present: false }, (o) => expect(sev(o)).toEqual(['low:lockfile_missing:-@-'])),
  row('an application missing its lockfile is medium', { manifest: '{"name":"app","private":true,"dependencies":{"semver":"^7"}}', filename: 'package.json', lockfile_present: false }, (o) => expect(sev(o)).toEqual(['medium:lockfile_missing:-@-'])),
  row('Gemfile branches: if/else alternatives are not duplicates; a modifier if marks the gem conditional', { manifest: GEMFILE_BRANCHES, filename: 'Gemfile' }, (o) =>
    expect(sev(o)).toEqual([
      'low:git_unpinned_ref:rack@3',
      'low:non_registry_source:rack@3',
      'low:git_unpinned_ref:ibm_db@7',
      'low:non_registry_source:ibm_db@7',
      'low:duplicate_dependency:puma@9',
    ]),
  ),
  row("the same name in two dependency groups points at each group's own line (click's tests / tests-random)", { manifest: '[dependency-groups]\ntests = [\n    "pytest",\n]\ntests-random = [\n    "pytest",\n    "pytest-xdist",\n]\n', filename: 'pyproject.toml' }, (o) =>
    expect(o.dependencies.map((d) => `${d.section}:${d.name}@${d.line}`)).toEqual(['dependency-groups.tests:pytest@3', 'dependency-groups.tests-random:pytest@6', 'dependency-groups.tests-random:pytest-xdist@7']),
  ),
  // Paths inside the repository are fine for applications and development groups, not for a library's runtime.
  row('paths inside the repository are fine for an application', { manifest: '{"name":"app","private":true,"dependencies":{"util":"file:./packages/util","ext":"file:../ext"}}', filename: 'package.json' }, (o) => expect(codes(o)).toEqual(['non_registry_source:ext'])),
  row("a path inside the repository is a finding in a library's runtime, not its development group", { manifest: '{"name":"lib","version":"1.0.0","dependencies":{"util":"file:./packages/util"},"devDependencies":{"fixture":"file:./test/fixture"}}', filename: 'package.json' }, (o) =>
    expect(codes(o)).toEqual(['non_registry_source:util']),
  ),
];

const detectionRows: ValidCase[] = [
  // ecosystem pypi tells pyproject, Pipfile and requirements apart by content.
  { name: 'ecosystem pypi: a Poetry pyproject', input: { manifest: fixture('real.pyproject-poetry.toml'), ecosystem: 'pypi' }, output: { format: 'pyproject.toml' } },
  { name: 'ecosystem pypi: a Pipfile', input: { manifest: fixture('real.Pipfile'), ecosystem: 'pypi' }, output: { format: 'Pipfile' } },
  { name: 'ecosystem pypi: a requirements file', input: { manifest: 'flask==3.0\n', ecosystem: 'pypi' }, output: { format: 'requirements.txt' } },
  { name: 'ecosystem go decides the format', input: { manifest: fixture('real.go.mod'), ecosystem: 'go' }, output: { detected_by: 'ecosystem' } },
];

// Malformed manifests answer 400 naming the format and the line.
const MALFORMED: { name: string; filename: string; manifest: string; error: string; line: number }[] = [
  { name: 'JSON trailing comma', filename: 'package.json', manifest: '{\n  "dependencies": {\n    "a": "1",\n  }\n}', error: 'manifest_invalid_json', line: 4 },
  { name: 'JSON truncated', filename: 'package.json', manifest: '{\n  "name": "x",\n  "dependencies": {\n', error: 'manifest_invalid_json', line: 4 },
  { name: 'dependencies not an object', filename: 'package.json', manifest: '{\n  "name": "x",\n  "dependencies": ["a"]\n}', error: 'manifest_invalid_json', line: 3 },
  { name: 'version not a string', filename: 'package.json', manifest: '{\n  "dependencies": {\n    "a": 1\n  }\n}', error: 'manifest_invalid_json', line: 3 },
  { name: 'JSON array', filename: 'package.json', manifest: '[1, 2]', error: 'manifest_invalid_json', line: 1 },
  { name: 'TOML unclosed array', filename: 'pyproject.toml', manifest: '[project]\nname = "x"\ndependencies = ["requests>=2",\n', error: 'manifest_invalid_toml', line: 4 },
  { name: 'PEP 508 bad specifier', filename: 'pyproject.toml', manifest: '[project]\nname = "x"\ndependencies = [\n  "requests>>2",\n]\n', error: 'manifest_invalid_toml', line: 4 },
  { name: 'Poetry bad constraint', filename: 'pyproject.toml', manifest: '[tool.poetry.dependencies]\npython = "^3.11"\nrequests = "abc"\n', error: 'manifest_invalid_toml', line: 3 },
  { name: 'not a pyproject', filename: 'pyproject.toml', manifest: '[tool.black]\nline-length = 100\n', error: 'manifest_invalid_toml', line: 1 },
  { name: 'Pipfile bare star', filename: 'Pipfile', manifest: '[packages]\nrequests = *\n', error: 'manifest_invalid_toml', line: 2 },
  { name: 'Cargo bad version', filename: 'Cargo.toml', manifest: '[package]\nname = "x"\n\n[dependencies]\nserde = "one"\n', error: 'manifest_invalid_toml', line: 5 },
  { name: 'TOML duplicate key', filename: 'Cargo.toml', manifest: '[package]\nname = "x"\n[dependencies]\nserde = "1"\nserde = "2"\n', error: 'manifest_invalid_toml', line: 5 },
  { name: 'requirement bad specifier', filename: 'requirements.txt', manifest: 'flask==3.0\nrequests>>2\n', error: 'manifest_invalid_requirements', line: 2 },
  { name: 'unknown pip option', filename: 'requirements.txt', manifest: 'flask==3.0\n\n--frobnicate\n', error: 'manifest_invalid_requirements', line: 3 },
  { name: 'requirement garbage', filename: 'requirements.txt', manifest: '# ok\n%%%\n', error: 'manifest_invalid_requirements', line: 2 },
  { name: 'go version without v', filename: 'go.mod', manifest: 'module x\n\nrequire (\n\tgithub.com/a/b 1.2.3\n)\n', error: 'manifest_invalid_gomod', line: 4 },
  { name: 'go block unclosed', filename: 'go.mod', manifest: 'module x\n\nrequire (\n\tgithub.com/a/b v1.2.3\n', error: 'manifest_invalid_gomod', line: 3 },
  { name: 'go unknown directive', filename: 'go.mod', manifest: 'module x\nfrobnicate y\n', error: 'manifest_invalid_gomod', line: 2 },
  { name: 'go no module', filename: 'go.mod', manifest: 'go 1.22\n', error: 'manifest_invalid_gomod', line: 1 },
  { name: 'Gemfile unterminated string', filename: 'Gemfile', manifest: "source 'https://rubygems.org'\ngem 'rails\n", error: 'manifest_invalid_gemfile', line: 2 },
  { name: 'Gemfile unclosed group', filename: 'Gemfile', manifest: "gem 'a'\ngroup :test do\n  gem 'x'\n", error: 'manifest_invalid_gemfile', line: 2 },
  { name: 'Gemfile stray end', filename: 'Gemfile', manifest: "gem 'x'\nend\n", error: 'manifest_invalid_gemfile', line: 2 },
  { name: 'Gemfile bad requirement', filename: 'Gemfile', manifest: "gem 'x', 'abc'\n", error: 'manifest_invalid_gemfile', line: 1 },
];

const SCHEMA_AND_DETECTION: { name: string; body: unknown; error: string }[] = [
  { name: 'neither manifest nor upload_id', body: { filename: 'package.json' }, error: 'manifest_required' },
  { name: 'empty manifest string', body: { manifest: '' }, error: 'manifest_too_short' },
  { name: 'whitespace manifest', body: { manifest: '  \n\t' }, error: 'manifest_empty' },
  { name: 'manifest too long', body: { manifest: 'a'.repeat(1_000_001) }, error: 'manifest_too_long' },
  { name: 'manifest not a string', body: { manifest: 42 }, error: 'manifest_must_be_string' },
  { name: 'bad ecosystem', body: { manifest: 'x==1', ecosystem: 'maven' }, error: 'ecosystem_invalid' },
  { name: 'lockfile_present not boolean', body: { manifest: 'x==1', lockfile_present: 'yes' }, error: 'lockfile_present_must_be_boolean' },
  { name: 'unsupported filename', body: { manifest: 'x', filename: 'build.gradle' }, error: 'filename_unsupported' },
  { name: 'filename and ecosystem disagree', body: { manifest: '{}', filename: 'package.json', ecosystem: 'pypi' }, error: 'ecosystem_mismatch' },
  { name: 'undetectable content', body: { manifest: 'hello world, this is prose.' }, error: 'format_undetected' },
];

const invalidRows: InvalidCase[] = [
  ...MALFORMED.map((c) => ({ name: `${c.name} -> ${c.error} at line ${c.line}`, input: { manifest: c.manifest, filename: c.filename }, code: c.error, details: { line: c.line, format: formatFromFilename(c.filename) } })),
  ...SCHEMA_AND_DETECTION.map((c) => ({ name: `${c.name} -> ${c.error}`, input: c.body, code: c.error, status: 400 })),
];

testTool(def, { valid: [...realRows, ...problemRows, ...lockfileRows, ...issue17Rows, ...kindRows, ...kindDetailRows, ...detectionRows], invalid: invalidRows });

describe('dependency-check: input and detection', () => {
  it('upload_id alone passes validation (the gateway fills manifest)', () => {
    expect(def.input.safeParse({ upload_id: 'up_123', filename: 'go.mod' }).success).toBe(true);
    expect(def.uploadField).toBe('manifest');
  });

  const names: [string, Format | null][] = [
    ['package.json', 'package.json'],
    ['frontend/package.json', 'package.json'],
    ['requirements-dev.txt', 'requirements.txt'],
    ['requirements/prod.txt', 'requirements.txt'],
    ['constraints.txt', 'requirements.txt'],
    ['requirements.in', 'requirements.txt'],
    ['backend\\pyproject.toml', 'pyproject.toml'],
    ['Pipfile', 'Pipfile'],
    ['go.mod', 'go.mod'],
    ['Cargo.toml', 'Cargo.toml'],
    ['gems.rb', 'Gemfile'],
    ['Gemfile', 'Gemfile'],
    ['pom.xml', null],
    ['Gemfile.lock', null],
  ];
  for (const [name, format] of names) it(`filename ${name} -> ${String(format)}`, () => expect(formatFromFilename(name)).toBe(format));

  it('content sniffing refuses to guess between formats', () => {
    expect(sniffFormat('[dependencies]\nserde = "1"\n')).toBeNull();
    expect(sniffFormat('module example.com/x\n\ngo 1.22\n')).toBe('go.mod');
  });
});

describe('dependency-check: rules in isolation', () => {
  const dep = (syntax: Dependency['versionSyntax'], requested: string | null): Dependency => ({
    name: 'x', requested, group: 'production', section: 's', source: 'registry', line: 1, versionSyntax: syntax,
  });
  const table: [Dependency['versionSyntax'], string | null, string][] = [
    ['semver', null, 'unpinned'], ['semver', '*', 'unpinned'], ['semver', 'x', 'unpinned'], ['semver', 'latest', 'unpinned'], ['semver', '>=1.0.0', 'open_ended'],
    ['semver', '>1 || <0.5', 'open_ended'], ['semver', '^1.2.3', 'bounded'], ['semver', '1.x', 'bounded'], ['semver', '1.2.3', 'bounded'], ['semver', '<2', 'bounded'],
    ['pep440', null, 'unpinned'], ['pep440', '>=2.0', 'open_ended'], ['pep440', '!=1.5', 'open_ended'], ['pep440', '>=2,<3', 'bounded'], ['pep440', '~=1.4', 'bounded'],
    ['pep440', '==2.*', 'bounded'], ['pep440', '*', 'unpinned'],
    ['poetry', '*', 'unpinned'], ['poetry', '^1.2', 'bounded'], ['poetry', '>=1.2', 'open_ended'], ['poetry', '>=1.2,<2', 'bounded'], ['poetry', '^1.0 || >=3', 'open_ended'],
    ['cargo', '1', 'bounded'], ['cargo', '*', 'unpinned'], ['cargo', '>= 1.0', 'open_ended'], ['cargo', '>=1, <2', 'bounded'], ['cargo', '=1.2.3', 'bounded'],
    ['gem', null, 'unpinned'], ['gem', '>= 7.0', 'open_ended'], ['gem', '~> 6.1', 'bounded'], ['gem', '~> 6.4, >= 6.4.2', 'bounded'], ['gem', '1.0', 'bounded'],
    ['go', 'v1.2.3', 'bounded'],
  ];
  for (const [syntax, req, status] of table) it(`${syntax} ${JSON.stringify(req)} is ${status}`, () => expect(versionStatus(dep(syntax, req))).toBe(status));

  const pre: [Dependency['versionSyntax'], string, string | null][] = [
    ['semver', '15.0.0-rc.1', 'prerelease'], ['semver', '^15.0.0', null], ['semver', '^2.0.0 <3.0.0-0', null], ['pep440', '==2.0.0rc1', 'prerelease'], ['pep440', '>=1.0.dev3', 'prerelease'],
    ['pep440', '>=2.0', null], ['poetry', '^2.0.0b1', 'prerelease'], ['gem', '3.1.0.rc1', 'prerelease'], ['gem', '~> 3.1', null], ['cargo', '4.5.0-beta.1', 'prerelease'],
    ['go', 'v0.0.0-20240101000000-abcdef123456', 'pseudo_version'], ['go', 'v1.9.0-rc.1', 'prerelease'], ['go', 'v1.9.0', null],
  ];
  for (const [syntax, req, kind] of pre) it(`${syntax} ${req} prerelease: ${String(kind)}`, () => expect(prereleaseOf(dep(syntax, req))).toBe(kind));

  it('known popular names are never suspects; near misses are', () => {
    expect(typosquatOf('pypi', 'requests')).toBeNull();
    expect(typosquatOf('pypi', 'Requests')).toBeNull();
    expect(typosquatOf('pypi', 'python_dateutil')).toBeNull();
    expect(typosquatOf('npm', 'express')).toBeNull();
    expect(typosquatOf('cargo', 'serde-json')).toBeNull();
    expect(typosquatOf('pypi', 'reqeusts')).toMatchObject({ target: 'requests', kind: 'swapped_characters' });
    expect(typosquatOf('pypi', 'requestss')).toMatchObject({ target: 'requests', kind: 'one_edit' });
    expect(typosquatOf('pypi', 'dateutil-python')).toMatchObject({ target: 'python-dateutil', kind: 'reordered_parts' });
    expect(typosquatOf('pypi', 'python-requests')).toMatchObject({ target: 'requests', kind: 'python_affix' });
    expect(typosquatOf('npm', 'crossenv')).toMatchObject({ target: 'cross-env', kind: 'one_edit' });
    expect(typosquatOf('rubygems', 'nokogirii')?.target).toBe('nokogiri');
    expect(typosquatOf('go', 'github.com/stretcher/testify')?.target).toBe('github.com/stretchr/testify');
  });

  // Issue 17: targets ranked by popularity ratio over the whole ranked lists.
  const squats: [Ecosystem, string, string | null, string][] = [
    ['npm', 'electorn', 'electron', 'npm malware 2020; electron is below the old first-5000 cut'],
    ['npm', 'request', null, 'request is itself a high-impact npm package'],
    ['npm', 'yaml', null, 'yaml is itself a high-impact npm package'],
    ['pypi', 'yaml', 'pyyaml', 'the PyPI name of yaml is pyyaml (1000x), not the less popular pyaml'],
    ['pypi', 'request', 'requests', 'requests is thousands of times above any unlisted name'],
    ['pypi', 'beautifulsoup', null, 'on the PyPI list (BeautifulSoup 3): not a typo of beautifulsoup4'],
    ['pypi', 'dateutil', 'python-dateutil', 'drops the python- of python-dateutil'],
    ['npm', 'babelcli', 'babel-cli', 'npm typosquat, 2017 (crossenv campaign)'],
    ['npm', 'mongose', 'mongoose', 'npm typosquat, 2017 (crossenv campaign)'],
    ['npm', 'discord.jss', 'discord.js', 'npm typosquat'],
    ['pypi', 'jeIlyfish', 'jellyfish', 'PyPI typosquat, 2019'],
    ['pypi', 'python3-dateutil', 'python-dateutil', 'PyPI typosquat, 2019'],
    ['pypi', 'colourama', 'colorama', 'PyPI typosquat, 2018'],
    ['pypi', 'setup-tools', 'setuptools', 'PyPI typosquat, 2017 (skcsirt)'],
    ['pypi', 'urlib3', 'urllib3', 'PyPI typosquat, 2017 (skcsirt)'],
  ];
  for (const [eco, name, target, why] of squats) {
    it(`typosquat ${eco} ${name} -> ${String(target)} (${why})`, () => {
      const hit = typosquatOf(eco, name);
      expect(hit?.target ?? null).toBe(target);
      if (hit) expect(hit.ratio).toBeGreaterThanOrEqual(MIN_RATIO);
    });
  }

  it('a neighbour that is not far more popular than an unlisted name is no target', () => {
    // pyaml ranks about 1600th of 15000 on PyPI: ~9 times the floor by Zipf, yet yaml is named after pyyaml.
    expect(popularity('pypi', 'pyaml')).toBeGreaterThan(MIN_RATIO);
    expect(typosquatOf('pypi', 'yaml')?.target).toBe('pyyaml');
    // Every hit names a target at least MIN_RATIO times the most an unlisted name can have.
    for (const n of ['lodahs', 'expresss', 'reqeusts']) expect(typosquatOf(n === 'reqeusts' ? 'pypi' : 'npm', n)?.ratio).toBeGreaterThanOrEqual(MIN_RATIO);
  });

  it('short popular names are not used as targets (too many honest neighbours)', () => {
    expect(typosquatOf('npm', 'mss')).toBeNull();
    expect(typosquatOf('pypi', 'sixx')).toBeNull();
  });

  it('score: weights per severity, capped per code, floored at 0', () => {
    const f = (code: string, severity: 'high' | 'medium' | 'low') => ({ code, severity, package: null, message: '', fix: '', line: null }) as Parameters<typeof scoreOf>[0][number];
    expect(scoreOf([])).toBe(100);
    expect(scoreOf([f('typosquat_suspect', 'high')])).toBe(85);
    expect(scoreOf([f('unpinned_version', 'medium'), f('unpinned_version', 'low')])).toBe(92);
    expect(scoreOf(Array.from({ length: 20 }, () => f('unpinned_version', 'medium')))).toBe(70);
    expect(scoreOf(['a', 'b', 'c', 'd'].map((c) => f(c, 'high')).flatMap((x) => [x, x, x]))).toBe(0);
  });
});

describe('dependency-check: hostile input', () => {
  const big = 999_000;
  const hostile: { name: string; body: Record<string, unknown> }[] = [
    { name: 'one huge requirements line', body: { manifest: 'a'.repeat(big), filename: 'requirements.txt' } },
    { name: 'spaces then a requirement', body: { manifest: `requests${' '.repeat(big)}>=2`, filename: 'requirements.txt' } },
    { name: 'many requirement lines', body: { manifest: 'requests==2.31.0\n'.repeat(5000), filename: 'requirements.txt' } },
    { name: 'too many dependencies', body: { manifest: Array.from({ length: 5001 }, (_, i) => `pkg${i}==1.0`).join('\n'), filename: 'requirements.txt' } },
    { name: 'deep JSON nesting', body: { manifest: '['.repeat(400_000) + ']'.repeat(400_000), filename: 'package.json' } },
    { name: 'deep TOML nesting', body: { manifest: `a = ${'['.repeat(200_000)}${']'.repeat(200_000)}`, filename: 'pyproject.toml' } },
    { name: 'deep Gemfile nesting', body: { manifest: `gem 'x', ${'['.repeat(100_000)}`, filename: 'Gemfile' } },
    { name: 'huge package.json version string', body: { manifest: `{"dependencies":{"a":"${'1.'.repeat(200_000)}"}}`, filename: 'package.json' } },
    { name: 'huge go.mod line', body: { manifest: `module x\nrequire a ${'v'.repeat(big - 20)}`, filename: 'go.mod' } },
    { name: 'Gemfile of quotes', body: { manifest: "'".repeat(big), filename: 'Gemfile' } },
    { name: 'TOML header without end', body: { manifest: `[${' '.repeat(big)}`, filename: 'Cargo.toml' } },
    { name: 'control characters', body: { manifest: '\u0000\u0001requests==1\u0007\n\u001b[31m', filename: 'requirements.txt' } },
    { name: 'sniffing a huge single line', body: { manifest: 'x'.repeat(big) } },
    { name: 'many package.json deps', body: { manifest: JSON.stringify({ dependencies: Object.fromEntries(Array.from({ length: 4000 }, (_, i) => [`pkg-${i}`, '^1.0.0'])) }), filename: 'package.json' } },
    { name: 'many Cargo deps', body: { manifest: `[package]\nname = "x"\n[dependencies]\n${Array.from({ length: 4000 }, (_, i) => `crate_${i} = "1"`).join('\n')}\n`, filename: 'Cargo.toml' } },
  ];
  for (const h of hostile) {
    it(`${h.name}: 200 or 400, never a throw or a hang`, async () => {
      const t = performance.now();
      const r = await callTool(def, h.body);
      expect([200, 400]).toContain(r.status);
      expect(performance.now() - t).toBeLessThan(5000);
    });
  }

  it('every format has declared hostile cases, each within the 1 MB field cap', () => {
    const cases = def.hostile?.() ?? [];
    for (const f of ['Gemfile', 'requirements', 'pyproject', 'Pipfile', 'Cargo.toml', 'package.json', 'go.mod']) expect(cases.some((h) => h.name.startsWith(f))).toBe(true);
    for (const h of cases) expect(String(h.input.manifest).length).toBeLessThanOrEqual(1_000_000);
  });

  // Regressions, each slow before its fix: the time limits are loose (a shared machine), the inputs are not.
  const timed: [string, Record<string, unknown>][] = [
    ['Gemfile requirement of 100,000 spaces then < (5.8 s before)', { manifest: `gem 'rails', '${' '.repeat(100_000)}<'`, filename: 'Gemfile' }],
    ['200,000 requirement lines stop at the dependency limit (15 s before)', { manifest: 'a>=1\n'.repeat(200_000), filename: 'requirements.txt' }],
    ['Cargo workspace glob of 1 MB of stars (a regex built from input: 3 s, then a 500)', { manifest: `[workspace]\nmembers = ["${'*'.repeat(999_000)}x"]\n[dependencies]\na = { path = "y" }\n`, filename: 'Cargo.toml' }],
    ['TOML key of 500,000 dotted parts (1.9 s in smol-toml before)', { manifest: `${'a.'.repeat(499_000)}b = 1\n`, filename: 'pyproject.toml' }],
    ['Gemfile of 60,000 nested if blocks (refused at depth 64)', { manifest: 'if a\n'.repeat(60_000), filename: 'Gemfile' }],
  ];
  for (const [name, body] of timed) {
    it(name, async () => {
      const t = performance.now();
      const r = await callTool(def, body);
      expect(r.status).toBe(400);
      expect(performance.now() - t).toBeLessThan(1000);
    });
  }
});

// Refusals happen in prepare, before the charge (issue 15).
testPrepareRefusals(def, [
  ['whitespace', { manifest: '  \n' }, 'manifest_empty'],
  ['undetectable', { manifest: '%%%' }, 'format_undetected'],
  ['bad JSON', { manifest: '{"dependencies":', filename: 'package.json' }, 'manifest_invalid_json'],
  ['bad Gemfile', { manifest: "gem 'a', '>= x'", filename: 'Gemfile' }, 'manifest_invalid_gemfile'],
  ['too many dependencies', { manifest: 'a==1\n'.repeat(5001), filename: 'requirements.txt' }, 'manifest_too_many_dependencies'],
]);

describe('dependency-check: prepare and run', () => {
  it('run uses what prepare parsed', async () => {
    const args = def.input.parse({ manifest: 'requests==2.31.0\n', filename: 'requirements.txt' });
    const prepared = def.prepare?.(args);
    expect(prepared?.parsed.dependencies).toHaveLength(1);
    const out = await def.run(args, {} as never, prepared as NonNullable<typeof prepared>);
    expect(out.dependencies).toHaveLength(1);
  });
});
