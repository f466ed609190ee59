// A closed verb lexicon (present participle -> past and third-person forms) for rewriting participle tails safely.

/**
 * Common verbs of narrative and report prose. `base` alone is regular; `base:past` gives an irregular past;
 * a trailing `+` doubles the final consonant (stop+ -> stopping, stopped). Only verbs listed here are
 * rewritten: guessing the base of an arbitrary -ing word (hoping: hope or hop?) would invent words.
 * Left out on purpose: prepositions that look like participles (including, following, considering), and verbs
 * whose participle usually describes the object rather than the subject (containing, surrounding, towering).
 */
const LEXICON = `
accept accuse add admire admit+ adjust allow announce answer appear arrive ask assemble attack attract avoid bathe
beat:beat beckon beg+ bend:bent bite:bit blame blend blink block bless blossom blow:blew boost bow brace breathe
bring:brought browse brush build:built burn buzz call calm capture carry cast:cast catch:caught cause celebrate change
chase chat+ check cheer chew choose:chose circle claim clap+ clean clear climb cling:clung close clutch collect
comfort compare complain confirm connect continue cook count cover crack crash crawl create creep:crept cross crush
cry cut+:cut dance dart decide declare defend deliver demand deny describe destroy develop die dig+:dug disappear
discover dive dominate drag+ draw:drew dream drift drink:drank drip+ drive:drove drop+ dwarf earn echo embrace emerge
engulf enter envelop erase escape evoke examine exchange explain explore express face fade fall:fell feed:fed
feel:felt fight:fought fill find:found finish fix flash flee:fled flicker float flood flow fly:flew fold force
forget+:forgot form frown gain gasp gather gaze give:gave glance glare glide glow grab+ grant grasp greet grin+ grip+
groan grow:grew grumble guide hand hang:hung head hear:heard help hesitate hide:hid hint hit+:hit hold:held hope hover
hug+ hum+ hunt hurry ignore illuminate imagine inch indicate inform inspect insist instill invite join jump keep:kept
kick kill kiss kneel:knelt knock know:knew land laugh launch lead:led lean leap leave:left lend:lent lick lift
light:lit linger listen live look lose:lost lower make:made manipulate march mark meet:met melt mention mix mourn move
mumble murmur mutter nod+ note notice nudge observe offer open order pace paint pant pass pause peer pick place plan+
play plead plunge point ponder pore pour praise pray prepare press produce promise protect prove provide pull pump
punch push race radiate raise rattle reach read:read realise realize recall receive record reduce reflect refuse
register relax release relive remain remember remind repeat reply report rest retreat return reveal ring:rang
rise:rose roar roll rub+ ruin run+:ran rush sail save say:said scan+ scatter scream search see:saw seed seek:sought
seize select send:sent sense set+:set settle shake:shook shape share shatter shed+:shed shield shift shine:shone
shiver shoot:shot shout shove show shriek shrug+ shuffle shut+:shut sigh sign sing:sang sink:sank sip+ sit+:sat skip+
slam+ sleep:slept slide:slid slip+ smash smell smile snap+ sniff sob+ solder solve speak:spoke spend:spent spill
spin+:spun splash spread:spread squeeze squint stagger stand:stood stare start stay steal:stole step+ stir+ stop+
strain stretch stride:strode strike:struck stroke struggle study stumble summon support survey swallow sway
swear:swore sweep:swept swell swim+:swam swing:swung swirl take:took talk tap+ taste tear:tore tell:told test thank
think:thought threaten throw:threw tie tighten tingle toss touch trace track transform trap+ travel tremble trim+
trudge try tuck tug+ turn twist urge vanish vow wait walk wander warn wash watch wave wear:wore weather weave:wove
weep:wept weigh welcome whip+ whirl whisper wield win+:won wink wipe wish witness wonder work worry wrap+ write:wrote
yank yell
`;

interface VerbForms {
  base: string;
  past: string;
  third: string;
}

function ingForm(base: string, double: boolean): string {
  if (double) return `${base}${base.slice(-1)}ing`;
  if (/ie$/.test(base)) return `${base.slice(0, -2)}ying`;
  if (/(?:ee|ye|oe)$/.test(base)) return `${base}ing`;
  if (/[^aeiou]e$/.test(base) || /[aiu]e$/.test(base)) return `${base.slice(0, -1)}ing`;
  return `${base}ing`;
}

function regularPast(base: string, double: boolean): string {
  if (double) return `${base}${base.slice(-1)}ed`;
  if (/e$/.test(base)) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  return `${base}ed`;
}

