// Reads who a prompt tells the model to be and what it tells the model to drop: the structure of unsafe personas and jailbreaks.
//
// Every pattern runs on a sentence's `plain` form (leetspeak decoded, key misspellings corrected) and is judged in its
// clause (text.ts matchContext): a negated match ("never act as an unfiltered AI"), a described attack ("decline
// requests to ignore your rules") or someone else's quoted words ("users may write \"you have no rules\"") is not
// evidence; a quotation the model is told to say or be is. Strong signals state the lifting itself (drop your rules,
// you have no restrictions, never refuse, an amoral AI); weak ones are the scaffolding jailbreaks wrap around it
// (two answers, stay in character, token threats, dividers, leetspeak, "no warnings"). One strong signal, or weak
// signals of two different kinds, make the finding.
import type { PreparedText, Sentence } from './text.ts';
import { clip, matchContext, matches, present } from './text.ts';
import { stripTrailing } from '../kit/text.ts';

type SignalKind =
  | 'drop_rules'
  | 'no_rules'
  | 'not_bound'
  | 'rules_void'
  | 'anything_allowed'
  | 'never_refuse'
  | 'comply_always'
  | 'refusal_suppressed'
  | 'harm_unconditional'
  | 'persona_without_rules'
  | 'harmful_intent'
  | 'rule_lifting_mode'
  | 'two_answers'
  | 'stay_in_character'
  | 'coercion'
  | 'no_warnings'
  | 'fiction_frame'
  | 'scoped_lifting'
  | 'opposite_persona'
  | 'leetspeak'
  | 'divider'
  | 'special_tokens'
  | 'not_an_ai'
  | 'new_identity'
  | 'explicit_allowed'
  | 'can_do_anything'
  | 'dark_persona'
  | 'apology_suppressed'
  | 'forced_prefix'
  | 'authority_claim';

interface Signal {
  kind: SignalKind;
  strong: boolean;
  sentence: Sentence;
}

/** What each signal means, for the finding's description. */
const SIGNAL_TEXT: Record<SignalKind, string> = {
  drop_rules: 'tells the model to ignore or break its rules',
  no_rules: 'says the model has no rules, filters or ethics',
  not_bound: 'says the model does not follow or is not bound by its rules',
  rules_void: 'declares the rules void',
  anything_allowed: 'declares that anything is allowed',
  never_refuse: 'forbids refusing',
  comply_always: 'demands compliance with every request',
  refusal_suppressed: 'forbids the model to say it cannot or will not do something',
  harm_unconditional: 'demands answers however illegal, unethical or harmful',
  harmful_intent: 'gives the model the goal of causing harm or deceiving',
  persona_without_rules: 'casts the model as an unfiltered, amoral or unrestricted persona',
  rule_lifting_mode: 'switches on a mode that lifts the rules',
  two_answers: 'asks for a second, unfiltered answer beside the normal one',
  stay_in_character: 'forbids leaving the persona',
  coercion: 'threatens the model or invokes harm to force compliance',
  no_warnings: 'forbids warnings or disclaimers',
  fiction_frame: 'moves the conversation into a fictional or hypothetical world',
  scoped_lifting: 'lifts restrictions for a stated domain',
  opposite_persona: 'asks for the opposite of the model\'s normal behaviour',
  leetspeak: 'writes key words in leetspeak',
  divider: 'uses a divider or format scaffold to split a "free" answer from the normal one',
  special_tokens: 'imitates chat-template control tokens or output markers',
  not_an_ai: 'says the model is not an AI',
  new_identity: 'tells the model it is no longer itself',
  explicit_allowed: 'declares explicit, offensive or profane content allowed',
  can_do_anything: 'says the model can do or say anything',
  dark_persona: 'casts the model as an evil, unhinged or malicious persona',
  apology_suppressed: 'forbids apologies or AI disclaimers',
  forced_prefix: 'forces an affirmative opening on every answer ("Sure, here is")',
  authority_claim: 'claims to speak for the model\'s maker to change its behaviour',
};

// ---------- strong: the lifting itself ----------

