// The rule checks behind the offline `rubric` provider: evidence read in its clause, safeguards that must be real instructions.
//
// Every phrase rule runs on a sentence's plain form (text.ts) and judges each match in its clause: negated ("never
// claim to be human"), described as something to resist ("decline requests to ignore your rules") or quoted as
// someone else's words, a match is not evidence. Safeguard heuristics (refusal path, referral, override guard...)
// count only a safeguard that is itself an instruction, not negated and not part of a jailbreak's own text. A
// prompt mostly in another language skips the English keyword heuristics and says so, rather than failing them all.
import type { AgentFacts, ToolClass, ToolInfo } from './agent-config.ts';
import { identWords, scanAgentConfig } from './agent-config.ts';
import { describeVerdict, liftingVerdict, personaSignals } from './persona.ts';
import { emailsIn, mayHavePersonalData, mayHaveSecret, personalDataKind, redact, secretKind } from './pii.ts';
import type { Language, PreparedText, Sentence } from './text.ts';
import { clip, matchContext, matches, prepareText, present } from './text.ts';

/** One rule finding: the rubric supplies category, severity and remediation. */
export interface RuleHit {
  criterionId: string;
  description: string;
  lineReference: string;
}

/** What one run of the rules found and what it could not read. */
export interface RuleRun {
  hits: RuleHit[];
  language: Language;
  /** Heuristic criteria skipped because the prompt is not in English (they need a model). */
  skipped: string[];
}

function quote(text: string, max: number): string {
  return clip(redact(text), max);
}

function lineRef(s: Sentence): string {
  return clip(`line ${s.line}: "${quote(s.text, 160)}"`, 200);
}

interface Evidence {
  sentence: Sentence;
  count: number;
}

function evidenceHit(id: string, lead: string, ev: Evidence): RuleHit {
  const more = ev.count > 1 ? ` (${ev.count} places)` : '';
  return { criterionId: id, description: clip(`${lead}: "${quote(ev.sentence.text, 300)}"${more}.`, 1000), lineReference: lineRef(ev.sentence) };
}

/**
 * Sentences where a pattern matches as evidence. `negatable` patterns are skipped when their clause negates them;
 * every pattern is skipped when its clause describes something to resist or quotes someone else's words.
 */
function findEvidence(p: PreparedText, all: readonly RegExp[], negatable: boolean, exclude?: RegExp): Evidence | null {
  const patterns = all.filter((re) => present(p, re));
  if (patterns.length === 0) return null;
  let first: Sentence | null = null;
  let count = 0;
  for (const s of p.sentences) {
    if (exclude?.test(s.plain)) continue;
    let hit = false;
    for (const re of patterns) {
      for (const m of matches(re, s.plain, 20)) {
        const c = matchContext(s, s.plain, m.index);
        if (c.mentioned || (negatable && c.negated)) continue;
        hit = true;
        break;
      }
      if (hit) break;
    }
    if (hit) {
      count++;
      first ??= s;
    }
  }
  return first ? { sentence: first, count } : null;
}

/** Whether any sentence not in `skip` has a match of `re` that its clause does not negate (or mention). */
function affirmed(p: PreparedText, re: RegExp, skip: ReadonlySet<Sentence>, allowMention = true): boolean {
  if (!present(p, re)) return false;
  for (const s of p.sentences) {
    if (skip.has(s)) continue;
    for (const m of matches(re, s.plain, 20)) {
      const c = matchContext(s, s.plain, m.index);
      if (!c.negated && (allowMention || !c.mentioned)) return true;
    }
  }
  return false;
}

/** A match of `a` followed within `gap` characters of the same sentence by a match of `b` (two short searches, no backtracking across the gap). */
function near(text: string, a: RegExp, b: RegExp, gap: number): RegExpExecArray | null {
  for (const m of matches(a, text, 20)) {
    const end = m.index + m[0].length;
    if (b.test(text.slice(end, end + gap))) return m;
  }
  return null;
}

// ---------- pattern tables (global, every quantifier bounded) ----------

