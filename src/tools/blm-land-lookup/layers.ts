// The upstream ArcGIS layers: where each lives relative to the configured URLs, and which fields it carries.

export type DesignationType = 'ACEC' | 'Wilderness' | 'WSA' | 'NM_NCA';

export interface LayerRef {
  key: 'sma' | 'wilderness' | 'wsa' | 'acec' | 'nm_nca';
  /** Human-readable dataset name, used in `sources`. */
  title: string;
  url: string;
  outFields: string[];
}

/** Public BLM defaults (DESIGN §7 lets the operator point them elsewhere). */
export const DEFAULT_SMA_URL = 'https://gis.blm.gov/arcgis/rest/services/lands/BLM_Natl_SMA_LimitedScale/MapServer/1';
export const DEFAULT_DESIGNATIONS_URL = 'https://gis.blm.gov/arcgis/rest/services/lands';

export const SMA_FIELDS = ['ADMIN_AGENCY_CODE', 'ADMIN_DEPT_CODE', 'ADMIN_UNIT_NAME', 'ADMIN_UNIT_TYPE', 'ADMIN_ST'];

/**
 * Designation layers, addressed under DDT_BLM_DESIGNATIONS_URL: that setting is the ArcGIS services folder (the
 * public one is `https://gis.blm.gov/arcgis/rest/services/lands`) and each layer is `<folder>/<service>/MapServer/<id>`.
 */
export const DESIGNATION_LAYERS: readonly { key: LayerRef['key']; type: DesignationType; title: string; path: string; outFields: string[] }[] = [
  { key: 'wilderness', type: 'Wilderness', title: 'BLM NLCS Wilderness Areas', path: 'BLM_Natl_NLCS_WLD_WSA/MapServer/0', outFields: ['NLCS_NAME', 'NLCS_ID', 'ADMIN_ST'] },
  { key: 'wsa', type: 'WSA', title: 'BLM NLCS Wilderness Study Areas', path: 'BLM_Natl_NLCS_WLD_WSA/MapServer/1', outFields: ['NLCS_NAME', 'NLCS_ID', 'ADMIN_ST'] },
  { key: 'acec', type: 'ACEC', title: 'BLM Areas of Critical Environmental Concern', path: 'BLM_Natl_ACEC/MapServer/0', outFields: ['ACEC_NAME', 'ADMIN_ST'] },
  { key: 'nm_nca', type: 'NM_NCA', title: 'BLM NLCS National Monuments and National Conservation Areas', path: 'BLM_Natl_NLCS_NM_NCA_poly/MapServer/1', outFields: ['NCA_NAME', 'sma_code'] },
];

function trimSlash(u: string): string {
  return u.replace(/\/+$/, '');
}

export function smaLayer(smaUrl: string): LayerRef {
  return { key: 'sma', title: 'BLM National Surface Management Agency (limited scale)', url: trimSlash(smaUrl), outFields: SMA_FIELDS };
}

export function designationLayers(designationsUrl: string): (LayerRef & { type: DesignationType })[] {
  const base = trimSlash(designationsUrl);
  return DESIGNATION_LAYERS.map((d) => ({ key: d.key, type: d.type, title: d.title, url: `${base}/${d.path}`, outFields: d.outFields }));
}
