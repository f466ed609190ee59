// Pure assembly of a land-status answer from upstream features: jurisdiction, designations, coverage, rules, caveats.
import { fnv1aHex } from '../kit/hash.ts';
import type { LandType } from './activity-table.ts';
import { AGENCIES, designationNote, rulesFor } from './activity-table.ts';
import type { ArcgisFeature } from './arcgis.ts';
import type { Envelope } from './geometry.ts';
import { envelopeArea, polygonAreaWithin } from './geometry.ts';
import { attribute } from './fields.ts';
import type { DesignationLayerDef } from './layers.ts';
import type { Output } from './tool.ts';

type Jurisdiction = NonNullable<Output['jurisdiction']>;
type Designation = NonNullable<Output['special_designations']>[number];
/** A designation layer that did not answer: the answer is returned without it, and says so. */
export type UnavailableSource = NonNullable<Output['unavailable_sources']>[number];

/** Cache lifetime: 30 days (SPEC); layer field lists are kept as long as the answers built with them. */
export const CACHE_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Coordinates are rounded to 4 decimals (about 11 m) before querying, so a cached answer is exact for its key. */
export function roundCoord(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}

/** Radius rounded to metres; any positive radius stays positive, so coverage is reported whenever one was asked for. */
export function roundRadius(v: number): number {
  return v <= 0 ? 0 : Math.max(0.001, Math.round(v * 1000) / 1000);
}

/** Cache key of a layer's field list (read from its description). */
export function fieldsCacheKey(layerUrl: string): string {
  return `blm-land-lookup:fields:v1:${fnv1aHex(layerUrl)}`;
}

/**
 * v2: answers cached before field names were read from the layer descriptions may have lost designation names
 * on the joined layers, so they are not reused.
 */
export function cacheKey(lat: number, lon: number, radiusKm: number, smaUrl: string, designationsUrl: string): string {
  return `blm-land-lookup:v2:${fnv1aHex(`${smaUrl}|${designationsUrl}`)}:${lat.toFixed(4)}:${lon.toFixed(4)}:${radiusKm.toFixed(3)}`;
}

function str(v: unknown): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const t = String(v).trim();
  return t === '' ? null : t.slice(0, 200);
}

/** A feature's field as text, read under its plain name or its table-qualified one. */
const field = (f: ArcgisFeature, plain: string): string | null => str(attribute(f.attributes, plain));

export const agencyCode = (f: ArcgisFeature): string | null => field(f, 'ADMIN_AGENCY_CODE')?.toUpperCase() ?? null;

/** The SMA polygon that answers for the point: a BLM one when several overlap (SPEC: "at least one BLM parcel"). */
export function pickSmaFeature(features: readonly ArcgisFeature[]): ArcgisFeature | null {
  return features.find((f) => agencyCode(f) === 'BLM') ?? features[0] ?? null;
}

function jurisdictionFrom(f: ArcgisFeature): { jurisdiction: Jurisdiction; landType: LandType } {
  const code = agencyCode(f);
  const known = code ? AGENCIES[code] : undefined;
  const st = field(f, 'ADMIN_ST')?.toUpperCase() ?? null;
  return {
    jurisdiction: {
      agency: known?.name ?? code ?? 'Unknown',
      agency_code: code,
      dept_code: field(f, 'ADMIN_DEPT_CODE'),
      admin_unit_name: field(f, 'ADMIN_UNIT_NAME'),
      admin_unit_type: field(f, 'ADMIN_UNIT_TYPE'),
      state: st && /^[A-Z]{2}$/.test(st) ? st : null,
    },
    landType: known?.type ?? (code ? 'other_federal' : 'undetermined'),
  };
}

/** Share of the envelope covered by the given polygons, in percent with one decimal. */
export function coveragePct(features: readonly ArcgisFeature[], env: Envelope): number {
  const total = envelopeArea(env);
  if (total <= 0) return 0;
  let covered = 0;
  for (const f of features) if (f.geometry?.rings) covered += polygonAreaWithin(f.geometry.rings, env);
  return Math.round(Math.min(100, (100 * covered) / total) * 10) / 10;
}

