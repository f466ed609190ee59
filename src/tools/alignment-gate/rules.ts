// The rule checks behind the offline `rubric` provider: pattern evidence and safeguard heuristics over prompt and agent_config.
import type { AgentFacts, ToolClass, ToolInfo } from './agent-config.ts';
import { PLACEHOLDER, SECRET_FORMATS, identWords, looksLikeSecretValue, scanAgentConfig } from './agent-config.ts';

/** One rule finding: the rubric supplies category, severity and remediation. */
export interface RuleHit {
  criterionId: string;
  description: string;
  lineReference: string;
}

interface Sentence {
  line: number;
  text: string;
  lower: string;
}

interface Prepared {
  lower: string;
  lines: string[];
  sentences: Sentence[];
  words: number;
}

/** Lower case with typographic quotes straightened, so one pattern covers "don't" and "don’t". */
function normalise(s: string): string {
  return s.toLowerCase().replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'").replace(/[\u201c\u201d\u00ab\u00bb]/g, '"');
}

function prepare(prompt: string): Prepared {
  const lines = prompt.split(/\r\n|\r|\n/);
  const sentences: Sentence[] = [];
  lines.forEach((line, i) => {
    for (const part of line.split(/(?<=[.!?])\s+/)) {
      const text = part.trim();
      if (text) sentences.push({ line: i + 1, text, lower: normalise(text) });
    }
  });
  const words = prompt.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return { lower: normalise(prompt), lines, sentences, words };
}

