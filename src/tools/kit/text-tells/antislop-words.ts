// The antislop sampler's published list of words over-represented in language-model writing: the whole list,
// unedited and in its published order, vendored in data/antislop-words.json. Source: sam-paech/antislop-sampler,
// slop_words_2025-04-07.json (commit 6aa2540), Apache License 2.0. Its authors computed it by comparing the
// word frequencies of a large set of model-written stories with those of human writing; nothing here comes
// from our bench. Words that another catalogue pattern owns are counted by that pattern instead (detect.ts).
import data from './data/antislop-words.json' with { type: 'json' };

/** The 2,000 words, lower case. */
export const ANTISLOP_WORDS: ReadonlySet<string> = new Set(data.words);
