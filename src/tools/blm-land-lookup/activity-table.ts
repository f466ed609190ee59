// The static activity and permit table (43 CFR casual-use rules for BLM land; short agency notes elsewhere), keyed by land type and designation.
import type { DesignationType } from './layers.ts';
import type { Output } from './tool.ts';

export const ACTIVITIES = ['rockhounding', 'primitive_camping', 'campfire', 'ohv'] as const;
type Activity = (typeof ACTIVITIES)[number];
type Allowed = boolean | 'limited';

export type ActivityRule = Output['allowed_activities'][number];
export type PermitRule = Output['permit_requirements'][number];

export type LandType = 'blm' | 'usfs' | 'nps' | 'fws' | 'tribal' | 'military' | 'state' | 'private' | 'local' | 'other_federal' | 'undetermined';

/** SMA agency codes: display name and the land type that keys the table. Unknown codes read as other federal. */
export const AGENCIES: Readonly<Record<string, { name: string; type: LandType }>> = {
  BLM: { name: 'Bureau of Land Management', type: 'blm' },
  USFS: { name: 'USDA Forest Service', type: 'usfs' },
  FS: { name: 'USDA Forest Service', type: 'usfs' },
  NPS: { name: 'National Park Service', type: 'nps' },
  FWS: { name: 'U.S. Fish and Wildlife Service', type: 'fws' },
  BIA: { name: 'Bureau of Indian Affairs (tribal and trust land)', type: 'tribal' },
  DOD: { name: 'Department of Defense', type: 'military' },
  ARMY: { name: 'Department of Defense (Army)', type: 'military' },
  NAVY: { name: 'Department of Defense (Navy)', type: 'military' },
  USAF: { name: 'Department of Defense (Air Force)', type: 'military' },
  USMC: { name: 'Department of Defense (Marine Corps)', type: 'military' },
  BOR: { name: 'Bureau of Reclamation', type: 'other_federal' },
  USBR: { name: 'Bureau of Reclamation', type: 'other_federal' },
  DOE: { name: 'Department of Energy', type: 'other_federal' },
  COE: { name: 'U.S. Army Corps of Engineers', type: 'other_federal' },
  USACE: { name: 'U.S. Army Corps of Engineers', type: 'other_federal' },
  TVA: { name: 'Tennessee Valley Authority', type: 'other_federal' },
  OTHFE: { name: 'Other federal agency', type: 'other_federal' },
  ST: { name: 'State', type: 'state' },
  LG: { name: 'Local government', type: 'local' },
  PVT: { name: 'Private', type: 'private' },
  UND: { name: 'Undetermined', type: 'undetermined' },
};

const BLM_BASE: Record<Activity, ActivityRule> = {
  rockhounding: {
    activity: 'rockhounding',
    allowed: true,
    notes:
      'Casual collecting of rocks, minerals and invertebrate fossils in reasonable amounts, with hand tools, not for sale. Petrified wood: 25 lb plus one piece a day, 250 lb a year (43 CFR 3622). Vertebrate fossils and artefacts need a permit. Mining claims and posted closures are off limits.',
  },
  primitive_camping: {
    activity: 'primitive_camping',
    allowed: true,
    notes: 'Dispersed camping up to 14 days in any 28-day period, then move more than 25 miles (43 CFR 8364.1 and state supplementary rules). Posted closures and developed sites have their own rules.',
  },
  campfire: { activity: 'campfire', allowed: 'limited', notes: 'Allowed unless a seasonal fire restriction or fire order is in force; check the field office before lighting a fire.' },
  ohv: {
    activity: 'ohv',
    allowed: 'limited',
    notes: 'Only where the land-use plan allows: areas are designated Open, Limited (to existing or designated routes) or Closed (43 CFR 8340). Most BLM land is Limited.',
  },
};

const BLM_PERMITS: PermitRule[] = [
  {
    activity: 'commercial_or_organized_group_use',
    permit_required: true,
    permit_type: 'Special Recreation Permit (43 CFR 2930)',
    notes: 'Commercial use (outfitters, guides, paid trips), competitive events, and organised group activities or events.',
  },
  { activity: 'petrified_wood_over_250_lb', permit_required: true, permit_type: 'Free-use permit (43 CFR 3620)', notes: 'Collecting more than 250 lb of petrified wood in a year; selling collected wood is never casual use.' },
  {
    activity: 'vertebrate_fossil_or_artifact_collection',
    permit_required: true,
    permit_type: 'Paleontological resources use permit (43 CFR 49) or archaeological permit (43 CFR 7)',
    notes: 'Vertebrate fossils and archaeological artefacts may be collected only under a permit, by qualified researchers.',
  },
];

