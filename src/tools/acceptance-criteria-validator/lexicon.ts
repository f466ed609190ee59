// Word lists behind the criterion checks: vague terms (requirements-smell literature), outcome verbs, failure-case words.

/** Where a vague-term category comes from; the README expands these. */
export type VagueCategory =
  | 'subjective'
  | 'vague_modifier'
  | 'quality_without_threshold'
  | 'loophole'
  | 'open_ended'
  | 'superlative'
  | 'comparative'
  | 'incomplete'
  | 'weak_phrase'
  | 'option'
  | 'vague_quantifier'
  | 'vague_pronoun';

export interface VagueEntry {
  /** Lower-case phrase; `*` stands for exactly one word. */
  phrase: string;
  category: VagueCategory;
  /** Only used under `strictness: strict`. */
  strict: boolean;
}

/** Short citation per category, shown in the README and in problem details. */
export const CATEGORY_SOURCE: Readonly<Record<VagueCategory, string>> = {
  subjective: 'subjective language (Femmer et al. 2017; ISO/IEC/IEEE 29148:2018 5.2.7)',
  vague_modifier: 'ambiguous adverb or adjective (Femmer et al. 2017; Wiegers & Beatty 2013)',
  quality_without_threshold: 'quality asked for without a measurable threshold (ISO/IEC/IEEE 29148:2018 5.2.5)',
  loophole: 'loophole (Femmer et al. 2017; ISO/IEC/IEEE 29148:2018 5.2.7)',
  open_ended: 'open-ended, non-verifiable term (Femmer et al. 2017; ISO/IEC/IEEE 29148:2018 5.2.7)',
  superlative: 'superlative (Femmer et al. 2017; ISO/IEC/IEEE 29148:2018 5.2.7)',
  comparative: 'comparative without a baseline (Femmer et al. 2017; ISO/IEC/IEEE 29148:2018 5.2.7)',
  incomplete: 'incomplete or to-be-decided content (NASA ARM, Wilson et al. 1997; ISO/IEC/IEEE 29148:2018)',
  weak_phrase: 'weak phrase (NASA ARM, Wilson et al. 1997)',
  option: 'option word that leaves the behaviour optional (NASA ARM, Wilson et al. 1997)',
  vague_quantifier: 'imprecise quantity (Berry, Kamsties & Krieger 2003; Wiegers & Beatty 2013)',
  vague_pronoun: 'vague pronoun without an antecedent (Femmer et al. 2017)',
};

function entries(category: VagueCategory, strict: boolean, phrases: string): VagueEntry[] {
  return phrases
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((phrase) => ({ phrase, category, strict }));
}

/**
 * The lexicon. Normal mode keeps terms that are vague in almost every acceptance criterion; strict mode adds
 * terms that are vague in most criteria but sometimes precise ("support", "some", "may", "secure").
 */
export const VAGUE_LEXICON: readonly VagueEntry[] = [
  ...entries(
    'subjective',
    false,
    'user-friendly|user friendly|easy|easily|easy to use|intuitive|intuitively|nice|good|beautiful|attractive|pleasant|elegant|' +
      'convenient|conveniently|straightforward|seamless|seamlessly|smooth|smoothly|look fine|looks fine|look good|looks good|' +
      'works fine|work fine|fine|modern|sleek|clean look|clean and|friendly',
  ),
  ...entries(
    'vague_modifier',
    false,
    'adequate|adequately|appropriate|appropriately|reasonable|reasonably|sufficient|sufficiently|acceptable|acceptably|' +
      'robust|flexible|properly|correctly|as expected|works as expected|ideally|graceful|gracefully|significant|significantly|minimal|' +
      'negligible|sensible|sensibly|proper',
  ),
  ...entries(
    'quality_without_threshold',
    false,
    'fast|quick|quickly|rapid|rapidly|speedy|performant|efficient|efficiently|effective|effectively|instant|instantly|' +
      'scalable|high performance|high-performance|low latency|low-latency|lightweight|responsive|securely|safely',
  ),
  ...entries(
    'loophole',
    false,
    'if possible|where possible|when possible|whenever possible|as appropriate|where appropriate|if appropriate|when appropriate|' +
      'where applicable|if applicable|as applicable|as needed|if needed|when needed|where needed|as necessary|if necessary|' +
      'when necessary|where necessary|as much as possible|as far as possible|to the extent possible|if practical|where practical|' +
      'if feasible|where feasible|as * as possible|as soon as possible|asap|as required',
  ),
  ...entries(
    'open_ended',
    false,
    'etc|and so on|and so forth|but not limited to|including but not limited to|among others|or similar|and similar|' +
      'and the like|and more|as a minimum|at a minimum',
  ),
  ...entries(
    'superlative',
    false,
    'best|fastest|quickest|easiest|simplest|cheapest|optimal|optimally|optimum|perfect|perfectly|ultimate|state-of-the-art|' +
      'world-class|most efficient|most intuitive|most convenient|most appropriate|most effective',
  ),
  ...entries(
    'comparative',
    false,
    'better|faster|quicker|easier|simpler|smoother|improved|enhanced|more efficient|more intuitive|more robust|' +
      'more user-friendly|more convenient|more responsive|more reliable|less error-prone|less cluttered',
  ),
  // "It should work on mobile": working is the claim itself, with nothing said about what an observer would see.
  ...entries('weak_phrase', false, 'should work|must work|will work|shall work|has to work|needs to work|need to work|should function|must function|works on|work on'),
  ...entries('incomplete', false, 'tbd|tbc|tbs|tbr|todo|to be determined|to be decided|to be defined|to be confirmed|not yet defined|fixme'),
  // Strict mode widens the net with terms that are usually, not always, vague.
  ...entries(
    'weak_phrase',
    true,
    'be able to|able to|be capable of|capable of|capability to|capability of|provide for|support|supports|supported|' +
      'handle|handles|handled|deal with|take care of|similar|similarly|relevant|meaningful|suitable|standard|consistent|' +
      'consistently|clear|clearly|normal|normally|usual|usually|typical|typically|generally|successfully|accurately|accurate|' +
      'secure|reliable|reliably|stable|available|transparent|transparently|immediately|promptly|timely|soon|' +
      'real-time|real time|regularly|periodically|frequently|often|sometimes|occasionally|simple|simply|clean',
  ),
  ...entries('option', true, 'may|might|could|optionally|optional|possibly|probably|perhaps|maybe|preferably|if desired'),
  ...entries(
    'vague_quantifier',
    true,
    'some|several|many|few|a few|various|numerous|multiple|a lot|lots of|most|large|small|huge|tiny|big|high|low|long|short|' +
      'a number of|a couple of|enough|almost|nearly|approximately|roughly',
  ),
  ...entries(
    'comparative',
    true,
    'more|less|fewer|higher|lower|greater|smaller|larger|bigger|shorter|longer|reduced|increased|minimize|minimise|maximize|maximise|optimize|optimise',
  ),
];

