// Grammar slips a rewrite can introduce, counted so tests and the bench can check that humanize adds none:
// a space before punctuation, doubled punctuation, an indefinite article that no longer agrees with the word
// after it ("an complex"), and a superlative left without its article ("We use latest caching").
import { indefiniteArticle } from './rules.ts';

export const SLIPS = ['space-before-punctuation', 'doubled-punctuation', 'article-agreement', 'bare-superlative'] as const;
export type Slip = (typeof SLIPS)[number];

const SPACE_BEFORE = /[ \t][,;:!?]|[ \t]\.(?![.\p{L}\p{N}])/gu;
const DOUBLED = /[,;:] ?[,;:.!?]|[.!?] ?[,;:]|(?<!\.)\.\.(?!\.)/g;
const ARTICLE = /\b(an?) ([\p{L}][\p{L}'-]{0,40})/giu;
const SUPERLATIVE = /\b(?:latest|newest|best|greatest)\b/gi;
const DETERMINER = /(?:^|[^\p{L}])(?:the|its|their|our|his|her|my|your|this|that|these|those|whose|at|\p{L}+'s)[ \t]+$/iu;

/** How often each slip occurs in `text`. */
export function countSlips(text: string): Record<Slip, number> {
  let article = 0;
  for (const m of text.matchAll(ARTICLE)) {
    const word = m[2] as string;
    // Acronyms and capitalised names are read letter by letter or as names: not judged.
    if (/^\p{Lu}/u.test(word)) continue;
    if (indefiniteArticle(word) !== (m[1] as string).toLowerCase()) article++;
  }
  let superlative = 0;
  for (const m of text.matchAll(SUPERLATIVE)) if (!DETERMINER.test(text.slice(Math.max(0, m.index - 24), m.index))) superlative++;
  return {
    'space-before-punctuation': [...text.matchAll(SPACE_BEFORE)].length,
    'doubled-punctuation': [...text.matchAll(DOUBLED)].length,
    'article-agreement': article,
    'bare-superlative': superlative,
  };
}

/** Slips the rewrite has that the original did not (per kind, never negative). */
export function introducedSlips(before: string, after: string): Record<Slip, number> {
  const a = countSlips(before);
  const b = countSlips(after);
  const out = {} as Record<Slip, number>;
  for (const k of SLIPS) out[k] = Math.max(0, b[k] - a[k]);
  return out;
}
