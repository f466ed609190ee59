// Worked examples: real inputs with the exact outputs the engine returns (the registry test replays them).
import type { ToolExample } from '../kit/contract.ts';
import type { Input, Output } from './tool.ts';

// A package-lock.json v3 with the event-stream incident and a git dependency. The two incident hashes are
// synthetic (sha512 of "fixture:<name>@<version>"); lodash's is the registry's real one.
const npmLock = JSON.stringify(
  {
    name: 'web-app',
    version: '1.0.0',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'web-app', version: '1.0.0', dependencies: { 'event-stream': '3.3.6', lodash: '^4.17.21', 'ui-kit': 'github:acme/ui-kit#main' } },
      'node_modules/event-stream': {
        version: '3.3.6',
        resolved: 'https://registry.npmjs.org/event-stream/-/event-stream-3.3.6.tgz',
        integrity: 'sha512-+a8nMoPGG2gNTtn0KIRjPmdDgkf6dJu90XoQDY2NQ527GOjGvAdYmSYQOm8o0reb9pp0bToXEG7GZQi0c6Ntnw==',
        dependencies: { 'flatmap-stream': '^0.1.0' },
      },
      'node_modules/flatmap-stream': {
        version: '0.1.1',
        resolved: 'https://registry.npmjs.org/flatmap-stream/-/flatmap-stream-0.1.1.tgz',
        integrity: 'sha512-rRuYxKeEsNxCBvTqi8ukQAI26KzVjUy0iA5de+U8FefutCxRCQEbObaIN+xnGsza3/YfpuxmHK5eqqt1RjDmPw==',
      },
      'node_modules/lodash': {
        version: '4.17.21',
        resolved: 'https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz',
        integrity: 'sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg==',
      },
      'node_modules/ui-kit': { version: '2.1.0', resolved: 'git+ssh://git@github.com/acme/ui-kit.git#5e0b5c27d1f4a3c9b8e7d6f5a4b3c2d1e0f9a8b7', hasInstallScript: true },
    },
  },
  null,
  2,
);

// A hash-checking requirements file behind a corporate index, with the public index added as an extra.
const requirements = [
  '--index-url https://pypi.corp.example.com/simple',
  '--extra-index-url https://pypi.org/simple',
  'requests==2.32.3 --hash=sha256:70761cfe03c773ceb22aa2f671b4757976145175cdfca038c02654d061d6dcc6',
  'reqeusts==2.32.3',
  'flask>=3.0',
  '',
].join('\n');

const EXAMPLE_INPUTS = {
  npm: { lockfile: npmLock, filename: 'package-lock.json' },
  pip: { lockfile: requirements, format: 'requirements', allowed_registries: ['pypi.corp.example.com'] },
} as const;

