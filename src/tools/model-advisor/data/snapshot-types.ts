// Shape of price-snapshot.json, shared by the build script and the engine.

/** USD per million tokens; tiered prices switch every token to the tier price once input tokens pass `start`. */
export type PriceValue = number | { base: number; tiers: { start: number; price: number }[] };

/** One price set; `start_date` null means "since the entry was first listed". */
export interface PriceSet {
  start_date: string | null;
  input_mtok: PriceValue;
  output_mtok: PriceValue;
  cache_read_mtok?: PriceValue;
  cache_write_mtok?: PriceValue;
}

/** Price sets sorted by start_date (null first); the last one started on a date is the one in force. */
export type PriceSchedule = PriceSet[];

/** native: a structured-output feature; via_tools: JSON through tool calling; none: neither documented. */
export type JsonSupport = 'native' | 'via_tools' | 'none';

export interface SnapshotModel {
  id: string;
  name: string;
  provider: string;
  /** genai-prices model entry the price comes from. */
  price_entry: string;
  family: string | null;
  release_date: string | null;
  prices_checked: string | null;
  prices: PriceSchedule;
  /** The provider has off-peak prices; the snapshot keeps the higher one. */
  time_of_day_pricing?: boolean;
  context_window: number;
  max_output_tokens: number | null;
  tools: boolean;
  vision: boolean;
  json: JsonSupport;
  reasoning: boolean;
  open_weights: boolean;
  status?: 'alpha' | 'beta';
}

export interface SnapshotProvider {
  id: string;
  name: string;
  pricing_url: string | null;
}

export interface SnapshotSource {
  name: string;
  repository: string;
  commit: string;
  commit_date: string;
  licence: string;
  copyright: string;
  files: string;
  used_for: string;
}

export interface SnapshotFile {
  format: 1;
  data_as_of: string;
  generated_by: string;
  sources: SnapshotSource[];
  providers: SnapshotProvider[];
  /** Counts of models.dev ids left out, by reason. */
  skipped: Record<string, number>;
  /** genai-prices entries (provider/id) with a live price but no models.dev entry, so no capability flags. */
  no_capability_data: string[];
  models: SnapshotModel[];
}
