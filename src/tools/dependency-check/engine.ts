// dependency-check engine: detect the format, parse with the format's parser, apply the rules, score.
import { ToolError } from '../kit/contract.ts';
import { detectFormat } from './detect.ts';
import { MAX_DEPENDENCIES, ManifestError, TooManyDependencies } from './model.ts';
import type { Dependency, Finding, Format, ParsedManifest } from './model.ts';
import { parseCargoToml } from './parsers/cargo.ts';
import { parseGemfile } from './parsers/gemfile.ts';
import { parseGoMod } from './parsers/gomod.ts';
import { parsePackageJson } from './parsers/npm.ts';
import { parsePipfile } from './parsers/pipfile.ts';
import { parsePyproject } from './parsers/pyproject.ts';
import { parseRequirements } from './parsers/requirements.ts';
import { findingsFor, scoreOf } from './rules.ts';
import type { Input, Output } from './tool.ts';
import { popularSources } from './typosquat.ts';

/** Error code per format for a manifest that does not parse: it names the syntax at fault. */
const INVALID_CODE: Readonly<Record<Format, string>> = {
  'package.json': 'manifest_invalid_json',
  'requirements.txt': 'manifest_invalid_requirements',
  'pyproject.toml': 'manifest_invalid_toml',
  Pipfile: 'manifest_invalid_toml',
  'go.mod': 'manifest_invalid_gomod',
  'Cargo.toml': 'manifest_invalid_toml',
  Gemfile: 'manifest_invalid_gemfile',
};

const PARSERS: Readonly<Record<Format, (text: string) => ParsedManifest>> = {
  'package.json': parsePackageJson,
  'requirements.txt': parseRequirements,
  'pyproject.toml': parsePyproject,
  Pipfile: parsePipfile,
  'go.mod': parseGoMod,
  'Cargo.toml': parseCargoToml,
  Gemfile: parseGemfile,
};

/** Longest package name or requirement kept; anything longer is malformed for every ecosystem here. */
const MAX_VALUE = 1000;

/** What the validation phase hands to the run: the parsed manifest and how its format was decided. */
export interface PreparedManifest {
  parsed: ParsedManifest;
  detectedBy: 'filename' | 'ecosystem' | 'content';
}

/**
 * Everything that can refuse the manifest (empty, undetectable format, a parse error, too many dependencies):
 * pure and synchronous, so the tool runs it before the credit is taken.
 */
export function prepareManifest(input: Input): PreparedManifest {
  // The gateway has replaced upload_id with the uploaded text by now; the schema's refinement guarantees one of them.
  const manifest = input.manifest ?? '';
  if (manifest.trim() === '') throw new ToolError(400, 'manifest_empty', 'The manifest is empty.');
  const detected = detectFormat(manifest, input.filename, input.ecosystem);
  if ('error' in detected) throw new ToolError(400, detected.error, detected.message);
  const format = detected.format;

  let parsed: ParsedManifest;
  try {
    parsed = PARSERS[format](manifest);
    for (const d of parsed.dependencies) {
      if (d.name.length > MAX_VALUE || (d.requested?.length ?? 0) > MAX_VALUE) {
        throw new ManifestError(`A package name or requirement longer than ${MAX_VALUE} characters`, d.line ?? 1);
      }
    }
  } catch (err) {
    if (err instanceof ManifestError) {
      throw new ToolError(400, INVALID_CODE[format], `${format}: ${err.message} (line ${err.line}).`, {
        format,
        line: err.line,
        ...(err.column !== null ? { column: err.column } : {}),
      });
    }
    if (err instanceof TooManyDependencies) {
      throw new ToolError(400, 'manifest_too_many_dependencies', `The manifest declares more than ${MAX_DEPENDENCIES} dependencies; at most ${MAX_DEPENDENCIES} are checked per call.`, {
        format,
        limit: MAX_DEPENDENCIES,
      });
    }
    throw err;
  }
  return { parsed, detectedBy: detected.how };
}

/** The findings and score of a prepared manifest (prepares it first when called alone). */
export function checkManifest(input: Input, prepared: PreparedManifest = prepareManifest(input)): Output {
  const { parsed } = prepared;
  const format = parsed.format;
  const kind = input.project_kind ?? parsed.project.kind;
  const findings = findingsFor(parsed, input.lockfile_present, kind);
  const list = popularSources()[parsed.ecosystem];
  const count = (s: Finding['severity']): number => findings.filter((f) => f.severity === s).length;
  return {
    ecosystem: parsed.ecosystem,
    format,
    detected_by: prepared.detectedBy,
    project_kind: kind,
    project_kind_reason: input.project_kind !== undefined ? 'project_kind given in the request' : parsed.project.reason,
    dependencies: parsed.dependencies.map((d: Dependency) => ({ name: d.name, requested: d.requested, group: d.group, section: d.section, source: d.source, line: d.line })),
    findings,
    score_0_100: scoreOf(findings),
    summary: { dependencies: parsed.dependencies.length, findings: findings.length, high: count('high'), medium: count('medium'), low: count('low') },
    typosquat_list: { source: list.source, licence: list.licence, names: list.count },
  };
}
