// The vendored advisory snapshot (data/advisories.json) and version matching per ecosystem.
import { eq as pepEq, gte as pepGte, lt as pepLt, lte as pepLte, valid as pepValid } from '@renovatebot/pep440';
import semver from 'semver';
import snapshot from './data/advisories.json' with { type: 'json' };
import type { Ecosystem, Severity } from './model.ts';
import { normalizeName } from './typosquat.ts';

interface AdvisoryRange {
  introduced: string;
  fixed?: string;
  last_affected?: string;
}

export interface Advisory {
  id: string;
  aliases: string[];
  ecosystem: Ecosystem;
  package: string;
  versions?: string[];
  ranges?: AdvisoryRange[];
  /** malicious: the release carries malware; sabotage: the maintainer's own protestware or a withdrawn release. */
  kind: 'malicious' | 'sabotage';
  severity: Severity;
  summary: string;
  url: string;
  source: string;
}

export const ADVISORY_SNAPSHOT_DATE: string = snapshot.snapshot_date;
const ENTRIES = snapshot.entries as Advisory[];
export const ADVISORY_COUNT: number = ENTRIES.length;

const byPackage = new Map<string, Advisory[]>();
for (const a of ENTRIES) {
  const k = `${a.ecosystem}:${normalizeName(a.ecosystem, a.package)}`;
  const arr = byPackage.get(k) ?? [];
  arr.push(a);
  byPackage.set(k, arr);
}

interface Cmp {
  valid(v: string): boolean;
  eq(a: string, b: string): boolean;
  gte(a: string, b: string): boolean;
  lt(a: string, b: string): boolean;
  lte(a: string, b: string): boolean;
}

function semverCmp(strip: (v: string) => string): Cmp {
  const c = (v: string): string | null => semver.valid(strip(v), { loose: true });
  return {
    valid: (v) => c(v) !== null,
    eq: (a, b) => {
      const x = c(a);
      const y = c(b);
      return x !== null && y !== null ? semver.eq(x, y) : strip(a) === strip(b);
    },
    gte: (a, b) => semver.gte(c(a) ?? '0.0.0', c(b) ?? '0.0.0'),
    lt: (a, b) => semver.lt(c(a) ?? '0.0.0', c(b) ?? '0.0.0'),
    lte: (a, b) => semver.lte(c(a) ?? '0.0.0', c(b) ?? '0.0.0'),
  };
}

const goStrip = (v: string): string => v.replace(/^v/, '').replace(/\+incompatible$/, '');

const CMP: Readonly<Record<Ecosystem, Cmp>> = {
  npm: semverCmp((v) => v),
  crates: semverCmp((v) => v),
  go: semverCmp(goStrip),
  pypi: {
    valid: (v) => pepValid(v) !== null,
    eq: (a, b) => (pepValid(a) !== null && pepValid(b) !== null ? pepEq(a, b) : a === b),
    gte: (a, b) => pepGte(a, b),
    lt: (a, b) => pepLt(a, b),
    lte: (a, b) => pepLte(a, b),
  },
};

function inRange(cmp: Cmp, version: string, r: AdvisoryRange): boolean {
  if (r.introduced === '0' && r.fixed === undefined && r.last_affected === undefined) return true;
  if (!cmp.valid(version)) return false;
  if (r.introduced !== '0' && !cmp.gte(version, r.introduced)) return false;
  if (r.fixed !== undefined && !cmp.lt(version, r.fixed)) return false;
  if (r.last_affected !== undefined && !cmp.lte(version, r.last_affected)) return false;
  return true;
}

/**
 * Advisories that cover this package version. An empty version (a requirement that pins nothing) only
 * matches advisories that cover every version of the package.
 */
export function advisoriesFor(eco: Ecosystem, name: string, version: string): Advisory[] {
  const list = byPackage.get(`${eco}:${normalizeName(eco, name)}`);
  if (!list) return [];
  const cmp = CMP[eco];
  const out: Advisory[] = [];
  for (const a of list) {
    const hit =
      (version !== '' && (a.versions ?? []).some((v) => cmp.eq(version, v))) ||
      (a.ranges ?? []).some((r) => (version === '' ? r.introduced === '0' && r.fixed === undefined && r.last_affected === undefined : inRange(cmp, version, r)));
    if (hit) out.push(a);
  }
  return out;
}