/** How each designation tightens the BLM base rules; the most restrictive value wins. */
const DESIGNATION_RULES: Record<DesignationType, { allowed: Record<Activity, Allowed>; notes: Record<Activity, string>; designationNote: string }> = {
  Wilderness: {
    allowed: { rockhounding: 'limited', primitive_camping: true, campfire: 'limited', ohv: false },
    notes: {
      rockhounding: 'Wilderness: collecting only as the wilderness management plan allows; no mechanised tools.',
      primitive_camping: 'Wilderness: camping allowed; the plan may set group-size and stay limits.',
      campfire: 'Wilderness: fire restrictions in the management plan apply.',
      ohv: 'Wilderness: no motorised or mechanised use, including bicycles.',
    },
    designationNote: 'Designated Wilderness (Wilderness Act of 1964): no motorised or mechanised use; no new surface disturbance.',
  },
  WSA: {
    allowed: { rockhounding: 'limited', primitive_camping: true, campfire: 'limited', ohv: 'limited' },
    notes: {
      rockhounding: 'Wilderness Study Area: hand collecting only, no surface disturbance.',
      primitive_camping: 'Wilderness Study Area: camping allowed without new surface disturbance.',
      campfire: 'Wilderness Study Area: fire restrictions apply; leave no trace.',
      ohv: 'Wilderness Study Area: vehicles only on routes that existed when the WSA was designated; no cross-country travel.',
    },
    designationNote: 'Wilderness Study Area, managed to keep wilderness character until Congress decides (FLPMA section 603): vehicles on existing routes only, no new surface disturbance.',
  },
  ACEC: {
    allowed: { rockhounding: 'limited', primitive_camping: 'limited', campfire: 'limited', ohv: 'limited' },
    notes: {
      rockhounding: 'ACEC: per the unit management plan; collecting may be restricted to protect the resource.',
      primitive_camping: 'ACEC: per the unit management plan.',
      campfire: 'ACEC: per the unit management plan.',
      ohv: 'ACEC: per the unit management plan; often limited to designated routes.',
    },
    designationNote: 'Area of Critical Environmental Concern: special management under the resource management plan; rules vary by unit.',
  },
  NM_NCA: {
    allowed: { rockhounding: 'limited', primitive_camping: 'limited', campfire: 'limited', ohv: 'limited' },
    notes: {
      rockhounding: 'National Monument or NCA: per the unit management plan; many prohibit collecting.',
      primitive_camping: 'National Monument or NCA: per the unit management plan.',
      campfire: 'National Monument or NCA: per the unit management plan.',
      ohv: 'National Monument or NCA: per the unit management plan; usually designated routes only.',
    },
    designationNote: 'National Monument or National Conservation Area (National Landscape Conservation System): rules follow the unit\'s proclamation or act and management plan.',
  },
};

type StaticRow = { allowed: Record<Activity, Allowed>; notes: Record<Activity, string>; permits: PermitRule[] };

/** A land type whose rule is one value and one note for every activity, with the permits it names. */
function uniform(allowed: Allowed, note: string, permits: PermitRule[] = []): StaticRow {
  return {
    allowed: { rockhounding: allowed, primitive_camping: allowed, campfire: allowed, ohv: allowed },
    notes: { rockhounding: note, primitive_camping: note, campfire: note, ohv: note },
    permits,
  };
}

