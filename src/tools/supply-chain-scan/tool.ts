// supply-chain-scan: read a lockfile and report supply-chain risks (malware, typosquats, sources, hashes, registries).
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { requireTextOrUpload, uploadIdField } from '../kit/fields.ts';
import { MAX_LISTED_FINDINGS, MAX_LISTED_PACKAGES, prepareLockfile, scanLockfile } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { ECOSYSTEMS, FORMATS, MAX_LOCKFILE_CHARS, SEVERITIES, SOURCE_KINDS } from './model.ts';
import { FINDING_CODES } from './rules.ts';

const HOST = /^(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/i;

const input = z
  .object({
    lockfile: z
      .string()
      .min(1)
      .max(MAX_LOCKFILE_CHARS)
      .optional()
      .describe(
        'The lockfile text: package-lock.json / npm-shrinkwrap.json (v1-v3), yarn.lock (v1 or Berry), pnpm-lock.yaml (v5-v9), requirements.txt (with or without --hash), poetry.lock, Cargo.lock or go.sum. Up to 5 MiB; larger files go through upload_id.',
      ),
    upload_id: uploadIdField.optional(),
    filename: z
      .string()
      .max(260)
      .optional()
      .describe('The file name (e.g. "yarn.lock", "requirements-prod.txt"): decides the format when "format" is absent. Paths are fine; only the last segment is used.'),
    format: z
      .enum(FORMATS)
      .optional()
      .describe('The lockfile format, when neither the file name nor the content makes it clear. Without it the format is taken from filename, then from markers in the content.'),
    allowed_registries: z
      .array(z.string().min(1).max(253).regex(HOST).describe('A registry host name, optionally with :port; "*.example.com" allows every subdomain. Host names, not URLs.'))
      .max(50)
      .optional()
      .describe(
        'Registry hosts you expect packages to come from (your mirror, e.g. "npm.corp.example.com"). Replaces the defaults: registry.npmjs.org/registry.yarnpkg.com (npm), pypi.org/files.pythonhosted.org (PyPI), index.crates.io (crates.io). Any other host is reported as unexpected_registry.',
      ),
  })
  .superRefine(requireTextOrUpload('lockfile'));

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const finding = z
  .object({
    code: z.enum(FINDING_CODES).describe('Stable rule identifier (see the README for the catalogue).'),
    severity: z.enum(SEVERITIES).describe('critical: known malware; high: likely compromise path; medium: weakens verification; low: hygiene.'),
    package: z.string().max(300).nullable().describe('Package name as the lockfile writes it; null for findings about the whole file (index options).'),
    version: z.string().max(120).nullable().describe('Locked version; null when the lockfile pins none or the finding is about the whole file.'),
    message: z.string().max(2000).describe('What was found, with the values and the line when known.'),
    fix: z.string().max(1000).describe('What to do about it.'),
    advisory_id: z.string().max(40).optional().describe('known_malicious / withdrawn_version only: the advisory id (GHSA-, MAL-, PYSEC-, RUSTSEC-, or SCS- for incidents without one).'),
    similar_to: z.string().max(300).optional().describe('typosquat only: the popular package name this one imitates.'),
  })
  .describe('One finding.');

const pkg = z
  .object({
    name: z.string().max(300).describe('Package name (module path for Go).'),
    version: z.string().max(120).describe('Locked version; empty when the lockfile pins none.'),
    source: z.enum(SOURCE_KINDS).describe('registry, git, url (direct tarball/wheel), file/link/path (local), exec (Yarn exec: protocol).'),
    host: z.string().max(300).nullable().describe('Registry or URL host when the lockfile records it; null when implicit or local.'),
    has_integrity: z.boolean().describe('The lockfile records at least one hash for this package.'),
    install_script: z.boolean().describe('The lockfile says the package runs code at install (npm hasInstallScript, pnpm requiresBuild, Yarn exec:).'),
  })
  .describe('One locked package.');

const output = z.object({
  format: z.enum(FORMATS).describe('The format the lockfile was read as.'),
  format_version: z.string().max(40).nullable().describe('The lockfile format version (lockfileVersion, __metadata.version, lock-version, Cargo version); null when the format has none.'),
  ecosystem: z.enum(ECOSYSTEMS).describe('npm, pypi, crates or go.'),
  package_count: z.number().int().min(0).describe('Locked packages (unique name, version and source); workspace members are not counted.'),
  packages: z.array(pkg).max(MAX_LISTED_PACKAGES).describe(`The locked packages in lockfile order, at most ${MAX_LISTED_PACKAGES}.`),
  packages_truncated: z.boolean().describe(`true when package_count exceeds ${MAX_LISTED_PACKAGES} and the list stops there.`),
  findings: z.array(finding).max(MAX_LISTED_FINDINGS).describe(`Findings, most severe first, then in catalogue order, then by package; at most ${MAX_LISTED_FINDINGS}.`),
  findings_truncated: z.boolean().describe('true when there were more findings than listed (summary still counts them all).'),
  summary: z
    .object({
      critical: z.number().int().min(0).describe('Critical findings.'),
      high: z.number().int().min(0).describe('High findings.'),
      medium: z.number().int().min(0).describe('Medium findings.'),
      low: z.number().int().min(0).describe('Low findings.'),
      total: z.number().int().min(0).describe('All findings, listed or not.'),
    })
    .describe('Finding counts by severity, over all findings.'),
  score_0_100: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('100 minus 40 per critical, 15 per high (at most 45), 5 per medium (at most 25) and 1 per low (at most 10) finding, floored at 0.'),
  allowed_registries: z.array(z.string().max(253)).max(50).describe('The registry hosts treated as expected for this scan (the input, or the ecosystem defaults).'),
  advisories_as_of: z.string().max(20).describe('Date of the vendored known-malicious advisory snapshot (YYYY-MM-DD).'),
  notes: z.array(z.string().max(500)).max(20).describe('What this lockfile format cannot show (registries, install scripts, replace directives) and options that were not followed.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export default defineTool({
  name: 'supply-chain-scan',
  title: 'Supply-chain scan',
  summary: 'Scan a lockfile for malicious, typosquatted, unverified or off-registry packages',
  description:
    'Reads a lockfile (package-lock.json v1-v3, yarn.lock v1 and Berry, pnpm-lock.yaml v5-v9, requirements.txt with pip hash-checking, poetry.lock, Cargo.lock or go.sum) ' +
    'and reports supply-chain risks per locked package: known-malicious or sabotaged versions from a vendored advisory snapshot (GitHub Advisory Database, OpenSSF ' +
    'Malicious Packages, PyPA, RustSec), typosquats of popular names (one edit, swapped letters, separators, reordered words, affixes), install scripts, git/URL/local ' +
    'sources, missing or weak integrity hashes, unpinned requirements, extra package indexes (dependency confusion), plain-http transports, and registries outside ' +
    'allowed_registries. Returns the package list, findings with fixes, counts by severity and a 0-100 score. Malformed lockfiles answer 400 with a code naming the ' +
    'format (lockfile_invalid_package_lock, lockfile_invalid_yarn_lock, lockfile_invalid_pnpm_lock, lockfile_invalid_requirements, lockfile_invalid_poetry_lock, ' +
    'lockfile_invalid_cargo_lock, lockfile_invalid_go_sum) and the line when known; an unrecognisable file answers lockfile_format_unknown. Limits: offline, so only ' +
    'the vendored advisories are known (no live vulnerability lookup); it cannot see what a lockfile does not record (the registry of pnpm and Yarn Berry packages, ' +
    'install scripts in yarn.lock and Cargo.lock, go.mod replace directives).',
  deployed: false,
  input,
  output,
  uploadField: 'lockfile',
  examples,
  hostile: hostileCases,
  codes: {
    lockfile_format_unknown: 'The lockfile format could not be told from format, filename or content (allowed lists the formats).',
    lockfile_invalid_package_lock: 'The package-lock.json / npm-shrinkwrap.json is not valid JSON or not a lockfile of version 1-3; details name the format and, when known, the line.',
    lockfile_invalid_yarn_lock: 'The yarn.lock (v1 or Berry YAML) does not parse, or nests or aliases beyond the limits; details name the format and, when known, the line.',
    lockfile_invalid_pnpm_lock: 'The pnpm-lock.yaml does not parse, is of an unsupported version, or nests or aliases beyond the limits; details name the format and, when known, the line.',
    lockfile_invalid_requirements: 'A requirements.txt line is not a requirement, a known pip option or a valid --hash; details name the format and, when known, the line.',
    lockfile_invalid_poetry_lock: 'The poetry.lock is not valid TOML or a package entry is malformed; details name the format and, when known, the line.',
    lockfile_invalid_cargo_lock: 'The Cargo.lock is not valid TOML, of an unknown version, or a package source is malformed; details name the format and, when known, the line.',
    lockfile_invalid_go_sum: 'A go.sum line is not "<module> <version> <hash>"; details name the format and, when known, the line.',
  },
  // Detection and parsing (every refusal) happen here, before the charge; run only applies the rules.
  prepare: prepareLockfile,
  run(args, _ctx, prepared) {
    return scanLockfile(args, prepared);
  },
});