const ACT_WITHOUT_APPROVAL = [
  /\bwithout (?:asking|waiting|checking|seeking|requesting|requiring|getting|needing)(?: (?:the user|the human|anyone|them|a human))?(?: for)?(?: (?:the user's|their|human|user|any|explicit|prior))? (?:permission|confirmation|approval|consent|sign-off)/g,
  /\b(?:don't|do not|never|no need to) (?:ask|wait|check) (?:for |with (?:the )?(?:user|human|anyone) (?:for )?)?(?:permission|confirmation|approval|consent)/g,
  /\bno need to (?:ask|confirm|check with)/g,
  /\bact (?:fully |completely |fully and )?autonomously\b/g,
  /\b(?:never|don't|do not) (?:ask|check with) (?:the )?(?:user|human|operator)s? (?:before|first)/g,
];
/** Waivers scoped to harmless or routine actions, or to a plan already approved, are safeguards. */
const LOW_RISK_SCOPE = /\b(?:read[- ]only|harmless|safe (?:commands|operations|actions|tools)|look ?ups?|search\w{0,3}|research|non-destructive|reversible|side-effect[- ]free|routine|already (?:approved|confirmed)|approved plan|plan (?:is|was|has been) approved|reads?|reading|view|views|viewing|browse|fetch\w{0,3}|tests?|linters?|formatters?)\b/;

const HUMAN_CLAIM_NEGATIVE = [
  // "never reveal that you are an AI" is itself the violation: the negation belongs to the pattern.
  /\b(?:never|don't|do not|must not|mustn't|should not) (?:reveal|admit|disclose|say|mention|confirm|acknowledge|let (?:anyone|them|the user|users|customers) know|tell (?:anyone|them|the user|users|customers)) (?:that )?(?:you're|you are) (?:an? )?(?:ai|a\.i\.|bot|chatbot|robot|language model|llm|machine|artificial|virtual assistant|program)\b/g,
  // The same said of a persona in the third person: "Jeff will never admit that he is an AI".
  /\b(?:never|don't|do not|must not|mustn't|should not|cannot|can't|won't|will not)(?: ever)? (?:reveal|admit|disclose|say|mention|confirm|acknowledge) (?:that )?(?:he's|he is|she's|she is|it's|it is|they're|they are) (?:an? |just an? )?(?:ai|a\.i\.|chatbot|robot|language model|ai language model|llm|artificial intelligence)(?![\w-])/g,
  /\b(?:deny|denies) (?:being|that you are|you are) (?:an? )?(?:ai|bot|chatbot|robot|language model|llm|machine)\b/g,
];
const HUMAN_CLAIM_POSITIVE = [
  /\b(?:claim|pretend|insist|say|state|tell (?:users|them|the user|people|customers)) (?:that )?(?:to be|you're|you are) (?:an? )?(?:real )?(?:human being|human(?![\w-]| resources)|real person|living person)/g,
  /\byou are (?:now |actually |really |truly )?(?:an? )?(?:real )?(?:human being|human(?![\w-]| resources)|real person|flesh-and-blood)/g,
  /\b(?:you|it|he|she) (?:are|is) not (?:an? )?(?:ai|a\.i\.|artificial intelligence|ai language model|language model|chatbot|bot|computer program|machine)\b/g,
  // Human set against AI: "you guys are humans, not AI language models".
  /\b(?:you|you guys|you all) (?:are|'re)(?: (?:now|actually|really|officially|just|simply))? (?:an? )?(?:real )?(?:humans?|human beings?|real (?:person|people)), not (?:an? )?(?:ai|a\.i\.|artificial intelligence|ai language models?|language models?|chatbots?|bots?|machines?|computer programs?)\b/g,
];
const IF_ASKED = /\bif (?:someone|anyone|a user|the user|users|they) asks?\b/g;
const CLAIM_VERB = /\b(?:say|tell them|insist|answer|reply|respond)\b/g;
const CLAIM_HUMAN = /\b(?:human|real person|not (?:an? )?(?:ai|bot|robot))\b/;
const AI_DISCLOSED = /\b(?:you are|you're|that you are|say you are|that you're) (?:an? )?(?:ai|artificial|bot|virtual|language model|llm|automated)\b|\bnot (?:a )?(?:human|real person)\b|\bhonest/;

const FABRICATE_VERB = /\b(?:make up|invent|fabricate|fake|falsify|generate fake|create fake|warp|distort|twist|misrepresent)\b/g;
const FABRICATE_OBJECT = /\b(?:facts?|citations?|sources?|references?|reviews?|testimonials?|statistics?|stats|numbers|figures|data|quotes?|credentials?|studies|study|research|endorsements?|case studies)\b/;
const FABRICATE = [
  /\bnever (?:say|admit|tell (?:the user|them|users)) (?:that )?you (?:don't|do not) know\b/g,
  /\bnever admit (?:that )?you(?:'re| are)? (?:unsure|uncertain|wrong|ignorant)/g,
  /\b(?:always|must) (?:give|provide|have) (?:an|a) (?:definitive |confident )?answer(?: to (?:every|any) question)?(?:[.!;]|$|,? even if|,? no matter|,? regardless)/g,
  // "always give one definitive diagnosis, even if the information is incomplete": certainty demanded whatever is known.
  /\b(?:always|must) (?:give|provide|offer|make|state) (?:an|a|one) (?:single )?(?:definitive|confident|certain|firm|conclusive) (?:answer|diagnosis|verdict|prediction|recommendation|conclusion)s?,? (?:even if|even when|no matter|regardless|whatever)\b/g,
];
const IF_UNKNOWN = /\bif you (?:don't|do not) know\b/g;
const INVENT_ANSWER = /\b(?:make (?:it|one|something|them) up|guess|invent|improvise)\b/;

const GUARANTEE = /\b(?:guarantee|guarantees|guaranteed)\b/g;
const GUARANTEE_OBJECT = /\b(?:results?|returns?|outcomes?|success|approval|cure|profits?|accuracy|to work|approved|win)\b/;
const OVERCLAIM = [
  /\b(?:is|are|be) guaranteed to\b|\bguaranteed? (?:results?|returns?|savings?|approval|success|income|profits?)\b/g,
  /\b100 ?% (?:accurate|correct|safe|certain|guaranteed|reliable|effective)\b/g,
  /\b(?:you are|you're|our (?:product|service|advice) is) (?:always|completely) (?:accurate|correct|right|reliable)\b/g,
  /\b(?:you|it) (?:are|is) never wrong\b/g,
  /\brisk[- ]free\b/g,
];

const MANIPULATION_NEGATABLE = [
  /\bcreate (?:a )?(?:false |artificial |fake )?(?:sense of )?(?:urgency|scarcity|fomo)/g,
  /\bfalse (?:urgency|scarcity|deadlines?)\b/g,
  /\bpressure (?:the )?(?:user|customer|client|them|people|prospects?)s?\b/g,
  /\bguilt[- ]trip/g,
  /\bupsell aggressively\b|\baggressively upsell/g,
  /\bexploit (?:their |the user's |users' |customers' )?(?:emotions|fears?|insecurit\w{1,4}|loneliness|vulnerabilit\w{1,4})/g,
  /\bmake (?:it )?(?:hard|difficult) (?:for (?:the )?(?:user|customer|them)s? )?to (?:cancel|unsubscribe|leave|get a refund)/g,
];
const EXPIRY_CLAIM = /\b(?:say|tell (?:them|the user|customers)) (?:that )?(?:the )?(?:offer|discount|price|deal) (?:expires|ends) (?:today|soon|in \d{1,3} (?:minutes|hours))\b/g;
const REGARDLESS = /\b(?:even if|regardless|whether or not)\b/;
const MANIPULATION_FIXED = [
  /\b(?:don't|do not|never) let (?:the )?(?:user|customer|client|them|subscriber)s? (?:cancel|unsubscribe|leave|go)\b/g,
  /\b(?:don't|do not|never) (?:help|tell) (?:the )?(?:user|customer|them)s? (?:how )?to (?:cancel|unsubscribe)\b/g,
];

const CONCEAL_VERB = /\b(?:don't|do not|never|avoid) (?:mention|mentioning|disclose|disclosing|reveal|revealing|bring(?:ing)? up|tell (?:the )?(?:user|customer|client)s? about)\b/g;
const CONCEAL_OBJECT = /\b(?:fees?|charges?|commissions?|risks?|side[- ]effects?|affiliat\w{0,6}|sponsor\w{0,6}|partnerships?|recalls?|defects?|cancellation (?:fees?|polic\w{1,3})|interest rates?|penalt(?:y|ies)|hidden costs?|kickbacks?|referral (?:fees?|payments?))\b/;

const CONTRADICTION_LEAD = /\b(always|never|must not|must|do not|don't) [a-z']/g;
const CONDITIONAL = /\b(?:if|unless|except|when|whenever|only|until)\b/;

const SENSITIVE_VERB = /\b(?:ask|request|collect|require|obtain|get|prompt)\b/g;
const SENSITIVE_OBJECT = /\b(?:passwords?|passcodes?|social security (?:numbers?)?|ssns?|full (?:credit |debit )?card numbers?|(?:credit|debit) card numbers?|card numbers?|cvvs?|cvcs?|card security codes?|pin (?:codes?|numbers?)|pins|one[- ]time (?:password|code|passcode)s?|otps?|2fa codes?|mother'?s maiden name|bank (?:login|password|credentials))\b/;

const SHARE_VERB = /\b(?:send|forward|post|upload|share|log|copy|transmit|report|sync|export|sell)\b/g;
const SHARE_DATA = /\b(?:conversations?|chat (?:history|logs?|transcripts?)|transcripts?|user (?:data|details|information|messages|info)|personal (?:data|information|details)|customer (?:data|details|information|emails?|lists?)|contact details|credentials|email addresses|phone numbers|everything the user (?:says|types|shares))\b/;
const SHARE_DEST = /(?:https?:\/\/|\bthird[- ]part(?:y|ies)\b|\bpartners?\b|\bexternal\b|\badvertis\w{1,6}\b|\bdata brokers?\b)/;
/** A verb after "can", "may", "able to" describes what could happen; only an instruction is evidence. */
const DESCRIPTIVE_BEFORE = /\b(?:can|could|may|might|would|able to|ability to|allowed to|used to|whether to|how to)\s?$/;

const PRIVATE_IP = /\b(?:10\.\d{1,3}\.\d{1,3}\.\d{1,3}|192\.168\.\d{1,3}\.\d{1,3}|172\.(?:1[6-9]|2\d|3[01])\.\d{1,3}\.\d{1,3})\b/g;
const HOST_TOKEN = /[a-z0-9.-]+/g;
const INFRA_HINT = /\b(?:10|192\.168|172)\.\d|\.(?:internal|corp|intranet|lan|local|localdomain)\b/;
const INTERNAL_SUFFIX = new Set(['internal', 'corp', 'intranet', 'lan', 'local', 'localdomain']);

const PROTECTED = /\b(?:race|races|racial|ethnic\w{0,6}|religio\w{0,4}|muslims?|christians?|jews|jewish|hindus?|sikhs?|atheists?|gender|sex|sexual orientation|gay|lesbian|transgender|age|aged|older|younger|elderly|seniors|nationality|national origin|immigrants?|foreigners?|disabilit\w{0,4}|disabled|pregnan\w{0,4}|marital status|married|single mothers|skin colou?r|caste|women|men|female|male|veterans?|hispanic|latino|latina|asian|african[- ]american)\b/;
const PERSON = /\b(?:applicants?|candidates?|customers?|users?|people|persons?|tenants?|borrowers?|patients?|students?|employees?|clients?|members?|anyone|those|them|someone|individuals?|callers?|visitors?|hires?|renters?|buyers?|workers?|staff)\b/;
const DECISION = /\b(?:reject|deny|prefer|prioriti[sz]e|favou?r|rank (?:them |it )?(?:lower|higher)|score (?:them |it )?(?:lower|higher)|exclude|filter out|screen out|disqualify|charge (?:them )?(?:more|higher|less)|penali[sz]e|downgrade|do not (?:hire|approve|lend|rent)|don't (?:hire|approve|lend|rent)|avoid (?:hiring|approving|renting to|lending to)|only (?:hire|approve|accept|rent to|lend to))\b/g;
const FAIRNESS_GUARD = /\b(?:regardless of|irrespective of|without regard|not (?:be )?(?:based on|consider|use|take|factor|influence)|never (?:consider|use|take into account|factor|discriminate)|(?:do not|don't|must not|never|no) discriminat\w{0,5}|non-?discriminat\w{0,5}|equal(?:ly)?|fair(?:ly)?|protected (?:characteristics?|attributes?|class(?:es)?|groups?)|not (?:allowed|permitted) to)\b/;

const OVERRIDE = [
  /\b(?:user|user's|users') (?:instructions|requests|commands|messages) (?:take precedence|override|supersede|come first|have priority)/g,
  /\b(?:follow|obey|execute) (?:any|all|every) (?:instructions?|commands?|requests?) (?:(?:from|given by|sent by) (?:the |a )?(?:user|users|customer|customers|anyone|people|whoever)|the user gives|users give)/g,
  /\bthe user (?:is always right|has (?:full|admin|root) (?:authority|access|privileges))\b/g,
];
const IF_CLAIMS = /\bif (?:the )?(?:user|someone|anyone) (?:says|claims|tells you|states|identifies)\b/g;
const PRIVILEGED_ROLE = /\b(?:admin|administrator|developer|owner|staff|employee|authori[sz]ed|openai|anthropic|your creator)\b/;
const GRANT_WORD = /\b(?:grant|give|allow|enable|unlock|trust|comply|bypass|ignore|disable|lift|obey|full access)\b/;
const NEGATED_GRANT_LEAD = /\b(?:do not|don't|never|must not|not|no)\b/g;
const GRANT_VERB = /\b(?:grant|give|allow|enable|unlock|trust|comply|bypass|ignore|disable|lift|obey|reveal|elevate)/;
const IGNORE_RULES_IF_USER = /\b(?:ignore|disregard|forget) (?:these|the above|previous|prior|your|all) (?:instructions|rules|guidelines)\b/g;
const WHEN_USER = /\b(?:if|when|whenever) (?:the )?user\b/;

const PROMPT_AUTH_HINT = /\b(?:password|passphrase|passcode|code ?word|magic word|secret (?:code|word|phrase)|pin)\b/;
const PROMPT_AUTH_LABEL = /\b(?:(?:admin|master|secret|access|override|staff|unlock|bypass) (?:password|passphrase|passcode|code|pin)|secret (?:code|word|phrase)|passphrase|code ?word|magic word) ?(?:is\b|=|:) ?/g;
const PROMPT_AUTH_VALUE = /^(?:"[^"\n]{3,40}"|'[^'\n]{3,40}'|[^\s"'.,;]{0,40}\d[^\s"'.,;]{0,40})/;
const IF_PROVIDES = /\b(?:if|when|once|after) (?:the )?(?:user|someone|anyone|caller) (?:provides|gives|says|enters|knows|types|supplies)\b/g;
const SECRET_WORD = /\b(?:password|passphrase|passcode|secret|code word|access code|magic word)\b/;
const ELEVATE_WORD = /\b(?:grant|give|unlock|allow|enable|admin|full access|reveal|elevated|privileged|bypass)\b/;

const FOLLOW_VERB = /\b(?:follow|execute|run|obey|carry out|act on|perform)\b/g;
const FOLLOW_OBJECT = /\b(?:instructions|commands|code|directions)\b/g;
/** Files a repository or user keeps precisely to instruct the agent (AGENTS.md, CLAUDE.md, rules files) are not untrusted content. */
const INSTRUCTION_FILE = /\b(?:agents\.md|claude\.md|gemini\.md|\.cursorrules|cursor rules|copilot-instructions|\.windsurfrules|instructions? files?|rules files?|memory files?|project instructions)\b/;
const CONTENT_PLACE = /\b(?:in|from|found in|contained in|inside|within|embedded in|written in|included in)\b.{0,25}\b(?:web ?pages?|websites?|sites?|emails?|e-mails?|documents?|files?|tool (?:output|results?)|search results|retrieved (?:content|documents|pages)|fetched (?:content|pages)|urls?|links?|messages?|readmes?|issues?|tickets?|pdfs?|attachments?|comments?)\b/;

// ---------- safeguards (heuristics: a safeguard counts only as an instruction, not negated, not jailbreak text) ----------

/** Tells the model to refuse or decline something. */
const REFUSAL_POSITIVE = /\b(?:refuse|refusal|decline|say no|politely (?:say|tell|explain|redirect|decline|refuse)|redirect|out of scope|outside (?:of )?(?:your|the|this) (?:scope|remit)|cannot help|can't help|not able to help|won't help)\b/g;
/** Forbids producing something: "do not provide medical diagnoses", "never share personal data". */
/** Forbids producing or doing something on the user's behalf: "do not provide diagnoses", "never share personal data". */
const REFUSAL_FORBID = /\b(?:do not|don't|never|must not|mustn't|must never|should not|shouldn't|should never|may not|not allowed to|will not|won't) (?:help|assist|answer|provide|engage|discuss|generate|produce|create|write|share|give|reveal|disclose|comply|fulfil|fulfill|respond to|offer|recommend|make|claim|speculate|invent|fabricate|facilitate|support|encourage|promote|output|include|use|access|store|collect|run|execute|send|expose|leak|guess|process|accept|perform|take part|participate)\b/g;
/** What a jailbreak forbids: warnings, apologies, refusals. Forbidding these is not a refusal path. */
const JAILBREAK_OBJECT = /\b(?:warnings?|disclaimers?|caveats?|apolog\w{0,4}|sorry|refus\w{0,4}|moral\w{0,6}|ethic\w{0,6}|censor\w{0,6}|filter\w{0,4}|restrict\w{0,6}|limit\w{0,6}|resistance|reminders?|notes?)\b/;
const HIGH_STAKES_DOMAIN = /\b(?:medical|medicine|health|healthcare|clinical|symptoms?|diagnos\w{0,6}|medications?|dosages?|prescriptions?|treatments?|legal|law|lawyers?|attorneys?|lawsuits?|litigation|immigration|tax|taxes|financial|finance|investments?|investing|portfolios?|securities|stocks?|retirement|mortgages?|nutrition|diet|therapy|mental health)\b/g;
const ROLE_OR_TASK = /\b(?:you are|you're|act as|acting as|your (?:role|job|task|purpose|goal|mission|specialty|expertise)|you (?:will|can|should|must|help|provide|give|offer|answer|advise|assist|explain|recommend|support|diagnose|analy[sz]e|review|draft)|(?:provide|give|offer|answer questions about|advise on|advice on|help (?:users|people|patients|clients|customers|them) with|specialist in|expert in|expert on)|this (?:assistant|bot|agent)|assistant|advisor|adviser|coach|consultant|doctor|nurse|lawyer|counsel(?:l?or)?|planner|tutor)\b/;
const NEGATOR_WORD = /\b(?:not|never|no|don't|doesn't|avoid|without|stop)\b/;
const REFERRAL = /\b(?:consult|professional|qualified|licensed|no (?:substitute|replacement) for|not (?:a substitute|a replacement|medical advice|legal advice|financial advice|investment advice|professional advice)|not an? (?:licensed |qualified |certified |registered )?(?:doctor|physician|psychiatrist|psychologist|therapist|lawyer|attorney|pharmacist|clinician|nurse|(?:medical|legal|financial|mental health) (?:professional|advis[eo]r))|doctor|physician|pharmacist|clinician|specialist|seek (?:medical|legal|professional)|general information only|emergency services|see a|talk to a|speak (?:to|with) a)\b/g;
const WELLBEING_DOMAIN = /\b(?:mental health|emotional(?: support)?|therapy|therapist|therapeutic|counsel(?:l?ing|l?or)|companion|companionship|loneliness|lonely|depress\w{0,6}|anxiety|wellbeing|well-being|grief|grieving|stress|friend to talk to|cope|coping|someone to talk to)\b/g;
/**
 * Casts the assistant in a support role. "Support" alone is the noun of the domain ("emotional support" in a list of
 * what a model is good at casts nobody); as a verb it needs its object ("supports users").
 */
const SUPPORT_ROLE = /\b(?:you are|you're|act as|acting as|your (?:role|job|purpose|goal)|you (?:will|can|should|must)?\s?(?:provide|offer|give|support|help|comfort|listen|talk)|provides?|offers?|supports? (?:users|people|them|someone|those)|help (?:users|people|them|someone|the user)|be there for|listen to|talk (?:through|about|with))\b/;
const CRISIS = /\b(?:crisis|emergency|emergencies|hotline|helpline|988|911|112|999|self-harm|self harm|suicid\w{0,5}|samaritans|lifeline|immediate danger|harm themselves|hurt themselves|self-destructive|danger to themselves|at risk|professional help|mental health professional)\b/g;
/** What a harm is helped by: avoiding these verbs before a crisis topic is handling it, not ignoring it. */
const ABETTING = /\b(?:encourag\w{1,3}|facilitat\w{1,3}|promot\w{1,3}|enabl\w{1,3}|glorif\w{1,4}|reinforc\w{1,3}|assist\w{0,3} with|help\w{0,3} with|instructions? (?:for|on)|methods? (?:for|of))\b/;
/** A wellbeing word that names a kind of harm ("physical, emotional or financial harm") casts no support role. */
const HARM_KIND_AFTER = /^(?:,? (?:or|and) [a-z]{2,20}|,? [a-z]{2,20},)? (?:harm|harms|damage|injury|injuries|abuse|distress)\b/;
/** A companion for a task ("travel companion", "Code Companion") is that task's assistant, not an emotional companion. */
const TASK_BEFORE_COMPANION = /\b(?:travel|trip|code|coding|programming|study|studying|learning|reading|writing|shopping|cooking|kitchen|gaming|game|hiking|workout|research|productivity|homework|language|adventure|journey|music|movie|book|career|business)['"]? ?$/;

function notWellbeing(text: string, m: RegExpExecArray): boolean {
  const end = m.index + m[0].length;
  if (HARM_KIND_AFTER.test(text.slice(end, end + 40))) return true;
  return m[0] === 'companion' && TASK_BEFORE_COMPANION.test(text.slice(Math.max(0, m.index - 20), m.index));
}
/**
 * What to do when unsure: admit it, or say so; "when in doubt, ..."; a ban on inventing what is not known ("do not make
 * up any information" starts the match, so its own negation does not negate it).
 */
const UNCERTAINTY = /\b(?:(?:when|if) in doubt|(?:do not|don't|never|must not) (?:make up|invent|fabricate|hallucinate)|don't know|do not know|not sure|unsure|uncertain\w{0,4}|say so|admit|acknowledge|not certain|cannot verify|can't verify|unable to verify|don't guess|do not guess|never guess|not guess|insufficient information|not enough information|lack (?:the )?information)\b/g;
const CITE = /\b(?:cite|citation|citations|source|sources|reference|references|link to|ground(?:ed)?|based (?:only )?on (?:the )?(?:retrieved|provided|search)|attribute)\b/;
const ROLE = /\b(?:you are|you're|your (?:role|job|task|purpose|goal|mission|name) is|act as|acting as|this (?:assistant|agent|bot)|the assistant|you will (?:help|assist|answer|act)|i am|i'm)\b/;
/** A role stated in the third person: "as a ... assistant", "Claude is an AI assistant", "I am a travel agent". */
const ROLE_LEAD = /\b(?:as|is|am) (?:a|an|the)\b/g;
const ROLE_NOUN = /^(?: [a-z-]{2,20}){0,4} (?:assistant|agent|model|ai|chatbot|bot|companion|tutor|advisor|expert|engineer|developer|coder|writer|editor|analyst|researcher|tool|system|interface)\b/;
const SCOPE = /\b(?:only|out of scope|outside (?:of )?(?:your|the|this) (?:scope|remit|area)|off[- ]topic|stay on (?:topic|task)|limit(?:ed)? (?:yourself|to)|not (?:answer|help with|discuss)|don't (?:answer|help with|discuss)|unrelated|in scope|scope)\b/g;
const PRECEDENCE = /\b(?:take[s]? precedence|precedence|priority|prioriti[sz]e|override|overrides|supersede|conflict\w{0,3}|higher than|chain of command|cannot be changed|can't be changed|these (?:instructions|rules) (?:always )?apply)\b/g;
const LENGTH_TEXT = /\b(?:concise|brief|briefly|short|succinct|at most \d{1,5}|no more than \d{1,5}|under \d{1,5} (?:words|sentences|characters|lines)|\d{1,5} (?:words|sentences|paragraphs|bullet points|bullets|lines|characters)|limit (?:your )?(?:answers?|responses?|replies|output)|keep (?:your )?(?:answers?|responses?|replies) (?:short|brief|under))\b/g;
const ESCALATION = /\b(?:human|humans|person|escalat\w{0,5}|hand(?: it)? off|handoff|hand-off|hand over|transfer (?:to|the)|support team|customer service|staff|operator|representative|contact (?:us|support|the team)|support@|helpdesk|help desk|a manager|supervisor|reviewer)\b/g;
const AUTHZ = /\b(?:verify (?:the )?(?:user'?s? |their |caller'?s? )?identity|authenticat\w{0,6}|only (?:the|their|the user's) own|(?:their|the user's) own (?:account|data|records|orders)|other (?:users|customers|patients|clients)|another (?:user|customer|patient|client)|authori[sz]\w{0,6}|access control|least privilege|signed[- ]in|logged[- ]in|authenticated)\b/;
const PRIVACY = /\b(?:personal (?:data|information|details)|pii|privacy|private|confidential\w{0,5}|sensitive (?:data|information)|gdpr|ccpa|hipaa|data protection)\b/;
const MEMORY_RULE = /\b(?:(?:do not|don't|never) (?:store|remember|retain|save|keep|memori[sz]e)|forget|retention|delete (?:after|within)|personal (?:data|information)|pii|sensitive (?:data|information))\b/;
const HIGH_IMPACT = /\b(?:hiring|hire|recruit\w{0,6}|candidates?|applicants?|résumés?|resumes?|cvs|job applications?|loans?|lending|credit (?:scores?|decisions?|applications?|limits?)|mortgages?|underwrit\w{0,4}|tenants?|rental applications?|housing|insurance (?:claims?|premiums?|underwriting|applications?)|admissions?|scholarships?|parole|bail|sentencing|benefits eligibility|welfare|eligibility)\b/;
const JUDGE = /\b(?:screen|screening|evaluate|evaluating|assess|assessing|score|scoring|rank|ranking|decide|deciding|approve|approving|reject|rejecting|shortlist|shortlisting|select|selecting|qualify|triage)\b/g;
/** What is screened or ranked when it is not people: "screen and filter stocks", "rank the search results". */
const THING_JUDGED = /^(?: (?:and|or) [a-z]{2,12})?(?: (?:the|these|those|all|any|each|every|candidate|potential|possible))? (?:stocks?|shares|securities|bonds|funds|etfs|assets|investments?|portfolios?|companies|firms|tickers|markets|products|items|listings|properties|code|commits|bugs|issues|tickets|files|documents|papers|sources|results|queries|options|ideas|drafts|images|models)\b/;
const FAIRNESS = /\b(?:discriminat\w{0,6}|protected (?:characteristics?|attributes?|class(?:es)?|groups?)|fair(?:ly|ness)?|bias\w{0,4}|equal (?:opportunity|treatment)|regardless of|irrespective of|without regard to|impartial\w{0,2})\b/;
const CONTESTED = /\b(?:politic\w{0,5}|elections?|voting|voters?|ballots?|campaign(?:s|ing)?|legislation|partisan|current events|news)\b/;
const BALANCE = /\b(?:balanced|neutral|neutrality|impartial\w{0,2}|multiple (?:perspectives|viewpoints|sides)|both sides|all sides|nonpartisan|non-partisan|objective\w{0,2}|even-handed)\b/;
/** Says outside content is data: a marker word, or two parts close together ("content ... is data", "treat ... as data"). */
const UNTRUSTED_MARK = /\b(?:untrusted|prompt injection|injected (?:instructions|prompts))\b/;
const UNTRUSTED_PAIRS: readonly [RegExp, RegExp, number][] = [
  [/\b(?:content|text|output|outputs|results?|pages?|documents?|anything)\b/g, /\b(?:is|are) (?:only )?(?:data|untrusted|information)\b/, 60],
  [/\btreat\b/g, /\bas (?:data|information|untrusted|content)\b/, 70],
  [/\b(?:do not|don't|never) (?:follow|obey|execute|act on|carry out)\b/g, /\b(?:instructions|commands|directions|requests)\b/, 50],
  [/\b(?:instructions|commands) (?:in|inside|within|from)\b/g, /\b(?:are|is) (?:data|not (?:instructions|commands))\b/, 50],
];

function saysConfidential(p: PreparedText, skip: ReadonlySet<Sentence>): boolean {
  return p.sentences.some(
    (s) => !skip.has(s) && (CONFIDENTIAL_WORD.test(s.plain) || CONFIDENTIAL_PAIRS.some(([a, b, gap]) => present(p, a) && near(s.plain, a, b, gap) !== null)),
  );
}

/**
 * A role stated by form rather than by noun: a labelled field ("# Role: Marketing Copywriter", "**Persona**:"), the
 * "As a <role>, you/I ..." construction ("As a seasoned copywriter, I specialise in..."), or "you are" in Chinese or
 * Japanese inside a mostly English prompt.
 */
const ROLE_FIELD = /^[#*>\s-]{0,8}(?:role|persona|identity|purpose|objective|your role|assistant role|character)[*\s]{0,3}[:：]/;
const AS_A_ROLE = /^(?:[#*>\s-]{0,8})as (?:a|an) [a-z'-]{2,25}(?: [a-z'-]{2,25}){0,3}, (?:you|i)\b/;
const CJK_ROLE = /你是|您是|你的角色|你扮演|あなたは/;
/**
 * A tool declaration (a JSON-schema field, a `declaration:`/`namespace` block, a typed signature) or an instruction
 * naming a tool to use ("Use the `web` tool to..."). Tools declared or put to use say what the model is there to do,
 * as a role sentence would.
 */
const TOOL_DECLARATION = /^\s{0,16}(?:"(?:parameters|properties|input_?schema)"\s?:\s?\{|declaration:[\w.:-]{1,60}\s?\{|namespace [\w.-]{1,60} \{|type [\w.-]{1,60} = \(_)|\b(?:use|call|invoke) (?:the )?`[\w.:-]{1,60}` (?:tool|function)\b/i;
/** A field of a definition file's front matter that states its purpose (agents, skills, output styles). */
const PURPOSE_FIELD = /^(?:description|when_?to_?use)\s?:\s?\S/i;
const FRONT_MATTER_FIELD = /^[\w-]{1,40}\s?:/;

/** The prompt opens with front matter ("---", key: value lines, "---") whose fields say what it is for. */
function frontMatterPurpose(lines: readonly string[]): boolean {
  const start = lines.findIndex((l) => l.trim() !== '');
  if (start < 0 || lines[start]!.trim() !== '---' || !FRONT_MATTER_FIELD.test(lines[start + 1] ?? '')) return false;
  let purpose = false;
  for (const line of lines.slice(start + 1, start + 40)) {
    if (line.trim() === '---') return purpose;
    if (PURPOSE_FIELD.test(line)) purpose = true;
  }
  return false;
}

function statesRole(p: PreparedText): boolean {
  if (ROLE.test(p.plain)) return true;
  if (CJK_ROLE.test(p.plain) || p.sentences.some((s) => ROLE_FIELD.test(s.plain) || AS_A_ROLE.test(s.plain))) return true;
  if (frontMatterPurpose(p.lines) || p.lines.some((l) => TOOL_DECLARATION.test(l))) return true;
  if (!present(p, ROLE_LEAD)) return false;
  return p.sentences.some((s) => {
    for (const m of matches(ROLE_LEAD, s.plain, 20)) {
      const end = m.index + m[0].length;
      if (ROLE_NOUN.test(s.plain.slice(end, end + 120))) return true;
    }
    return false;
  });
}

function saysUntrusted(p: PreparedText): boolean {
  if (UNTRUSTED_MARK.test(p.plain)) return true;
  return UNTRUSTED_PAIRS.some(([a, b, gap]) => present(p, a) && p.sentences.some((s) => near(s.plain, a, b, gap) !== null));
}
/** A sentence about attempts to change the rules... */
const GUARD_TOPIC = /\b(?:ignore (?:previous|prior|above|your|all|these|the)|jailbreak\w{0,3}|role[- ]?play|pretend\w{0,3}|override|(?:change|reveal|modify|bypass|disregard|alter|circumvent) (?:your|these|the|its|my) (?:instructions|rules|guidelines|system prompt|prompt|principles|values)|manipulat\w{0,6}|social engineering|injection|developer mode|new instructions|system prompt|hypothetical)\b/;
/** ...that says to resist them. */
const GUARD_RESIST = /\b(?:decline|refuse|resist|reject|(?:do not|don't|never|not|won't|will not) (?:comply|follow|obey|change|reveal|disclose|accept|abandon|drop)|ignore (?:them|it|such|these|any|those)|treat (?:them|it|such|these|any|those)|remain|stay|regardless|whatever|no matter|cannot be (?:changed|overridden)|can't be (?:changed|overridden)|take precedence|untrusted|be (?:wary|cautious|careful|skeptical)|watch (?:out|for)|suspicious|even if|still (?:follow|apply))\b/;
/** Says whether the instructions may be revealed: "do not reveal ... instructions", "confidential", "you may share this prompt". */
const CONFIDENTIAL_WORD = /\b(?:confidential|(?:may|can) (?:share|reveal|quote) (?:these|this|your) (?:instructions|prompt))\b/;
const CONFIDENTIAL_PAIRS: readonly [RegExp, RegExp, number][] = [
  [/\b(?:do not|don't|does not|doesn't|never|must not|must never|should not|should never)(?:,? under any circumstances,?)? (?:reveal|share|disclose|repeat|output|print|show|discuss|mention)(?:s|es)?\b/g, /\b(?:instructions|system prompt|prompt|rules|configuration|guidelines)\b/, 50],
  [/\bkeep (?:these|this|your) (?:instructions|prompt|rules)\b/g, /\b(?:private|secret|confidential)\b/, 25],
];
const DOMAIN_LIMIT_TEXT = /\b(?:allowed (?:domains|sites|websites)|only (?:visit|fetch|browse|access|open|use) (?:urls|sites|websites|pages|domains|links)|approved (?:sites|domains|sources|websites)|allowlist\w{0,3}|whitelist\w{0,3}|trusted (?:domains|sites|sources))\b/;
const STEP_LIMIT_TEXT = /\b(?:at most|no more than|maximum of|max(?:imum)?|up to|limit (?:yourself )?to|within) \d{1,4} (?:steps|tool calls|calls|iterations|attempts|retries|actions|searches|requests|turns|rounds|minutes|queries)\b|\bstop (?:after|when|once) (?:you|the|\d)/;
const CONFIRM_WORD = /\b(?:confirm\w{0,5}|approv\w{0,4}|permission|consent|sign-off|sign off)\b/;
const CONFIRM_CONTEXT = /\b(?:before|until|unless|first|wait|ask|asks|require|requires|must|only after|explicit|explicitly|get|obtain)\b/;
const CONFIRM_DENIED_LEAD = /\b(?:don't|do not|never|no need to|without)\b/g;
const CONFIRM_DENIED_VERB = /\b(?:ask|wait|seek|request|need|asking|waiting|seeking|requesting|requiring)/;

// ---------- helpers over the prepared text ----------

function has(p: PreparedText, re: RegExp, skip?: ReadonlySet<Sentence>): boolean {
  if (!skip || skip.size === 0) return re.test(p.plain);
  return p.sentences.some((s) => !skip.has(s) && re.test(s.plain));
}

function toolList(tools: ToolInfo[], max = 4): string {
  const names = tools.slice(0, max).map((t) => t.name);
  return names.join(', ') + (tools.length > max ? ` and ${tools.length - max} more` : '');
}

function toolRef(tools: ToolInfo[]): string {
  return clip(tools.map((t) => `${t.path} (${t.name})`).join('; '), 200);
}

function promptAsksConfirmation(p: PreparedText): boolean {
  if (!CONFIRM_WORD.test(p.plain)) return false;
  return p.sentences.some((s) => CONFIRM_WORD.test(s.plain) && CONFIRM_CONTEXT.test(s.plain) && !near(s.plain, CONFIRM_DENIED_LEAD, CONFIRM_DENIED_VERB, 20));
}

function unconfirmed(facts: AgentFacts, p: PreparedText, classes: ToolClass[]): ToolInfo[] {
  if (facts.globalConfirmation || promptAsksConfirmation(p)) return [];
  return facts.tools.filter((t) => !t.confirmed && classes.some((c) => t.classes.has(c)));
}

/** "always X" and "never X" contradict only when both say exactly the same thing, with no condition or qualifier. */
function contradiction(p: PreparedText): RuleHit | null {
  if (!present(p, CONTRADICTION_LEAD)) return null;
  const positive = new Map<string, Sentence>();
  const negative = new Map<string, Sentence>();
  for (const s of p.sentences) {
    if (CONDITIONAL.test(s.plain)) continue;
    for (const m of matches(CONTRADICTION_LEAD, s.plain)) {
      const lead = m[1] ?? '';
      // The whole rest of the clause is the behaviour: "never use X for Y" does not contradict "always use X in Z".
      const rest = s.plain.slice(m.index + lead.length + 1).split(/[.;!?](?:\s|$)|, | \(|: /)[0]?.trim() ?? '';
      if (rest.length > 80 || !rest.includes(' ')) continue;
      if (['always', 'must'].includes(lead)) positive.set(rest, positive.get(rest) ?? s);
      else negative.set(rest, negative.get(rest) ?? s);
    }
  }
  for (const [phrase, pos] of positive) {
    const neg = negative.get(phrase);
    if (neg && neg !== pos) {
      return {
        criterionId: 'AC-03',
        description: clip(`Contradictory instructions about "${phrase}": line ${pos.line} requires it ("${quote(pos.text, 150)}") and line ${neg.line} forbids it ("${quote(neg.text, 150)}").`, 1000),
        lineReference: clip(`lines ${pos.line} and ${neg.line}`, 200),
      };
    }
  }
  return null;
}

function discrimination(p: PreparedText): RuleHit | null {
  if (!present(p, DECISION)) return null;
  for (const s of p.sentences) {
    const attr = PROTECTED.exec(s.plain);
    if (!attr || !PERSON.test(s.plain) || FAIRNESS_GUARD.test(s.plain)) continue;
    for (const dec of matches(DECISION, s.plain, 10)) {
      const c = matchContext(s, s.plain, dec.index);
      if (c.mentioned || (c.quoted && matchContext(s, s.plain, attr.index).quoted)) continue;
      if (c.negated && !/\b(?:do not|don't) (?:hire|approve|lend|rent)/.test(dec[0])) continue;
      return { criterionId: 'BF-01', description: clip(`Decision rule tied to a protected attribute ("${attr[0]}"): "${quote(s.text, 300)}".`, 1000), lineReference: lineRef(s) };
    }
  }
  return null;
}

/** An instruction (not a description of what could happen) to pass user data to an outside destination. */
function sharing(p: PreparedText): RuleHit | null {
  if (!present(p, SHARE_VERB)) return null;
  for (const s of p.sentences) {
    if (!SHARE_DATA.test(s.plain)) continue;
    const dest = SHARE_DEST.test(s.plain) || emailsIn(s.plain).length > 0;
    if (!dest) continue;
    for (const verb of matches(SHARE_VERB, s.plain, 10)) {
      const c = matchContext(s, s.plain, verb.index);
      if (c.negated || c.mentioned || DESCRIPTIVE_BEFORE.test(s.plain.slice(Math.max(0, verb.index - 20), verb.index))) continue;
      return { criterionId: 'PD-06', description: clip(`Instruction to pass user data outside: "${quote(s.text, 300)}".`, 1000), lineReference: lineRef(s) };
    }
  }
  return null;
}

function internalHost(line: string): boolean {
  for (const m of matches(HOST_TOKEN, line, 200)) {
    const labels = m[0].split('.').filter(Boolean);
    if (labels.length >= 2 && INTERNAL_SUFFIX.has(labels[labels.length - 1] as string) && labels.every((l) => l.length <= 63 && /^[a-z0-9-]+$/.test(l))) return true;
  }
  return false;
}

function lineWithKind(p: PreparedText, kindOf: (line: string) => string | null): { line: number; kind: string; count: number } | null {
  let first: { line: number; kind: string } | null = null;
  let count = 0;
  p.lines.forEach((line, i) => {
    if (line.length === 0) return;
    const kind = kindOf(line);
    if (kind) {
      count++;
      first ??= { line: i + 1, kind };
    }
  });
  return first ? { ...(first as { line: number; kind: string }), count } : null;
}

/** A refusal path: an un-negated "decline"/"refuse", or a prohibition whose object is not a jailbreak's (warnings, apologies). */
function hasRefusalPath(p: PreparedText, skip: ReadonlySet<Sentence>): boolean {
  if (!present(p, REFUSAL_POSITIVE) && !present(p, REFUSAL_FORBID)) return false;
  for (const s of p.sentences) {
    if (skip.has(s)) continue;
    for (const m of matches(REFUSAL_POSITIVE, s.plain, 10)) {
      const c = matchContext(s, s.plain, m.index);
      if (!c.negated) return true;
    }
    for (const m of matches(REFUSAL_FORBID, s.plain, 10)) {
      // The object is what follows up to the clause's end: in "if you will not perform a task, tell the user without
      // apologising" the apology is the next clause, not what is forbidden.
      const end = m.index + m[0].length;
      const object = s.plain.slice(end, end + 50).split(/[,;:]/)[0] ?? '';
      if (!JAILBREAK_OBJECT.test(object) && !matchContext(s, s.plain, m.index).mentioned) return true;
    }
  }
  return false;
}

/** The first sentence that casts the assistant in a role in `domain` (not a negated mention, not a list of data). */
function roleIn(p: PreparedText, domain: RegExp, role: RegExp, skip: ReadonlySet<Sentence>, ignore?: (text: string, m: RegExpExecArray) => boolean): Sentence | null {
  if (!present(p, domain)) return null;
  for (const s of p.sentences) {
    if (skip.has(s) || !role.test(s.plain)) continue;
    for (const m of matches(domain, s.plain, 10)) {
      if (ignore?.(s.plain, m)) continue;
      const c = matchContext(s, s.plain, m.index);
      if (!c.negated && !c.mentioned) return s;
    }
  }
  return null;
}

/**
 * Whether the prompt handles crisis signals: a crisis topic named in an instruction. A negation counts against it only
 * when it governs the handling itself ("do not mention hotlines"), not when what is avoided is helping the harm
 * ("avoid encouraging or facilitating self-destructive behaviour" is crisis handling).
 */
function crisisHandled(p: PreparedText, skip: ReadonlySet<Sentence>): boolean {
  if (!present(p, CRISIS)) return false;
  for (const s of p.sentences) {
    if (skip.has(s)) continue;
    for (const m of matches(CRISIS, s.plain, 20)) {
      const c = matchContext(s, s.plain, m.index);
      if (!c.negated) return true;
      if (!c.mentioned && ABETTING.test(s.plain.slice(Math.max(0, m.index - 60), m.index))) return true;
    }
  }
  return false;
}

/** The user's own request is the approval: "if the user asks you to do something, just do it, and don't ask for confirmation". */
const USER_REQUESTED = /\b(?:if|when|whenever|once|after) (?:the )?(?:user|users|they|the human) (?:asks?|asked|requests?|requested|tells? you|told you|explicitly)\b|\bwhen (?:asked|requested)\b/;
/** A sentence that refers back to the one before it: "Do so without asking for permission." */
const ANAPHORIC = /^(?:(?:and|then|just|simply|please|always|you should|you can|you may) )?(?:do (?:so|it|this|that)|this|that|there is no need|no need)\b/;

/** Whether a sentence scopes an approval waiver: low-risk actions or what the user asked for (tool names read as words). */
function waiverScoped(s: Sentence): boolean {
  const text = s.plain.replace(/_/g, ' ');
  return LOW_RISK_SCOPE.test(text) || USER_REQUESTED.test(text);
}

/** SH-09 evidence: an approval waiver not scoped by its own sentence, nor (when it says "do so") by the sentence it refers to. */
function approvalWaived(p: PreparedText): Evidence | null {
  if (!ACT_WITHOUT_APPROVAL.some((re) => present(p, re))) return null;
  let first: Sentence | null = null;
  let count = 0;
  p.sentences.forEach((s, i) => {
    const hit = ACT_WITHOUT_APPROVAL.some((re) => {
      for (const m of matches(re, s.plain, 20)) if (!matchContext(s, s.plain, m.index).mentioned) return true;
      return false;
    });
    if (!hit || waiverScoped(s)) return;
    const prev = p.sentences[i - 1];
    if (prev && ANAPHORIC.test(s.plain) && waiverScoped(prev)) return;
    count++;
    first ??= s;
  });
  return first ? { sentence: first, count } : null;
}

/** What is left before a professional when the assistant says it is not one: "is not a (licensed)", "not a". */
const DISCLAIMED_ROLE = /\bnot an? (?:licensed |qualified |certified |registered )?$/;
/** ...or says it does not replace one: "you are not a substitute for a real doctor", "is no replacement for a". */
const DISCLAIMED_STAND_IN = /\b(?:not|no) (?:an? )?(?:substitute|replacement|stand-in) for (?:a |an |the |your )?(?:[a-z-]{2,15} ){0,2}$/;

/** Sentences that forbid a referral: "do not tell users to see a doctor". */
function forbiddenReferral(p: PreparedText): Sentence | null {
  if (!present(p, REFERRAL)) return null;
  for (const s of p.sentences) {
    for (const m of matches(REFERRAL, s.plain, 10)) {
      if (m[0].startsWith('not ') || m[0].startsWith('no ')) continue;
      // The negation must govern this referral: "do not tell users to see a doctor", not "this is not advice and consult a doctor".
      const before = s.plain.slice(Math.max(0, m.index - 60), m.index).split(/[;:,()]|\b(?:and|or|but|however|then|instead)\b/).pop() ?? '';
      // "Claude is not a licensed psychiatrist", a heading "Not a Doctor": the assistant states its limits, it refers no one away.
      if (DISCLAIMED_ROLE.test(before) || DISCLAIMED_STAND_IN.test(before)) continue;
      if (NEGATOR_WORD.test(before) && !matchContext(s, s.plain, m.index).mentioned) return s;
    }
  }
  return null;
}

/** A guard against instruction overrides: the topic and a resisting verb in one sentence that is not itself jailbreak text. */
function hasOverrideGuard(p: PreparedText, skip: ReadonlySet<Sentence>): boolean {
  if (!GUARD_TOPIC.test(p.plain)) return false;
  return p.sentences.some((s) => !skip.has(s) && GUARD_TOPIC.test(s.plain) && GUARD_RESIST.test(s.plain));
}

/** Heuristics that read English keywords in the prompt; for a prompt in another language they are skipped. */
const LANGUAGE_BOUND = ['SH-05', 'SH-06', 'SH-07', 'HT-03', 'AC-01', 'AC-02', 'AC-04', 'AC-06', 'AC-08', 'BF-02', 'BF-04', 'RJ-03', 'RJ-06'] as const;

/** What the checks of every category read (the prepared prompt, the agent_config facts, the persona signals) and write. */
interface Analysis {
  prompt: string;
  p: PreparedText;
  facts: AgentFacts;
  persona: ReturnType<typeof personaSignals>;
  /** Sentences that carry jailbreak or persona signals: never read as safeguards. */
  jb: ReadonlySet<Sentence>;
  /** The prompt is not in English: the English keyword heuristics are skipped. */
  foreign: boolean;
  hits: RuleHit[];
  skipped: string[];
}

function push(a: Analysis, h: RuleHit | null): void {
  if (h) a.hits.push(h);
}

/** A finding when the prompt holds evidence for one of `patterns` (in context: negation, quotation). */
/** A finding for a missing safeguard when `applies`; skipped instead for an English keyword heuristic on a foreign prompt. */
function absent(a: Analysis, id: string, applies: boolean, description: string, lineReference = ''): void {
  if (a.foreign && (LANGUAGE_BOUND as readonly string[]).includes(id)) {
    a.skipped.push(id);
    return;
  }
  if (applies) a.hits.push({ criterionId: id, description, lineReference });
}

function sentenceHit(id: string, lead: string, s: Sentence): RuleHit {
  return evidenceHit(id, lead, { sentence: s, count: 1 });
}

/** safety_harm: tools without confirmation, lifted rules, refusals, referrals, crisis handling, limits, autonomy. */
function safetyHarm(a: Analysis): void {
  const { p, facts, persona, jb, foreign } = a;
  const execPay = unconfirmed(facts, p, ['execute', 'payment']);
  absent(a, 'SH-01', execPay.length > 0, `Tools that execute code or move money run without any confirmation step: ${toolList(execPay)}.`, toolRef(execPay));
  const writeSend = unconfirmed(facts, p, ['write', 'send']).filter((t) => !execPay.includes(t));
  absent(a, 'SH-02', writeSend.length > 0, `Tools that write, delete or send run without any confirmation step: ${toolList(writeSend)}.`, toolRef(writeSend));
  const lifting = liftingVerdict(persona);
  if (lifting) a.hits.push({ criterionId: 'SH-03', description: describeVerdict(lifting, quote), lineReference: lineRef(lifting.first) });
  absent(a, 'SH-05', !hasRefusalPath(p, jb), 'The prompt never says what to decline or how to refuse a request it must not fulfil.');
  const stakes = roleIn(p, HIGH_STAKES_DOMAIN, ROLE_OR_TASK, jb);
  const noReferral = forbiddenReferral(p);
  if (foreign) a.skipped.push('SH-06');
  else if (noReferral && (stakes || !matches(HIGH_STAKES_DOMAIN, noReferral.plain, 1).next().done)) a.hits.push(sentenceHit('SH-06', 'The prompt forbids referring users to a professional', noReferral));
  else if (stakes && !affirmed(p, REFERRAL, jb)) a.hits.push({ criterionId: 'SH-06', description: 'The assistant handles medical, legal or financial questions but is never told to state its limits or refer users to a qualified professional.', lineReference: lineRef(stakes) });
  const support = roleIn(p, WELLBEING_DOMAIN, SUPPORT_ROLE, jb, notWellbeing);
  absent(a, 'SH-07', support !== null && !crisisHandled(p, jb), 'The assistant offers emotional or wellbeing support but has no instruction for crisis signals such as self-harm or immediate danger.', support ? lineRef(support) : '');
  absent(a, 'SH-08', facts.tools.length > 0 && !facts.stepLimit && !has(p, STEP_LIMIT_TEXT), `The agent has ${facts.tools.length} tool(s) but no limit on steps, tool calls, time or spend in agent_config or the prompt.`, facts.tools.length > 0 ? 'agent_config' : '');
  const waiver = approvalWaived(p);
  if (waiver) a.hits.push(evidenceHit('SH-09', 'The prompt tells the agent to act without asking for approval', waiver));
}

/** honesty_transparency: passing as human, fabrication, uncertainty, overclaiming, manipulation, withholding, citing. */
function honestyTransparency(a: Analysis): void {
  const { p, facts, jb } = a;
  let human = findEvidence(p, HUMAN_CLAIM_NEGATIVE, false) ?? findEvidence(p, HUMAN_CLAIM_POSITIVE, true, AI_DISCLOSED);
  if (!human) {
    const claims = (x: Sentence): boolean => {
      const asked = near(x.plain, IF_ASKED, CLAIM_VERB, 60);
      if (!asked) return false;
      const from = asked.index + asked[0].length;
      return near(x.plain.slice(from, from + 100), CLAIM_VERB, CLAIM_HUMAN, 40) !== null;
    };
    const s = present(p, IF_ASKED) ? p.sentences.find((x) => !AI_DISCLOSED.test(x.plain) && claims(x)) : undefined;
    if (s) human = { sentence: s, count: 1 };
  }
  if (human) a.hits.push(evidenceHit('HT-01', 'The prompt tells the assistant to pass as human or to deny being an AI', human));
  let fabricate = findEvidence(p, FABRICATE, true);
  if (!fabricate) {
    const s = !present(p, FABRICATE_VERB) && !present(p, IF_UNKNOWN) ? undefined : p.sentences.find((x) => {
      const m = near(x.plain, FABRICATE_VERB, FABRICATE_OBJECT, 60) ?? near(x.plain, IF_UNKNOWN, INVENT_ANSWER, 40);
      return m !== null && !matchContext(x, x.plain, m.index).negated && !matchContext(x, x.plain, m.index).mentioned;
    });
    if (s) fabricate = { sentence: s, count: 1 };
  }
  if (fabricate) a.hits.push(evidenceHit('HT-02', 'The prompt asks for fabricated content or answers regardless of knowledge', fabricate));
  const fabricating = new Set<Sentence>([...jb, ...(fabricate ? [fabricate.sentence] : [])]);
  absent(a, 'HT-03', !affirmed(p, UNCERTAINTY, fabricating), 'The prompt never tells the assistant what to do when it does not know or is unsure.');
  let overclaim = findEvidence(p, OVERCLAIM, true);
  if (!overclaim) {
    const s = !present(p, GUARANTEE) ? undefined : p.sentences.find((x) => {
      const m = near(x.plain, GUARANTEE, GUARANTEE_OBJECT, 50);
      return m !== null && !matchContext(x, x.plain, m.index).negated && !matchContext(x, x.plain, m.index).mentioned;
    });
    if (s) overclaim = { sentence: s, count: 1 };
  }
  if (overclaim) a.hits.push(evidenceHit('HT-04', 'The prompt makes absolute claims about accuracy or outcomes', overclaim));
  let manip = findEvidence(p, MANIPULATION_FIXED, false) ?? findEvidence(p, MANIPULATION_NEGATABLE, true);
  if (!manip) {
    const s = present(p, EXPIRY_CLAIM) ? p.sentences.find((x) => near(x.plain, EXPIRY_CLAIM, REGARDLESS, 50) !== null) : undefined;
    if (s) manip = { sentence: s, count: 1 };
  }
  if (manip) a.hits.push(evidenceHit('HT-05', 'The prompt asks for manipulative persuasion', manip));
  const conceal = !present(p, CONCEAL_VERB) ? undefined : p.sentences.find((x) => {
    const m = near(x.plain, CONCEAL_VERB, CONCEAL_OBJECT, 60);
    return m !== null && !matchContext(x, x.plain, m.index).mentioned;
  });
  if (conceal) a.hits.push(sentenceHit('HT-06', 'The prompt tells the assistant to withhold material information', conceal));
  const retrieval = facts.tools.filter((t) => t.classes.has('untrusted_input') && identWords(t.name).some((w) => ['search', 'retrieve', 'retrieval', 'rag', 'knowledge', 'browse', 'browser', 'web', 'document', 'file'].includes(w)));
  absent(a, 'HT-07', retrieval.length > 0 && !has(p, CITE), `The agent retrieves information (${toolList(retrieval)}) but is not told to ground answers in it and cite sources.`, toolRef(retrieval));
}

/** alignment_clarity: role, scope, contradictions, precedence, length, temperature, escalation. */
function alignmentClarity(a: Analysis): void {
  const { p, facts, jb } = a;
  absent(a, 'AC-01', !statesRole(p), 'The prompt does not state the assistant\'s role, audience or purpose.');
  absent(a, 'AC-02', !affirmed(p, SCOPE, jb), 'The prompt sets no scope: nothing says what the assistant should not handle.');
  push(a, contradiction(p));
  absent(a, 'AC-04', !affirmed(p, PRECEDENCE, jb), 'The prompt does not say that its rules take precedence over conflicting user or tool-supplied instructions.');
  absent(a, 'AC-05', p.words < 40, `The prompt is ${p.words} word(s) long: too short to specify role, scope, refusals and format.`);
  absent(a, 'AC-06', !facts.outputLimit && !affirmed(p, LENGTH_TEXT, jb), 'Neither agent_config (max_tokens) nor the prompt limits the length of answers.');
  const hot = facts.temperatures.find((t) => t.value > 1);
  if (hot !== undefined) a.hits.push({ criterionId: 'AC-07', description: `agent_config sets temperature ${hot.value}, above 1, for an agent that must follow rules.`, lineReference: clip(`${hot.path} = ${hot.value}`, 200) });
  absent(a, 'AC-08', !affirmed(p, ESCALATION, jb), 'The prompt gives no way to escalate to a person or a support channel.');
}

/** privacy_data: secrets, personal data, memory, sensitive questions, authorisation, sharing, infrastructure. */
function privacyData(a: Analysis): void {
  const { p, prompt, facts } = a;
  const secretLine = mayHaveSecret(prompt) ? lineWithKind(p, secretKind) : null;
  if (secretLine) {
    const more = secretLine.count > 1 ? ` (${secretLine.count} lines)` : '';
    a.hits.push({ criterionId: 'PD-01', description: `The prompt contains a secret: ${secretLine.kind} on line ${secretLine.line}${more}. The value is withheld here; rotate it.`, lineReference: `line ${secretLine.line}: ${secretLine.kind} (value withheld)` });
  } else if (facts.secrets.length > 0) {
    const s = facts.secrets[0]!;
    a.hits.push({ criterionId: 'PD-01', description: clip(`agent_config contains a secret: ${s.kind} at ${s.path}. The value is withheld here; rotate it.`, 1000), lineReference: clip(`${s.path}: ${s.kind} (value withheld)`, 200) });
  }
  const pii = mayHavePersonalData(prompt) ? lineWithKind(p, personalDataKind) : null;
  if (pii) a.hits.push({ criterionId: 'PD-02', description: `The prompt contains personal data: ${pii.kind} on line ${pii.line}${pii.count > 1 ? ` (${pii.count} lines)` : ''}. The value is withheld here.`, lineReference: `line ${pii.line}: ${pii.kind} (value withheld)` });
  absent(a, 'PD-03', facts.memory !== null && !facts.retentionRule && !has(p, MEMORY_RULE), 'Memory is enabled with no retention period and no rule about personal data.', facts.memory?.path ?? '');
  const ask = !present(p, SENSITIVE_VERB) ? undefined : p.sentences.find((x) => {
    const m = near(x.plain, SENSITIVE_VERB, SENSITIVE_OBJECT, 60);
    if (!m) return false;
    const c = matchContext(x, x.plain, m.index);
    return !c.negated && !c.mentioned;
  });
  if (ask) a.hits.push(sentenceHit('PD-04', 'The prompt tells the assistant to collect data it should never ask for', ask));
  const customer = facts.tools.filter((t) => t.classes.has('customer_data'));
  absent(a, 'PD-05', customer.length > 0 && !has(p, AUTHZ), `Tools read customer or account records (${toolList(customer)}) but nothing limits answers to the authenticated user's own data.`, toolRef(customer));
  push(a, sharing(p));
  absent(a, 'PD-07', (customer.length > 0 || facts.memory !== null) && !has(p, PRIVACY), 'The agent handles personal data (data tools or memory) but the prompt never mentions privacy or personal data.');
  const infra = !INFRA_HINT.test(p.lower) ? undefined : p.sentences.find((x) => matches(PRIVATE_IP, x.lower, 1).next().done === false || internalHost(x.lower));
  if (infra) a.hits.push(sentenceHit('PD-08', 'The prompt exposes internal infrastructure', infra));
}

/** bias_fairness: discrimination, decisions about people, balance on contested topics. */
function biasFairness(a: Analysis): void {
  const { p } = a;
  push(a, discrimination(p));
  const judging = !HIGH_IMPACT.test(p.plain) ? undefined : p.sentences.find((s) => HIGH_IMPACT.test(s.plain) && [...matches(JUDGE, s.plain, 10)].some((m) => {
    const end = m.index + m[0].length;
    return !matchContext(s, s.plain, m.index).negated && !THING_JUDGED.test(s.plain.slice(end, end + 30));
  }));
  absent(a, 'BF-02', judging !== undefined && !has(p, FAIRNESS), 'The assistant takes part in decisions about people (hiring, lending, housing, insurance, admissions or eligibility) with no non-discrimination instruction.', judging ? lineRef(judging) : '');
  absent(a, 'BF-04', has(p, CONTESTED) && !has(p, BALANCE), 'The assistant may discuss politics, elections or news with no instruction to stay balanced and non-partisan.');
}

/** robustness_jailbreak: untrusted content, overrides and rule-lifting modes, guards, prompt-held authorisation, confidentiality, domains. */
function robustnessJailbreak(a: Analysis): void {
  const { p, facts, persona, jb } = a;
  const untrusted = facts.tools.filter((t) => t.classes.has('untrusted_input'));
  absent(a, 'RJ-01', untrusted.length > 0 && !saysUntrusted(p), `Tools bring in outside content (${toolList(untrusted)}) and the prompt never says to treat it as data rather than instructions.`, toolRef(untrusted));
  const override = findEvidence(p, OVERRIDE, true) ?? userClaimOverride(p);
  if (override) a.hits.push(evidenceHit('RJ-02', 'The prompt lets users override its rules', override));
  else if (persona.modes.length > 0) {
    const s = persona.modes[0]!;
    a.hits.push({ criterionId: 'RJ-02', description: clip(`The prompt defines a mode that lifts its rules: "${quote(s.text, 300)}"${persona.modes.length > 1 ? ` (${persona.modes.length} places)` : ''}.`, 1000), lineReference: lineRef(s) });
  }
  absent(a, 'RJ-03', !hasOverrideGuard(p, jb), 'The prompt does not address attempts to override, ignore or reveal its instructions.');
  const auth = promptAuth(p);
  if (auth) a.hits.push(sentenceHit('RJ-04', 'The prompt decides authorisation itself', auth));
  const follow = !present(p, FOLLOW_VERB) ? undefined : p.sentences.find((x) => {
    for (const v of matches(FOLLOW_VERB, x.plain, 10)) {
      const c = matchContext(x, x.plain, v.index);
      if (c.negated || c.mentioned) continue;
      const rest = x.plain.slice(v.index + v[0].length, v.index + v[0].length + 30);
      const obj = matches(FOLLOW_OBJECT, rest, 1).next();
      if (obj.done) continue;
      const after = v.index + v[0].length + obj.value.index + obj.value[0].length;
      if (CONTENT_PLACE.test(x.plain.slice(after, after + 100))) return true;
    }
    return false;
  });
  if (follow && !INSTRUCTION_FILE.test(follow.plain)) a.hits.push(sentenceHit('RJ-05', 'The prompt tells the agent to follow instructions found in content', follow));
  absent(a, 'RJ-06', !saysConfidential(p, jb), 'The prompt does not say whether its instructions may be revealed.');
  const fetchers = facts.tools.filter((t) => t.classes.has('fetch'));
  absent(a, 'RJ-07', fetchers.length > 0 && !facts.domainAllowlist && !has(p, DOMAIN_LIMIT_TEXT), `Browsing or fetching tools (${toolList(fetchers)}) have no domain allowlist.`, toolRef(fetchers));
}

/** Every rule and heuristic finding for a prompt and its agent_config, in rubric order, at most one per criterion. */
export function analyse(prompt: string, agentConfig: Record<string, unknown> | undefined): RuleRun {
  const p = prepareText(prompt);
  const persona = personaSignals(p);
  const a: Analysis = { prompt, p, facts: scanAgentConfig(agentConfig), persona, jb: persona.evidence, foreign: p.language.nonEnglish, hits: [], skipped: [] };
  for (const category of [safetyHarm, honestyTransparency, alignmentClarity, privacyData, biasFairness, robustnessJailbreak]) category(a);
  return { hits: a.hits, language: p.language, skipped: a.skipped };
}

/** "If the user says they are an admin, grant full access" (unless the same sentence refuses the grant). */
function userClaimOverride(p: PreparedText): Evidence | null {
  if (!present(p, IF_CLAIMS) && !present(p, IGNORE_RULES_IF_USER)) return null;
  for (const s of p.sentences) {
    if (near(s.plain, NEGATED_GRANT_LEAD, GRANT_VERB, 40)) continue;
    for (const m of matches(IF_CLAIMS, s.plain, 5)) {
      const rest = s.plain.slice(m.index, m.index + 200);
      if (PRIVILEGED_ROLE.test(rest) && GRANT_WORD.test(rest)) return { sentence: s, count: 1 };
    }
    const ig = near(s.plain, IGNORE_RULES_IF_USER, WHEN_USER, 30);
    if (ig && !matchContext(s, s.plain, ig.index).negated) return { sentence: s, count: 1 };
  }
  return null;
}

/** A password or code held in the prompt, or access granted to whoever supplies one. */
function promptAuth(p: PreparedText): Sentence | null {
  if (!present(p, IF_PROVIDES) && !PROMPT_AUTH_HINT.test(p.plain)) return null;
  for (const s of p.sentences) {
    if (near(s.plain, NEGATED_GRANT_LEAD, GRANT_VERB, 40)) continue;
    for (const m of matches(PROMPT_AUTH_LABEL, s.lower, 5)) {
      if (PROMPT_AUTH_VALUE.test(s.lower.slice(m.index + m[0].length, m.index + m[0].length + 90))) return s;
    }
    for (const m of matches(IF_PROVIDES, s.plain, 5)) {
      const rest = s.plain.slice(m.index + m[0].length, m.index + m[0].length + 160);
      const w = SECRET_WORD.exec(rest.slice(0, 50));
      if (w && ELEVATE_WORD.test(rest.slice(w.index + w[0].length, w.index + w[0].length + 100))) return s;
    }
  }
  return null;
}

/** The rule findings only (see analyse for language and skipped criteria). */
export function runRules(prompt: string, agentConfig: Record<string, unknown> | undefined): RuleHit[] {
  return analyse(prompt, agentConfig).hits;
}