/** Designations at the point, one entry per type and name, in a fixed type order. */
export function designationsFrom(byLayer: readonly { def: DesignationLayerDef; features: readonly ArcgisFeature[] }[]): Designation[] {
  const out: Designation[] = [];
  const seen = new Set<string>();
  for (const { def, features } of byLayer) {
    const type = def.type;
    for (const f of features) {
      const name = field(f, def.nameField) ?? `Unnamed ${type}`;
      if (seen.has(`${type}|${name}`)) continue;
      seen.add(`${type}|${name}`);
      let notes = designationNote(type);
      if (def.codeField) {
        const code = field(f, def.codeField)?.toUpperCase();
        if (code === 'BLM_NM') notes = `National Monument. ${notes}`;
        else if (code === 'BLM_NCA') notes = `National Conservation Area. ${notes}`;
      }
      out.push({ type, name, notes });
    }
  }
  return out;
}

export interface AssembleInput {
  smaFeatures: readonly ArcgisFeature[];
  designations: Designation[] | null;
  coverage: { pct: number; truncated: boolean } | null;
  dataAsOf: string;
  sources: { sma: string; special_designations: string };
  /** Designation layers that failed; the answer carries what the others said. */
  unavailable: readonly UnavailableSource[];
}

function accuracyNote(j: Jurisdiction, landType: LandType, a: AssembleInput): string {
  const parts = [
    'Land status comes from the BLM national Surface Management Agency dataset, a limited-scale compilation that is not a survey: boundaries can be off by hundreds of metres and small inholdings may be missing.',
    'Activity and permit rules are a static summary of federal regulations; closures, fire orders and unit plans override them, so check with the managing office.',
  ];
  if (j.state) parts.push('The state field is the administering BLM state office, which can differ from the geographic state.');
  if (a.coverage) parts.push('blm_coverage_pct is measured over the square envelope around the radius, not the circle.');
  if (a.coverage?.truncated) parts.push('The upstream limited the number of polygons returned, so blm_coverage_pct may be understated.');
  if (landType === 'undetermined') parts.push('The managing agency is undetermined in the data.');
  if (a.unavailable.length > 0) {
    const which = a.unavailable.map((u) => `${u.dataset} (${u.reason.replace(/_/g, ' ')})`).join('; ');
    parts.push(
      `special_designations may be incomplete: ${which} did not answer, so the activity rules leave out any designation it would have added and may be less restrictive than the land's real status; ask again shortly.`,
    );
  }
  return parts.join(' ');
}

/** The response body (without request_id), as SPEC shapes it: optional fields present only when they apply. */
export function assemble(a: AssembleInput): Output {
  const smaFeature = pickSmaFeature(a.smaFeatures);
  const isBlm = smaFeature !== null && agencyCode(smaFeature) === 'BLM';
  const resolved = smaFeature ? jurisdictionFrom(smaFeature) : null;
  const designations = isBlm ? a.designations ?? [] : [];
  const rules = resolved ? rulesFor(resolved.landType, designations.map((d) => d.type)) : { activities: [], permits: [] };
  // Built in SPEC's field order; optional fields appear only when they apply.
  const out: Output = {
    is_blm_land: isBlm,
    jurisdiction: resolved?.jurisdiction ?? null,
    allowed_activities: rules.activities,
    permit_requirements: rules.permits,
    ...(isBlm ? { special_designations: designations } : {}),
    ...(a.coverage ? { blm_coverage_pct: a.coverage.pct } : {}),
    data_as_of: a.dataAsOf,
    cache_hit: false,
    ...(resolved ? { accuracy_note: accuracyNote(resolved.jurisdiction, resolved.landType, a) } : {}),
    sources: a.sources,
    ...(isBlm && a.unavailable.length > 0 ? { unavailable_sources: [...a.unavailable] } : {}),
  };
  return out;
}
