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

/** Where a model's prices come from: genai-prices unless models.dev is newer-dated or a recorded decision says so. */
export type PriceSource = 'genai-prices' | 'models.dev';

/** One source's base prices for a model (USD per million tokens) and the date behind them. */
export interface SourcePrice {
  input_mtok: number;
  output_mtok: number;
  cache_read_mtok?: number;
  cache_write_mtok?: number;
  /** When the source last checked or changed the price. */
  date: string | null;
  /** genai-prices: prices_checked, else the start date of the price in force; models.dev: the model's last_updated. */
  date_source: 'prices_checked' | 'price_start_date' | 'last_updated' | null;
}

/** A model whose two sources disagree on a price, and which one the snapshot keeps. */
export interface PriceDisagreement {
  provider: string;
  model: string;
  /** Price fields that differ: input, output, cache_read, cache_write. */
  fields: string[];
  genai_prices: SourcePrice;
  models_dev: SourcePrice;
  kept: PriceSource;
  /** `newer date`: the newer-dated source wins; `recorded decision`: data/price-decisions.json says which and why. */
  rule: 'newer date' | 'recorded decision';
  reason: string;
}

interface PriceCrosscheck {
  /** Models priced by both sources and compared. */
  compared: number;
  agreed: number;
  /** Models models.dev lists without a price. */
  no_models_dev_price: number;
  disagreements: PriceDisagreement[];
}

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
  /** Which source `prices` comes from (see `price_crosscheck`). */
  price_source: PriceSource;
  /** Both sources' base prices, as compared by the build (models.dev null when it has no price for the model). */
  source_prices: { genai_prices: SourcePrice; models_dev: SourcePrice | null };
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

interface SnapshotSource {
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
  /** What a reader of the snapshot should know: the price cross-check's rule and outcome, in words. */
  notes: string[];
  /** Every model priced by both sources, compared; each disagreement with the price kept and why. */
  price_crosscheck: PriceCrosscheck;
  models: SnapshotModel[];
}
