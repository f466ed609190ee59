// The popular-name lists typosquat checks compare against (one vendored data file, with its provenance per list).
import data from './data/popular-names.json' with { type: 'json' };

/** A vendored list: its names (in rank order when `ranked`) and where it comes from. */
export interface PopularList {
  repository: string;
  commit: string;
  licence: string;
  file: string;
  ranked: boolean;
  names: readonly string[];
}

/**
 * The lists by key: guarddog's npm, PyPI, Go and RubyGems lists, and two crate-name lists taken from lockfiles
 * (`cargo`: rust-lang/cargo and rust-lang/crates.io; `cargo_uv_deno`: rust-lang/cargo, astral-sh/uv, denoland/deno).
 */
export const POPULAR_LISTS: Readonly<Record<'npm' | 'pypi' | 'go' | 'rubygems' | 'cargo' | 'cargo_uv_deno', PopularList>> = data.ecosystems;
