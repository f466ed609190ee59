// The fake ArcGIS server's layers: the real BLM layers' field lists (as public clients read them) over fictional polygons.
//
// Field names are the upstream's, not ours. Two of the national layers are joined layers: ArcGIS names their fields
// `<table>.<field>` in the layer description, in `outFields`, in `where` and in the attribute keys of a query answer.
// Sources for each list (read from public client code that queries these exact layers; fetched 2026-08):
// - SMA, `lands/BLM_Natl_SMA_LimitedScale/MapServer/1`: nightjuggler/peaks `lama.py` (commit 3355d4f, BLM_SMA_Query:
//   OBJECTID, ADMIN_UNIT_NAME, ADMIN_AGENCY_CODE in outFields) and the mcblmplss MCP server's SMA mixin (reads
//   ADMIN_AGENCY_CODE, ADMIN_DEPT_CODE, ADMIN_UNIT_NAME, ADMIN_UNIT_TYPE, ADMIN_ST from layer 1).
// - Wilderness, `lands/BLM_Natl_NLCS_WLD_WSA/MapServer/0`: unqualified names; a public shape-fetch script queries it with
//   `where=NLCS_NAME='...'&outFields=NLCS_NAME`; mcblmplss reads NLCS_ID and DESIG_DATE and the aliases "NLCS Name" and
//   "Administrative State Code" from it.
// - WSA, `lands/BLM_Natl_NLCS_WLD_WSA/MapServer/1`: a joined layer: nightjuggler/peaks `MapServer.js` (queryFields and
//   the popup read `nlcs_wsa_poly.OBJECTID`, `.NLCS_NAME`, `.ADMIN_ST`, `.WSA_RCMND`) and `lama.py` (BLM_WSA_Query).
// - ACEC, `lands/BLM_Natl_ACEC/MapServer/0`: mcblmplss's ACEC mixin (ACEC_NAME, LUP_NAME, ROD_DATE, GIS_ACRES, ADMIN_ST).
// - National Monuments and NCAs, `lands/BLM_Natl_NLCS_NM_NCA_poly/MapServer/1`: a joined layer: nightjuggler/peaks
//   `MapServer.js` and `lama.py` (BLM_NLCS_Query) read `Monuments_NCAs_SimilarDesignation2015.OBJECTID`, `.sma_code`,
//   `.NCA_NAME`, `.STATE_GEOG` and `nlcs_desc.WEBLINK`; the 2018 version of `lama.py` (commit 91d8186) also `.STATE_ADMN`.
//   A public drone-map page titles the same layer's popup `{Monuments_NCAs_SimilarDesignation2015.NCA_NAME}`.

export interface FakeField {
  name: string;
  type: 'esriFieldTypeOID' | 'esriFieldTypeString' | 'esriFieldTypeDouble' | 'esriFieldTypeDate';
  alias: string;
}

interface FakeFeature {
  attributes: Record<string, string | number | null>;
  rings: number[][][];
}

export interface FakeLayer {
  /** Layer name as its description gives it. */
  name: string;
  fields: FakeField[];
  features: FakeFeature[];
}

const f = (name: string, type: FakeField['type'] = 'esriFieldTypeString', alias = name): FakeField => ({ name, type, alias });

const NCA = 'Monuments_NCAs_SimilarDesignation2015';
const WSA = 'nlcs_wsa_poly';

/** The real field lists, per layer path under the services folder. */
export const REAL_FIELDS: Readonly<Record<string, FakeField[]>> = {
  'BLM_Natl_SMA_LimitedScale/MapServer/1': [
    f('OBJECTID', 'esriFieldTypeOID'),
    f('ADMIN_UNIT_NAME'),
    f('ADMIN_UNIT_TYPE'),
    f('ADMIN_DEPT_CODE'),
    f('ADMIN_AGENCY_CODE'),
    f('ADMIN_ST'),
  ],
  'BLM_Natl_NLCS_WLD_WSA/MapServer/0': [
    f('OBJECTID', 'esriFieldTypeOID'),
    f('NLCS_ID'),
    f('NLCS_NAME', 'esriFieldTypeString', 'NLCS Name'),
    f('ADMIN_ST', 'esriFieldTypeString', 'Administrative State Code'),
    f('DESIG_DATE', 'esriFieldTypeDate'),
  ],
  'BLM_Natl_NLCS_WLD_WSA/MapServer/1': [f(`${WSA}.OBJECTID`, 'esriFieldTypeOID'), f(`${WSA}.NLCS_NAME`), f(`${WSA}.ADMIN_ST`), f(`${WSA}.WSA_RCMND`)],
  'BLM_Natl_ACEC/MapServer/0': [f('OBJECTID', 'esriFieldTypeOID'), f('ACEC_NAME'), f('LUP_NAME'), f('ROD_DATE', 'esriFieldTypeDate'), f('GIS_ACRES', 'esriFieldTypeDouble'), f('ADMIN_ST')],
  'BLM_Natl_NLCS_NM_NCA_poly/MapServer/1': [
    f(`${NCA}.OBJECTID`, 'esriFieldTypeOID'),
    f(`${NCA}.sma_code`),
    f(`${NCA}.NCA_NAME`),
    f(`${NCA}.STATE_ADMN`),
    f(`${NCA}.STATE_GEOG`),
    f('nlcs_desc.WEBLINK'),
  ],
};

