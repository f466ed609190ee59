// Keyword signals for bug triage: severity cues by the trackers' own levels, and category cues.

export type Category = 'security' | 'data' | 'crash' | 'performance' | 'integration' | 'ui' | 'docs' | 'other';

/** Categories in the order they are tried: the first with a matching cue wins (SPEC: first keyword match). */
export const CATEGORY_ORDER: readonly Category[] = ['security', 'data', 'crash', 'performance', 'integration', 'ui', 'docs'];

/**
 * The level a cue is evidence for, in the words of the trackers' severity definitions (Bugzilla; Jira's default
 * priorities say the same):
 * - `critical`: "blocks development and/or testing work" (blocker), "crashes, loss of data, severe memory leak"
 *   (critical); hangs go with crashes, and security holes and data exposure with them (the service's contract);
 * - `major`: "major loss of function";
 * - `minor`: "minor loss of function, or other problem where easy workaround is present" (minor), "cosmetic
 *   problem like misspelled words or misaligned text" (trivial), "request for enhancement" (enhancement).
 */
export type CueLevel = 'critical' | 'major' | 'minor';

/**
 * Cue families. The first nine restate the definitions above and always apply. The others are readings that
 * go beyond them; each ships only if it holds on every source of the labelled bench when the others are held
 * out (`npx tsx bench/agile-triage.ts`, README "Measured").
 */
export type CueGroup =
  | 'crash'
  | 'hang'
  | 'data_loss'
  | 'memory'
  | 'security'
  | 'blocker'
  | 'loss_of_function'
  | 'cosmetic'
  | 'minor_words'
  | 'request'
  | 'docs'
  | 'test_only'
  | 'hygiene'
  | 'regression'
  | 'broad_impact'
  | 'dependency_bump';

/** The groups that restate a published definition. */
export const DEFINITION_GROUPS: readonly CueGroup[] = ['crash', 'hang', 'data_loss', 'memory', 'security', 'blocker', 'loss_of_function', 'cosmetic', 'minor_words'];

/** The groups beyond the definitions, each measured on its own (bench/agile-triage.ts). */
export const CANDIDATE_GROUPS: readonly CueGroup[] = ['request', 'docs', 'test_only', 'hygiene', 'regression', 'broad_impact', 'dependency_bump'];

/**
 * A severity cue: a word sequence matched on inflection-free forms (`=word` matches only that spelling or its
 * plural). `negatable`: ignored after "not", "no", "never", "without" or "nor" in the same clause ("does not
 * crash", "no data loss").
 */
export interface SeverityCue {
  phrase: string;
  level: CueLevel;
  group: CueGroup;
  negatable?: boolean;
}

function cues(level: CueLevel, group: CueGroup, phrases: string, negatable = false): SeverityCue[] {
  return phrases
    .split('|')
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((phrase) => (negatable ? { phrase, level, group, negatable } : { phrase, level, group }));
}

