// The word lists behind the criterion checks: vague terms (requirements-smell literature), outcome verbs,
// failure-case words. The words are data, in lexicon.json (each list says there what it is for); this module
// types them and builds the lookups.
import data from './lexicon.json' with { type: 'json' };

/** Where a vague-term category comes from; the README expands these. */
export type VagueCategory = keyof typeof data.category_sources;

export interface VagueEntry {
  /** Lower-case phrase; `*` stands for exactly one word. */
  phrase: string;
  category: VagueCategory;
  /** Only used under `strictness: strict`. */
  strict: boolean;
}

/** Short citation per category, shown in the README and in problem details. */
export const CATEGORY_SOURCE: Readonly<Record<VagueCategory, string>> = data.category_sources;

function isCategory(name: string): name is VagueCategory {
  return Object.hasOwn(CATEGORY_SOURCE, name);
}

/**
 * The lexicon. Normal mode keeps terms that are vague in almost every acceptance criterion; strict mode adds
 * terms that are vague in most criteria but sometimes precise ("support", "some", "may", "secure").
 */
export const VAGUE_LEXICON: readonly VagueEntry[] = data.vague_terms.flatMap(({ category, strict, phrases }) => {
  if (!isCategory(category)) throw new Error(`lexicon.json: vague terms of an unknown category "${category}"`);
  return phrases.map((phrase) => ({ phrase, category, strict }));
});

type WordList = keyof typeof data.word_lists;

function wordSets(): Readonly<Record<WordList, ReadonlySet<string>>> {
  const sets = {} as Record<WordList, ReadonlySet<string>>;
  for (const name of Object.keys(data.word_lists) as WordList[]) sets[name] = new Set(data.word_lists[name].words);
  return sets;
}

/** The single-word lists the checks read, by name (claim, outcome, task_verbs, negative_case, actors ...). */
export const WORDS = wordSets();