/** A clockwise (outer) rectangle ring, Esri orientation. */
export function rect(xmin: number, ymin: number, xmax: number, ymax: number): number[][] {
  return [
    [xmin, ymin],
    [xmin, ymax],
    [xmax, ymax],
    [xmax, ymin],
    [xmin, ymin],
  ];
}

/** A counter-clockwise (hole) rectangle ring. */
export function hole(xmin: number, ymin: number, xmax: number, ymax: number): number[][] {
  return rect(xmin, ymin, xmax, ymax).reverse();
}

const sma = (id: number, code: string, dept: string | null, unit: string, type: string | null, st: string): FakeFeature['attributes'] => ({
  OBJECTID: id,
  ADMIN_UNIT_NAME: unit,
  ADMIN_UNIT_TYPE: type,
  ADMIN_DEPT_CODE: dept,
  ADMIN_AGENCY_CODE: code,
  ADMIN_ST: st,
});

/**
 * Fictional fixture geography in central Nevada (names are invented; the shapes are rectangles): a BLM block with a
 * private inholding, a National Forest to the east, private land to the west, state land to the north, and
 * designations inside the BLM block. Attribute keys are the layers' real field names.
 */
export const LAYERS: Readonly<Record<string, FakeLayer>> = {
  'BLM_Natl_SMA_LimitedScale/MapServer/1': {
    name: 'Surface Management Agency',
    fields: REAL_FIELDS['BLM_Natl_SMA_LimitedScale/MapServer/1']!,
    features: [
      { attributes: sma(1, 'BLM', 'DOI', ' ', null, 'NV'), rings: [rect(-115.0, 38.0, -114.0, 39.0), hole(-114.55, 38.45, -114.45, 38.55)] },
      { attributes: sma(2, 'PVT', 'PVT', '', null, 'NV'), rings: [rect(-114.55, 38.45, -114.45, 38.55)] },
      { attributes: sma(3, 'USFS', 'USDA', 'Fixture National Forest', 'National Forest', 'NV'), rings: [rect(-114.0, 38.0, -113.5, 39.0)] },
      { attributes: sma(4, 'PVT', 'PVT', '', null, 'NV'), rings: [rect(-115.5, 38.0, -115.0, 39.0)] },
      { attributes: sma(5, 'ST', 'ST', '', null, 'NV'), rings: [rect(-115.0, 39.0, -114.0, 39.5)] },
    ],
  },
  'BLM_Natl_NLCS_WLD_WSA/MapServer/0': {
    name: 'Wilderness Areas',
    fields: REAL_FIELDS['BLM_Natl_NLCS_WLD_WSA/MapServer/0']!,
    features: [{ attributes: { OBJECTID: 11, NLCS_ID: 'NLCS0001', NLCS_NAME: 'Fixture Peak Wilderness', ADMIN_ST: 'NV', DESIG_DATE: null }, rings: [rect(-114.8, 38.6, -114.6, 38.8)] }],
  },
  'BLM_Natl_NLCS_WLD_WSA/MapServer/1': {
    name: 'Wilderness Study Areas',
    fields: REAL_FIELDS['BLM_Natl_NLCS_WLD_WSA/MapServer/1']!,
    features: [{ attributes: { [`${WSA}.OBJECTID`]: 21, [`${WSA}.NLCS_NAME`]: 'Fixture Canyon WSA', [`${WSA}.ADMIN_ST`]: 'NV', [`${WSA}.WSA_RCMND`]: 'Non-suitable' }, rings: [rect(-114.4, 38.2, -114.2, 38.4)] }],
  },
  'BLM_Natl_ACEC/MapServer/0': {
    name: 'ACEC Designated Polygons',
    fields: REAL_FIELDS['BLM_Natl_ACEC/MapServer/0']!,
    features: [
      { attributes: { OBJECTID: 31, ACEC_NAME: 'Fixture Springs ACEC', LUP_NAME: 'Fixture RMP', ROD_DATE: null, GIS_ACRES: 15400, ADMIN_ST: 'NV' }, rings: [rect(-114.95, 38.05, -114.85, 38.15)] },
      { attributes: { OBJECTID: 32, ACEC_NAME: 'Fixture Dunes ACEC', LUP_NAME: 'Fixture RMP', ROD_DATE: null, GIS_ACRES: 12100, ADMIN_ST: 'NV' }, rings: [rect(-114.25, 38.7, -114.15, 38.8)] },
    ],
  },
  'BLM_Natl_NLCS_NM_NCA_poly/MapServer/1': {
    name: 'National Monuments and National Conservation Areas',
    fields: REAL_FIELDS['BLM_Natl_NLCS_NM_NCA_poly/MapServer/1']!,
    features: [
      {
        attributes: { [`${NCA}.OBJECTID`]: 41, [`${NCA}.sma_code`]: 'BLM_NCA', [`${NCA}.NCA_NAME`]: 'Fixture Basin National Conservation Area', [`${NCA}.STATE_ADMN`]: 'NV', [`${NCA}.STATE_GEOG`]: 'NV', 'nlcs_desc.WEBLINK': null },
        rings: [rect(-114.3, 38.6, -114.1, 38.9)],
      },
      {
        attributes: { [`${NCA}.OBJECTID`]: 42, [`${NCA}.sma_code`]: 'BLM_NM', [`${NCA}.NCA_NAME`]: 'Fixture Arch National Monument', [`${NCA}.STATE_ADMN`]: 'NV', [`${NCA}.STATE_GEOG`]: 'NV', 'nlcs_desc.WEBLINK': null },
        rings: [rect(-114.45, 38.85, -114.35, 38.95)],
      },
    ],
  },
};