export const SEVERITY_CUES: readonly SeverityCue[] = [
  // Bugzilla critical: "crashes".
  ...cues('critical', 'crash', 'crash|crashes|segfault|segmentation fault|core dump|kernel panic|sigsegv|access violation|blue screen', true),
  ...cues('critical', 'crash', 'stack overflow|stackoverflow|stackoverflowerror|closes unexpectedly|quits unexpectedly|terminates unexpectedly|exits unexpectedly|shuts down unexpectedly|abnormal termination|fatal error', true),
  // Hangs are the other half of "crash/hang" in every tracker's triage guide: the program stops serving its user.
  ...cues('critical', 'hang', 'hang|freeze|frozen|froze|not responding|stops responding|unresponsive|deadlock|livelock|infinite loop|endless loop', true),
  // Bugzilla critical: "loss of data".
  ...cues('critical', 'data_loss', 'data loss|loss of data|lose data|lost data|data lost|data is lost|data was lost|lose work|lost work|lose changes|lost changes|unsaved changes are lost', true),
  ...cues('critical', 'data_loss', 'corrupt|corrupts|corrupted|corruption|unrecoverable|irrecoverable|wiped|wipes|deletes all|silently drops|silently discards|silently deletes', true),
  // Bugzilla critical: "severe memory leak"; running out of memory ends the process like a crash.
  ...cues('critical', 'memory', 'out of memory|oom|outofmemoryerror|java heap space|severe memory leak|memory exhaustion', true),
  ...cues('major', 'memory', 'memory leak|leaks memory|leaking memory', true),
  // Security and data exposure (OWASP Top 10 classes and CWE names): the service's contract puts them first.
  ...cues(
    'critical',
    'security',
    'vulnerability|vulnerable|exploit|exploitable|cve|xss|cross site scripting|csrf|cross site request forgery|sql injection|command injection|code injection|' +
      'ldap injection|remote code execution|rce|arbitrary code|privilege escalation|elevation of privilege|authentication bypass|auth bypass|' +
      'authorization bypass|unauthorized access|unauthorised access|path traversal|directory traversal|ssrf|xxe|unsafe deserialization|' +
      'insecure deserialization|open redirect|session fixation|session hijacking|information disclosure|information leak|data exposure|data leak|' +
      'data breach|exposes data|exposes personal|exposes sensitive|leaks data|leaks personal|leaks sensitive|leaks password|leaks credentials|' +
      'password leak|credential leak|credentials leak|token leak|plaintext password|password in plain text|passwords in plain text|' +
      'password in clear text|in plain text|in plaintext|in clear text|in cleartext|idor|insecure direct object reference|broken access control|cross tenant|tenant isolation|' +
      'denial of service|security hole|security issue|security flaw|security bug|malicious',
    true,
  ),
  // Blocker: "blocks development and/or testing work" and Jira's "production could not run".
  ...cues(
    'critical',
    'blocker',
    'blocker|showstopper|show stopper|release blocker|outage|production down|service down|site down|system down|cluster down|' +
      'production is down|blocks development|blocks testing|blocks the release|blocking the release|can not start|fails to start|' +
      'does not start|will not start|can not launch|fails to launch|does not launch|will not launch|build broken|broken build|' +
      'breaks the build|breaks build|build failure|build fails|fails to build|can not build|does not build|fails to compile|does not compile|' +
      'compilation error|compile error',
  ),
  // Major: "major loss of function". The title shape (a core action that cannot be done) is read in the engine.
  ...cues(
    'major',
    'loss_of_function',
    'unusable|not usable|no longer works|no longer work|stopped working|stops working|does not work|do not work|is not working|' +
      'are not working|not working|not functional|non functional|broken|no workaround|no known workaround|without a workaround|without workaround|' +
      'there is no way to|impossible to',
    true,
  ),
  // Trivial: "cosmetic problem like misspelled words or misaligned text".
  ...cues(
    'minor',
    'cosmetic',
    'typo|typos|misspelled|misspelt|misspelling|=spelling|spelling mistake|spelling error|=grammar|grammatical|=wording|capitalization|' +
      'capitalisation|punctuation|cosmetic|misaligned|misalignment|alignment|not aligned|truncated label|look and feel|tooltip|=padding|' +
      'whitespace|indentation',
  ),
  // Minor: "minor loss of function, or other problem where easy workaround is present"; the reporter's own word.
  ...cues('minor', 'minor_words', 'minor|trivial|easy workaround|simple workaround|workaround is|workaround exists|work around it|nice to have|would be nice'),
  // Enhancement: "request for enhancement". The title shape ("Add ...", "Support ...") is read in the engine.
  ...cues('minor', 'request', 'enhancement|feature request|rfe|please add|it would be|would like|should support|add support|add option|make configurable|configurable'),
  // A documentation-only defect: nothing the product does is wrong.
  ...cues('minor', 'docs', 'javadoc|documentation|readme|changelog|release notes|=docs|doc fix|man page'),
  // A failure confined to the test suite reaches no user (the test-name shape is read in the engine).
  ...cues('minor', 'test_only', 'flaky|flakey|flaky test|test failure|test fails|failing test|tests fail|unit test|intermittent test'),
  // Code hygiene: no behaviour a user sees changes.
  ...cues(
    'minor',
    'hygiene',
    'unused|dead code|cleanup|clean up|refactor|refactoring|checkstyle|spotbugs|findbugs|lint|code style|deprecated|deprecation|rename|renaming|' +
      'log level|log message|debug log|=logging|=warning',
  ),
  // A regression takes away a function that worked: the loss of function is proven.
  ...cues('major', 'regression', 'regression|regressed|used to work|after upgrading|since upgrading|after the upgrade|worked before|worked in'),
  // Breadth: the defect reaches every user or production (Mozilla's S1 counts the share of users affected).
  ...cues('major', 'broad_impact', 'all users|every user|all customers|every customer|for everyone|in production|entire cluster|whole cluster'),
];

