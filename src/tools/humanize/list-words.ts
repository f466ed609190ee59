// Plain words for words of the antislop sampler's published list of over-used model words
// (../kit/text-tells/antislop-words.ts, pattern ai-vocabulary.antislop-list).
import { verbForms } from './verbs.ts';

/*
 * How the table was made: the whole published list was read in its published order (which ranks the words by
 * how much more often model-written stories use them than human writing); nothing was chosen from the bench.
 * A word has an entry only when one common word keeps its part of speech, its inflection and its meaning in its
 * common senses, and is itself neither on the list nor a catalogue word (humanize.test.ts checks the last two).
 * Left out on purpose: words with no such plain twin (nodded, whispered, gaze as a noun, shadows), words whose
 * senses split (pounding: heart or headache; weathered: hands or a storm; precision, uncertainty,
 * comprehension, catastrophic: technical terms in abstracts), names and invented words. Weakening a word
 * (terrifying -> frightening, countless -> many) is accepted; changing what it says is not.
 */

/** Adjectives, adverbs and nouns, form for form. */
const WORDS = `
abruptly>suddenly allure>appeal amazement>surprise amiss>wrong anew>again anticipation>expectation
anxieties>worries arduous>hard aroma>smell astonishment>surprise atop>on awoke>woke bewildered>confused
bewilderment>confusion blackness>darkness boundless>endless brink>edge bygone>past cautiously>carefully
cavern>cave clad>dressed colossal>huge confines>limits cosmos>universe countless>many crafted>made crimson>red
demeanor>manner desolate>bleak disconcerting>disturbing disheveled>untidy disorientation>confusion
disoriented>confused disorienting>confusing dread>fear dwindling>shrinking effortlessly>easily engrossed>absorbed
eons>ages exhilarating>thrilling fleeting>brief futile>useless grime>dirt hues>shades hurried>rushed
impending>coming intently>closely leaped>jumped leapt>jumped luminous>bright malevolence>evil malevolent>evil
meager>small melancholic>sad melody>tune menacing>threatening metropolis>city motionless>still mournful>sad
mundane>ordinary nondescript>plain ominously>threateningly opulent>luxurious painstakingly>carefully
penchant>liking perceptible>noticeable permeated>filled perpetually>always precipice>edge remnants>remains
resolute>firm satchel>bag savoring>enjoying scent>smell serene>calm shrouded>wrapped silently>quietly
skepticism>doubt slender>thin slumber>sleep startling>surprising stench>smell strangely>oddly tableau>scene
tantalizing>tempting tempest>storm terrifying>frightening terrifyingly>frighteningly throng>crowd throngs>crowds
tome>book tomes>books tranquility>calm trepidation>fear unadulterated>pure unassuming>modest uncharted>unexplored
unconventional>unusual undeniably>clearly unforgiving>harsh unleashing>releasing unmistakably>clearly
unnerving>disturbing unnervingly>disturbingly unparalleled>unmatched unremarkable>ordinary unsettling>disturbing
unsettlingly>disturbingly untamed>wild unyielding>firm utterly>completely verdant>green vestiges>traces
wariness>caution weariness>tiredness weary>tired
`;

/**
 * Verbs, every inflection mapped to the same inflection of the plain verb (entries as in verbs.ts: "find:found"
 * gives an irregular past; targets are verbs whose past participle is their past). A leading `~` marks a verb
 * whose base and -s forms are nouns too (her gaze, the gazes): only its -ed and -ing forms are mapped.
 */
const VERBS = `
bewilder>confuse chuckle>laugh comprehend>understand:understood confront>face envision>picture ~gaze>look
grapple>struggle intertwine>link materialise>appear materialize>appear mingle>mix soothe>calm terrify>frighten
uncover>find:found vanish>disappear
`;

/**
 * Words whose plain twin fits only before a given next word, which fixes the sense ("the essence of" -> "the
 * core of", but not "vanilla essence"); `!` means any next word but that one ("peculiar to" means "specific to";
 * "lost in contemplation" is "lost in thought", "the contemplation of nature" is not "the thought of nature").
 */
const CONTEXT = `
accustomed>used@to adorned>decorated@with akin>similar@to brimming>filled@with contemplation>thought@!of
emanate>come@from emanating>coming@from essence>core@of hint>trace@of imbued>filled@with peculiar>odd@!to
stark>sharp@contrast
`;

/** Replacement of each list word form (lower case). */
export const LIST_SWAPS: Readonly<Record<string, string>> = {};
/** The next word a replacement needs (`!` before it: must not have). */
export const LIST_CONTEXT: Readonly<Record<string, string>> = {};

const swaps = LIST_SWAPS as Record<string, string>;
const context = LIST_CONTEXT as Record<string, string>;
for (const entry of WORDS.split(/\s+/).filter(Boolean)) {
  const [from, to] = entry.split('>') as [string, string];
  swaps[from] = to;
}
for (const entry of VERBS.split(/\s+/).filter(Boolean)) {
  const nounToo = entry.startsWith('~');
  const [from, to] = (nounToo ? entry.slice(1) : entry).split('>') as [string, string];
  const a = verbForms(from);
  const b = verbForms(to);
  const pairs: [string, string][] = [
    [a.past, b.past],
    [a.ing, b.ing],
  ];
  if (!nounToo) pairs.push([a.base, b.base], [a.third, b.third]);
  for (const [x, y] of pairs) swaps[x] ??= y;
}
for (const entry of CONTEXT.split(/\s+/).filter(Boolean)) {
  const [from, rest] = entry.split('>') as [string, string];
  const [to, next] = rest.split('@') as [string, string];
  swaps[from] = to;
  context[from] = next;
}