/** Words that make a comparative or a performance quality measurable (a baseline or a number is also enough). */
export const BASELINE_WORDS: ReadonlySet<string> = new Set(['than', 'compared', 'relative', 'baseline', 'versus', 'vs']);

/** Modals and finite auxiliaries: their presence means the criterion states a claim about behaviour or state. */
export const CLAIM_WORDS: ReadonlySet<string> = new Set([
  'should', 'must', 'shall', 'will', 'would', 'can', 'cannot', "can't", "won't", "shouldn't", "mustn't", 'may', 'is', 'are',
  'was', 'were', 'be', 'been', 'becomes', 'become', 'has', 'have', 'does', "doesn't", "isn't", "aren't", 'gets', 'get', 'got',
  'remains', 'stays', 'exists', 'need', 'needs', 'ensure', 'ensures', 'verify', 'verifies', 'confirm', 'confirms', 'check',
  'checks', 'lets', 'allows', 'allow', 'enables', 'prevents', 'see', 'sees',
]);

/**
 * Third-person and participle forms of verbs that name an observable effect: a message shown, a record stored,
 * a response returned, an email sent. Their presence, with no modal, still states an outcome ("The API returns 404").
 */
export const OUTCOME_WORDS: ReadonlySet<string> = new Set(
  (
    'displays displayed shows shown appears appeared visible invisible hidden hides highlighted renders rendered lists listed ' +
    'returns returned responds response responses redirects redirected navigates navigated opens opened closes closed loads loaded ' +
    'saves saved stores stored persists persisted records recorded logs logged writes written creates created deletes deleted ' +
    'removes removed updates updated changes changed adds added contains includes included equals matches matched sends sent ' +
    'receives received notifies notified notification notifications alerts alerted prompts prompted warns warned message messages ' +
    'email emails error errors rejects rejected accepts accepted blocks blocked denied fails failed succeeds succeeded completes ' +
    'completed publishes published assigns assigned charges charged refunds refunded increments incremented decrements decremented ' +
    'resets reset expires expired archives archived sorted ordered filtered enabled disabled checked unchecked selected locked ' +
    'unlocked downloads downloaded exports exported imports imported generates generated produces produced uploads uploaded ' +
    'prints printed triggers triggered emits emitted runs starts started stops stopped connects connected works status ' +
    'toast banner dialog popup tooltip confirmation refreshes refreshed reflects reflected behaves propagates propagated'
  ).split(/\s+/),
);

/**
 * Plural present forms of outcome verbs ("The agents include ...", "Both lists show ..."): a claim when a subject
 * precedes them; at the start of a criterion they read as an imperative instead.
 */
export const OUTCOME_BASE_FORMS: ReadonlySet<string> = new Set(
  (
    'include contain show display appear return respond redirect receive match equal work run load open close remain exist ' +
    'look refresh list save store send become stay fail succeed reflect persist render navigate reject accept behave connect ' +
    'start stop appear disappear'
  ).split(/\s+/),
);