/** Category cues, tried in CATEGORY_ORDER. */
export const CATEGORY_CUES: Readonly<Record<Exclude<Category, 'other'>, readonly string[]>> = {
  security: [
    'security', 'vulnerability', 'vulnerable', 'cve', 'exploit', 'xss', 'cross site scripting', 'csrf', 'injection',
    'remote code execution', 'arbitrary code', 'privilege escalation', 'bypass', 'unauthorized', 'unauthorised',
    'malicious', 'insecure', 'authentication', 'authorization', 'permission', 'password', 'credential', 'credentials',
    'auth', 'kerberos', 'ssl', 'tls', 'certificate', 'encryption', 'encrypt', 'secret', 'denial of service', 'sast',
    'hostname verification', 'access control', 'path traversal', 'directory traversal', 'ssrf', 'xxe',
    'deserialization', 'open redirect', 'session fixation', 'information disclosure', 'information leak', 'token leak',
    'data exposure', 'data leak', 'data breach', 'idor', 'cross tenant', 'tenant isolation', 'privacy',
  ],
  data: [
    'data loss', 'loss of data', 'lose data', 'lost data', 'data lost', 'corrupt', 'corruption', 'data correctness',
    'wrong result', 'incorrect result', 'wrong data', 'incorrect data', 'duplicate records', 'duplicating records',
    'wrong total', 'wrong value', 'wrong amount', 'incorrect value', 'incorrect total', 'miscalculated', 'calculation',
    'lost', 'truncated', 'database', 'records', 'data', 'saved', 'saving', 'save', 'wiped', 'unrecoverable',
    'silently drops', 'silently discards', 'deletes all',
  ],
  crash: [
    'crash', 'segfault', 'segmentation fault', 'core dump', 'hang', 'freeze', 'frozen', 'not responding',
    'stops responding', 'unresponsive', 'out of memory', 'oom', 'outofmemoryerror', 'stack overflow',
    'stackoverflowerror', 'fatal', 'deadlock', 'abort', 'closes unexpectedly', 'quits unexpectedly',
    'application is closed', 'npe', 'nullpointerexception', 'null pointer', 'exception', 'infinite loop', 'endless loop',
    'livelock', 'kernel panic', 'sigsegv', 'access violation', 'java heap space', 'terminates unexpectedly',
  ],
  performance: [
    'slow', 'slowly', 'slowness', 'performance', 'latency', 'takes too long', 'too long', 'throughput', 'cpu',
    'memory usage', 'memory leak', 'high memory', 'lag', 'sluggish', 'response time', 'speed', 'exponential',
    'bottleneck', 'overhead', 'throttling', 'scalability',
  ],
  integration: [
    'api', 'sdk', 'client', 'server', 'http', 'https', 'rest', 'endpoint', 'network', 'connection', 'connect',
    'host', 'proxy', 'dns', 'third party', 'plugin', 'integration', 'webhook', 'protocol', 'import', 'export',
    'compatibility', 'compatible', 'interoperability', 'dependency', 'dependencies', 'upgrade', 'library', 'driver',
    'jenkins', 'maven', 'build', 'docker', 'cloud', 'storage', 'timeout', 'times out',
  ],
  ui: [
    'ui', 'gui', 'button', 'dialog', 'window', 'menu', 'toolbar', 'layout', 'display', 'displayed', 'screen',
    'icon', 'font', 'color', 'colour', 'label', 'tooltip', 'click', 'render', 'rendering', 'scroll', 'panel', 'tab',
    'cursor', 'caret', 'theme', 'keyboard', 'shortcut', 'drag', 'drop', 'dropdown', 'listbox', 'checkbox',
    'alignment', 'misaligned', 'padding', 'view', 'page', 'explorer', 'navigator', 'wizard', 'outline', 'mouse',
  ],
  docs: [
    'documentation', 'javadoc', 'readme', 'typo', 'typos', 'spelling', 'misspelled', 'misspelling',
    'grammar', 'wording', 'manual', 'tutorial', 'comment', 'comments', 'release notes', 'changelog', 'wiki',
    'guide', 'translation', 'md',
  ],
};
