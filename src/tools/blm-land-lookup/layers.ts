// The upstream ArcGIS layers: where each lives relative to the configured URLs, and which fields we read from it.

export type DesignationType = 'ACEC' | 'Wilderness' | 'WSA' | 'NM_NCA';
type DesignationKey = 'wilderness' | 'wsa' | 'acec' | 'nm_nca';

export interface LayerRef {
  key: 'sma' | DesignationKey;
  /** Human-readable dataset name, used in `sources`. */
  title: string;
  url: string;
  /**
   * Fields we read, by their plain names. The layer may spell them table-qualified (a joined layer:
   * `nlcs_wsa_poly.NLCS_NAME`); the lookup takes the real names from the layer's description (`fields.ts`).
   */
  fields: string[];
}

const SMA_FIELDS = ['ADMIN_AGENCY_CODE', 'ADMIN_DEPT_CODE', 'ADMIN_UNIT_NAME', 'ADMIN_UNIT_TYPE', 'ADMIN_ST'];

export interface DesignationLayerDef {
  key: DesignationKey;
  type: DesignationType;
  title: string;
  path: string;
  /** Plain name of the field holding the unit's name. */
  nameField: string;
  /** Plain name of a field that tells a National Monument from an NCA (BLM_NM, BLM_NCA), when the layer has one. */
  codeField?: string;
}

/**
 * Designation layers, addressed under DDT_BLM_DESIGNATIONS_URL: that setting is the ArcGIS services folder (the
 * public one is `https://gis.blm.gov/arcgis/rest/services/lands`) and each layer is `<folder>/<service>/MapServer/<id>`.
 * The WSA and NM/NCA layers are joined layers on the public service (their fields are table-qualified).
 */
export const DESIGNATION_LAYERS: readonly DesignationLayerDef[] = [
  { key: 'wilderness', type: 'Wilderness', title: 'BLM NLCS Wilderness Areas', path: 'BLM_Natl_NLCS_WLD_WSA/MapServer/0', nameField: 'NLCS_NAME' },
  { key: 'wsa', type: 'WSA', title: 'BLM NLCS Wilderness Study Areas', path: 'BLM_Natl_NLCS_WLD_WSA/MapServer/1', nameField: 'NLCS_NAME' },
  { key: 'acec', type: 'ACEC', title: 'BLM Areas of Critical Environmental Concern', path: 'BLM_Natl_ACEC/MapServer/0', nameField: 'ACEC_NAME' },
  { key: 'nm_nca', type: 'NM_NCA', title: 'BLM NLCS National Monuments and National Conservation Areas', path: 'BLM_Natl_NLCS_NM_NCA_poly/MapServer/1', nameField: 'NCA_NAME', codeField: 'sma_code' },
];

/** The URL without trailing slashes (a loop, not a regex: the setting is operator input of any length). */
function trimSlash(u: string): string {
  let end = u.length;
  while (end > 0 && u.charCodeAt(end - 1) === 47) end--;
  return u.slice(0, end);
}

export function smaLayer(smaUrl: string): LayerRef {
  return { key: 'sma', title: 'BLM National Surface Management Agency (limited scale)', url: trimSlash(smaUrl), fields: SMA_FIELDS };
}

export type DesignationLayerRef = LayerRef & { key: DesignationKey; def: DesignationLayerDef };

export function designationLayers(designationsUrl: string): DesignationLayerRef[] {
  const base = trimSlash(designationsUrl);
  return DESIGNATION_LAYERS.map((d) => ({ key: d.key, title: d.title, url: `${base}/${d.path}`, fields: d.codeField ? [d.nameField, d.codeField] : [d.nameField], def: d }));
}