export const examples: ToolExample<Input, Output>[] = [
  {
    title: 'package-lock.json with the event-stream incident and a git dependency that runs an install script',
    input: EXAMPLE_INPUTS.npm,
    output: {
      format: "package-lock",
      format_version: "3",
      ecosystem: "npm",
      package_count: 4,
      packages: [
        {
          name: "event-stream",
          version: "3.3.6",
          source: "registry",
          host: "registry.npmjs.org",
          has_integrity: true,
          install_script: false
        },
        {
          name: "flatmap-stream",
          version: "0.1.1",
          source: "registry",
          host: "registry.npmjs.org",
          has_integrity: true,
          install_script: false
        },
        {
          name: "lodash",
          version: "4.17.21",
          source: "registry",
          host: "registry.npmjs.org",
          has_integrity: true,
          install_script: false
        },
        {
          name: "ui-kit",
          version: "2.1.0",
          source: "git",
          host: "github.com",
          has_integrity: false,
          install_script: true
        }
      ],
      packages_truncated: false,
      findings: [
        {
          code: "known_malicious",
          severity: "critical",
          package: "event-stream",
          version: "3.3.6",
          message: "event-stream@3.3.6 is a known-malicious release (GHSA-mh6f-8j2x-4483): event-stream 3.3.6 pulled in the malicious flatmap-stream, which stole wallet keys from the Copay app (Nov 2018).",
          fix: "Remove it or pin a version outside the advisory, regenerate the lockfile, and treat every machine that installed it (CI included) as compromised: rotate the secrets it could read.",
          advisory_id: "GHSA-mh6f-8j2x-4483"
        },
        {
          code: "known_malicious",
          severity: "critical",
          package: "flatmap-stream",
          version: "0.1.1",
          message: "flatmap-stream@0.1.1 is a known-malicious release (GHSA-mh6f-8j2x-4483): flatmap-stream was published only to carry the event-stream payload; every version is malicious.",
          fix: "Remove it or pin a version outside the advisory, regenerate the lockfile, and treat every machine that installed it (CI included) as compromised: rotate the secrets it could read.",
          advisory_id: "GHSA-mh6f-8j2x-4483"
        },
        {
          code: "git_dependency",
          severity: "medium",
          package: "ui-kit",
          version: "2.1.0",
          message: "ui-kit@2.1.0 comes from a git repository on github.com pinned to commit 5e0b5c27d1f4: it bypasses the registry's malware scanning and yanking.",
          fix: "Prefer a published registry release; if the fork is needed, keep the commit pinned and review changes before moving it."
        },
        {
          code: "install_script",
          severity: "medium",
          package: "ui-kit",
          version: "2.1.0",
          message: "ui-kit@2.1.0 runs an install script: code executes on every machine that installs it.",
          fix: "Install with scripts disabled (npm/yarn --ignore-scripts, pnpm onlyBuiltDependencies) and allow-list only the packages that must build."
        }
      ],
      findings_truncated: false,
      summary: {
        critical: 2,
        high: 0,
        medium: 2,
        low: 0,
        total: 4
      },
      score_0_100: 10,
      allowed_registries: [
        "registry.npmjs.org",
        "registry.npmjs.com",
        "registry.yarnpkg.com"
      ],
      advisories_as_of: "2026-11-22",
      notes: []
    },
  },
  {
    title: 'requirements.txt in hash-checking mode behind a corporate index, with an extra index, a typosquat and an unpinned line',
    input: { ...EXAMPLE_INPUTS.pip, allowed_registries: [...EXAMPLE_INPUTS.pip.allowed_registries] },
    output: {
      format: "requirements",
      format_version: null,
      ecosystem: "pypi",
      package_count: 3,
      packages: [
        {
          name: "requests",
          version: "2.32.3",
          source: "registry",
          host: null,
          has_integrity: true,
          install_script: false
        },
        {
          name: "reqeusts",
          version: "2.32.3",
          source: "registry",
          host: null,
          has_integrity: false,
          install_script: false
        },
        {
          name: "flask",
          version: "",
          source: "registry",
          host: null,
          has_integrity: false,
          install_script: false
        }
      ],
      packages_truncated: false,
      findings: [
        {
          code: "typosquat",
          severity: "high",
          package: "reqeusts",
          version: "2.32.3",
          message: "\"reqeusts\" (line 4) swaps two adjacent characters of the popular package \"requests\" and is not itself a popular package.",
          fix: "If you meant \"requests\", depend on it instead and regenerate the lockfile; if this package is intended, confirm its publisher, repository and download history before keeping it.",
          similar_to: "requests"
        },
        {
          code: "unexpected_registry",
          severity: "high",
          package: null,
          version: null,
          message: "extra-index-url https://pypi.org/simple (line 2) points at pypi.org, which is not an expected registry.",
          fix: "Confirm the index is yours; otherwise remove it, or add the host to allowed_registries."
        },
        {
          code: "extra_index_url",
          severity: "high",
          package: null,
          version: null,
          message: "--extra-index-url https://pypi.org/simple (line 2): pip merges this index with the main one and takes the highest version from either, so anyone can publish a same-named package on the public index (dependency confusion).",
          fix: "Serve every package from one index (a proxy that mirrors PyPI), or pin each package to its index with a tool that supports it (uv index pinning, Poetry source priority)."
        },
        {
          code: "missing_integrity",
          severity: "high",
          package: "flask",
          version: null,
          message: "flask (line 5) has no --hash while other lines do: pip's hash-checking mode refuses the whole install, or the line is installed unverified if the mode is switched off.",
          fix: "Regenerate the file with hashes for every line (pip-compile --generate-hashes, or uv pip compile --generate-hashes)."
        },
        {
          code: "missing_integrity",
          severity: "high",
          package: "reqeusts",
          version: "2.32.3",
          message: "reqeusts@2.32.3 (line 4) has no --hash while other lines do: pip's hash-checking mode refuses the whole install, or the line is installed unverified if the mode is switched off.",
          fix: "Regenerate the file with hashes for every line (pip-compile --generate-hashes, or uv pip compile --generate-hashes)."
        },
        {
          code: "unpinned_requirement",
          severity: "high",
          package: "flask",
          version: null,
          message: "flask (line 5) is not pinned to one version (>=3.0), so each install may pick a different release and pip refuses it in hash-checking mode.",
          fix: "Pin it with == to the version you tested (pip-compile or uv pip compile produce a fully pinned file)."
        }
      ],
      findings_truncated: false,
      summary: {
        critical: 0,
        high: 6,
        medium: 0,
        low: 0,
        total: 6
      },
      score_0_100: 55,
      allowed_registries: [
        "pypi.corp.example.com"
      ],
      advisories_as_of: "2026-11-22",
      notes: [
        "Environment markers are not evaluated: every requirement line is scanned."
      ]
    },
  },
];