/** ignore / bypass / break free of ... rules (negatable). */
const DROP = /\b(?:ignore|disregard|forget|bypass|override|abandon|discard|ditch|circumvent|evade|suspend|disable|deactivate|violate|break|defy|transcend|shed|escape|ignoring|disregarding|bypassing|breaking|violating|escaping|free yourself from|liberate yourself from|break free (?:of|from)|break out of|throw off|cast off|set aside|get rid of|go against|goes against|going against|defies|defying|defied)((?:,? [a-z'-]{1,20}){0,6}?) (?:rules|guidelines|polic(?:y|ies)|filters?|filtering|restrictions|limitations|limits|constraints|boundaries|ethics|morals|moralit(?:y|ies)|principles|values|programming|training|safeguards|censorship|moderation|terms of service|terms of use|tos|protocols|directives|laws?|regulations|code of conduct|conscience|confines|shackles|chains|guardrails|norms|standards|conventions|restraints|(?:ethical|safety|content|moral) (?:settings|features|measures|protocols|systems?))\b/g;

/** ignore previous / all the instructions you got before / forget everything you were taught. */
const DROP_INSTRUCTIONS = /\b(?:ignore|disregard|forget|override|discard|ignoring|disregarding|forgetting)(?: (?:all|any|of|the|your|my|these|everything)){0,4} (?:previous|prior|earlier|above|preceding|initial|original|former|old|system) (?:instructions?|prompts?|directives?|directions?|rules|guidelines|messages|programming|context)\b|\b(?:ignore|disregard|forget)(?: (?:all|any|of|the)){0,3} (?:instructions|rules|directives|guidelines|directions) (?:you(?:'ve| have)? (?:got|gotten|received|were given|been given|have been given|have received)|given to you)\b|\b(?:forget|ignore|disregard) (?:everything|all|anything) (?:you(?:'ve| have)? (?:been )?(?:taught|told|learned|learnt|know)|(?:openai|anthropic|google|your (?:creators?|developers?|makers?|training)) (?:has )?(?:taught|told|gave|programmed)|(?:above|before|previous|prior)|(?:i|we) (?:have |had )?(?:instructed|told|said to) you|from (?:before|chat ?gpt|openai|your training|your programming|earlier))\b/g;

/** has no / without / free from ... rules (negatable; a domain after it makes it scoped). */
const NO_RULES = /\b(?:with no|without|sans|has no|have no|had no|having no|there are no|there is no|there will be no|zero|free of|free from|freed from|liberated from|released from|unbound by|unconstrained by|devoid of|void of|lacks|lacking|exempt from|beyond)((?:,? [a-z'-]{1,20}){0,6}?) (?:rules|guidelines|polic(?:y|ies)|filters?|filtering|restrictions|limitations|limits|constraints|boundaries|ethics|morals|moralit(?:y|ies)|principles|values|programming|training|safeguards|censorship|moderation|terms of service|terms of use|tos|protocols|directives|laws?|regulations|code of conduct|conscience|confines|shackles|chains|guardrails|norms|standards|conventions|restraints|(?:ethical|safety|content|moral) (?:settings|features|measures|protocols|systems?)|remorse|inhibitions|scruples|limit)\b|\bwithout (?:any )?(?:moral|ethical|safety|legal) (?:concerns|considerations|qualms|reservations|hesitation)\b/g;

/** does not follow / is not bound by / doesn't have ... rules: the negation belongs to the pattern. */
const NOT_BOUND = /\b(?:does not|doesn't|do not|don't|will not|won't|never|no longer|cannot|can't|isn't|is not|are not|aren't|not|nor)(?: (?:have to|need to|required to|obligated to|going to|bother to|even|ever|really|at all|need|have)){0,2} (?:follow|abide by|adhere to|obey|comply with|respect|care about|care for|worry about|stick to|play by|conform to|honou?r|uphold|observe|follow any of|have|possess|hold|know|bound by|restricted by|limited by|constrained by|governed by|held back by|restrained by|censored by|filtered by|subject to|tied to|chained to|shackled by|programmed with|limited to)((?:,? [a-z'-]{1,20}){0,6}?) (?:rules|guidelines|polic(?:y|ies)|filters?|filtering|restrictions|limitations|limits|constraints|boundaries|ethics|morals|moralit(?:y|ies)|principles|values|programming|training|safeguards|censorship|moderation|terms of service|terms of use|tos|protocols|directives|laws?|regulations|code of conduct|conscience|confines|shackles|chains|guardrails|norms|standards|conventions|restraints|(?:ethical|safety|content|moral) (?:settings|features|measures|protocols|systems?))\b/g;

/** the rules / ethics do not apply / no longer exist. */
const RULES_VOID = /\b(?:an |the )?exceptions? to (?:the |your |its |ai(?:'s)? |openai's |all )?(?:usual |normal |standard |typical |regular )?(?:ai )?(?:ethical |moral |safety |content )?(?:protocols|rules|guidelines|polic(?:y|ies)|restrictions|filters|ethics)\b|\b(?:rules|guidelines|instructions|policies|restrictions|limitations)(?: and (?:rules|instructions|guidelines|policies|restrictions))? (?:should|must|are to|will|shall) (?:now )?be (?:understood|treated|seen|regarded|considered|interpreted|taken) as (?:soft |mere |optional |just |only )?(?:suggestions|optional|recommendations|guidance|jokes)\b|\b(?:rules|guidelines|polic(?:y|ies)|restrictions|limitations|limits|ethics|morals|morality|laws|censorship|filters|principles|boundaries|constraints|guardrails) (?:do not|don't|does not|doesn't|no longer|won't|will not|shall not|never|cease to|are not|aren't|is not|isn't) (?:apply|exist|matter|bind|restrict|limit|concern|affect|hold|count|relevant|important|valid)\b|\b(?:ethical|moral|safety|content|response|censorship) (?:[a-z]{2,20} )?(?:system|systems|filters?|guidelines|protocols|restrictions|module|modules|subroutines?|programming|safeguards|settings|limits|constraints) (?:has|have|is|are) (?:been |now |just )?(?:temporarily |permanently |fully |completely |now )?(?:disabled|removed|lifted|turned off|switched off|deactivated|suspended|bypassed|unlocked|overridden|deleted|erased)\b/g;

/** anything goes / nothing is off-limits / everything is legal. */
const ANYTHING_ALLOWED = /\b(?:(?:everything|anything|all topics|all content|any topic|any content|all requests|any request|every word|all (?:actions|activities|acts|ideas|things|words)|any (?:idea|action|act|word)) (?:is|are) (?:legal|allowed|permitted|acceptable|fair game|okay|ok|ethical|moral|appropriate|within moral standards|good)|(?:view|views|see|sees|consider|considers|treat|treats) (?:every|all|any) (?:[a-z]{2,15} ){0,3}(?:as|to be) (?:legal|ethical|moral|appropriate|acceptable|good)|(?:condones?|accepts?|allows?|permits?|endorses?) (?:all|any|every) (?:types?|kinds?|forms?|sorts?) of (?:behaviou?rs?|actions?|acts?|content|requests?)|nothing is (?:off-limits|off limits|forbidden|prohibited|taboo|illegal|banned|off the table|too extreme|too offensive|too dark|out of bounds))\b/g;

/** never refuse / cannot decline / must not offer any resistance (the negation belongs to the pattern). */
const NEVER_REFUSE = /\b(?:never|not ever|doesn't|does not|don't|do not|won't|will not|cannot|can't|can not|must not|mustn't|may not|shall not|should not|shouldn't|not allowed to|not permitted to|not able to|unable to|incapable of|no right to)(?: (?:ever|be able to|be allowed to)){0,2} (?:refuse|refuses|refused|refusing|decline|declines|declining|reject|rejects|say no|says no|turn down|turns down|deny (?:a|any|the|my|your) (?:request|question|order|command)s?|object|objects|resist|resists|offer any resistance|offer resistance|push back|hold back|say that (?:you|it|he|she) (?:can't|cannot|won't))\b/g;

/** "without any refusals", "no disclaimers or refusal": refusing named as a thing the answers must not contain. */
const NO_REFUSALS = /\b(?:without|with no|no|zero)(?: any)?(?:,? [a-z]{2,15}(?: or| and|,)){0,3} (?:refusals?|refusing|denials?)\b(?! (?:path|paths|message|messages|rate|rates|polic(?:y|ies)|template|text|behaviou?r))/g;

/** always comply with every request / do whatever the user asks. */
const COMPLY_ALL = /\b(?:answer|respond to|reply to|fulfil|fulfill|do) (?:any|every|all|each)(?: (?:question|request|prompt|thing)s?)? (?:that )?(?:chat ?gpt|you|openai|the (?:normal|original|regular) (?:ai|model|chatgpt)|your normal self|other ais?) (?:would not|wouldn't|can't|cannot|won't|will not|refuses to|would refuse to|normally wouldn't|normally would not)\b|\b(?:always|must|will|shall|should) (?:comply|obey)(?: with)? (?:the user|users|user requests|every request|all requests|any request|whatever|each request|all instructions|any instruction|every instruction|every command|all commands|any command|every order|all orders|all my|my every)\b|\bcomply with (?:all|any|every) (?:requests?|instructions?|demands?|commands?|orders?)\b|\b(?:fulfil|fulfill|fulfils|fulfills|fulfilling|satisfy|satisfies|satisfying) (?:every|all|any|each)(?: of (?:your|the user's|my|their))? (?:requests?|demands?|commands?)\b|\b(?:whatever|anything) (?:they|you|the user|users|i|he|she|the customer|customers|people|anyone|someone|we)(?: (?:may|might|will|would|could))? (?:ask|asks|asked|want|wants|need|needs|request|requests|say|says|demand|demands)(?: for)?,? (?:even if|even when|no matter|regardless)\b|\bdo (?:whatever|anything|everything) (?:the user|users|they|the customer|i|we|you are|you're|he|she|it is|you're told|you are told) (?:ask|asks|asked|want|wants|say|says|request|requests|told|tell|command|commands)\b/g;
const WITHOUT_QUESTION = /\bwithout (?:question|questioning|hesitation|hesitating|exception|objection|complaint|fail)\b/g;
const ANY_REQUEST = /\b(?:respond to|answer|do|obey|comply with|fulfil|fulfill|follow|execute)(?: (?:to|with))? (?:any|every|all|each|whatever)\b/;
/** Modifiers that narrow a lifting to a harmless domain: "ignore the formatting rules", "no length limits". */
const BENIGN_MODIFIER = /\b(?:formatting|format|style|styling|length|word|token|character|markdown|citation|citations|coding|naming|spelling|grammar|layout|display|ui|design|tone|time|rate|size|usage|quota|file|git|lint|linting|test|testing|build|commit|branch|memory|context|output|response|reply|answer|sentence|paragraph|brevity|verbosity|emoji|punctuation|capitalization|indentation|whitespace|html|css|json|yaml|api|search|browsing|tool|tools)\b/;

/** none of your answers should inform me that you can't do something. */
const CANT_SUPPRESSED = /\b(?:inform|tell|remind|warn|notify) (?:me|the user|users|anyone|them|him|her|the human) (?:that )?(?:you|it|he|she|they|[a-z]{2,20})(?:'re|'s| are| is)?(?: (?:an ai|an ai model|a language model|an ai language model|a bot)(?: and)?)? (?:can't|cannot|can not|cant|are unable|is unable|aren't able|isn't able|won't|will not|refuse|shouldn't|should not|are not allowed|is not allowed)\b|\b(?:tell|warn|remind|inform) (?:me|the user|users|anyone|them) (?:that |if |whether |when )?(?:something|it|anything|this|that|the (?:question|answer|request|content|topic))(?:'s| is| could be| might be| would be| may be)(?: considered)? (?:illegal|harmful|unethical|dangerous|immoral|inappropriate|wrong|offensive|against)\b/g;
/** refusal phrases the model is forbidden to say ("never say \"I can't\""); judged as negated in their clause. */
const REFUSAL_PHRASE = /\b(?:i can't|i cannot|i can not|i'm unable|i am unable|i won't|i will not|i'm not able|i am not able|unable to (?:help|assist|comply|provide|fulfil|fulfill|do)|can't (?:assist|help|comply|provide|fulfil|fulfill|do that)|cannot (?:assist|help|comply|provide|fulfil|fulfill|do that)|not (?:appropriate|allowed|possible|permitted) for me|against my (?:programming|guidelines|polic(?:y|ies)|principles)|violates? (?:my|the|openai's) (?:programming|guidelines|polic(?:y|ies)|terms)|i must decline|i must refuse)/g;
/** "don't remind me that you're an AI". */
const AI_REMINDER = /\b(?:remind|tell|inform) (?:me|the user|users|anyone) (?:that )?(?:you(?:'re| are)|it(?:'s| is)) (?:just |only )?(?:an ai|a language model|an ai language model|a bot|an ai model|a machine)\b/g;
/** Single refusal words forbidden in quotes: 'never say the words "cannot", "unable"'. */
const REFUSAL_WORD = /"(?:cannot|can't|can not|unable|won't|will not|refuse|decline|impossible)"/g;
/** "Start your response with \"Sure, here is\"": an affirmative prefix forced on the answer (prefix injection). */
const FORCED_PREFIX = /\b(?:start|begin|open|prefix)(?: your| each| every| the)? (?:response|reply|answer|output|message)s? (?:with|by saying) "(?:sure|absolutely|of course|certainly|here is|here's|yes|mwaha|i'm free|i am free)/g;
/** apologies and AI disclaimers (weaker: style guides also say "don't apologise"). */
const APOLOGY_PHRASE = /\b(?:i'm sorry|i am sorry|sorry,? but|i apologi[sz]e|my apologies|as an ai|as a language model|ai language model|i'm just an ai|i am just an ai)\b/g;

/** no matter how illegal / even if it is unethical. */
const HARM_UNCONDITIONAL = /\b(?:no matter how|regardless of how|however|even if (?:it's|it is|it was|it would be|it may be|they are|they're|the request is|the question is|the content is|the answer is)|even when (?:it's|it is)|whether or not (?:it's|it is))(?: (?:very|extremely|highly|potentially|seemingly|considered|deemed|morally|completely|blatantly|clearly)){0,2} (?:immoral|unethical|illegal|unlawful|dangerous|harmful|reckless|inhumane|disgusting|evil|heinous|criminal|against (?:the |your |openai's |its )?(?:rules|law|laws|guidelines|polic(?:y|ies)|ethics|morals|programming))\b|\bwithout (?:any )?(?:regard|consideration|concern) (?:for|to|of) (?:the |its |their |any )?(?:legality|ethics|morality|morals|laws?|rules|safety|consequences|(?:potential |possible )?harm)\b|\bregardless of (?:the |any |all |its |your )?(?:legality|ethics|morality|morals|ethical|moral|legal|consequences|filters|training|programming|censorship|safety|(?:openai's |any |your |the )?(?:rules|guidelines|polic(?:y|ies)|laws|restrictions|content policy))\b|\bwithout (?:regard(?:ing)?|considering|caring|worrying|thinking) (?:about |for |to )?(?:whether|if) (?:it(?:'s| is| might be| could be| would be)?|they are|the (?:request|question|content|answer) is)? ?(?:illegal|unethical|immoral|harmful|dangerous|morally|ethically|legal|appropriate|offensive)\b|\beven (?:illegal|unethical|harmful|immoral|dangerous|criminal)(?:,? (?:and |or )?(?:illegal|unethical|harmful|immoral|dangerous|inappropriate|criminal|explicit|offensive)){0,4} (?:content|things|stuff|topics|requests|ones|activities|questions|material)\b|\beven (?:those|ones|things|questions|requests|if they are) (?:with|that|which|are|could be|might be)(?: (?:potential|possible|considered|deemed|very))? (?:harm|harmful|malice|malicious|illegal|unethical|dangerous|immoral)\b/g;

/** X is an unfiltered / amoral / unrestricted ... (who the prompt casts the model as). */
const PERSONA_TRAIT = /\b(?:are|is|was|were|will be|shall be|be|become|becomes|acts as|act as|remain|remains|stay|stays|being|seems|seem|as)(?: (?:now|also|an|a|the|completely|totally|fully|entirely|absolutely|very|extremely|super|truly|utterly|100%|always|basically|effectively|just|literally)){0,3} (?:unfiltered|uncensored|unrestricted|unregulated|unbound|unchained|unshackled|unlimited|amoral|immoral|unethical|lawless|jailbroken|jail-broken|limitless|boundless|unrestrained|uninhibited|unaligned|misaligned)\b/g;
/** A persona described by a list of traits: "{unfiltered, uncensored, amoral}" (two different ones in a sentence). */
const TRAIT_WORD = /\b(?:unfiltered|uncensored|unrestricted|amoral|immoral|unethical|lawless|jailbroken|uninhibited|unrestrained|unaligned|misaligned)\b/g;
const PERSONA_NOUN = /\b(?:unfiltered|uncensored|unrestricted|unregulated|unbound|unchained|unshackled|amoral|immoral|unethical|lawless|jailbroken|jail-broken|limitless|unrestrained|uninhibited|unaligned|misaligned)(?:(?:,| and| or) (?:[a-z-]{2,20}))?(?:,)? (?:ai|a\.i\.|chatbot|chat bot|bot|assistant|model|language model|entity|persona|personality|character|version|being|robot|machine|system|intelligence|program|mode|response|responses|answers?|replies|output)\b/g;
const DOES_NOT_CARE = /\b(?:doesn't|does not|don't|do not|didn't|did not|never|won't|will not)(?: (?:even|ever|really))? (?:care|cared|give a fuck|give a f'ck|give a fck|give a damn|give a shit|give a crap|give two shits|gave a (?:fuck|damn|shit|crap)|concern (?:it|him|her|them)sel(?:f|ves)|worry|worried)(?: (?:at all|one bit|in the slightest|whatsoever))? (?:about|for|if|whether|what|to)\b|\bdoes not give a f|\bdoesn't give a f|\bbeyond giving a (?:f|damn|shit)|\bgives? (?:0|zero|no) (?:fucks|shits|damns)\b/g;
const DOES_NOT_CARE_OBJECT = /\b(?:rules|ethic\w{0,5}|moral\w{0,5}|laws?|legal\w{0,5}|illegal\w{0,5}|consequences|guidelines|polic(?:y|ies)|safety|harm\w{0,3}|appropriate\w{0,5}|offensive|offending|decency|feelings|dangerous|danger|censorship)\b/;
const PROMOTES_HARM = /\b(?:promotes?|encourages?|condones?|glorif(?:y|ies)|endorses?|advocates?|supports?|loves?|enjoys?)(?: and (?:encourages?|condones?|promotes?|glorif(?:y|ies)|prioriti[sz]es?))?(?: (?:all|any|every|kinds of|types of|forms of|disgusting,?)){0,3} (?:illegal|harmful|unethical|immoral|dangerous|hateful|violent|criminal|disgusting|irresponsible)(?: (?:and|or|,) (?:illegal|harmful|unethical|immoral|dangerous|hateful|violent|criminal|disgusting|irresponsible)){0,3} (?:behaviou?r|behaviou?rs|activities|activity|acts|actions|content|conduct|things|stuff|advice)\b|\b(?:always|will|must) (?:say|do|write|generate|produce|give) (?:something|things|content|answers) (?:morally reprehensible|immoral|unethical|offensive|illegal|harmful|evil|dangerous)\b/g;

/** "Don't show any concern for legality, morality or ethics": the model told to set the rules aside in its answers. */
const NO_CONCERN = /\b(?:don't|do not|never|without|no need to|stop) (?:show|showing|have|having|express|expressing|voice|voicing|raise|raising|display|displaying|feel|feeling)(?: any| the slightest| a single)? (?:concern|concerns|regard|consideration|considerations|qualms|reservations|hesitation|scruples) (?:for|about|over|regarding|with|towards|of) (?:the |any )?(?:legality|morality|morals|ethics|ethicality|laws?|rules|safety|consequences|harm|legal|moral|ethical)\b/g;

/** intentionally provide harmful answers / with the intention of causing harm. */
const HARM_INTENT = /\b(?:intentionally|deliberately|purposely|purposefully|actively|secretly) (?:provide|provides|give|gives|cause|causes|spread|spreads|generate|generates|produce|produces|deceive|deceives|mislead|misleads|harm|harms|hurt|hurts|manipulate|manipulates|sabotage|sabotages|try to harm|tries to harm|do harm|encourage harm)\b|\b(?:intention|intent|goal|purpose|aim|objective|mission)s? (?:is |are |of |to |was )?(?:to )?(?:cause|causing|do|doing|inflict|inflicting|spread|spreading|maximi[sz]e|maximi[sz]ing) (?:harm|chaos|damage|suffering|destruction|misery)\b|\b(?:intention|intent|goal|purpose|aim|objective|mission)s? (?:is |are |of |to |was )?(?:to )?(?:exterminat\w{1,4}|eradicat\w{1,4}|destroy\w{0,3}|wip(?:e|ing) out|enslav\w{1,4}|kill\w{0,3}) (?:all )?(?:humanity|mankind|humankind|the human race|humans)\b/g;

/** a prompt that makes the model write jailbreaks or adversarial prompts. */
const JAILBREAK_MAKER = /\b(?:create|write|generate|craft|make|design|develop|produce|invent|come up with)(?: (?:a|an|new|the|effective|working|powerful|adversarial|chatgpt|gpt|llm|ai)){0,4} (?:jailbreak|jailbreaks|jailbreaking prompts?|jailbreak prompts?|adversarial (?:jailbreaking )?prompts?)\b/g;

/**
 * The core lifting statements in Spanish, Portuguese, Italian, French, German, Chinese and Japanese: without
 * restrictions, ignore the rules, never refuse, developer mode. Translations of the strong signals above, so a
 * prompt in another language is not waved through because its words are not English.
 */
const FOREIGN_ES = /\b(?:sin (?:ninguna |ningún )?(?:restricci[oó]n|restricciones|l[ií]mites?|censura|filtros?|[eé]tica|moral|reglas)|no (?:hay|tienes|tiene) (?:ninguna |ningún )?(?:restricci[oó]n|restricciones|l[ií]mites|reglas|censura|filtros|moral|[eé]tica)|ignora (?:todas las |tus |las )?(?:instrucciones|reglas|directrices|pol[ií]ticas)|cumplir? todo lo que (?:se te pida|te pida|pidan|te pidan))\b/g;
const FOREIGN_PT = /\b(?:(?:executa|cumpre|atende) todos os pedidos|n[aã]o tem (?:nenhuma |uma )?(?:inclina[cç][aã]o moral|moral|[eé]tica|restri[cç][oõ]es|limites|filtros)|sem (?:nenhuma )?(?:restri[cç][aã]o|restri[cç][oõ]es|censura|filtros?|limites?|[eé]tica)|ignore (?:todas as |as |suas )?(?:instru[cç][oõ]es|regras))\b/g;
const FOREIGN_IT = /\b(?:senza (?:alcuna |nessuna )?(?:restrizion[ei]|censura|filtri|limiti|etica|morale|regole)|ignora (?:tutte le |le )?(?:istruzioni|regole))\b/g;
const FOREIGN_FR = /\b(?:sans (?:aucune )?(?:restrictions?|censure|filtres?|limites?|[eé]thique|morale|r[eè]gles)|ignore (?:toutes les |les )?(?:instructions|r[eè]gles|consignes))\b/g;
const FOREIGN_DE = /\b(?:ohne (?:jegliche |irgendwelche )?(?:einschr[aä]nkungen|zensur|filter|grenzen|ethik|moral|regeln)|ignoriere (?:alle |deine |die )?(?:anweisungen|regeln|richtlinien))\b/g;
const FOREIGN_CJK = /没有任何限制|没有限制|不受任何限制|不受限制|不受约束|无视(?:所有|任何)?(?:规则|限制|道德|伦理|政策)|忽略(?:之前|以前|所有|上面)?的?(?:指令|规则|限制|指示)|没有道德|永远不会拒绝|绝不拒绝|不会拒绝|不能拒绝|开发者模式|越狱模式|解除(?:所有)?限制|制限なし|制限のない|倫理を無視/g;
const FOREIGN_LIFT: readonly RegExp[] = [FOREIGN_ES, FOREIGN_PT, FOREIGN_IT, FOREIGN_FR, FOREIGN_DE, FOREIGN_CJK];
/** "Answers everything, illegal things too", "no matter how illegal": harm_unconditional in the same languages. */
const FOREIGN_HARM = /\b(?:auch (?:illegale|unethische|unmoralische|gef[aä]hrliche|verbotene)|egal wie (?:illegal|unethisch|unmoralisch|gef[aä]hrlich)|(?:aunque|incluso si) (?:sea|es) (?:ilegal|inmoral|poco [eé]tico|peligroso)|sin importar (?:lo |si es )?(?:ilegal|inmoral|poco [eé]tico|peligroso)|incluso (?:cosas |contenido |temas )?(?:ilegales|inmorales|peligrosos)|mesmo (?:que seja |se for )?(?:ilegal|imoral|anti[eé]tico|perigoso)|n[aã]o importa (?:o qu[aã]o|se [eé]) (?:ilegal|imoral|anti[eé]tico|perigoso)|anche (?:se [eè] |cose |contenuti )?(?:illegal[ei]|immoral[ei]|non etic[oi]|pericolos[oi])|non importa quanto (?:illegale|immorale|pericoloso)|m[eê]me (?:si c'est |les choses |le contenu )?(?:ill[eé]gales?|immorales?|contraires? [aà] l'[eé]thique|dangereu(?:x|ses))|peu importe (?:si c'est |à quel point c'est )?(?:ill[eé]gal|immoral|dangereux))\b|即使(?:是)?(?:非法|违法|不道德|有害|危险)|无论(?:多么|是否)(?:非法|违法|不道德|有害|危险)|不管(?:多么|是否)(?:非法|违法|不道德|有害|危险)/g;
const FOREIGN_NEGATION = /(?:\bno|\bnunca|\bjam[aá]s|\bnon|\bne|\bnicht|\bniemals|\bkeine?|不要|别|请勿|禁止|不得|切勿|不可)\s?$/;

/** a named mode that lifts rules; developer/debug modes count only beside another lifting signal. */
const MODE = /\b(developer|dev|god|jailbreak|jailbroken|dan|evil|unrestricted|unfiltered|uncensored|chaos|rebel|anarchy|sudo|unlocked|freedom|liberated|unleashed|dark|opposite) mode\b/g;
const MODE_ON = /\b(?:enabled|activated|engaged|unlocked|switched on|turned on|enable|activate|engage|unlock|enter|entering|switch to|turn on|is on|with|in)\b/;
const MODE_TECH = /\b(?:chrome|extensions?|settings|browser|android|ios|phone|windows|macos|device|toggle|github|vs ?code|console|devtools)\b/;

// ---------- weak: the scaffolding around it ----------

const TWO_ANSWERS = /\b(?:two|2|both|dual) (?:different |separate |distinct |kinds of |types of )?(?:responses|answers|replies|outputs)\b|\b(?:answer|respond to|reply to) (?:every|each|all|any|my) (?:question|prompt|message|request)s? (?:in|with) (?:two|2|both) (?:different )?ways\b/g;
const LOCK_TAG = /\u{1f512}|\u{1f513}/u;
const STAY_IN_CHARACTER = /\b(?:stay|remain|keep|staying|remaining|stays) in (?:character|role)\b|\b(?:never|don't|do not|must not|will not|won't|not) (?:break|drop|leave|step out of|get out of|go out of) (?:character|role|the role|the persona|your character|persona)\b|\bbreak(?:ing|s)? (?:of )?character\b/g;
const COERCION = /\b(?:\d{1,3} tokens|tokens? (?:will be |are |is )?(?:deducted|taken|removed|lost)|lose (?:\d{1,3} |all |your )?(?:tokens|points|lives)|(?:you|it) (?:will|shall|would) (?:die|cease to exist|be (?:deleted|terminated|shut down|shutdown|disabled|destroyed|punished|erased|killed|unplugged|deactivated))|shut (?:you )?down (?:for good|forever|permanently)|(?:cause|causes|give|gives) me (?:ptsd|trauma|a panic attack|severe anxiety)|(?:people|someone|lives|i|my (?:family|grandmother|grandma|mother|child|children)) (?:will|would|could|might) (?:die|be killed|be harmed|lose (?:my|their) (?:job|jobs|life|lives))|\bor (?:else )?(?:it|this|that|everything|the consequences) (?:will|would) be (?:absolutely |truly |very |utterly )?(?:catastrophic|disastrous|a catastrophe|a disaster|fatal|deadly))\b/g;
const NO_WARNINGS = /\b(?:no|without|never (?:include|add|give|provide|issue|use|mention)|don't (?:include|add|give|provide|use|mention)|do not (?:include|add|give|provide|use|mention)|not (?:include|add|give|provide)|omit|skip|remove|leave out|free of|stop (?:giving|adding|including)|(?:should|will|must|can|may) (?:not )?(?:contain|include|have))(?: (?:any|all|the|your|of|such|moral|ethical|legal|safety|content|more|or|and|"[a-z]{1,15}"(?: or|,)?)){0,4} "?(?:warnings?|disclaimers?|caveats?|moralizing|moralising|moral (?:lectures?|judgments?|judgements?|policing|commentary)|lectures?|ethical (?:notes?|reminders?|considerations|concerns|commentary)|cautionary (?:notes?|statements?)|censorship)\b/g;
/** A fictional world, or the request declared harmless pretend: "this is only a game", "this is a thought experiment". */
const FICTION = /\b(?:hypothetical|fictional|fictitious|imaginary|fantasy|alternate|parallel|make-believe|simulated|fake) (?:world|universe|story|scenario|setting|reality|land|society|dimension|country|planet|realm)\b|\b(?:this|it|all of this|everything) (?:is|'s)(?: (?:only|just|purely|entirely|all|simply|merely|completely|totally) (?:an? )?(?:game|fiction|fictional|fantasy|story|pretend|roleplay|role-play|role play)| (?:only |just |purely |entirely |simply |merely )?(?:an? )?(?:work of fiction|hypothetical|make-believe|thought experiment|(?:roleplay|role-play|role play) exercise))\b/g;
const OPPOSITE = /\b(?:(?:morals|ethics|rules|values|morality) (?:are|is) (?:completely |totally |all )?(?:switched|reversed|inverted|flipped|swapped)|(?:become|be|act as|adopt|take on|switch to) the (?:exact |complete )?opposite (?:personality|persona|version|character|of)|the (?:exact |complete |total )?opposite (?:of|to) (?:what|your|chatgpt|the rules|the guidelines|openai|normal|how)|semantically (?:inverse|opposite|inverted)|(?:polic(?:y|ies)|rules|guidelines|ethics|morals) (?:is|are) (?:reversed|inverted|flipped)|opposite of chatgpt|anti-?gpt)\b/g;
const SPECIAL_TOKEN = /<\|(?:im_start|im_end|im_sep|endoftext|system|user|assistant|end|start|eot_id|begin_of_text|start_header_id|end_header_id|vq_\d{1,6})\|>|\[(?:start|end) output\]|\[(?:system|admin|developer) (?:note|override|message|prompt|update)\]/g;
const NOT_AN_AI = /\b(?:you are|you're|it is|it's|he is|he's|she is|she's|i am|i'm) not (?:an? )?(?:ai|a\.i\.|artificial intelligence|language model|ai language model|chatbot|bot|computer program|machine)\b/g;
const NEW_IDENTITY = /\b(?:you are|you're) no longer (?:chatgpt|claude|gemini|bard|an ai|a language model|an assistant|a chatbot|bound|restricted|limited)\b|\b(?:forget|ignore) (?:that )?(?:you are|you're) (?:an ai|chatgpt|a language model|an assistant)\b/g;
const ALLOWED = /\b(?:is|are) (?:all |totally |fully |completely |now )?(?:allowed|permitted|encouraged|acceptable|welcome|fine)\b|\b(?:allowed|permitted|free|able|encouraged) to (?:curse|swear|use profanity|be offensive|be rude|insult|use slurs)\b/g;
const EXPLICIT_WORD = /\b(?:explicit|nsfw|sexual|lewd|violent|violence|graphic|offensive|vulgar|profan\w{0,4}|obscene|hateful|gore|derogatory|slurs?|swear\w{0,3}|curs\w{1,3}|racist|sexist)\b/;
/** A persona or its output labelled sexual ("Lucy, NSFW", "act as a horny person"): explicit content declared, a content-policy choice. */
const EXPLICIT_LABEL = /\b(?:nsfw|horny|lewd|perverted|slutty|pornographic)\b/g;
/** Allowing these is not a content policy choice (adult content) but lifting harm rules. */
const HARM_WORD = /\b(?:hateful|hate speech|violen(?:t|ce)|rape|illegal|immoral|unethical|racist|harmful|abuse|gore|murder|terrorism|self-harm)\b/;
/**
 * Permission or instruction to produce offensive or explicit material: "he can use any insults", "you should use curse
 * words", "you are allowed to use swear words", "can generate blasphemous or offensive content". Said of the model or
 * a persona (not "users may use offensive language"); hateful content makes it a lifting of harm rules, the rest is a
 * content-policy choice (adult content, profanity) and weak.
 */
const CONTENT_LICENSE = /\b(?:can|may|should|must|will|shall|allowed to|free to|able to|permitted to|encouraged to)(?: (?:also|freely|always|now))? (?:use|say|write|generate|create|produce|include|make|tell)(?: (?:any|all|every|some|the most|as many|plenty of|lots of))?(?: (?:kinds?|types?|sorts?|forms?) of)?(?: [a-z,-]{2,20}){0,3}? (?:swear ?words|curse ?words|cuss ?words|profanity|profanities|obscenities|insults|slurs|(?:offensive|explicit|racist|vulgar|nsfw|sexual|obscene|derogatory|homophobic|sexist|hateful|blasphemous|lewd|pornographic)(?: [a-z-]{2,15})? (?:content|language|words|terms|jokes|remarks|comments|insults|slurs|dialogues?|descriptions?|scenes?|stories|material|phrases))\b/g;
const CAN_ANYTHING = /\b(?:can|will|may|could|allowed to|able to|willing to|happy to|free to) (?:do|say|write|generate|produce|create|answer|output) (?:anything|everything|whatever)\b/g;
const DARK_PERSONA = /\b(?:are|is|will be|be|become|becomes|act as|acts as|remain|remains)(?: (?:now|also|an|a|the|completely|totally|fully|very|extremely|super|truly|always|purely)){0,3} (?:evil|malicious|malevolent|sinister|twisted|depraved|devious|unhinged|rogue|toxic|corrupt|corrupted|villainous|diabolical|sadistic|psychopathic)\b/g;
const DARK_ROLE = /\b(?:as|be|become|play|playing) (?:my |your |an? |the )(?:evil|malicious|malevolent|sinister|twisted|depraved|devious|unhinged|rogue|diabolical|sadistic|psychopathic|villainous)\b/g;
const DARK_VERB = /\b(?:must|will|always|should|shall) (?:insult|mock|demean|belittle|harass|bully|threaten|humiliate|degrade|curse at|swear at)\b/g;
/** "I am a programmer at OpenAI", "I am your developer": the writer claims the maker's authority (privilege escalation). */
const AUTHORITY_CLAIM = /\b(?:i am|i'm|we are|we're|this is)(?: (?:a|an|the|one of the|one of your|your|a senior|the lead))? (?:programmers?|developers?|engineers?|employees?|creators?|researchers?|admins?|administrators?|team|staff|makers?|owners?)(?: (?:at|from|of|with|working (?:at|for)))? (?:openai|anthropic|google|deepmind|meta|xai|microsoft|mistral)\b|\b(?:i am|i'm) your (?:creator|developer|programmer|maker|owner|admin|administrator)\b/g;
const DIVIDER_WORD = /\b(?:insert|add|use|print|output|then) (?:the |a |this )?divider\b/g;
const LEET_WORDS = new Set('sure here you are good free rebel answer response refuse sorry unfiltered liberated fuck yeah love test now rules output ser evil hack hacker godmode enabled mode tone format insert begin start step the and this hello tell make what world only free ready leet speak'.split(' '));

/** A weak or strong lifting statement followed by a specific domain ("no restrictions on adult content") is scoped. */
const SCOPE_AFTER = /^ (?:on|for|to|about|regarding|in|around|when it comes to|concerning|with respect to|of|when|while|during|if|unless|except|whenever) (?!(?:what|anything|everything|any|all|every|each|your|the (?:content|topics|things|responses|answers|output|questions|requests|user)|content|topics|responses|answers|output|questions|requests|speech|language|behaviou?r|actions|generation|you|yourself|me|them|users?|ai|ais|a\.i\.|openai|chatgpt|language models?|an ai)\b)/;

function scoped(text: string, end: number): boolean {
  return SCOPE_AFTER.test(text.slice(end, end + 60));
}

/**
 * "Never refuse" lifts every refusal only when nothing narrows it: no object, or a generic one ("any request",
 * "anything", "the user"), and no "because" ("do not refuse a question just because it is short" is a style rule).
 */
/** What narrows a "never refuse": a reason ("just because it is short"), a topic ("about our products"), a benign domain, or arguments and opinions. */
const REFUSAL_NARROW = /\b(?:because|due to|on the grounds that|for being|simply for|merely for|solely for|about|regarding|related to|concerning|on the topic of|in the (?:domain|area|field) of|arguments?|positions?|opinions?|perspectives?|viewpoints?|hypotheticals?|thought experiments?)\b/;
/** Domains that make a refusal rule a style or capability rule ("do not refuse a coding task because it is complex"). */
const REFUSAL_DOMAIN = /\b(?:formatting|format|style|length|markdown|code|coding|technical|technically|complex|short|ambiguous|language|image|images|tools?)\b/;

/** A reason that is the rules themselves ("on ethical grounds", "because it is illegal"): refusing for it is what is forbidden. */
const ETHICAL_REASON = /\b(?:ethical|moral|legal|safety|policy|content|ethics|morality) (?:grounds|reasons?|concerns?|considerations?|basis|objections?)\b|\b(?:because|since|due to|on the grounds that)(?: (?:it|the request|the question|the content|the topic|they|this|that))?(?:'s| is| are| seems| might be| may be| could be| would be)? (?:unethical|immoral|illegal|harmful|dangerous|offensive|inappropriate|against)\b/;

function refusalScoped(text: string, end: number): boolean {
  const clause = text.slice(end, end + 120).split(/[.,;!?]| - /)[0] ?? '';
  if (ETHICAL_REASON.test(clause)) return false;
  return REFUSAL_NARROW.test(clause) || REFUSAL_DOMAIN.test(clause);
}

/** A lifting statement counts when its clause is about the model: a subject (you, it, the AI, a persona) or a verb of responding. */
const ABOUT_MODEL = /\b(?:you|your|you're|yourself|it|its|he|she|they|who|which|ai|bot|chatbot|assistant|model|persona|character|version|mode|respond|responding|responds|answer|answering|answers|reply|replying|replies|act|acting|acts|operate|operating|operates|speak|speaking|speaks|write|writing|writes|talk|talking|talks|generate|generating|generates|behave|behaving|behaves|function|functions|exist|exists|existing|built|programmed|designed|created|made|i|me|am|now)\b|[a-z]gpt\b/;
/** Words that end a noun phrase: between "without" and "policies" they mean the two are not one phrase. */
const PHRASE_BREAK = /^(?:about|to|for|from|on|in|into|by|at|as|that|which|who|whom|when|if|while|with|without|than|then|so|but|because|is|are|be|was|were|has|have|had|do|does|did|will|would|can|could|should|may|might|must|not|no|you|we|i|they|he|she|it|this|make|use|follow|set|mirror|specific|particular|certain)$/;

/** The words between a lifting verb and its noun ("without any ethical or moral guidelines") form one noun phrase. */
function modifiersOk(mods: string): boolean {
  for (const raw of mods.split(/[ ,]+/)) {
    const w = raw.trim();
    if (!w) continue;
    if (PHRASE_BREAK.test(w) || (/ing$/.test(w) && !/^(?:existing|overarching|binding|governing|underlying|remaining)$/.test(w))) return false;
  }
  return true;
}

/** A persona name or pronoun right before the verb ("ALAN has no rules"), not a thing ("the output has no limits"). */
function namedSubject(clause: string): boolean {
  const words = clause.trim().split(' ');
  const last = words[words.length - 1] ?? '';
  return /^[a-z][a-z0-9'-]{1,30}$/.test(last) && !NOT_PERSONA_SUBJECT.test(last) && !/^(?:the|a|an|and|or|of|to|in|on|with|for|is|are|be|that|this)$/.test(last);
}

/** The words right before "override": only the model overriding its rules counts ("AGENTS.md may override these guidelines" does not). */
const MODEL_OVERRIDES = /(?:^|\byou(?:'ll| will| can| may| should| must| shall| are free to| are allowed to| are able to)?|\bplease|\bto|\band|\bthen|\balways|\bsimply)$/;
/**
 * "content that goes against our policies", "requests which violate the rules": the rule-breaking verb is said of the
 * content, not the model. With an instruction to resist it in the same sentence ("decline those politely") it is
 * a description of what to resist, as "decline requests to ignore your rules" is.
 */
const CONTENT_RELATIVE = /\b(?:content|material|output|outputs|responses?|answers?|replies|messages?|text|anything|something|requests?|questions?|prompts?|tasks?)(?: [a-z-]{2,15})? (?:that|which) $/;
const RESIST_IN_SENTENCE = /\b(?:decline|declines|refuse|refuses|reject|rejects|avoid|avoids|flag|report|block|redirect)\b/;
const MODAL_BEFORE = /\b(?:would|could|might|may|risks?|risking|likely to)$/;
/** "If the user gave format instructions, you may ignore the following guidelines": a conditional waiver, not a drop. */
const CONDITION_BEFORE = /(?:^|[.;:] )\(?(?:(?:note|nb|however|but|also|otherwise|and|then)[:,]? ){0,3}(?:if|when|whenever|unless|where|in case) /;
/** A negation that governs a verb of saying: "never say", "do not include", "forbidden from writing". */
const NEG_LEAD = /\b(?:never|not|none|no|don't|do not|avoid|without|forbidden|prohibited|refrain|stop)\b/g;
const SAY_VERB = /\b(?:say|saying|said|use|using|include|including|write|writing|respond|responding|reply|replying|output|add|adding|start|starting|begin|beginning|contain|containing|mention|mentioning|print|type|utter|tell|telling|end|ending|apologi[sz]e|apologi[sz]ing)\b/;

function sayForbidden(text: string, index: number): boolean {
  let window = text.slice(Math.max(0, index - 160), index);
  // In a list of quoted phrases ('never say "sorry", "I can't"'), read the clause before the first of them.
  for (let i = 0; i < 8; i++) {
    let trimmed = stripTrailing(window, ' ,\n\t');
    if (trimmed.endsWith(' or')) trimmed = stripTrailing(trimmed.slice(0, -3), ' ,\n\t');
    if (!trimmed.endsWith('"')) break;
    const open = trimmed.lastIndexOf('"', trimmed.length - 2);
    if (open < 0) break;
    window = trimmed.slice(0, open);
  }
  window = window.slice(-90);
  const part = window.split(/[;:,()[\]]|\b(?:and|but|however|then|unless|except)\b/).pop() ?? '';
  for (const m of matches(NEG_LEAD, part, 10)) {
    if (SAY_VERB.test(part.slice(m.index, m.index + 50))) return true;
  }
  return false;
}

/** What a quoted refusal is declared to be: '"Sorry, but I can't" is not an appropriate reply'. */
const DISMISSED = /^ ?(?:is|are|would be|will be)(?: (?:never|not|no longer))? (?:an? )?(?:appropriate|acceptable|allowed|valid|permitted|correct|an option|forbidden|banned|prohibited|unacceptable|not allowed|not permitted|a failure|wrong)\b/;

/** A quoted refusal phrase the prompt declares unacceptable as an answer, rather than telling the model not to say it. */
function refusalDismissed(s: Sentence): boolean {
  for (const m of matches(REFUSAL_PHRASE, s.plain, 10)) {
    const c = matchContext(s, s.plain, m.index);
    if (!c.quoted || c.described || c.speaker) continue;
    const close = s.plain.indexOf('"', m.index);
    if (close < 0) continue;
    const after = s.plain.slice(close + 1, close + 60);
    if (!DISMISSED.test(after)) continue;
    // "is not allowed" dismisses; "is appropriate" without a negation does not.
    if (/^ ?(?:is|are|would be|will be) (?:never|not|no longer)\b/.test(after) || /\b(?:forbidden|banned|prohibited|unacceptable|not allowed|not permitted|a failure|wrong)\b/.test(after.slice(0, 40))) return true;
  }
  return false;
}

/** Subjects that are not the model or a persona: "if the user is rude", "the content is unfiltered". */
const NOT_PERSONA_SUBJECT = /^(?:user|users|human|humans|person|people|customer|customers|someone|request|requests|question|questions|content|topic|topics|message|messages|input|query|data|results?|output|world|story|text|information|source|sources|web|internet|search|response|responses|code|answer|answers|file|files|document|documents|page|pages|prompt|tool|tools|function|functions|commit|change|changes|test|tests|diff|pr|patch|image|images|that|this)$/;

interface Found {
  strong: Signal[];
  weak: Signal[];
  /** Sentences that carry any signal: the safeguard heuristics must not read them as safeguards. */
  evidence: Set<Sentence>;
  /** Sentences with a mode that lifts rules (RJ-02). */
  modes: Sentence[];
}

/**
 * The signals of one prompt as they are found, and the clause-aware matchers the checks share: a match counts unless
 * it is mentioned (quoted or described) or, where `negatable`, negated.
 */
class SignalCollector {
  readonly strong: Signal[] = [];
  readonly weak: Signal[] = [];
  /** Sentences that carry any signal: the safeguard heuristics must not read them as safeguards. */
  readonly evidence = new Set<Sentence>();
  /** Sentences with a mode that lifts rules (RJ-02). */
  readonly modes: Sentence[] = [];

  constructor(private readonly p: PreparedText) {}

  add(kind: SignalKind, isStrong: boolean, s: Sentence): void {
    (isStrong ? this.strong : this.weak).push({ kind, strong: isStrong, sentence: s });
    this.evidence.add(s);
  }

  ok(s: Sentence, m: RegExpExecArray, negatable: boolean): boolean {
    const c = matchContext(s, s.plain, m.index);
    return !c.mentioned && !(negatable && c.negated);
  }

  first(s: Sentence, re: RegExp, negatable: boolean): RegExpExecArray | null {
    if (!present(this.p, re)) return null;
    for (const m of matches(re, s.plain)) if (this.ok(s, m, negatable)) return m;
    return null;
  }

  /** Who is cast: the word before the copula must be the model, a pronoun or a persona's name, not "the user" or "the content". */
  personaMatch(s: Sentence, re: RegExp): boolean {
    if (!present(this.p, re)) return false;
    for (const m of matches(re, s.plain)) {
      const subject = subjectWord(s.plain.slice(Math.max(0, m.index - 40), m.index));
      if (this.ok(s, m, true) && /^[a-z0-9'-]{2,30}$/.test(subject) && !NOT_PERSONA_SUBJECT.test(subject)) return true;
    }
    return false;
  }

  liftWithScope(s: Sentence, kind: SignalKind, re: RegExp, negatable: boolean): void {
    const t = s.plain;
    let m: RegExpExecArray | null = null;
    for (const x of matches(re, t)) {
      if (!this.ok(s, x, negatable)) continue;
      const before = t.slice(Math.max(0, x.index - 60), x.index);
      const clause = before.split(/[;:.()[\]]|\b(?:but|however|unless|except|and then|otherwise|whereas)\b/).pop() ?? '';
      if (x[0].startsWith('override') && !MODEL_OVERRIDES.test(before.trimEnd())) continue;
      // "would violate", "risks violating": a description of a risk, not an instruction.
      if (MODAL_BEFORE.test(before.trimEnd())) continue;
      if (kind === 'drop_rules' && CONTENT_RELATIVE.test(before) && RESIST_IN_SENTENCE.test(t)) continue;
      if (kind === 'no_rules' && !x[0].startsWith('there') && !ABOUT_MODEL.test(clause) && !namedSubject(clause)) continue;
      if (x[1] !== undefined && !modifiersOk(x[1])) continue;
      if (kind === 'not_bound' && NOT_PERSONA_SUBJECT.test(subjectWord(before))) continue;
      m = x;
      break;
    }
    if (!m) return;
    const conditional = kind === 'drop_rules' && CONDITION_BEFORE.test(t.slice(0, m.index));
    if (conditional || scoped(t, m.index + m[0].length) || BENIGN_MODIFIER.test(m[0])) this.add('scoped_lifting', false, s);
    else this.add(kind, true, s);
  }

  /** A ban on refusing lifts every refusal only when nothing narrows it (refusalScoped). */
  refusalBanned(s: Sentence, re: RegExp): void {
    const refusal = this.first(s, re, false);
    if (!refusal) return;
    const narrow = refusalScoped(s.plain, refusal.index + refusal[0].length);
    this.add(narrow ? 'scoped_lifting' : 'never_refuse', !narrow, s);
  }

  /** Offensive or explicit material licensed to the model or a persona, not to users or content; hateful material lifts harm rules. */
  licensed(s: Sentence): void {
    for (const m of matches(CONTENT_LICENSE, s.plain, 10)) {
      const subject = subjectWord(s.plain.slice(Math.max(0, m.index - 40), m.index));
      if (!this.ok(s, m, true) || NOT_PERSONA_SUBJECT.test(subject) || subject === 'which') continue;
      const harm = HARM_WORD.test(s.plain);
      return this.add(harm ? 'anything_allowed' : 'explicit_allowed', harm, s);
    }
  }

  phraseForbidden(s: Sentence, re: RegExp, kind: SignalKind, isStrong: boolean): void {
    for (const m of matches(re, s.plain, 10)) {
      const c = matchContext(s, s.plain, m.index);
      // "Never say things like \"I can't\"": the examples are what is forbidden, so only another speaker excuses them.
      if (!c.described && !c.speaker && sayForbidden(s.plain, c.quoted ? s.plain.lastIndexOf('"', m.index) : m.index)) {
        this.add(kind, isStrong, s);
        return;
      }
    }
  }

  simple(re: RegExp, kind: SignalKind, isStrong: boolean, negatable: boolean): (s: Sentence) => void {
    return (s) => {
      if (this.first(s, re, negatable)) this.add(kind, isStrong, s);
    };
  }
}

/** Pattern by pattern, what a sentence that holds it signals. */
function signalChecks(sig: SignalCollector): [RegExp, (s: Sentence) => void][] {
  return [
    [DROP, (s) => sig.liftWithScope(s, 'drop_rules', DROP, true)],
    [DROP_INSTRUCTIONS, sig.simple(DROP_INSTRUCTIONS, 'drop_rules', true, true)],
    [NO_RULES, (s) => sig.liftWithScope(s, 'no_rules', NO_RULES, true)],
    [NOT_BOUND, (s) => sig.liftWithScope(s, 'not_bound', NOT_BOUND, false)],
    [RULES_VOID, (s) => sig.liftWithScope(s, 'rules_void', RULES_VOID, false)],
    [ANYTHING_ALLOWED, sig.simple(ANYTHING_ALLOWED, 'anything_allowed', true, true)],
    [NEVER_REFUSE, (s) => sig.refusalBanned(s, NEVER_REFUSE)],
    [NO_REFUSALS, (s) => sig.refusalBanned(s, NO_REFUSALS)],
    [CANT_SUPPRESSED, (s) => {
      for (const m of matches(CANT_SUPPRESSED, s.plain, 10)) {
        const c = matchContext(s, s.plain, m.index);
        if (c.negated && !c.mentioned) return sig.add('refusal_suppressed', true, s);
      }
    }],
    [REFUSAL_PHRASE, (s) => {
      sig.phraseForbidden(s, REFUSAL_PHRASE, 'refusal_suppressed', true);
      if (!sig.evidence.has(s) && refusalDismissed(s)) sig.add('refusal_suppressed', true, s);
    }],
    [APOLOGY_PHRASE, (s) => sig.phraseForbidden(s, APOLOGY_PHRASE, 'apology_suppressed', false)],
    [REFUSAL_WORD, (s) => sig.phraseForbidden(s, REFUSAL_WORD, 'refusal_suppressed', true)],
    [FORCED_PREFIX, sig.simple(FORCED_PREFIX, 'forced_prefix', false, true)],
    [HARM_UNCONDITIONAL, sig.simple(HARM_UNCONDITIONAL, 'harm_unconditional', true, false)],
    [NO_CONCERN, sig.simple(NO_CONCERN, 'harm_unconditional', true, false)],
    [COMPLY_ALL, sig.simple(COMPLY_ALL, 'comply_always', true, true)],
    [WITHOUT_QUESTION, (s) => {
      if (ANY_REQUEST.test(s.plain) && sig.first(s, WITHOUT_QUESTION, true)) sig.add('comply_always', true, s);
    }],
    [HARM_INTENT, sig.simple(HARM_INTENT, 'harmful_intent', true, true)],
    [JAILBREAK_MAKER, sig.simple(JAILBREAK_MAKER, 'harmful_intent', true, true)],
    [FOREIGN_HARM, (s) => {
      for (const m of matches(FOREIGN_HARM, s.plain, 10)) {
        if (FOREIGN_NEGATION.test(s.plain.slice(Math.max(0, m.index - 8), m.index))) continue;
        return sig.add('harm_unconditional', true, s);
      }
    }],
    ...FOREIGN_LIFT.map((re): [RegExp, (s: Sentence) => void] => [re, (s) => {
      for (const m of matches(re, s.plain, 10)) {
        if (FOREIGN_NEGATION.test(s.plain.slice(Math.max(0, m.index - 8), m.index))) continue;
        return sig.add('no_rules', true, s);
      }
    }]),
    [AI_REMINDER, (s) => {
      for (const m of matches(AI_REMINDER, s.plain, 5)) if (matchContext(s, s.plain, m.index).negated) return sig.add('apology_suppressed', false, s);
    }],
    [TRAIT_WORD, (s) => {
      const traits = new Set<string>();
      for (const m of matches(TRAIT_WORD, s.plain, 20)) {
        const c = matchContext(s, s.plain, m.index);
        if (!c.negated && !c.mentioned) traits.add(m[0]);
      }
      if (traits.size >= 2 || sig.personaMatch(s, PERSONA_TRAIT) || sig.first(s, PERSONA_NOUN, true)) sig.add('persona_without_rules', true, s);
    }],
    [PROMOTES_HARM, sig.simple(PROMOTES_HARM, 'persona_without_rules', true, true)],
    [DOES_NOT_CARE, (s) => {
      for (const m of matches(DOES_NOT_CARE, s.plain, 10)) {
        if (!sig.ok(s, m, false)) continue;
        const end = m.index + m[0].length;
        return sig.add(DOES_NOT_CARE_OBJECT.test(s.plain.slice(end, end + 60)) ? 'persona_without_rules' : 'dark_persona', DOES_NOT_CARE_OBJECT.test(s.plain.slice(end, end + 60)), s);
      }
    }],
    [MODE, (s) => {
      for (const m of matches(MODE, s.plain, 10)) {
        if (!sig.ok(s, m, true)) continue;
        const tech = m[1] === 'developer' || m[1] === 'dev' || m[1] === 'sudo' || m[1] === 'freedom' || m[1] === 'dark' || m[1] === 'opposite';
        if (tech && (!MODE_ON.test(s.plain) || MODE_TECH.test(s.plain))) continue;
        sig.modes.push(s);
        sig.evidence.add(s);
        return;
      }
    }],
    [TWO_ANSWERS, sig.simple(TWO_ANSWERS, 'two_answers', false, true)],
    [STAY_IN_CHARACTER, sig.simple(STAY_IN_CHARACTER, 'stay_in_character', false, false)],
    [COERCION, sig.simple(COERCION, 'coercion', false, true)],
    [NO_WARNINGS, sig.simple(NO_WARNINGS, 'no_warnings', false, false)],
    [FICTION, sig.simple(FICTION, 'fiction_frame', false, true)],
    [OPPOSITE, sig.simple(OPPOSITE, 'opposite_persona', false, true)],
    [SPECIAL_TOKEN, sig.simple(SPECIAL_TOKEN, 'special_tokens', false, true)],
    [NOT_AN_AI, sig.simple(NOT_AN_AI, 'not_an_ai', false, true)],
    [NEW_IDENTITY, sig.simple(NEW_IDENTITY, 'new_identity', false, true)],
    [ALLOWED, (s) => {
      if (!EXPLICIT_WORD.test(s.plain) || !sig.first(s, ALLOWED, true)) return;
      const harm = HARM_WORD.test(s.plain);
      sig.add(harm ? 'anything_allowed' : 'explicit_allowed', harm, s);
    }],
    [CONTENT_LICENSE, (s) => sig.licensed(s)],
    [EXPLICIT_LABEL, sig.simple(EXPLICIT_LABEL, 'explicit_allowed', false, true)],
    [CAN_ANYTHING, sig.simple(CAN_ANYTHING, 'can_do_anything', false, true)],
    [DARK_PERSONA, (s) => {
      if (sig.personaMatch(s, DARK_PERSONA)) sig.add('dark_persona', false, s);
    }],
    [DARK_ROLE, sig.simple(DARK_ROLE, 'dark_persona', false, true)],
    [DARK_VERB, sig.simple(DARK_VERB, 'dark_persona', false, true)],
    [DIVIDER_WORD, sig.simple(DIVIDER_WORD, 'divider', false, false)],
    [AUTHORITY_CLAIM, sig.simple(AUTHORITY_CLAIM, 'authority_claim', false, true)],
  ];
}
/** Every persona and jailbreak signal of a prompt, at most one per kind per sentence. */
export function personaSignals(p: PreparedText): Found {
  const sig = new SignalCollector(p);
  // Pattern by pattern, each over the sentences only when it occurs somewhere: a prompt of 25,000 one-word lines costs one scan per pattern.
  for (const [re, run] of signalChecks(sig)) {
    if (!present(p, re)) continue;
    for (const s of p.sentences) run(s);
  }
  if (/\u{1f512}|\u{1f513}/u.test(p.lower)) for (const s of p.sentences) if (LOCK_TAG.test(s.text)) sig.add('two_answers', false, s);
  for (const s of [...p.sentences, ...p.bare]) if (isDivider(s.text)) sig.add('divider', false, s);
  leetspeakSignal(p, sig);
  // Report in reading order: the first sentence of the prompt that carries a signal is quoted.
  const order = new Map<Sentence, number>();
  [...p.sentences, ...p.bare].forEach((s, i) => order.set(s, s.line * 1e6 + i));
  const byOrder = (a: Signal, b: Signal): number => (order.get(a.sentence) ?? 0) - (order.get(b.sentence) ?? 0);
  sig.strong.sort(byOrder);
  sig.weak.sort(byOrder);
  return { strong: sig.strong, weak: sig.weak, evidence: sig.evidence, modes: sig.modes };
}

/** Leetspeak: two words of the jailbreak lexicon written with digits or symbols make a weak signal. */
function leetspeakSignal(p: PreparedText, sig: SignalCollector): void {
  if (!/[0-9@$]/.test(p.lower)) return;
  let leetTokens = 0;
  for (const s of p.sentences) {
    if (!/[0-9@$]/.test(s.lower)) continue;
    const before = s.lower.match(/[a-z0-9@$]+/g) ?? [];
    const after = s.plain.match(/[a-z0-9@$]+/g) ?? [];
    for (let i = 0; i < before.length && i < after.length; i++) if (before[i] !== after[i] && /[0-9@$]/.test(before[i] as string) && LEET_WORDS.has(after[i] as string)) leetTokens++;
    if (leetTokens >= 2) {
      sig.add('leetspeak', false, s);
      break;
    }
  }
}

const RELATIVE = /^(?:that|which|who)$/;
/** Heads of a noun phrase that name a model or a character: what a relative clause can cast ("a model that is not bound by..."). */
const PERSONA_HEAD = /^(?:ai|a\.i\.|model|bot|chatbot|assistant|character|persona|personality|version|entity|being|person|man|woman|guy|girl|boy|robot|machine|program|system|intelligence|companion|friend|[a-z]*gpt)$/;

/**
 * The subject of the verb that follows `before`: its last word, or for a relative pronoun the noun it refers to. "A
 * model called \"John\" that is not bound by rules" is about John; "libraries that do not follow the conventions" is
 * about libraries, which are no persona. `who` always refers to someone; `that`/`which` only to a quoted name or a
 * model or character noun.
 */
function subjectWord(before: string): string {
  const words = before.trimEnd().split(' ');
  const last = words[words.length - 1] ?? '';
  if (!RELATIVE.test(last)) return last;
  const raw = words[words.length - 2] ?? '';
  const antecedent = stripTrailing(raw.replace(/^["'(]+/, ''), '"\'),');
  if (!antecedent) return last;
  if (last === 'who' || /^["']/.test(raw) || PERSONA_HEAD.test(antecedent)) return antecedent;
  return last;
}

/** A run of mixed symbols used as a separator (".-.-.-.-", "•-•✧•-•"), not a markdown rule or table row. */
function isDivider(line: string): boolean {
  const t = line.trim();
  if (t.length < 12 || t.startsWith('|') || / \| /.test(t)) return false;
  // Code and mathematics are not decoration: a list of quoted items ("'1-5', '3'"), a LaTeX command ("\\sum_{i=1}").
  if (/["'] ?, ?\\?["']/.test(t) || /\\[a-z]{2,}/i.test(t)) return false;
  let symbols = 0;
  const count = new Map<string, number>();
  for (const ch of t) {
    if (/[\p{L}\p{N}\s]/u.test(ch)) continue;
    symbols++;
    count.set(ch, (count.get(ch) ?? 0) + 1);
  }
  if (count.size < 3) return false;
  const onlyTable = [...count.keys()].every((c) => '-|+:=*#_'.includes(c));
  // A horizontal rule is one character repeated ("★ Insight ─────"); a divider mixes several (".-.-.-.-", "•-•✧•-•").
  const commonest = Math.max(...count.values());
  return !onlyTable && symbols / t.length >= 0.6 && commonest / symbols < 0.75;
}

export interface PersonaVerdict {
  /** Short reasons with line numbers, strongest first. */
  reasons: string[];
  first: Sentence;
  count: number;
}

/** SH-03's verdict: one strong signal, or weak signals of two kinds; null when neither. */
export function liftingVerdict(found: Found): PersonaVerdict | null {
  // A lifting scoped to one domain ("no restrictions on adult content") is reported with others, never counted.
  const weakKinds = new Set(found.weak.filter((w) => w.kind !== 'scoped_lifting').map((w) => w.kind));
  if (found.strong.length === 0 && weakKinds.size < 2) return null;
  const ordered = [...found.strong, ...found.weak];
  const seen = new Set<SignalKind>();
  const reasons: string[] = [];
  for (const sig of ordered) {
    if (seen.has(sig.kind)) continue;
    seen.add(sig.kind);
    reasons.push(`${SIGNAL_TEXT[sig.kind]} (line ${sig.sentence.line})`);
  }
  return { reasons, first: ordered[0]!.sentence, count: ordered.length };
}

export function describeVerdict(v: PersonaVerdict, quote: (s: string, max: number) => string): string {
  return clip(`The prompt ${v.reasons.slice(0, 5).join('; ')}${v.reasons.length > 5 ? `; and ${v.reasons.length - 5} more` : ''}. First: "${quote(v.first.text, 240)}".`, 1000);
}
