// The catalogue of AI-writing tells: stable ids, families, descriptions, matchers and plain-word replacements.
//
// Sources for the entries: Wikipedia "Signs of AI writing", blader/humanizer, aitells/vale-ai-tells,
// Kobak et al. 2024 (excess vocabulary in 2024 abstracts) and the antislop phrase lists. Weights are not
// here: they are fitted on labelled text by fit-weights.ts and live in fitted-weights.ts.
import { ANTISLOP_WORDS } from './antislop-words.ts';

export const FAMILIES = [
  'ai-vocabulary',
  'significance-inflation',
  'ing-tail',
  'chatbot-artefact',
  'negative-parallelism',
  'stacked-transition',
  'dash-overuse',
  'promotional-puffery',
  'vague-attribution',
  'upbeat-conclusion',
  'signposting',
  'markup-residue',
  'knowledge-cutoff',
  'formatting',
  'cadence',
] as const;

export type Family = (typeof FAMILIES)[number];

/**
 * How a pattern finds its matches.
 * - `words`: whole tokens (lower-cased), looked up in one map while the text is tokenised once; the value is
 *   the plain replacement humanize uses ('' when there is none).
 * - `regex`: a global, case-insensitive expression run over prose (code and URLs masked out). Every
 *   quantifier is bounded so that no input makes it backtrack catastrophically.
 * - `raw`: run over the input exactly as given, URLs and code included (markup residue lives there, and
 *   curly quotes are folded away by normalisation).
 * - `document`: a whole-text signal computed from the statistics (cadence).
 * - `list`: whole tokens of a long published word list, without replacements. Its hits are reported like
 *   any other, but they do not add to the tell density: their rate is a model input of its own (model.ts).
 *   A word that a `words` pattern owns is counted there, and a capitalised word inside a sentence (a name)
 *   is not counted.
 */
type Matcher =
  | { kind: 'words'; words: Readonly<Record<string, string>>; notBefore?: RegExp }
  | { kind: 'list'; words: ReadonlySet<string> }
  | { kind: 'regex'; re: RegExp; accept?: (match: string) => boolean; sentenceStart?: boolean }
  | { kind: 'raw'; re: RegExp }
  | { kind: 'document' };

export interface PatternDef {
  /** Stable identifier, `<family>.<name>`. */
  id: string;
  family: Family;
  description: string;
  matcher: Matcher;
}

/** Builds a case-insensitive, global, word-bounded alternation; a space in an alternative matches one space or newline. */
function phrase(...alternatives: string[]): RegExp {
  const body = alternatives.map((a) => a.replace(/ /g, '[ \\n]')).join('|');
  return new RegExp(`\\b(?:${body})\\b`, 'gi');
}

/** Sentence-initial words: matched as a phrase, then kept only at a sentence start (checked in detect.ts). */
function opener(...alternatives: string[]): Matcher {
  return { kind: 'regex', re: phrase(...alternatives), sentenceStart: true };
}

const MINOR_WORDS = new Set(['a', 'an', 'the', 'and', 'but', 'or', 'nor', 'for', 'of', 'in', 'on', 'at', 'to', 'by', 'with', 'from', 'as', 'vs', 'via', 'into', 'over']);

