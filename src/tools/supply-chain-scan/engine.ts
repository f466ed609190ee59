// The scan: detect the format, parse, run the rules, then sort, dedupe, cap and score. Pure and deterministic.
import { ADVISORY_SNAPSHOT_DATE } from './advisories.ts';
import { detectFormat } from './detect.ts';
import type { LockFormat, LockedPackage, ParsedLock, Severity } from './model.ts';
import { ECOSYSTEM_OF, SEVERITIES } from './model.ts';
import { parsePackageLock } from './parsers/package-lock.ts';
import { parseGoSum } from './parsers/go-sum.ts';
import { parsePnpmLock } from './parsers/pnpm-lock.ts';
import { parseRequirements } from './parsers/requirements.ts';
import { parseCargoLock, parsePoetryLock } from './parsers/toml-locks.ts';
import { parseYarnLock } from './parsers/yarn-lock.ts';
import type { Finding } from './rules.ts';
import { DEFAULT_REGISTRIES, FINDING_CODES, runRules } from './rules.ts';
import type { Input, Output } from './tool.ts';

/** Output caps: the counts and summary always cover everything; the lists stop here and say so. */
export const MAX_LISTED_PACKAGES = 500;
export const MAX_LISTED_FINDINGS = 500;

/** Points lost per finding and the most each severity can cost (so a pile of low findings cannot sink a clean lock). */
const PENALTY: Readonly<Record<Severity, { each: number; cap: number }>> = {
  critical: { each: 40, cap: 100 },
  high: { each: 15, cap: 45 },
  medium: { each: 5, cap: 25 },
  low: { each: 1, cap: 10 },
};

const PARSERS: Readonly<Record<LockFormat, (text: string) => ParsedLock>> = {
  'package-lock': parsePackageLock,
  'yarn-lock': parseYarnLock,
  'pnpm-lock': parsePnpmLock,
  requirements: parseRequirements,
  'poetry-lock': parsePoetryLock,
  'cargo-lock': parseCargoLock,
  'go-sum': parseGoSum,
};

function uniquePackages(list: readonly LockedPackage[]): LockedPackage[] {
  const seen = new Set<string>();
  const out: LockedPackage[] = [];
  for (const p of list) {
    const key = `${p.name}\u0000${p.version}\u0000${p.source}\u0000${p.url ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

const SEVERITY_RANK: Readonly<Record<Severity, number>> = { critical: 0, high: 1, medium: 2, low: 3 };
const CODE_RANK = new Map<string, number>(FINDING_CODES.map((c, i) => [c, i]));

function cmpStr(a: string | null, b: string | null): number {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

function orderFindings(list: Finding[]): Finding[] {
  const seen = new Set<string>();
  const unique = list.filter((f) => {
    const key = `${f.code}\u0000${f.package ?? ''}\u0000${f.version ?? ''}\u0000${f.advisory_id ?? ''}\u0000${f.package === null ? f.message : ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      (CODE_RANK.get(a.code) ?? 0) - (CODE_RANK.get(b.code) ?? 0) ||
      cmpStr(a.package, b.package) ||
      cmpStr(a.version, b.version) ||
      cmpStr(a.message, b.message),
  );
}

export function scoreFor(summary: Record<Severity, number>): number {
  let penalty = 0;
  for (const s of SEVERITIES) penalty += Math.min(PENALTY[s].cap, PENALTY[s].each * summary[s]);
  return Math.max(0, 100 - penalty);
}

/** What the validation phase hands to the run: the detected format and the parsed lockfile. */
export interface PreparedLock {
  format: LockFormat;
  parsed: ParsedLock;
}

/**
 * Format detection and parsing: everything that can refuse the lockfile (lockfile_format_unknown, the
 * format's lockfile_invalid_* codes). Pure and synchronous, so the tool runs it before the credit is taken.
 */
export function prepareLockfile(input: Input): PreparedLock {
  // The gateway has replaced upload_id with the uploaded text by now; the schema's refinement guarantees one of them.
  const lockfile = input.lockfile ?? '';
  const format = detectFormat(lockfile, input.format, input.filename);
  return { format, parsed: PARSERS[format](lockfile) };
}

/** The findings and score of a prepared lockfile (prepares it first when called alone). */
export function scanLockfile(input: Input, prepared: PreparedLock = prepareLockfile(input)): Output {
  const { format, parsed } = prepared;
  const ecosystem = ECOSYSTEM_OF[format];
  const packages = uniquePackages(parsed.packages);
  const lock: ParsedLock = { ...parsed, packages };
  const allowed = input.allowed_registries && input.allowed_registries.length > 0 ? [...new Set(input.allowed_registries.map((h) => h.toLowerCase()))] : [...DEFAULT_REGISTRIES[ecosystem]];
  const findings = orderFindings(runRules(lock, allowed));
  const summary = { critical: 0, high: 0, medium: 0, low: 0, total: findings.length };
  for (const f of findings) summary[f.severity]++;
  return {
    format,
    format_version: parsed.formatVersion,
    ecosystem,
    package_count: packages.length,
    packages: packages.slice(0, MAX_LISTED_PACKAGES).map((p) => ({
      name: p.name.length > 300 ? `${p.name.slice(0, 299)}\u2026` : p.name,
      version: p.version.length > 120 ? `${p.version.slice(0, 119)}\u2026` : p.version,
      source: p.source,
      host: p.host,
      has_integrity: p.integrity.length > 0,
      install_script: p.installScript,
    })),
    packages_truncated: packages.length > MAX_LISTED_PACKAGES,
    findings: findings.slice(0, MAX_LISTED_FINDINGS),
    findings_truncated: findings.length > MAX_LISTED_FINDINGS,
    summary,
    score_0_100: scoreFor(summary),
    allowed_registries: allowed,
    advisories_as_of: ADVISORY_SNAPSHOT_DATE,
    notes: parsed.notes,
  };
}