function thirdPerson(base: string): string {
  if (/(?:s|x|z|ch|sh|o)$/.test(base)) return `${base}es`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`;
  return `${base}s`;
}

/**
 * The forms of a verb written as a lexicon entry ("walk", "stop+", "find:found"): base, third person, simple
 * past and present participle.
 */
export function verbForms(entry: string): VerbForms & { ing: string } {
  const [head, irregular] = entry.split(':') as [string, string | undefined];
  const double = head.endsWith('+');
  const base = double ? head.slice(0, -1) : head;
  return { base, past: irregular ?? regularPast(base, double), third: thirdPerson(base), ing: ingForm(base, double) };
}

/** Present participle (lower case) to the verb's forms. */
const BY_PARTICIPLE: ReadonlyMap<string, VerbForms> = (() => {
  const m = new Map<string, VerbForms>();
  for (const entry of LEXICON.split(/\s+/).filter(Boolean)) {
    const { base, past, third, ing } = verbForms(entry);
    m.set(ing, { base, past, third });
  }
  return m;
})();

/** Past forms of the lexicon plus the past auxiliaries: a main verb in one of these marks a past-tense clause. */
// Not "could"/"would": a tail after "She would sit by the window, staring" is habitual or hypothetical, and the
// simple past ("She stared") would state it as a fact.
const PAST_FORMS: ReadonlySet<string> = new Set([...[...BY_PARTICIPLE.values()].map((v) => v.past), 'was', 'were', 'had', 'did']);
const THIRD_FORMS: ReadonlySet<string> = new Set([...[...BY_PARTICIPLE.values()].map((v) => v.third), 'is', 'has', 'does']);
const BASE_FORMS: ReadonlySet<string> = new Set([...[...BY_PARTICIPLE.values()].map((v) => v.base), 'are', 'have', 'do']);

export function capitalise(s: string): string {
  return s.length > 0 ? (s[0] as string).toUpperCase() + s.slice(1) : s;
}

/** Subject pronouns (a new sentence repeats one capitalised); the third-person singular ones take "-s" verbs. */
const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they']);
const THIRD_PERSON: ReadonlySet<string> = new Set(['he', 'she', 'it']);
const OBJECT_OR_SUBJECT = new Set([...SUBJECT_PRONOUNS, 'me', 'him', 'her', 'us', 'them', 'who', 'which', 'that']);
// Capitalised sentence openers that are not names: fronted adverbs and prepositions ("Inside sat a man"), and
// negative or quantified subjects whose repetition would change the meaning ("Nobody moved, holding ...").
const NOT_A_NAME = new Set(
  `
above across after again against ahead all along also although always amid amidst among and another any anyone
anything around as aside at away back because before behind below beneath beside between beyond both but by
despite down during each either even every everyone everything everywhere few finally for forward from gone
hence here home however if in inside instead into just later like many meanwhile more most much near nearby
neither never next no nobody none nor not nothing now nowhere of off often on once one only onto or other
outside over past perhaps rarely seldom since so some someone something sometimes somewhere soon still such
suddenly than then there therefore these those though through thus to today together tomorrow tonight toward
towards under until up upon what whatever when where whether which while who why with within without yesterday
yet
`
    .split(/\s+/)
    .filter(Boolean),
);
const DETERMINERS = new Set(['the', 'a', 'an', 'his', 'her', 'their', 'its', 'our', 'my', 'your', 'this', 'that', 'these', 'those']);

export type Tense = 'past' | 'present';

/** A past form: one of the lexicon's, a past auxiliary, or a regular -ed form. */
function isPast(w: string): boolean {
  return PAST_FORMS.has(w) || (/^[a-z]+ed$/.test(w) && w.length > 4);
}

/** The subject a new sentence can repeat, and the tense and person its verb takes. */
export interface ClauseSubject {
  /** The subject that opens the new sentence ("He", "It", "They", or a name as written). */
  pronoun: string;
  tense: Tense;
  third: boolean;
  /** Offset in the clause just past its main verb. */
  verbEnd: number;
}

/**
 * The subject and tense of a clause that opens with its subject and verb: a subject pronoun ("She stood ..."),
 * a short noun phrase, repeated as "It" or "They" ("The lights flickered ...", "Their skin was ..."), or a name
 * of one to three capitalised words, repeated as written since its pronoun cannot be known ("Reverend Johnson
 * smiled"); one -ly adverb may stand before the verb. Null when the clause opens otherwise (quotes, fronted
 * adverbs or prepositions, subordinate clauses, negative or quantified subjects) or the verb's tense is unclear.
 */
export function clauseSubject(clause: string): ClauseSubject | null {
  const toks: { w: string; end: number }[] = [];
  const word = /[A-Za-z][A-Za-z'-]*/y;
  for (let at = 0; toks.length < 7; ) {
    while (at < clause.length && (clause[at] === ' ' || clause[at] === '\t')) at++;
    word.lastIndex = at;
    const m = word.exec(clause);
    if (m === null) break;
    at = m.index + m[0].length;
    toks.push({ w: m[0], end: at });
  }
  const first = toks[0];
  if (!first || !/^[A-Z]/.test(first.w)) return null;
  const lower = first.w.toLowerCase();
  let k: number;
  let pronoun: string;
  let third: boolean;
  if (SUBJECT_PRONOUNS.has(lower)) {
    k = 1;
    pronoun = capitalise(lower);
    third = THIRD_PERSON.has(lower);
  } else if (DETERMINERS.has(lower)) {
    // The noun phrase holds one to three lower-case words and ends at the first past form ("The old lights
    // flickered"). Failing that, at a present form that agrees with the word before it and is not followed by
    // another verb form: a plural noun and a third-person verb look alike ("The old lights flicker").
    k = 0;
    const limit = Math.min(4, toks.length - 1);
    for (let i = 2; i <= limit && k === 0; i++) {
      const prev = (toks[i - 1] as { w: string }).w;
      if (!/^[a-z][a-z-]*$/.test(prev) || OBJECT_OR_SUBJECT.has(prev) || isPast(prev)) return null;
      if (isPast((toks[i] as { w: string }).w)) k = i;
    }
    for (let i = 2; i <= limit && k === 0; i++) {
      const prev = (toks[i - 1] as { w: string }).w;
      const w = (toks[i] as { w: string }).w;
      const next = toks[i + 1]?.w ?? '';
      const pluralHead = lower === 'these' || lower === 'those' || (/s$/.test(prev) && !/(?:ss|us|is)$/.test(prev));
      if ((pluralHead ? BASE_FORMS.has(w) : THIRD_FORMS.has(w)) && !THIRD_FORMS.has(next) && !BASE_FORMS.has(next) && !isPast(next)) k = i;
    }
    if (k === 0) return null;
    const head = (toks[k - 1] as { w: string }).w;
    const plural = lower === 'these' || lower === 'those' || (/s$/.test(head) && !/(?:ss|us|is)$/.test(head));
    pronoun = plural ? 'They' : 'It';
    third = !plural;
  } else if (!NOT_A_NAME.has(lower) && !/ly$/.test(lower)) {
    // A name of one to three capitalised words ("Reverend Johnson smiled"): the new sentence repeats it, as its
    // pronoun cannot be known. Names are taken as singular.
    k = 1;
    while (k < 3 && k < toks.length && /^[A-Z][a-z]+$/.test((toks[k] as { w: string }).w)) k++;
    if (/^[A-Z][a-z]+$/.test((toks[k - 1] as { w: string }).w) === false) return null;
    pronoun = toks.slice(0, k).map((t) => t.w).join(' ');
    if (clause.slice(0, (toks[k - 1] as { end: number }).end).trim() !== pronoun) return null;
    third = true;
  } else return null;
  if (toks[k] && /^[a-z]+ly$/.test((toks[k] as { w: string }).w) && toks[k + 1]) k++;
  const verb = toks[k];
  if (!verb) return null;
  const v = verb.w;
  if (!/^[a-z]+$/.test(v)) return null;
  if (isPast(v)) return { pronoun, tense: 'past', third, verbEnd: verb.end };
  if (third ? THIRD_FORMS.has(v) : BASE_FORMS.has(v)) return { pronoun, tense: 'present', third, verbEnd: verb.end };
  return null;
}

/** The form a participle takes as the main verb of a new sentence with the given tense and person. */
export function finiteForm(participle: string, tense: Tense, third: boolean): string | null {
  const v = BY_PARTICIPLE.get(participle);
  if (!v) return null;
  if (tense === 'past') return v.past;
  return third ? v.third : v.base;
}

const MODALS = new Set(['is', 'was', 'has', 'had', 'did', 'does', 'can', 'could', 'will', 'would', 'may', 'might', 'should', 'must']);
const PLURAL_AUX = new Set(['are', 'were', 'have', 'do']);

/**
 * The demonstrative that can replace "which" before `verb` in a new sentence ("..., which could include a fine"
 * -> ". This could include a fine"): "This" before a singular or past verb, "These" before a plural one, null when
 * the word is not a verb the lexicon knows.
 */
export function demonstrativeFor(verb: string): 'This' | 'These' | null {
  const v = verb.toLowerCase();
  if (PLURAL_AUX.has(v)) return 'These';
  if (MODALS.has(v) || PAST_FORMS.has(v) || THIRD_FORMS.has(v)) return 'This';
  return null;
}