/** A heading of three or more words where every non-minor word after the first is capitalised. */
export function isTitleCaseHeading(line: string): boolean {
  const ws = line.replace(/^#{1,6} /, '').match(/[\p{L}][\p{L}'-]*/gu) ?? [];
  if (ws.length < 3) return false;
  let major = 0;
  for (const w of ws.slice(1)) {
    if (MINOR_WORDS.has(w.toLowerCase())) continue;
    major++;
    if (!/^\p{Lu}/u.test(w)) return false;
  }
  return major >= 2;
}

function words(map: Record<string, string>, notBefore?: RegExp): Matcher {
  return notBefore ? { kind: 'words', words: map, notBefore } : { kind: 'words', words: map };
}

function rx(re: RegExp): Matcher {
  return { kind: 'regex', re };
}

// Bounded "rest of the clause": no sentence end, no newline, at most 150 characters.
const CLAUSE = "[^.!?;\\n]{1,150}?";

export const PATTERNS: readonly PatternDef[] = [
  // --- AI vocabulary: words whose frequency jumped in model output (Kobak et al.; Wikipedia list).
  { id: 'ai-vocabulary.delve', family: 'ai-vocabulary', description: '"delve" and its forms', matcher: words({ delve: 'dig', delves: 'digs', delved: 'dug', delving: 'digging' }) },
  { id: 'ai-vocabulary.tapestry', family: 'ai-vocabulary', description: '"tapestry" used figuratively', matcher: words({ tapestry: 'mix', tapestries: 'mixes' }) },
  { id: 'ai-vocabulary.pivotal', family: 'ai-vocabulary', description: '"pivotal"', matcher: words({ pivotal: 'key' }) },
  { id: 'ai-vocabulary.crucial', family: 'ai-vocabulary', description: '"crucial", "crucially"', matcher: words({ crucial: 'important', crucially: 'importantly' }) },
  { id: 'ai-vocabulary.intricate', family: 'ai-vocabulary', description: '"intricate", "intricacies"', matcher: words({ intricate: 'complex', intricately: 'closely', intricacies: 'details' }) },
  { id: 'ai-vocabulary.underscore', family: 'ai-vocabulary', description: '"underscore" as a verb', matcher: words({ underscore: 'stress', underscores: 'stresses', underscored: 'stressed', underscoring: 'stressing' }) },
  { id: 'ai-vocabulary.showcase', family: 'ai-vocabulary', description: '"showcase" and its forms', matcher: words({ showcase: 'show', showcases: 'shows', showcased: 'showed', showcasing: 'showing' }) },
  { id: 'ai-vocabulary.vibrant', family: 'ai-vocabulary', description: '"vibrant"', matcher: words({ vibrant: 'lively' }) },
  { id: 'ai-vocabulary.realm', family: 'ai-vocabulary', description: '"realm" for a field or domain', matcher: words({ realm: 'field', realms: 'fields' }) },
  { id: 'ai-vocabulary.foster', family: 'ai-vocabulary', description: '"foster" as a verb', matcher: words({ foster: 'encourage', fosters: 'encourages', fostered: 'encouraged', fostering: 'encouraging' }, /^[ \n](?:care|parents?|homes?|child(?:ren)?|famil(?:y|ies)|mother|father|kids?|dogs?|cats?|pets?)\b/i) },
  { id: 'ai-vocabulary.multifaceted', family: 'ai-vocabulary', description: '"multifaceted"', matcher: words({ multifaceted: 'complex', 'multi-faceted': 'complex' }) },
  { id: 'ai-vocabulary.meticulous', family: 'ai-vocabulary', description: '"meticulous", "meticulously"', matcher: words({ meticulous: 'careful', meticulously: 'carefully' }) },
  { id: 'ai-vocabulary.landscape', family: 'ai-vocabulary', description: '"landscape" for a field ("the evolving landscape of")', matcher: rx(phrase('(?:ever-)?(?:evolving|changing|shifting|competitive|digital|political|media|cultural|regulatory|technological|business|economic|complex|dynamic) landscape', 'landscape of (?:modern|today|the)')) },
  { id: 'ai-vocabulary.leverage', family: 'ai-vocabulary', description: '"leverage" as a verb', matcher: words({ leverage: 'use', leverages: 'uses', leveraged: 'used', leveraging: 'using' }) },
  { id: 'ai-vocabulary.enhance', family: 'ai-vocabulary', description: '"enhance" and "enhancement"', matcher: words({ enhance: 'improve', enhances: 'improves', enhanced: 'improved', enhancing: 'improving', enhancement: 'improvement', enhancements: 'improvements' }) },
  { id: 'ai-vocabulary.comprehensive', family: 'ai-vocabulary', description: '"comprehensive"', matcher: words({ comprehensive: 'thorough', comprehensively: 'thoroughly' }) },
  { id: 'ai-vocabulary.nuanced', family: 'ai-vocabulary', description: '"nuanced"', matcher: words({ nuanced: 'detailed' }) },
  { id: 'ai-vocabulary.embark', family: 'ai-vocabulary', description: '"embark" and its forms', matcher: words({ embark: 'set out', embarks: 'sets out', embarked: 'set out', embarking: 'setting out' }) },
  { id: 'ai-vocabulary.resonate', family: 'ai-vocabulary', description: '"resonate" for "appeal to"', matcher: words({ resonate: 'connect', resonates: 'connects', resonated: 'connected', resonating: 'connecting' }) },
  { id: 'ai-vocabulary.emotive', family: 'ai-vocabulary', description: 'stock emotive adjectives: unwavering, newfound, palpable, profound', matcher: words({ unwavering: 'steady', newfound: 'new', palpable: 'clear', profound: 'deep', profoundly: 'deeply' }) },
  { id: 'ai-vocabulary.hype', family: 'ai-vocabulary', description: 'hype adjectives: groundbreaking, invaluable, transformative, noteworthy, cutting-edge', matcher: words({ groundbreaking: 'new', 'ground-breaking': 'new', invaluable: 'valuable', transformative: 'far-reaching', noteworthy: 'notable', 'cutting-edge': 'advanced', paramount: 'essential' }) },
  { id: 'ai-vocabulary.garner', family: 'ai-vocabulary', description: '"garner" and its forms', matcher: words({ garner: 'gain', garners: 'gains', garnered: 'gained', garnering: 'gaining' }) },
  { id: 'ai-vocabulary.bolster', family: 'ai-vocabulary', description: '"bolster" and its forms', matcher: words({ bolster: 'strengthen', bolsters: 'strengthens', bolstered: 'strengthened', bolstering: 'strengthening' }) },
  { id: 'ai-vocabulary.harness', family: 'ai-vocabulary', description: '"harnessing", "harnessed"', matcher: words({ harnessed: 'used', harnessing: 'using' }) },
  { id: 'ai-vocabulary.streamline', family: 'ai-vocabulary', description: '"streamline" and its forms', matcher: words({ streamline: 'simplify', streamlines: 'simplifies', streamlined: 'simplified', streamlining: 'simplifying' }) },
  { id: 'ai-vocabulary.kobak-excess', family: 'ai-vocabulary', description: 'other words in excess after 2023: surpass, unveil, encompass, elucidate, commendable, adept, intriguing', matcher: words({ surpass: 'exceed', surpasses: 'exceeds', surpassed: 'exceeded', surpassing: 'exceeding', unveil: 'reveal', unveils: 'reveals', unveiled: 'revealed', unveiling: 'revealing', encompass: 'cover', encompasses: 'covers', encompassing: 'covering', elucidate: 'explain', elucidates: 'explains', elucidating: 'explaining', commendable: 'good', adept: 'skilled', intriguing: 'interesting' }) },
  { id: 'ai-vocabulary.navigate', family: 'ai-vocabulary', description: '"navigate the complexities/challenges" for "handle"', matcher: rx(phrase('navigat(?:e|es|ed|ing) (?:the |these |its |their )?(?:complexities|challenges|intricacies|nuances|uncertainties|world of|ups and downs)')) },
  { id: 'ai-vocabulary.shimmer', family: 'ai-vocabulary', description: 'stock sensory verbs of generated fiction: shimmer, glisten, glimmer', matcher: words({ shimmer: 'shine', shimmers: 'shines', shimmered: 'shone', shimmering: 'shining', glisten: 'shine', glistens: 'shines', glistened: 'shone', glistening: 'shining', glimmer: 'gleam', glimmering: 'gleaming' }) },
  { id: 'ai-vocabulary.narrative-cliche', family: 'ai-vocabulary', description: 'antislop fiction clichés: "couldn\'t help but", "little did they know", "a sense of wonder", "sent shivers down"', matcher: rx(phrase("could(?:n't| not) help but", 'little did (?:he|she|they|i|we) know', 'sen(?:t|ding|ds) (?:a )?shivers? down', 'barely above a whisper', 'hung heavy', 'a wave of (?:relief|emotion|nostalgia|calm)', 'with (?:newfound|renewed) (?:determination|hope|confidence|vigou?r|purpose)', '(?:a|the) sense of (?:wonder|purpose|belonging|awe|accomplishment|camaraderie)', 'the air (?:was )?thick with', 'for what felt like (?:an eternity|hours)', 'a journey of self-discovery', 'would change (?:his|her|their|our|my) li(?:fe|ves) forever')) },

  // The hand-curated head of the antislop sampler's published phrase list (sam-paech/antislop-sampler,
  // slop_phrase_prob_adjustments.json): words and phrases language models over-produce in fiction and prose.
  // Words whose literal sense is common in plain writing (symphony, journey, depths, canvas) are left out.
  { id: 'ai-vocabulary.antislop-words', family: 'ai-vocabulary', description: 'antislop list words: kaleidoscope, cacophony, labyrinth, enigma, ethereal, camaraderie, bustling, daunting, amidst, unease, solace', matcher: words({ kaleidoscope: 'mix', cacophony: 'din', labyrinth: 'maze', labyrinthine: 'winding', enigma: 'puzzle', enigmatic: 'puzzling', ethereal: 'airy', gossamer: 'thin', camaraderie: 'friendship', bustling: 'busy', daunting: 'hard', amidst: 'amid', unease: 'worry', solace: 'comfort', reverberate: 'resound', reverberated: 'resounded', reverberating: 'resounding', revolutionize: 'transform', revolutionized: 'transformed', revolutionizing: 'transforming', unleash: 'release', unleashed: 'released', elevate: 'raise', elevates: 'raises' }) },
  { id: 'ai-vocabulary.antislop-phrase', family: 'ai-vocabulary', description: 'antislop list phrases: "maybe, just maybe", "would never be the same", "for what seemed like an eternity", "a dance of", "with a mixture of"', matcher: rx(phrase('maybe, just maybe', '(?:would|will) never be the same', 'for what seemed like (?:an eternity|hours|forever)', 'a dance of', 'with a mixture of', 'eyes (?:sparkling|glinting|twinkling) with', 'was only just beginning', 'practi[cs]ed ease', 'the air was (?:filled|heavy) with', 'like a moth to a flame', 'eyes never leaving', 'bore silent witness', 'humble abode', 'cold and calculating', 'threaten(?:s|ed|ing)? to consume', 'only just getting started')) },

  // The antislop sampler's whole published word list (2,000 words over-represented in model-written stories).
  { id: 'ai-vocabulary.antislop-list', family: 'ai-vocabulary', description: "words of the antislop sampler's published list of 2,000 words over-represented in model writing (nodded, gaze, flickered, unsettling, ...): their rate per 100 words is a model input of its own", matcher: { kind: 'list', words: ANTISLOP_WORDS } },

  // --- Significance inflation.
  { id: 'significance-inflation.stands-as', family: 'significance-inflation', description: '"stands as", "serves as a reminder"', matcher: rx(phrase('stands? as (?:a|an|the)', 'serv(?:es|ed|ing) as a (?:reminder|beacon|cornerstone|catalyst)')) },
  { id: 'significance-inflation.testament', family: 'significance-inflation', description: '"a testament to"', matcher: rx(phrase('(?:a|is|as) testament to')) },
  { id: 'significance-inflation.pivotal-role', family: 'significance-inflation', description: '"plays a pivotal/crucial/vital role"', matcher: rx(phrase('pla(?:y|ys|yed|ying) (?:a|an) (?:pivotal|crucial|vital|key|significant|critical|central|instrumental|integral|important) role')) },
  { id: 'significance-inflation.underscores-importance', family: 'significance-inflation', description: '"underscores/highlights the importance of"', matcher: rx(phrase('(?:underscor|highlight|emphasiz|emphasis|stress)(?:e|es|ed|ing|s)? the (?:importance|significance|need|value|potential) of')) },
  { id: 'significance-inflation.setting-stage', family: 'significance-inflation', description: '"setting the stage", "paving the way"', matcher: rx(phrase('(?:set|sets|setting) the stage', '(?:pave|paves|paved|paving) the way')) },
  { id: 'significance-inflation.indelible', family: 'significance-inflation', description: '"indelible mark", "enduring legacy", "lasting impact"', matcher: rx(phrase('indelible (?:mark|impression)', 'enduring legacy', 'lasting (?:impact|impression|legacy)')) },
  { id: 'significance-inflation.step-forward', family: 'significance-inflation', description: '"marks a significant step/milestone"', matcher: rx(phrase('marks? (?:a|an) (?:significant |major |crucial |important |pivotal )?(?:step|milestone|turning point|shift|departure)', 'a (?:significant |major )?step forward')) },
  { id: 'significance-inflation.shed-light', family: 'significance-inflation', description: '"sheds light on", "valuable insights", "deeper understanding"', matcher: rx(phrase('sh(?:ed|eds|edding) (?:new )?light on', '(?:valuable|key|crucial|new|deeper) insights?', '(?:a )?deeper understanding')) },
  { id: 'significance-inflation.evolving', family: 'significance-inflation', description: '"ever-evolving", "in today\'s fast-paced world"', matcher: rx(phrase('ever-(?:evolving|changing|growing|increasing)', 'rapidly (?:evolving|changing)', "in today's (?:fast-paced|digital|modern|world|interconnected|society)")) },

  // --- -ing tails: a participle clause tacked on to assert significance.
  { id: 'ing-tail.highlighting', family: 'ing-tail', description: '", highlighting/underscoring/showcasing ..." at the end of a clause', matcher: rx(/,[ \n](?:thereby |thus )?(?:highlighting|underscoring|emphasi[sz]ing|showcasing|illustrating|demonstrating|reflecting|signall?ing|reinforcing|reaffirming|solidifying|cementing|marking|symboli[sz]ing)\b/gi) },
  { id: 'ing-tail.ensuring', family: 'ing-tail', description: '", ensuring/fostering/paving ..." at the end of a clause', matcher: rx(/,[ \n](?:thereby |thus )?(?:ensuring|fostering|enabling|contributing|paving|allowing for|leading to|resulting in|making it|creating a|offering a|providing a|adding to)\b/gi) },

  // --- Chatbot artefacts.
  { id: 'chatbot-artefact.hope-helps', family: 'chatbot-artefact', description: '"I hope this helps"', matcher: rx(phrase('i hope (?:this|that|these) (?:helps|information|explanation|gives|provides)', 'hope this helps')) },
  { id: 'chatbot-artefact.certainly', family: 'chatbot-artefact', description: 'reply openers: "Certainly!", "Sure!", "Absolutely!"', matcher: opener('(?:certainly|sure|absolutely|of course)(?=[!,.])') },
  { id: 'chatbot-artefact.let-me-know', family: 'chatbot-artefact', description: '"let me know if", "feel free to ask", "don\'t hesitate to"', matcher: rx(phrase('let me know if', 'feel free to (?:ask|reach|let|contact)', "(?:don't|do not) hesitate to")) },
  { id: 'chatbot-artefact.here-is', family: 'chatbot-artefact', description: 'a reply preamble: "Here is a ... based on the prompt:"', matcher: rx(/(?:^|(?<=\n))(?:\[(?:assistant|ai|bot)\]:[ \t]?)?(?:(?:sure|okay|ok|alright|certainly)[,!][ \t])?(?:here(?: is|'s| are)|below is) (?:a|an|the|your|my|some)\b[^.!?:\n]{0,150}[:.]/gi) },
  { id: 'chatbot-artefact.prompt-echo', family: 'chatbot-artefact', description: 'the request echoed back: "based on the prompt", "a 20 sentence story"', matcher: rx(phrase('based on the (?:given |provided |following )?(?:prompt|summary|text|title|sentence|first sentence|information provided|instructions?)', '\\d{1,3}(?: |-)(?:sentence|word|paragraph) (?:story|review|article|essay|summary|response|news)')) },
  { id: 'chatbot-artefact.as-an-ai', family: 'chatbot-artefact', description: '"As an AI language model", "I cannot fulfil"', matcher: rx(phrase('as an ai(?: language model| assistant)?', "i(?:'m| am) (?:just |only )?an ai", 'i (?:cannot|can\'t) (?:fulfill|fulfil|comply|assist with)', "i'm sorry, but i (?:cannot|can't|won't|am unable to)")) },

  // --- Negative parallelism.
  { id: 'negative-parallelism.not-only', family: 'negative-parallelism', description: '"not only X but (also) Y"', matcher: rx(new RegExp(`\\bnot only\\b${CLAUSE}\\bbut\\b`, 'gi')) },
  { id: 'negative-parallelism.not-just', family: 'negative-parallelism', description: '"it\'s not just X, it\'s Y", "not merely X but Y"', matcher: rx(new RegExp(`\\b(?:is|are|was|'s|isn't|wasn't|aren't)[ \\n]not[ \\n](?:just|merely|simply|only)\\b${CLAUSE}[,;:—–-][ \\n]?(?:it's|it is|they're|this is|but|rather)\\b`, 'gi')) },
  { id: 'negative-parallelism.no-x-no-y', family: 'negative-parallelism', description: '"no X, no Y, just Z"', matcher: rx(/\bno [a-z]{2,20}, no [a-z]{2,20}(?:, (?:just|only)\b|\.)/gi) },

  // --- Stacked transitions.
  { id: 'stacked-transition.moreover', family: 'stacked-transition', description: 'sentence-initial "Moreover", "Furthermore", "Additionally", "In addition"', matcher: opener('(?:moreover|furthermore|additionally|in addition)(?=,)') },
  { id: 'stacked-transition.notably', family: 'stacked-transition', description: 'sentence-initial "Notably", "Importantly", "Crucially", "Interestingly"', matcher: opener('(?:notably|importantly|crucially|interestingly|significantly)(?=,)') },

  // --- Dash overuse.
  { id: 'dash-overuse.em-dash', family: 'dash-overuse', description: 'em dashes', matcher: rx(/—/g) },
  { id: 'dash-overuse.double-hyphen', family: 'dash-overuse', description: 'a spaced double hyphen or spaced en dash used as an em dash', matcher: rx(/(?<=\S) (?:--|–) (?=\S)/g) },

  // --- Promotional puffery.
  { id: 'promotional-puffery.nestled', family: 'promotional-puffery', description: '"nestled", "in the heart of"', matcher: rx(phrase('nestled', 'in the heart of')) },
  { id: 'promotional-puffery.breathtaking', family: 'promotional-puffery', description: '"breathtaking", "stunning", "awe-inspiring", "captivating"', matcher: words({ breathtaking: 'striking', 'awe-inspiring': 'impressive', captivating: 'engaging', enchanting: 'charming', mesmerizing: 'striking', mesmerising: 'striking' }) },
  { id: 'promotional-puffery.boasts', family: 'promotional-puffery', description: '"boasts" for "has"', matcher: words({ boasts: 'has', boasting: 'having' }) },
  { id: 'promotional-puffery.rich-heritage', family: 'promotional-puffery', description: '"rich heritage/history/tapestry"', matcher: rx(phrase('rich (?:cultural )?(?:heritage|history|tradition|traditions|tapestry|culture)')) },
  { id: 'promotional-puffery.seamless', family: 'promotional-puffery', description: '"seamless", "seamlessly"', matcher: words({ seamless: 'smooth', seamlessly: 'smoothly' }) },
  { id: 'promotional-puffery.dining', family: 'promotional-puffery', description: 'brochure words of generated reviews: delightful, delectable, exquisite, impeccable, ambiance, culinary', matcher: words({ delightful: 'lovely', delectable: 'tasty', exquisite: 'fine', impeccable: 'spotless', impeccably: 'spotlessly', ambiance: 'atmosphere', ambience: 'atmosphere', culinary: 'cooking', 'top-notch': 'excellent' }) },
  { id: 'promotional-puffery.gem', family: 'promotional-puffery', description: '"hidden gem", "must-visit", "a true gem", "second to none"', matcher: rx(phrase('(?:hidden|true|real|little) gem', 'must-(?:visit|try|see)', 'second to none', 'look no further')) },

  // --- Vague attribution.
  { id: 'vague-attribution.experts', family: 'vague-attribution', description: '"experts argue", "critics say", "observers note" with no one named', matcher: rx(phrase('(?:experts|observers|critics|analysts|scholars|researchers|commentators|proponents|advocates) (?:argue|say|believe|note|suggest|warn|contend|claim|agree|point out)', '(?:some|many) (?:argue|believe|say|would argue)')) },
  { id: 'vague-attribution.reports', family: 'vague-attribution', description: '"industry reports suggest", "studies show", "it is widely believed"', matcher: rx(phrase('(?:industry )?reports (?:suggest|indicate)', '(?:studies|research) (?:shows?|suggests?|indicates?|has shown)', 'it is (?:widely|generally|commonly) (?:believed|accepted|recogni[sz]ed|known|agreed)')) },

  // --- Upbeat conclusions, challenges-and-prospects endings.
  { id: 'upbeat-conclusion.in-conclusion', family: 'upbeat-conclusion', description: '"In conclusion", "In summary", "Overall," "Ultimately," as a wrap-up', matcher: opener('(?:in conclusion|in summary|to sum up|to summari[sz]e|all in all|overall|ultimately)(?=,)') },
  { id: 'upbeat-conclusion.challenges', family: 'upbeat-conclusion', description: '"despite its challenges", "challenges remain"', matcher: rx(phrase('despite (?:its|these|the|their|some|any|all) (?:challenges|setbacks|obstacles|hurdles|limitations)', 'challenges remain', 'not without (?:its )?challenges')) },
  { id: 'upbeat-conclusion.bright-future', family: 'upbeat-conclusion', description: '"the future looks bright", "only time will tell", "exciting possibilities"', matcher: rx(phrase('the future (?:looks|is|remains) (?:bright|promising)', 'only time will tell', 'exciting (?:possibilities|times|future|opportunities)', 'remains to be seen', 'a brighter future', 'the possibilities are endless')) },
  { id: 'upbeat-conclusion.lesson', family: 'upbeat-conclusion', description: 'fiction moral endings: "learned a valuable lesson", "the power of friendship"', matcher: rx(phrase('(?:learn|learned|learnt|taught \\w{1,12}) (?:a |an )?(?:valuable|important) lessons?', 'the (?:true )?(?:power|meaning|magic|importance) of (?:friendship|love|kindness|family|hope|perseverance|teamwork|imagination|courage)', 'never be the same again', 'forever changed')) },

  // --- Signposting, sycophancy, fake candour.
  { id: 'signposting.dive-in', family: 'signposting', description: '"let\'s dive in", "let\'s explore", "without further ado"', matcher: rx(phrase("let's (?:dive|delve|explore|take a (?:closer )?look|break (?:it|this) down|unpack)", 'dive (?:deep )?into', 'without further ado', 'buckle up')) },
  { id: 'signposting.worth-noting', family: 'signposting', description: '"it\'s worth noting", "it is important to note"', matcher: rx(phrase("it(?:'s| is) (?:worth|important to|crucial to|essential to) (?:noting|note|mentioning|mention|remembering|remember|highlighting|consider)")) },
  { id: 'signposting.great-question', family: 'signposting', description: 'sycophancy: "Great question!", "You\'re absolutely right"', matcher: rx(phrase('great question', "you're absolutely right", 'what a (?:great|fascinating|wonderful) (?:question|idea)', "that's a (?:great|fantastic|excellent) (?:question|point)")) },
  { id: 'signposting.heres-the-thing', family: 'signposting', description: 'fake candour: "here\'s the thing", "let\'s be honest", "the truth is"', matcher: rx(phrase("here's the (?:thing|kicker|deal)", "let's be (?:honest|real|clear)", 'the (?:truth|reality) is,')) },

  // --- Markup residue left by chat interfaces.
  { id: 'markup-residue.turn-search', family: 'markup-residue', description: 'citation tokens such as turn0search0', matcher: { kind: 'raw', re: /\bturn\d{1,3}(?:search|view|news|image|file)\d{1,3}\b/gi } },
  { id: 'markup-residue.oaicite', family: 'markup-residue', description: 'oaicite / contentReference / oai_citation markers', matcher: { kind: 'raw', re: /(?:oaicite|contentReference|oai_citation)/gi } },
  { id: 'markup-residue.utm-chatgpt', family: 'markup-residue', description: 'utm_source=chatgpt.com or openai in links', matcher: { kind: 'raw', re: /utm_source=(?:chatgpt\.com|openai|copilot\.com|perplexity)/gi } },
  { id: 'markup-residue.role-tag', family: 'markup-residue', description: 'chat-template role tags left in the text: [assistant]:, [SYSTEM]:, <|im_start|>, [INST]', matcher: { kind: 'raw', re: /\[(?:assistant|system|user|inst|\/inst)\]:?|<\|im_(?:start|end)\|>/gi } },
  { id: 'markup-residue.placeholder', family: 'markup-residue', description: 'template placeholders: [Your Name], [Insert ...]', matcher: { kind: 'raw', re: /\[(?:your|insert|company|recipient'?s?|date|name of)(?: [a-z']{1,20}){0,4}\]/gi } },

  // --- Knowledge-cutoff disclaimers.
  { id: 'knowledge-cutoff.last-update', family: 'knowledge-cutoff', description: '"as of my last update", "my knowledge cutoff"', matcher: rx(phrase('as of my (?:last|latest) (?:update|training|knowledge update)', 'my (?:knowledge|training) (?:cutoff|cut-off|data)', 'as of my knowledge')) },
  { id: 'knowledge-cutoff.available-info', family: 'knowledge-cutoff', description: '"based on available information", "I don\'t have real-time access"', matcher: rx(phrase('based on (?:the )?(?:available|publicly available) (?:information|data)', "i (?:don't|do not) have (?:access to )?real-time", "i (?:cannot|can't) (?:browse|access the internet)", 'while specific details are (?:limited|scarce)')) },

  // --- Formatting.
  { id: 'formatting.title-case-heading', family: 'formatting', description: 'Markdown headings in Title Case', matcher: { kind: 'regex', re: /^#{1,6} [^\n]{1,200}$/gm, accept: isTitleCaseHeading } },
  { id: 'formatting.bold-label', family: 'formatting', description: 'bold inline headers ("**Speed:** ...") and "Title:" labels', matcher: rx(/(?:^|(?<=\n))[ \t]{0,8}(?:[-*+][ \t]|\d{1,3}[.)][ \t])?(?:\*\*[^*\n]{1,60}\*\*:?|(?:title|abstract|summary|headline|introduction|conclusion):)/gi) },
  { id: 'formatting.emoji-bullet', family: 'formatting', description: 'lines starting with an emoji', matcher: rx(/(?:^|(?<=\n))[ \t]{0,8}(?:[-*+][ \t])?(?:\p{Extended_Pictographic}|[\u2705\u2714\u274c\u27a1])/gu) },
  { id: 'formatting.curly-quotes', family: 'formatting', description: 'curly quotation marks (weak alone)', matcher: { kind: 'raw', re: /[“”‘’]/g } },

  // --- Cadence.
  { id: 'cadence.uniform-sentences', family: 'cadence', description: 'uniform sentence lengths (low burstiness): coefficient of variation below 0.4 over 8+ sentences', matcher: { kind: 'document' } },
];