/**
 * Imperative verbs that open a work item rather than an outcome ("Implement the API", "Test with polls"): a
 * criterion that starts with one states a task, not what an observer would see.
 */
export const TASK_VERBS: ReadonlySet<string> = new Set(
  (
    'implement create add build develop investigate research discuss refactor fix write document define review evaluate ' +
    'analyse analyze design spike migrate setup set configure do make test use update upgrade remove delete rename move ' +
    'prepare plan explore look try consider think figure decide talk meet ask follow'
  ).split(/\s+/),
);

/** Verbs after which a task opener still states an outcome ("make sure that", "check that"). */
export const OUTCOME_INTRODUCERS: ReadonlySet<string> = new Set(['sure', 'certain', 'that']);

/** Words that open a condition (EARS: When, While, Where, If; plus Gherkin's Given). */
export const CONDITION_WORDS: ReadonlySet<string> = new Set([
  'when', 'whenever', 'if', 'once', 'after', 'before', 'upon', 'given', 'while', 'unless', 'until', 'where',
]);

/** Single words that mark a failure, edge or negative case (invalid input, empty state, permission denied, timeout). */
export const NEGATIVE_CASE_WORDS: ReadonlySet<string> = new Set(
  (
    'invalid incorrect wrong error errors erroneous fail fails failed failure failures failing denied deny denies reject rejects ' +
    'rejected rejection unauthorized unauthorised unauthenticated forbidden expired expire expires expiry timeout timeouts ' +
    'empty blank missing null none zero exceed exceeds exceeded exceeding limit limits maximum minimum max min duplicate ' +
    'duplicates duplicated conflict conflicts unavailable offline disconnected corrupt corrupted malformed cancel cancels ' +
    'cancelled canceled abort aborted locked lockout retry retries edge boundary negative warning warnings cannot unable ' +
    'prevent prevents prevented restricted unsupported unknown nonexistent non-existent insufficient overflow outage ' +
    'not never without unsuccessful mismatch mismatched deprecated'
  ).split(/\s+/),
);

/**
 * Base forms of verbs that name something a person or the system does (AQUSA's "means": a verb with its
 * object). Two of them coordinated under one subject ("register and log in", "upload a photo and crop it")
 * are two behaviours.
 */
export const ACTION_VERBS: ReadonlySet<string> = new Set(
  (
    'access add approve archive assign attach authenticate authorize block book browse buy calculate cancel change check checkout ' +
    'choose clear click close collapse comment compare configure confirm connect copy create crop cut deactivate activate decline ' +
    'delete deny deploy disable disconnect dismiss display download drag drop duplicate edit email enable enter expand export fill ' +
    'filter find follow forward generate hide import install invite join leave like link list load lock log login logout manage mark ' +
    'merge modify move navigate notify open order pause paste pay play post preview print publish purchase rate read receive ' +
    'record refresh register reject reload remove rename reorder reply report request reserve reset resize restore resume retry ' +
    'return review rotate save scan schedule search see select send set share sign sort start stop submit subscribe suspend sync ' +
    'tag track transfer translate type undo unfollow unlink unlock unsubscribe update upload validate verify view vote watch withdraw write zoom'
  ).split(/\s+/),
);

/**
 * Action verbs that are as often nouns ("their name and email", "the order and report list"). At the start of a
 * later coordinated part they count as a verb only when a determiner, pronoun or particle follows ("email it",
 * "log in") or when the first verb stood alone before the conjunction ("search and view results").
 */
export const NOUN_LIKE_VERBS: ReadonlySet<string> = new Set(
  'access book change check comment copy display drag drop email export filter import like list load lock log order post print rate record report request return review scan search set share sign sort tag track transfer type update view vote watch'.split(/\s+/),
);

/** Nouns that name a user action or a feature ("login, logout and password reset"). */
export const ACTION_NOUNS: ReadonlySet<string> = new Set(
  (
    'login logout signup registration authentication upload uploads download downloads export exports import imports search checkout ' +
    'payment payments reset deletion creation cancellation refund refunds booking bookings approval archiving backup backups restore ' +
    'sync synchronisation synchronization subscription subscriptions notification notifications sharing printing editing filtering ' +
    'sorting tagging commenting messaging'
  ).split(/\s+/),
);

/** Verbs that introduce a list of features ("supports login, logout and password reset"). */
export const FEATURE_VERBS: ReadonlySet<string> = new Set(['support', 'supports', 'provide', 'provides', 'offer', 'offers', 'allow', 'allows', 'enable', 'enables', 'handle', 'handles']);

/** Subjects that act: a person or role doing something is a behaviour; the system's outcomes are listed as results. */
export const ACTOR_WORDS: ReadonlySet<string> = new Set(
  (
    'i we you they he she user users customer customers admin admins administrator administrators visitor visitors member members ' +
    'guest guests buyer buyers seller sellers owner owners manager managers employee employees student students teacher teachers ' +
    'player players reader readers author authors editor editors reviewer reviewers operator operators agent agents developer ' +
    'developers patient patients shopper shoppers subscriber subscribers'
  ).split(/\s+/),
);