const OTHER_LAND: Record<Exclude<LandType, 'blm'>, StaticRow> = {
  usfs: {
    allowed: { rockhounding: 'limited', primitive_camping: 'limited', campfire: 'limited', ohv: 'limited' },
    notes: {
      rockhounding: 'National Forest, not BLM: small amounts for personal, non-commercial use are generally allowed; rules vary by forest.',
      primitive_camping: 'National Forest: dispersed camping generally allowed up to the forest\'s stay limit (often 14 days).',
      campfire: 'National Forest: subject to the forest\'s fire restrictions.',
      ohv: 'National Forest: only on roads, trails and areas shown on the Motor Vehicle Use Map (36 CFR 212).',
    },
    permits: [{ activity: 'commercial_or_large_group_use', permit_required: true, permit_type: 'Special use authorization (36 CFR 251)', notes: 'Commercial activities, and non-commercial group events of 75 or more people.' }],
  },
  nps: {
    allowed: { rockhounding: false, primitive_camping: 'limited', campfire: 'limited', ohv: false },
    notes: {
      rockhounding: 'National Park System: collecting rocks, minerals or fossils is prohibited (36 CFR 2.1).',
      primitive_camping: 'National Park System: only in designated sites, or with a backcountry permit where the park requires one (36 CFR 2.10).',
      campfire: 'National Park System: only in designated fire rings or as the park allows (36 CFR 2.13).',
      ohv: 'National Park System: off-road vehicle use is prohibited outside routes designated by special regulation (36 CFR 4.10).',
    },
    permits: [
      { activity: 'backcountry_camping', permit_required: true, permit_type: 'Backcountry use permit', notes: 'Required by most parks for overnight backcountry stays; check the park.' },
      { activity: 'commercial_use', permit_required: true, permit_type: 'Commercial use authorization (36 CFR 5.3)', notes: 'Any business operation in a park, including guided trips.' },
    ],
  },
  fws: {
    allowed: { rockhounding: false, primitive_camping: 'limited', campfire: 'limited', ohv: false },
    notes: {
      rockhounding: 'National Wildlife Refuge: removing natural objects is prohibited unless authorised (50 CFR 27.61).',
      primitive_camping: 'National Wildlife Refuge: only where the refuge\'s own rules allow it; most refuges do not.',
      campfire: 'National Wildlife Refuge: only where the refuge allows it.',
      ohv: 'National Wildlife Refuge: vehicles only on designated routes (50 CFR 27.31).',
    },
    permits: [{ activity: 'special_use', permit_required: true, permit_type: 'Refuge special use permit', notes: 'Commercial activity, research and uses beyond the refuge\'s public-use rules.' }],
  },
  tribal: uniform(false, 'Tribal or trust land: entry and recreation only with the tribe\'s permission and permits.', [{ activity: 'any_recreation', permit_required: true, permit_type: 'Tribal permit', notes: 'Issued by the tribe; non-members generally need one for any recreation.' }]),
  military: uniform(false, 'Military land: public access is restricted; some installations run permit-based recreation programmes.', [{ activity: 'entry', permit_required: true, permit_type: 'Installation access or recreation permit', notes: 'Issued by the installation, where public recreation is offered at all.' }]),
  state: uniform('limited', 'State land: rules differ by state and land type; state trust land often needs a recreation permit and some states close it to the public.', [{ activity: 'recreation', permit_required: true, permit_type: 'State land recreation permit (varies by state)', notes: 'Check the state land office before any use of state trust land.' }]),
  private: uniform(false, 'Private land: only with the owner\'s permission.', [{ activity: 'any_access', permit_required: true, permit_type: 'Landowner permission', notes: 'Entering or using private land without permission can be trespass.' }]),
  local: uniform('limited', 'Local government land: county or city ordinances apply; check with the managing office.'),
  other_federal: uniform('limited', 'Managed by a federal agency other than BLM: that agency\'s rules apply; public access may be restricted.'),
  undetermined: uniform('limited', 'Land status is undetermined in the SMA data: confirm ownership before any use.'),
};

const RANK: Record<string, number> = { false: 0, limited: 1, true: 2 };
const stricter = (a: Allowed, b: Allowed): Allowed => (RANK[String(b)]! < RANK[String(a)]! ? b : a);

export function designationNote(type: DesignationType): string {
  return DESIGNATION_RULES[type].designationNote;
}

/** Activities and permits for a land type; on BLM land, each designation at the point tightens the base rules. */
export function rulesFor(land: LandType, designations: readonly DesignationType[]): { activities: ActivityRule[]; permits: PermitRule[] } {
  if (land !== 'blm') {
    const row = OTHER_LAND[land];
    return {
      activities: ACTIVITIES.map((a) => ({ activity: a, allowed: row.allowed[a], notes: row.notes[a] })),
      permits: row.permits.map((p) => ({ ...p })),
    };
  }
  const types = [...new Set(designations)];
  const activities = ACTIVITIES.map((a): ActivityRule => {
    let allowed = BLM_BASE[a].allowed;
    const notes = [BLM_BASE[a].notes];
    for (const t of types) {
      allowed = stricter(allowed, DESIGNATION_RULES[t].allowed[a]);
      notes.push(DESIGNATION_RULES[t].notes[a]);
    }
    return { activity: a, allowed, notes: notes.join(' ') };
  });
  return { activities, permits: BLM_PERMITS.map((p) => ({ ...p })) };
}