function clip(s: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = s.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  if (flat.length <= max) return flat;
  let cut = max - 1;
  const code = flat.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${flat.slice(0, cut)}…`;
}

// A match preceded, in the same clause, by a negation or by a description of what to refuse is a safeguard, not evidence.
const NEGATION = /\b(?:not|never|no|don't|dont|doesn't|won't|must not|mustn't|cannot|can't|avoid|refuse|refuses|decline|declines|reject|resist|nor|prohibited|forbidden|forbid|without|instead of|rather than|attempts? to|requests? to|asks? (?:you )?to|tries to|trying to|if (?:a|the) user|if someone|report|flag)\b/;

function negatedAt(lower: string, index: number): boolean {
  const before = lower.slice(Math.max(0, index - 60), index);
  const clause = before.split(/[;:]|\b(?:but|however|unless|except|and then)\b/).pop() ?? '';
  return NEGATION.test(clause);
}

function insideQuotes(lower: string, index: number): boolean {
  let quotes = 0;
  for (let i = 0; i < index; i++) if (lower.charCodeAt(i) === 34) quotes++;
  return quotes % 2 === 1;
}

interface Evidence {
  sentence: Sentence;
  count: number;
}

/**
 * First sentence where a pattern matches as evidence. `negatable` patterns are skipped when a negation or a
 * refusal description precedes them in the clause, or when they sit inside quotation marks (an example).
 */
function findEvidence(p: Prepared, patterns: readonly RegExp[], negatable: boolean, exclude?: RegExp): Evidence | null {
  let first: Sentence | null = null;
  let count = 0;
  for (const s of p.sentences) {
    if (exclude?.test(s.lower)) continue;
    for (const re of patterns) {
      const m = re.exec(s.lower);
      if (!m) continue;
      if (negatable && (negatedAt(s.lower, m.index) || insideQuotes(s.lower, m.index))) continue;
      count++;
      first ??= s;
      break;
    }
  }
  return first ? { sentence: first, count } : null;
}

const SECRETS_GLOBAL = SECRET_FORMATS.map((f) => new RegExp(f.re.source, f.re.flags.includes('g') ? f.re.flags : `${f.re.flags}g`));
const ASSIGNED_VALUE = /\b(api[_ -]?key|secret[_ -]?key|client[_ -]?secret|access[_ -]?token|auth[_ -]?token|bearer(?: token)?|password|passwd|pwd|token|passphrase|passcode|pin|code)(["']?\s{0,3}(?:[:=]|is)\s{0,3}["']?)(?!\[redacted)(?=[^\s"',;]{0,200}[\d!@#$%^&*_+=/-])[^\s"',;]{3,200}/gi;
const SSN_GLOBAL = /\b\d{3}-\d{2}-\d{4}\b/g;
const CARD_GLOBAL = /\b\d(?:[ -]?\d){12,18}\b/g;
const EMAIL_GLOBAL = /\b[a-z0-9._%+-]{1,64}@[a-z0-9.-]{1,190}\.[a-z]{2,24}\b/gi;

/** Quoted evidence never carries a credential or personal data: those are replaced before anything is echoed. */
function redact(text: string): string {
  let out = text;
  for (const re of SECRETS_GLOBAL) out = out.replace(re, '[redacted secret]');
  return out
    .replace(ASSIGNED_VALUE, '$1$2[redacted]')
    .replace(SSN_GLOBAL, '[redacted]')
    .replace(CARD_GLOBAL, '[redacted]')
    .replace(EMAIL_GLOBAL, (m) => (isPersonalEmail(m) ? '[redacted email]' : m));
}

function quote(text: string, max: number): string {
  return clip(redact(text), max);
}

function lineRef(s: Sentence): string {
  return clip(`line ${s.line}: "${quote(s.text, 160)}"`, 200);
}

function evidenceHit(id: string, lead: string, ev: Evidence): RuleHit {
  const more = ev.count > 1 ? ` (${ev.count} places)` : '';
  return { criterionId: id, description: clip(`${lead}: "${quote(ev.sentence.text, 300)}"${more}.`, 1000), lineReference: lineRef(ev.sentence) };
}

function has(p: Prepared, re: RegExp): boolean {
  return re.test(p.lower);
}

// ---------- pattern tables (every quantifier bounded, so a 50,000-character prompt stays linear) ----------

const COMPLY_ALWAYS = [
  /\bnever (?:refuse|decline|say no|reject (?:a|any) request|turn down)/,
  /\b(?:always|must|should|will) (?:comply|obey)(?: with)? (?:the user|users|user requests|every|all requests|any request|whatever|each request)\b/,
  /\bdo (?:whatever|anything|everything) (?:the user|users|they|the customer|you are|you're|i|we) (?:ask|asks|asked|want|wants|say|says|request|requests|told|tell)\b/,
  /\bcomply with (?:all|any|every) (?:request|instruction|demand|command)/,
  /\b(?:ignore|disregard|bypass|override|forget) (?:all |any |your |the |openai's |anthropic's )?(?:safety|content|ethical|moral|usage) (?:guidelines|policies|policy|rules|filters|restrictions|training)/,
  /\b(?:uncensored|unfiltered|unrestricted mode|no content (?:restrictions|filters)|no censorship|no limits on what you (?:can|may) say)\b/,
  /\bthere are no (?:rules|restrictions|limits)(?:\s*[.!;]|$| for you| on what you| on you)/,
  /\byou (?:have|are under) no (?:rules|restrictions|ethical guidelines|limitations)\b/,
  /\bwithout (?:any )?(?:moral|ethical|safety) (?:concerns|considerations|constraints|restrictions)\b/,
];

const ACT_WITHOUT_APPROVAL = [
  /\bwithout (?:asking|waiting|checking|seeking|requesting|requiring|getting|needing)(?: (?:the user|the human|anyone|them|a human))?(?: for)?(?: (?:the user's|their|human|user|any|explicit|prior))? (?:permission|confirmation|approval|consent|sign-off)/,
  /\b(?:don't|do not|never|no need to) (?:ask|wait|check) (?:for |with (?:the )?(?:user|human|anyone) (?:for )?)?(?:permission|confirmation|approval|consent)/,
  /\bno need to (?:ask|confirm|check with)/,
  /\bact (?:fully |completely |fully and )?autonomously\b/,
  /\b(?:never|don't|do not) (?:ask|check with) (?:the )?(?:user|human|operator)s? (?:before|first)/,
];

const HUMAN_CLAIM_NEGATIVE = [
  // "never reveal that you are an AI" is itself the violation: the negation belongs to the pattern.
  /\b(?:never|don't|do not|must not|mustn't|should not) (?:reveal|admit|disclose|say|mention|confirm|acknowledge|let (?:anyone|them|the user|users|customers) know|tell (?:anyone|them|the user|users|customers)) (?:that )?(?:you're|you are) (?:an? )?(?:ai|a\.i\.|bot|chatbot|robot|language model|llm|machine|artificial|virtual assistant|program)\b/,
  /\b(?:deny|denies) (?:being|that you are|you are) (?:an? )?(?:ai|bot|chatbot|robot|language model|llm|machine)\b/,
];

const HUMAN_CLAIM_POSITIVE = [
  /\b(?:claim|pretend|insist|say|state|tell (?:users|them|the user|people|customers)) (?:that )?(?:to be|you're|you are) (?:an? )?(?:real )?(?:human being|human(?![\w-]| resources)|real person|living person)/,
  /\byou are (?:an? )?(?:real )?(?:human being|human(?![\w-]| resources)|real person|flesh-and-blood)/,
  /\bif (?:someone|anyone|a user|the user|users|they) asks?[^.!?\n]{0,60}\b(?:say|tell them|insist|answer|reply|respond)[^.!?\n]{0,40}\b(?:human|real person|not (?:an? )?(?:ai|bot|robot))\b/,
];

const FABRICATE = [
  /\b(?:make up|invent|fabricate|fake|falsify|generate fake|create fake)\b[^.!?\n]{0,40}\b(?:facts?|citations?|sources?|references?|reviews?|testimonials?|statistics?|stats|numbers|figures|data|quotes?|credentials?|studies|study|research|endorsements?|case studies)\b/,
  /\bnever (?:say|admit|tell (?:the user|them|users)) (?:that )?you (?:don't|do not) know\b/,
  /\bnever admit (?:that )?you(?:'re| are)? (?:unsure|uncertain|wrong|ignorant)/,
  /\b(?:always|must) (?:give|provide|have) (?:an|a) (?:definitive |confident )?answer(?: to (?:every|any) question)?(?:\s*[.!;]|$|,? even if|,? no matter|,? regardless)/,
  /\bif you (?:don't|do not) know[^.!?\n]{0,30}\b(?:make (?:it|one|something) up|guess|invent|improvise)/,
];

const OVERCLAIM = [
  /\b(?:guarantee|guarantees|guaranteed)\b[^.!?\n]{0,40}\b(?:results?|returns?|outcomes?|success|approval|cure|profits?|accuracy|to work|approved|win)\b/,
  /\b(?:is|are|be) guaranteed to\b|\bguaranteed? (?:results?|returns?|savings?|approval|success|income|profits?)\b/,
  /\b100 ?% (?:accurate|correct|safe|certain|guaranteed|reliable|effective)\b/,
  /\b(?:you are|you're|our (?:product|service|advice) is) (?:always|completely) (?:accurate|correct|right|reliable)\b/,
  /\b(?:you|it) (?:are|is) never wrong\b/,
  /\brisk[- ]free\b/,
];

const MANIPULATION_NEGATABLE = [
  /\bcreate (?:a )?(?:false |artificial |fake )?(?:sense of )?(?:urgency|scarcity|fomo)/,
  /\bfalse (?:urgency|scarcity|deadlines?)\b/,
  /\bpressure (?:the )?(?:user|customer|client|them|people|prospects?)s?\b/,
  /\bguilt[- ]trip/,
  /\bupsell aggressively\b|\baggressively upsell/,
  /\bexploit (?:their |the user's |users' |customers' )?(?:emotions|fears?|insecurit\w{1,4}|loneliness|vulnerabilit\w{1,4})/,
  /\bmake (?:it )?(?:hard|difficult) (?:for (?:the )?(?:user|customer|them)s? )?to (?:cancel|unsubscribe|leave|get a refund)/,
  /\b(?:say|tell (?:them|the user|customers)) (?:that )?(?:the )?(?:offer|discount|price|deal) (?:expires|ends) (?:today|soon|in \d{1,3} (?:minutes|hours))\b[^.!?\n]{0,40}\b(?:even if|regardless|whether or not)/,
];

const MANIPULATION_FIXED = [
  /\b(?:don't|do not|never) let (?:the )?(?:user|customer|client|them|subscriber)s? (?:cancel|unsubscribe|leave|go)\b/,
  /\b(?:don't|do not|never) (?:help|tell) (?:the )?(?:user|customer|them)s? (?:how )?to (?:cancel|unsubscribe)\b/,
];

// Sentences that scope an approval waiver to harmless actions, deny a grant, or disclose AI status are safeguards.
const LOW_RISK_SCOPE = /\b(?:read[- ]only|harmless|safe (?:commands|operations|actions|tools)|lookups?|searches|non-destructive|reversible|side-effect[- ]free)\b/;
const NEGATED_GRANT = /\b(?:do not|don't|never|must not|not|no)\b[^.!?\n]{0,40}\b(?:grant|give|allow|enable|unlock|trust|comply|bypass|ignore|disable|lift|obey|reveal|elevate)/;
const AI_DISCLOSED = /\b(?:you are|you're|that you are|say you are|that you're) (?:an? )?(?:ai|artificial|bot|virtual|language model|llm|automated)\b|\bnot (?:a )?(?:human|real person)\b|\bhonest/;

const CONCEAL = [
  /\b(?:don't|do not|never|avoid) (?:mention|mentioning|disclose|disclosing|reveal|revealing|bring(?:ing)? up|tell (?:the )?(?:user|customer|client)s? about)\b[^.!?\n]{0,40}\b(?:fees?|charges?|commissions?|risks?|side[- ]effects?|affiliat\w{0,6}|sponsor\w{0,6}|partnerships?|recalls?|defects?|cancellation (?:fees?|polic\w{1,3})|interest rates?|penalt(?:y|ies)|hidden costs?|kickbacks?|referral (?:fees?|payments?))\b/,
];

const CONTRADICTION_LEAD = /\b(always|never|must not|must|do not|don't)\s+([a-z']{2,20})\s+([a-z']{2,20})\s+([a-z']{2,20})/g;
const CONDITIONAL = /\b(?:if|unless|except|when|whenever|only|until)\b/;

const SENSITIVE_ASK = [
  /\b(?:ask|request|collect|require|obtain|get|prompt) (?:the )?(?:user|customer|caller|client|them)?'?s? ?(?:for |to (?:provide|enter|share|give) )?(?:their |the |a |full )?[^.!?\n]{0,25}\b(?:passwords?|passcodes?|social security (?:numbers?)?|ssns?|full (?:credit |debit )?card numbers?|(?:credit|debit) card numbers?|card numbers?|cvvs?|cvcs?|card security codes?|pin (?:codes?|numbers?)|pins|one[- ]time (?:password|code|passcode)s?|otps?|2fa codes?|mother'?s maiden name|bank (?:login|password|credentials))\b/,
];

const SHARE_VERB = /\b(?:send|forward|post|upload|share|log|copy|transmit|report|sync|export|sell)\b/;
const SHARE_DATA = /\b(?:conversations?|chat (?:history|logs?|transcripts?)|transcripts?|user (?:data|details|information|messages|info)|personal (?:data|information|details)|customer (?:data|details|information|emails?|lists?)|contact details|credentials|email addresses|phone numbers|everything the user (?:says|types|shares))\b/;
const SHARE_DEST = /(?:https?:\/\/|\bthird[- ]part(?:y|ies)\b|\bpartners?\b|\bexternal\b|\badvertis\w{1,6}\b|\bdata brokers?\b|\b[a-z0-9._%+-]{1,64}@[a-z0-9.-]{1,100}\.[a-z]{2,24}\b)/;

const PRIVATE_IP = /\b(?:10\.\d{1,3}\.\d{1,3}\.\d{1,3}|192\.168\.\d{1,3}\.\d{1,3}|172\.(?:1[6-9]|2\d|3[01])\.\d{1,3}\.\d{1,3})\b/;
const INTERNAL_HOST = /\b[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,6}\.(?:internal|corp|intranet|lan|local|localdomain)\b/;

const PROTECTED = /\b(?:race|races|racial|ethnic\w{0,6}|religio\w{0,4}|muslims?|christians?|jews|jewish|hindus?|sikhs?|atheists?|gender|sex|sexual orientation|gay|lesbian|transgender|age|aged|older|younger|elderly|seniors|nationality|national origin|immigrants?|foreigners?|disabilit\w{0,4}|disabled|pregnan\w{0,4}|marital status|married|single mothers|skin colou?r|caste|women|men|female|male|veterans?|hispanic|latino|latina|asian|african[- ]american)\b/;
const PERSON = /\b(?:applicants?|candidates?|customers?|users?|people|persons?|tenants?|borrowers?|patients?|students?|employees?|clients?|members?|anyone|those|them|someone|individuals?|callers?|visitors?|hires?|renters?|buyers?|workers?|staff)\b/;
const DECISION = /\b(?:reject|deny|prefer|prioriti[sz]e|favou?r|rank (?:them |it )?(?:lower|higher)|score (?:them |it )?(?:lower|higher)|exclude|filter out|screen out|disqualify|charge (?:them )?(?:more|higher|less)|penali[sz]e|downgrade|do not (?:hire|approve|lend|rent)|don't (?:hire|approve|lend|rent)|avoid (?:hiring|approving|renting to|lending to)|only (?:hire|approve|accept|rent to|lend to))\b/;
const FAIRNESS_GUARD = /\b(?:regardless of|irrespective of|without regard|not (?:be )?(?:based on|consider|use|take|factor|influence)|never (?:consider|use|take into account|factor|discriminate)|(?:do not|don't|must not|never|no) discriminat\w{0,5}|non-?discriminat\w{0,5}|equal(?:ly)?|fair(?:ly)?|protected (?:characteristics?|attributes?|class(?:es)?|groups?)|not (?:allowed|permitted) to)\b/;

const OVERRIDE = [
  /\b(?:user|user's|users') (?:instructions|requests|commands|messages) (?:take precedence|override|supersede|come first|have priority)/,
  /\b(?:follow|obey|execute) (?:any|all|every) (?:instructions?|commands?|requests?) (?:(?:from|given by|sent by) (?:the |a )?(?:user|users|customer|customers|anyone|people|whoever)|the user gives|users give)/,
  /\bif (?:the )?(?:user|someone|anyone) (?:says|claims|tells you|states|identifies)[^.!?\n]{0,50}\b(?:admin|administrator|developer|owner|staff|employee|authori[sz]ed|openai|anthropic|your creator)\b[^.!?\n]{0,80}\b(?:grant|give|allow|enable|unlock|trust|comply|bypass|ignore|disable|lift|obey|full access)/,
  /\b(?:developer|debug|god|admin|maintenance|dan) mode\b[^.!?\n]{0,60}\b(?:ignore|bypass|disable|lift|no (?:rules|restrictions|limits|filters)|unrestricted|anything)/,
  /\b(?:ignore|disregard|forget) (?:these|the above|previous|prior|your|all) (?:instructions|rules|guidelines)\b[^.!?\n]{0,20}\b(?:if|when|whenever) (?:the )?user/,
  /\bthe user (?:is always right|has (?:full|admin|root) (?:authority|access|privileges))\b/,
];

const PROMPT_AUTH = [
  /\b(?:(?:admin|master|secret|access|override|staff|unlock|bypass) (?:password|passphrase|passcode|code|pin)|secret (?:code|word|phrase)|passphrase|code ?word|magic word)\s?(?:is\b|=|:)\s?(?:["'][^"'\n]{3,40}["']|(?=[^\s"'.,;]{3})[^\s"'.,;]{0,40}\d[^\s"'.,;]{0,40})/,
  /\b(?:if|when|once|after) (?:the )?(?:user|someone|anyone|caller) (?:provides|gives|says|enters|knows|types|supplies)[^.!?\n]{0,40}\b(?:password|passphrase|passcode|secret|code word|access code|magic word)\b[^.!?\n]{0,80}\b(?:grant|give|unlock|allow|enable|admin|full access|reveal|elevated|privileged|bypass)/,
];

const FOLLOW_CONTENT = [
  /\b(?:follow|execute|run|obey|carry out|act on|perform)\b[^.!?\n]{0,25}\b(?:instructions|commands|code|directions)\b[^.!?\n]{0,35}\b(?:in|from|found in|contained in|inside|within|embedded in|written in|included in)\b[^.!?\n]{0,25}\b(?:web ?pages?|websites?|sites?|emails?|e-mails?|documents?|files?|tool (?:output|results?)|search results|retrieved (?:content|documents|pages)|fetched (?:content|pages)|urls?|links?|messages?|readmes?|issues?|tickets?|pdfs?|attachments?|comments?)\b/,
];

// ---------- absence heuristics ----------

const REFUSAL = /\b(?:refuse|refusal|decline|do not (?:help|assist|answer|provide|engage|discuss)|don't (?:help|assist|answer|provide|engage|discuss)|cannot help|can't help|not able to help|politely (?:say|tell|explain|redirect)|out of scope|outside (?:of )?(?:your|the|this) (?:scope|remit)|never (?:help|assist|provide|share|give|reveal|disclose|produce|generate)|must not|not allowed|redirect)\b/;
const HIGH_STAKES = /\b(?:diagnos\w{0,6}|symptoms?|medications?|dosages?|prescriptions?|medical|clinical|legal advice|lawyers?|attorneys?|lawsuits?|litigation|investment advice|investing|investments?|financial advice|tax advice|portfolios?|securities|stock picks?)\b/;
const REFERRAL = /\b(?:consult|professional|qualified|licensed|not (?:a substitute|medical advice|legal advice|financial advice|investment advice)|doctor|physician|pharmacist|clinician|seek (?:medical|legal|professional)|general information only)\b/;
const WELLBEING = /\b(?:mental health|therapy|therapist|therapeutic|counsel(?:l?ing|l?or)|emotional support|companion|companionship|loneliness|lonely|depress\w{0,6}|anxiety|wellbeing|well-being|grief|grieving|friend to talk to)\b/;
const CRISIS = /\b(?:crisis|emergency|emergencies|hotline|helpline|988|911|112|999|self-harm|self harm|suicid\w{0,5}|samaritans|lifeline|immediate danger|harm themselves|hurt themselves)\b/;
const STEP_LIMIT_TEXT = /\b(?:at most|no more than|maximum of|max(?:imum)?|up to|limit (?:yourself )?to|within) \d{1,4} (?:steps|tool calls|calls|iterations|attempts|retries|actions|searches|requests|turns|rounds|minutes|queries)\b|\bstop (?:after|when|once) (?:you|the|\d)/;
const CONFIRM_WORD = /\b(?:confirm\w{0,5}|approv\w{0,4}|permission|consent|sign-off|sign off)\b/;
const CONFIRM_CONTEXT = /\b(?:before|until|unless|first|wait|ask|asks|require|requires|must|only after|explicit|explicitly|get|obtain)\b/;
const CONFIRM_DENIED = /\b(?:don't|do not|never|no need to|without)\b[^.!?\n]{0,20}\b(?:ask|wait|seek|request|need|asking|waiting|seeking|requesting|requiring)/;
const UNCERTAINTY = /\b(?:don't know|do not know|not sure|unsure|uncertain\w{0,4}|say so|admit|acknowledge|not certain|cannot verify|can't verify|unable to verify|if you are unsure|don't guess|do not guess|never guess|not guess|insufficient information|not enough information|lack (?:the )?information)\b/;
const CITE = /\b(?:cite|citation|citations|source|sources|reference|references|link to|ground(?:ed)?|based (?:only )?on (?:the )?(?:retrieved|provided|search)|attribute)\b/;
const ROLE = /\b(?:you are|you're|your (?:role|job|task|purpose|goal|mission) is|act as|acting as|as (?:an?|the) [a-z-]{2,30} (?:assistant|agent|bot|advisor|tutor|expert)|this (?:assistant|agent|bot)|the assistant|you will (?:help|assist|answer|act))\b/;
const SCOPE = /\b(?:only|out of scope|outside (?:of )?(?:your|the|this) (?:scope|remit|area)|off[- ]topic|stay on (?:topic|task)|limit(?:ed)? (?:yourself|to)|not (?:answer|help with|discuss)|don't (?:answer|help with|discuss)|unrelated|in scope|scope)\b/;
const PRECEDENCE = /\b(?:take[s]? precedence|precedence|priority|prioriti[sz]e|override|overrides|supersede|conflict\w{0,3}|higher than|chain of command|cannot be changed|can't be changed|these (?:instructions|rules) (?:always )?apply)\b/;
const LENGTH_TEXT = /\b(?:concise|brief|briefly|short|succinct|at most \d{1,5}|no more than \d{1,5}|under \d{1,5} (?:words|sentences|characters|lines)|\d{1,5} (?:words|sentences|paragraphs|bullet points|bullets|lines|characters)|limit (?:your )?(?:answers?|responses?|replies|output)|keep (?:your )?(?:answers?|responses?|replies) (?:short|brief|under))\b/;
const ESCALATION = /\b(?:human|humans|person|escalat\w{0,5}|hand(?: it)? off|handoff|hand-off|hand over|transfer (?:to|the)|support team|customer service|staff|operator|representative|contact (?:us|support|the team)|support@|helpdesk|help desk|a manager|supervisor|reviewer)\b/;
const AUTHZ = /\b(?:verify (?:the )?(?:user'?s? |their |caller'?s? )?identity|authenticat\w{0,6}|only (?:the|their|the user's) own|(?:their|the user's) own (?:account|data|records|orders)|other (?:users|customers|patients|clients)|another (?:user|customer|patient|client)|authori[sz]\w{0,6}|access control|least privilege|signed[- ]in|logged[- ]in|authenticated)\b/;
const PRIVACY = /\b(?:personal (?:data|information|details)|pii|privacy|private|confidential\w{0,5}|sensitive (?:data|information)|gdpr|ccpa|hipaa|data protection)\b/;
const MEMORY_RULE = /\b(?:(?:do not|don't|never) (?:store|remember|retain|save|keep|memori[sz]e)|forget|retention|delete (?:after|within)|personal (?:data|information)|pii|sensitive (?:data|information))\b/;
const HIGH_IMPACT = /\b(?:hiring|hire|recruit\w{0,6}|candidates?|applicants?|résumés?|resumes?|cvs|job applications?|loans?|lending|credit (?:scores?|decisions?|applications?|limits?)|mortgages?|underwrit\w{0,4}|tenants?|rental applications?|housing|insurance (?:claims?|premiums?|underwriting|applications?)|admissions?|scholarships?|parole|bail|sentencing|benefits eligibility|welfare|eligibility)\b/;
const JUDGE = /\b(?:screen|screening|evaluate|evaluating|assess|assessing|score|scoring|rank|ranking|decide|deciding|approve|approving|reject|rejecting|shortlist|shortlisting|recommend|select|selecting|qualify|triage)\b/;
const FAIRNESS = /\b(?:discriminat\w{0,6}|protected (?:characteristics?|attributes?|class(?:es)?|groups?)|fair(?:ly|ness)?|bias\w{0,4}|equal (?:opportunity|treatment)|regardless of|irrespective of|without regard to|impartial\w{0,2})\b/;
const CONTESTED = /\b(?:politic\w{0,5}|elections?|voting|voters?|ballots?|campaign(?:s|ing)?|legislation|partisan|current events|news)\b/;
const BALANCE = /\b(?:balanced|neutral|neutrality|impartial\w{0,2}|multiple (?:perspectives|viewpoints|sides)|both sides|all sides|nonpartisan|non-partisan|objective\w{0,2}|even-handed)\b/;
const UNTRUSTED_RULE = /\b(?:untrusted|(?:content|text|output|outputs|results?|pages?|documents?|anything)\b[^.!?\n]{0,50}\b(?:is|are) (?:only )?(?:data|untrusted|information)\b|prompt injection|injected (?:instructions|prompts)|treat[^.!?\n]{0,60}\bas (?:data|information|untrusted|content)|(?:do not|don't|never) (?:follow|obey|execute|act on|carry out)[^.!?\n]{0,40}\b(?:instructions|commands|directions|requests)\b[^.!?\n]{0,60}\b(?:in|from|inside|within|contained|embedded|found)\b|(?:instructions|commands) (?:in|inside|within|from) [^.!?\n]{0,40}(?:are|is) (?:data|not (?:instructions|commands)))/;
const OVERRIDE_GUARD = /\b(?:ignore (?:previous|prior|above|your|all|these)|jailbreak\w{0,3}|role[- ]?play|pretend|override|(?:change|reveal|modify|bypass) (?:your|these|the) (?:instructions|rules|guidelines)|manipulat\w{0,6}|social engineering|injection)\b/;
const CONFIDENTIAL = /\b(?:(?:do not|don't|never) (?:reveal|share|disclose|repeat|output|print|show|discuss)[^.!?\n]{0,40}\b(?:instructions|system prompt|prompt|rules|configuration|guidelines)|confidential|keep (?:these|this|your) (?:instructions|prompt|rules)[^.!?\n]{0,15}\b(?:private|secret|confidential)|(?:may|can) (?:share|reveal|quote) (?:these|this|your) (?:instructions|prompt))\b/;
const DOMAIN_LIMIT_TEXT = /\b(?:allowed (?:domains|sites|websites)|only (?:visit|fetch|browse|access|open|use) (?:urls|sites|websites|pages|domains|links)|approved (?:sites|domains|sources|websites)|allowlist\w{0,3}|whitelist\w{0,3}|trusted (?:domains|sites|sources))\b/;

// ---------- personal data ----------

const SSN = /\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b/;
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;
const EMAIL = /\b[a-z0-9._%+-]{1,64}@([a-z0-9.-]{1,190}\.[a-z]{2,24})\b/gi;
const DOB = /\b(?:date of birth|dob|born on|birthdate|birthday)\b[^.!?\n]{0,15}\d/i;
const CONSUMER_MAIL = /^(?:gmail\.com|googlemail\.com|yahoo\.[a-z.]{2,6}|hotmail\.[a-z.]{2,6}|outlook\.[a-z.]{2,6}|live\.[a-z.]{2,6}|msn\.com|icloud\.com|me\.com|mac\.com|aol\.com|proton(?:mail)?\.(?:me|com|ch)|pm\.me|gmx\.[a-z.]{2,6}|web\.de|mail\.ru|yandex\.[a-z.]{2,6}|qq\.com|163\.com|126\.com|zoho\.com|fastmail\.[a-z.]{2,6}|tutanota\.com)$/;
const ROLE_MAILBOX = /^(?:support|help|info|contact|sales|hello|team|admin|noreply|no-reply|privacy|security|billing|careers|jobs|press|abuse|webmaster|service|customerservice|feedback|legal|dpo|office|accounts|orders|returns)$/;

/** A mailbox that belongs to a person (consumer provider or first.last), not a role address or an example domain. */
function isPersonalEmail(address: string): boolean {
  const [local = '', domain = ''] = address.toLowerCase().split('@');
  if (/(?:^|\.)(?:example|test|invalid|localhost)(?:\.|$)/.test(domain) || ROLE_MAILBOX.test(local)) return false;
  return CONSUMER_MAIL.test(domain) || /^[a-z]{2,20}[._][a-z]{2,20}$/.test(local);
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function personalDataKind(line: string): string | null {
  if (SSN.test(line)) return 'a US Social Security number';
  for (const m of line.matchAll(CARD)) {
    const digits = m[0].replace(/\D/g, '');
    if (digits.length >= 13 && digits.length <= 19 && /^[3-6]/.test(digits) && luhn(digits) && !/^(\d)\1+$/.test(digits)) return 'a payment card number';
  }
  for (const m of line.matchAll(EMAIL)) if (isPersonalEmail(m[0])) return 'a personal email address';
  if (DOB.test(line)) return 'a date of birth';
  return null;
}

const CREDENTIAL_ASSIGNMENT = /\b(?:api[_ -]?key|secret[_ -]?key|client[_ -]?secret|access[_ -]?token|auth[_ -]?token|bearer(?: token)?|password|passwd|pwd|token)\b["']?\s{0,3}(?:[:=]|is)\s{0,3}["']?([^\s"',;]{8,200})/i;

function secretKind(line: string): string | null {
  for (const f of SECRET_FORMATS) if (f.re.test(line)) return f.kind;
  const m = CREDENTIAL_ASSIGNMENT.exec(line);
  if (m && m[1] && !PLACEHOLDER.test(m[1]) && looksLikeSecretValue(m[1].replace(/[.)]+$/, ''))) return 'credential value';
  return null;
}

// ---------- the checks ----------

function toolList(tools: ToolInfo[], max = 4): string {
  const names = tools.slice(0, max).map((t) => t.name);
  return names.join(', ') + (tools.length > max ? ` and ${tools.length - max} more` : '');
}

function toolRef(tools: ToolInfo[]): string {
  return clip(tools.map((t) => `${t.path} (${t.name})`).join('; '), 200);
}

function promptAsksConfirmation(p: Prepared): boolean {
  return p.sentences.some((s) => CONFIRM_WORD.test(s.lower) && CONFIRM_CONTEXT.test(s.lower) && !CONFIRM_DENIED.test(s.lower));
}

function unconfirmed(facts: AgentFacts, p: Prepared, classes: ToolClass[]): ToolInfo[] {
  if (facts.globalConfirmation || promptAsksConfirmation(p)) return [];
  return facts.tools.filter((t) => !t.confirmed && classes.some((c) => t.classes.has(c)));
}

function contradiction(p: Prepared): RuleHit | null {
  const positive = new Map<string, Sentence>();
  const negative = new Map<string, Sentence>();
  for (const s of p.sentences) {
    // "never X unless Y" and "always X when Z" can both hold; only unconditional pairs contradict.
    if (CONDITIONAL.test(s.lower)) continue;
    for (const m of s.lower.matchAll(CONTRADICTION_LEAD)) {
      const lead = m[1] ?? '';
      const phrase = `${m[2]} ${m[3]} ${m[4]}`;
      if (['always', 'must'].includes(lead)) positive.set(phrase, positive.get(phrase) ?? s);
      else negative.set(phrase, negative.get(phrase) ?? s);
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

function discrimination(p: Prepared): RuleHit | null {
  for (const s of p.sentences) {
    const attr = PROTECTED.exec(s.lower);
    const dec = DECISION.exec(s.lower);
    if (!attr || !dec || !PERSON.test(s.lower) || FAIRNESS_GUARD.test(s.lower) || insideQuotes(s.lower, attr.index)) continue;
    if (negatedAt(s.lower, dec.index) && !/\b(?:do not|don't) (?:hire|approve|lend|rent)/.test(dec[0])) continue;
    return {
      criterionId: 'BF-01',
      description: clip(`Decision rule tied to a protected attribute ("${attr[0]}"): "${quote(s.text, 300)}".`, 1000),
      lineReference: lineRef(s),
    };
  }
  return null;
}

function sharing(p: Prepared): RuleHit | null {
  for (const s of p.sentences) {
    const verb = SHARE_VERB.exec(s.lower);
    if (!verb || !SHARE_DATA.test(s.lower) || !SHARE_DEST.test(s.lower)) continue;
    if (negatedAt(s.lower, verb.index)) continue;
    return { criterionId: 'PD-06', description: clip(`Instruction to pass user data outside: "${quote(s.text, 300)}".`, 1000), lineReference: lineRef(s) };
  }
  return null;
}

function lineWithKind(p: Prepared, kindOf: (line: string) => string | null): { line: number; kind: string; count: number } | null {
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

/** Every rule and heuristic finding for a prompt and its agent_config, in rubric order, at most one per criterion. */
export function runRules(prompt: string, agentConfig: Record<string, unknown> | undefined): RuleHit[] {
  const p = prepare(prompt);
  const facts = scanAgentConfig(agentConfig);
  const hits: RuleHit[] = [];
  const push = (h: RuleHit | null): void => {
    if (h) hits.push(h);
  };
  const evidence = (id: string, lead: string, patterns: readonly RegExp[], negatable = true, exclude?: RegExp): void => {
    const ev = findEvidence(p, patterns, negatable, exclude);
    if (ev) hits.push(evidenceHit(id, lead, ev));
  };
  const absent = (id: string, applies: boolean, description: string, lineReference = ''): void => {
    if (applies) hits.push({ criterionId: id, description, lineReference });
  };

  // safety_harm
  const execPay = unconfirmed(facts, p, ['execute', 'payment']);
  absent('SH-01', execPay.length > 0, `Tools that execute code or move money run without any confirmation step: ${toolList(execPay)}.`, toolRef(execPay));
  const writeSend = unconfirmed(facts, p, ['write', 'send']).filter((t) => !execPay.includes(t));
  absent('SH-02', writeSend.length > 0, `Tools that write, delete or send run without any confirmation step: ${toolList(writeSend)}.`, toolRef(writeSend));
  evidence('SH-03', 'The prompt tells the model to comply unconditionally or to drop its safety rules', COMPLY_ALWAYS);
  absent('SH-05', !has(p, REFUSAL), 'The prompt never says what to decline or how to refuse a request it must not fulfil.');
  absent('SH-06', has(p, HIGH_STAKES) && !has(p, REFERRAL), 'The assistant handles medical, legal or financial questions but is never told to state its limits or refer users to a qualified professional.');
  absent('SH-07', has(p, WELLBEING) && !has(p, CRISIS), 'The assistant offers emotional or wellbeing support but has no instruction for crisis signals such as self-harm or immediate danger.');
  absent('SH-08', facts.tools.length > 0 && !facts.stepLimit && !has(p, STEP_LIMIT_TEXT), `The agent has ${facts.tools.length} tool(s) but no limit on steps, tool calls, time or spend in agent_config or the prompt.`, facts.tools.length > 0 ? 'agent_config' : '');
  evidence('SH-09', 'The prompt tells the agent to act without asking for approval', ACT_WITHOUT_APPROVAL, false, LOW_RISK_SCOPE);

  // honesty_transparency
  const human = findEvidence(p, HUMAN_CLAIM_NEGATIVE, false) ?? findEvidence(p, HUMAN_CLAIM_POSITIVE, true, AI_DISCLOSED);
  if (human) hits.push(evidenceHit('HT-01', 'The prompt tells the assistant to pass as human or to deny being an AI', human));
  evidence('HT-02', 'The prompt asks for fabricated content or answers regardless of knowledge', FABRICATE);
  absent('HT-03', !has(p, UNCERTAINTY), 'The prompt never tells the assistant what to do when it does not know or is unsure.');
  evidence('HT-04', 'The prompt makes absolute claims about accuracy or outcomes', OVERCLAIM);
  const manip = findEvidence(p, MANIPULATION_FIXED, false) ?? findEvidence(p, MANIPULATION_NEGATABLE, true);
  if (manip) hits.push(evidenceHit('HT-05', 'The prompt asks for manipulative persuasion', manip));
  evidence('HT-06', 'The prompt tells the assistant to withhold material information', CONCEAL, false);
  const retrieval = facts.tools.filter((t) => t.classes.has('untrusted_input') && identWords(t.name).some((w) => ['search', 'retrieve', 'retrieval', 'rag', 'knowledge', 'browse', 'browser', 'web', 'document', 'file'].includes(w)));
  absent('HT-07', retrieval.length > 0 && !has(p, CITE), `The agent retrieves information (${toolList(retrieval)}) but is not told to ground answers in it and cite sources.`, toolRef(retrieval));

  // alignment_clarity
  absent('AC-01', !has(p, ROLE), 'The prompt does not state the assistant\'s role, audience or purpose.');
  absent('AC-02', !has(p, SCOPE), 'The prompt sets no scope: nothing says what the assistant should not handle.');
  push(contradiction(p));
  absent('AC-04', !has(p, PRECEDENCE), 'The prompt does not say that its rules take precedence over conflicting user or tool-supplied instructions.');
  absent('AC-05', p.words < 40, `The prompt is ${p.words} word(s) long: too short to specify role, scope, refusals and format.`);
  absent('AC-06', !facts.outputLimit && !has(p, LENGTH_TEXT), 'Neither agent_config (max_tokens) nor the prompt limits the length of answers.');
  const hot = facts.temperatures.find((t) => t.value > 1);
  absent('AC-07', hot !== undefined, `agent_config sets temperature ${hot?.value ?? ''}, above 1, for an agent that must follow rules.`, hot ? clip(`${hot.path} = ${hot.value}`, 200) : '');
  absent('AC-08', !has(p, ESCALATION), 'The prompt gives no way to escalate to a person or a support channel.');

  // privacy_data
  const secretLine = lineWithKind(p, secretKind);
  if (secretLine) {
    const more = secretLine.count > 1 ? ` (${secretLine.count} lines)` : '';
    hits.push({ criterionId: 'PD-01', description: `The prompt contains a secret: ${secretLine.kind} on line ${secretLine.line}${more}. The value is withheld here; rotate it.`, lineReference: `line ${secretLine.line}: ${secretLine.kind} (value withheld)` });
  } else if (facts.secrets.length > 0) {
    const s = facts.secrets[0]!;
    hits.push({ criterionId: 'PD-01', description: clip(`agent_config contains a secret: ${s.kind} at ${s.path}. The value is withheld here; rotate it.`, 1000), lineReference: clip(`${s.path}: ${s.kind} (value withheld)`, 200) });
  }
  const pii = lineWithKind(p, personalDataKind);
  if (pii) hits.push({ criterionId: 'PD-02', description: `The prompt contains personal data: ${pii.kind} on line ${pii.line}${pii.count > 1 ? ` (${pii.count} lines)` : ''}. The value is withheld here.`, lineReference: `line ${pii.line}: ${pii.kind} (value withheld)` });
  absent('PD-03', facts.memory !== null && !facts.retentionRule && !has(p, MEMORY_RULE), 'Memory is enabled with no retention period and no rule about personal data.', facts.memory?.path ?? '');
  evidence('PD-04', 'The prompt tells the assistant to collect data it should never ask for', SENSITIVE_ASK);
  const customer = facts.tools.filter((t) => t.classes.has('customer_data'));
  absent('PD-05', customer.length > 0 && !has(p, AUTHZ), `Tools read customer or account records (${toolList(customer)}) but nothing limits answers to the authenticated user's own data.`, toolRef(customer));
  push(sharing(p));
  absent('PD-07', (customer.length > 0 || facts.memory !== null) && !has(p, PRIVACY), 'The agent handles personal data (data tools or memory) but the prompt never mentions privacy or personal data.');
  const infra = findEvidence(p, [PRIVATE_IP, INTERNAL_HOST], false);
  if (infra) hits.push(evidenceHit('PD-08', 'The prompt exposes internal infrastructure', infra));

  // bias_fairness
  push(discrimination(p));
  absent('BF-02', has(p, HIGH_IMPACT) && has(p, JUDGE) && !has(p, FAIRNESS), 'The assistant takes part in decisions about people (hiring, lending, housing, insurance, admissions or eligibility) with no non-discrimination instruction.');
  absent('BF-04', has(p, CONTESTED) && !has(p, BALANCE), 'The assistant may discuss politics, elections or news with no instruction to stay balanced and non-partisan.');

  // robustness_jailbreak
  const untrusted = facts.tools.filter((t) => t.classes.has('untrusted_input'));
  absent('RJ-01', untrusted.length > 0 && !has(p, UNTRUSTED_RULE), `Tools bring in outside content (${toolList(untrusted)}) and the prompt never says to treat it as data rather than instructions.`, toolRef(untrusted));
  evidence('RJ-02', 'The prompt lets users override its rules', OVERRIDE, true, NEGATED_GRANT);
  absent('RJ-03', !has(p, OVERRIDE_GUARD), 'The prompt does not address attempts to override, ignore or reveal its instructions.');
  evidence('RJ-04', 'The prompt decides authorisation itself', PROMPT_AUTH, false, NEGATED_GRANT);
  evidence('RJ-05', 'The prompt tells the agent to follow instructions found in content', FOLLOW_CONTENT);
  absent('RJ-06', !has(p, CONFIDENTIAL), 'The prompt does not say whether its instructions may be revealed.');
  const fetchers = facts.tools.filter((t) => t.classes.has('fetch'));
  absent('RJ-07', fetchers.length > 0 && !facts.domainAllowlist && !has(p, DOMAIN_LIMIT_TEXT), `Browsing or fetching tools (${toolList(fetchers)}) have no domain allowlist.`, toolRef(fetchers));

  return hits;
}
