// dependency-check: parse a dependency manifest and report hygiene findings (ranges, sources, typosquats, indexes).
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { counts, requireTextOrUpload, uploadIdField } from '../kit/fields.ts';
import { checkManifest, prepareManifest } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { ECOSYSTEMS, FINDING_CODES, FORMATS, GROUPS, MAX_MANIFEST_CHARS, PROJECT_KINDS, SEVERITIES, SOURCES } from './model.ts';

const input = z
  .object({
    manifest: z
      .string()
      .min(1)
      .max(MAX_MANIFEST_CHARS)
      .optional()
      .describe('The manifest text: package.json, requirements.txt, pyproject.toml (PEP 621 or Poetry), Pipfile, go.mod, Cargo.toml or Gemfile. Or send upload_id.'),
    upload_id: uploadIdField.optional(),
    filename: z.string().min(1).max(255).optional().describe('File name of the manifest (e.g. "requirements-dev.txt"); decides the format. Without it the format comes from ecosystem and content.'),
    ecosystem: z.enum(ECOSYSTEMS).optional().describe('npm, pypi, go, cargo or rubygems: narrows detection when no filename is given (pypi still tells requirements.txt, pyproject.toml and Pipfile apart by content).'),
    lockfile_present: z
      .boolean()
      .optional()
      .describe(
        'Whether the project commits a lockfile. true: development groups are settled by it and an application\'s runtime ranges drop to low; false adds lockfile_missing (low for a library). Omit when unknown.',
      ),
    project_kind: z
      .enum(PROJECT_KINDS)
      .optional()
      .describe(
        'library (published for others to install: open lower bounds are expected in its runtime requirements, exact pins are not) or application (deployed as it is). Without it the kind comes from the manifest: a build backend, gemspec, a publishable package.json, a [lib] target.',
      ),
  })
  .superRefine(requireTextOrUpload('manifest'));

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const finding = z.object({
  code: z.enum(FINDING_CODES).describe('Stable rule identifier.'),
  severity: z.enum(SEVERITIES).describe('high costs 15 points, medium 6, low 2 (each code capped at 30).'),
  package: z.string().nullable().describe('Dependency concerned, or null for manifest-wide findings (indexes, lockfile).'),
  message: z.string().describe('What is wrong, with the declaration and its line.'),
  fix: z.string().describe('What to do.'),
  line: z.number().int().nullable().describe('1-based line in the manifest, or null.'),
});

const output = z.object({
  ecosystem: z.enum(ECOSYSTEMS).describe('Package ecosystem of the manifest.'),
  format: z.enum(FORMATS).describe('Manifest format parsed.'),
  detected_by: z.enum(['filename', 'ecosystem', 'content']).describe('How the format was decided.'),
  project_kind: z.enum(PROJECT_KINDS).describe('library or application: decides which version-range findings apply.'),
  project_kind_reason: z.string().describe('Why: the manifest evidence, or that project_kind was given.'),
  dependencies: z
    .array(
      z.object({
        name: z.string().describe('Package name as declared.'),
        requested: z.string().nullable().describe('Version requirement as written, or null when none was given.'),
        group: z.enum(GROUPS).describe('What the dependency is for: production, development, optional, peer, build or indirect (Go).'),
        section: z.string().describe('Where it was declared (e.g. devDependencies, tool.poetry.group.dev.dependencies, group :test).'),
        source: z.enum(SOURCES).describe('registry, git, url or path.'),
        line: z.number().int().nullable().describe('1-based line of the declaration, or null.'),
      }),
    )
    .describe('Every declared dependency, in manifest order.'),
  findings: z.array(finding).describe('Rule findings, high severity first, then by line.'),
  score_0_100: z.number().int().min(0).max(100).describe('100 minus the findings\' weights (high 15, medium 6, low 2; at most 30 per code).'),
  summary: counts({
    dependencies: 'Dependencies declared.',
    findings: 'Findings in all.',
    high: 'High-severity findings.',
    medium: 'Medium-severity findings.',
    low: 'Low-severity findings.',
  }).describe('Counts.'),
  typosquat_list: z
    .object({
      source: z.string().describe('Where the popular-name list for this ecosystem comes from.'),
      licence: z.string().describe('Its licence.'),
      names: z.number().int().describe('Names on it.'),
    })
    .describe('The popular-package list typosquat_suspect findings are checked against.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export default defineTool({
  name: 'dependency-check',
  title: 'Dependency check',
  summary: 'Check a dependency manifest for risky version ranges, sources, indexes and typosquats',
  description:
    'Parses package.json, requirements.txt, pyproject.toml (PEP 621, PEP 735 groups, Poetry, uv sources), Pipfile, go.mod, Cargo.toml or Gemfile with real parsers ' +
    'and lists every dependency (name, requested version, group, source). Findings: unpinned or wildcard versions, ranges with no upper bound, pre-releases and Go ' +
    'pseudo-versions, git/URL/path sources, git dependencies without a fixed commit, plain-http or unverified sources, extra package indexes (dependency confusion), ' +
    'duplicates, dev tools in production dependencies, names one edit away from popular packages (typosquats), and a missing lockfile when lockfile_present is false. ' +
    'Gives a 0-100 score. Malformed manifests answer 400 with a code naming the syntax (manifest_invalid_json, manifest_invalid_toml, manifest_invalid_requirements, ' +
    'manifest_invalid_gomod, manifest_invalid_gemfile) and the line. Limits: reads the manifest only (no lockfile, no registry or vulnerability lookups); Gemfiles are ' +
    'read as Bundler DSL, so gems added by arbitrary Ruby code are not seen.',
  input,
  output,
  uploadField: 'manifest',
  examples,
  hostile: hostileCases,
  codes: {
    manifest_empty: 'The manifest holds nothing but whitespace.',
    filename_unsupported: 'The filename names no supported manifest (package.json, requirements*.txt, pyproject.toml, Pipfile, go.mod, Cargo.toml, Gemfile).',
    ecosystem_mismatch: 'The manifest named by filename belongs to another ecosystem than the one given.',
    format_undetected: 'The format could not be told from the content; pass filename or ecosystem.',
    manifest_invalid_json: 'package.json does not parse or a value has the wrong type; details name the format and line.',
    manifest_invalid_toml: 'pyproject.toml, Pipfile or Cargo.toml does not parse or holds a malformed requirement; details name the format and line.',
    manifest_invalid_requirements: 'A requirements.txt line is not a valid requirement or pip option; details name the line.',
    manifest_invalid_gomod: 'go.mod does not parse (directive, block or version); details name the line.',
    manifest_invalid_gemfile: 'The Gemfile does not parse as Bundler DSL or a gem requirement is malformed; details name the line.',
    manifest_too_many_dependencies: 'The manifest declares more than 5000 dependencies (the limit detail).',
  },
  // Detection, parsing and every refusal happen here, before the charge; run only applies the rules.
  prepare: prepareManifest,
  run(args, _ctx, prepared) {
    return checkManifest(args, prepared);
  },
});
