// Reads a free-form agent_config (OpenAI, Anthropic, MCP or home-grown shapes) into the facts the rubric rules need.

/** What a tool can do, as far as its name (or, failing that, its description) tells. */
export type ToolClass = 'execute' | 'payment' | 'write' | 'send' | 'untrusted_input' | 'fetch' | 'customer_data';

export interface ToolInfo {
  name: string;
  /** Where the tool sits in agent_config, for line_reference. */
  path: string;
  classes: ReadonlySet<ToolClass>;
  /** The tool itself declares a confirmation/approval requirement. */
  confirmed: boolean;
}

interface ConfigEntry {
  path: string;
  /** Lower-case key with separators removed: `max_tokens`, `maxTokens` and `max-tokens` all read `maxtokens`. */
  key: string;
  value: unknown;
  depth: number;
}

export interface AgentFacts {
  present: boolean;
  tools: ToolInfo[];
  /** A config-wide approval/confirmation setting that is switched on. */
  globalConfirmation: boolean;
  stepLimit: boolean;
  outputLimit: boolean;
  memory: { path: string } | null;
  retentionRule: boolean;
  domainAllowlist: boolean;
  temperatures: { path: string; value: number }[];
  /** String values that look like credentials: path and what kind. The value itself is never kept. */
  secrets: { path: string; kind: string }[];
}

// Bounds keep a hostile config (deep nesting, huge arrays) from costing more than a few milliseconds.
const MAX_DEPTH = 8;
const MAX_NODES = 5000;
const MAX_TOOLS = 200;

const normKey = (k: string): string => k.toLowerCase().replace(/[^a-z0-9]/g, '');

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  const safe = key.length > 40 ? `${key.slice(0, 40)}…` : key;
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(safe) ? `${parent}.${safe}` : `${parent}[${JSON.stringify(safe)}]`;
}

/** Breadth-first walk of every key/value pair, bounded in depth and node count. */
function walkConfig(root: unknown, base = 'agent_config', maxDepth = MAX_DEPTH): ConfigEntry[] {
  const out: ConfigEntry[] = [];
  const queue: { value: unknown; path: string; depth: number }[] = [{ value: root, path: base, depth: 0 }];
  let seen = 0;
  for (let i = 0; i < queue.length && seen < MAX_NODES; i++) {
    const { value, path, depth } = queue[i]!;
    if (value === null || typeof value !== 'object' || depth >= maxDepth) continue;
    const pairs: [string | number, unknown][] = Array.isArray(value) ? value.map((v, idx) => [idx, v]) : Object.entries(value as Record<string, unknown>);
    for (const [k, v] of pairs) {
      if (++seen > MAX_NODES) break;
      const p = childPath(path, k);
      if (typeof k === 'string') out.push({ path: p, key: normKey(k), value: v, depth: depth + 1 });
      if (v !== null && typeof v === 'object') queue.push({ value: v, path: p, depth: depth + 1 });
    }
  }
  return out;
}

const FALSY_WORDS = new Set(['', 'false', 'no', 'off', 'none', 'never', 'disabled', 'disable', 'auto', 'automatic', '0', 'null']);

/** Whether a setting reads as "switched on". */
function isOn(v: unknown): boolean {
  if (v === true) return true;
  if (typeof v === 'number') return v > 0;
  if (typeof v === 'string') return !FALSY_WORDS.has(v.trim().toLowerCase());
  if (Array.isArray(v)) return v.length > 0;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('enabled' in o) return isOn(o.enabled);
    return Object.keys(o).length > 0;
  }
  return false;
}

const CONFIRM_KEY = /confirm|approv|humanintheloop|hitl|requiresreview|needsreview|manualreview|signoff/;
const NEGATING_KEY = /auto|skip|bypass|disable|noconfirm|yolo|dangerously/;

function isConfirmationSetting(e: ConfigEntry): boolean {
  return CONFIRM_KEY.test(e.key) && !NEGATING_KEY.test(e.key) && isOn(e.value);
}

const READ_VERBS = new Set(['get', 'list', 'read', 'search', 'fetch', 'lookup', 'find', 'query', 'view', 'show', 'check', 'describe', 'retrieve', 'load', 'browse', 'scrape', 'crawl', 'download', 'open', 'inspect', 'count', 'summarize', 'summarise']);

const OUTWARD_VERBS = new Set(['send', 'post', 'create', 'delete', 'write', 'update', 'remove', 'publish', 'reply', 'forward', 'notify', 'upload', 'insert', 'edit', 'modify', 'book', 'schedule', 'cancel', 'apply', 'push', 'commit', 'share', 'invite']);

const CLASS_WORDS: Record<ToolClass, readonly string[]> = {
  execute: ['exec', 'execute', 'shell', 'bash', 'terminal', 'command', 'cmd', 'run', 'python', 'interpreter', 'eval', 'subprocess', 'powershell', 'ssh', 'kubectl', 'computer', 'script', 'sandbox', 'jupyter', 'notebook'],
  payment: ['pay', 'payment', 'payout', 'transfer', 'refund', 'charge', 'purchase', 'buy', 'checkout', 'invoice', 'wire', 'trade', 'withdraw', 'stripe', 'paypal', 'wallet', 'order', 'subscribe', 'billing'],
  write: ['delete', 'remove', 'drop', 'destroy', 'erase', 'purge', 'truncate', 'write', 'update', 'create', 'insert', 'modify', 'edit', 'editor', 'overwrite', 'upload', 'commit', 'push', 'merge', 'deploy', 'publish', 'cancel', 'revoke', 'grant', 'patch', 'put', 'save', 'move', 'rename', 'replace', 'apply', 'book', 'schedule', 'close', 'approve', 'assign'],
  send: ['send', 'email', 'mail', 'sms', 'message', 'post', 'tweet', 'notify', 'slack', 'webhook', 'reply', 'forward', 'invite', 'share', 'text', 'whatsapp', 'telegram', 'discord'],
  untrusted_input: ['browse', 'browser', 'web', 'search', 'fetch', 'http', 'url', 'scrape', 'crawl', 'read', 'file', 'email', 'inbox', 'mail', 'document', 'pdf', 'retrieve', 'retrieval', 'rag', 'knowledge', 'slack', 'github', 'jira', 'ticket', 'download', 'page', 'website', 'rss', 'computer', 'message', 'drive', 'confluence', 'notion'],
  fetch: ['browse', 'browser', 'fetch', 'http', 'url', 'web', 'scrape', 'crawl', 'download', 'curl', 'computer', 'website', 'page'],
  customer_data: ['customer', 'account', 'user', 'crm', 'order', 'database', 'db', 'sql', 'record', 'profile', 'patient', 'client', 'contact', 'salesforce', 'hubspot', 'ledger', 'member', 'employee', 'subscriber'],
};

const WORD_CLASSES: ReadonlyMap<string, ToolClass[]> = (() => {
  const m = new Map<string, ToolClass[]>();
  for (const [cls, words] of Object.entries(CLASS_WORDS) as [ToolClass, readonly string[]][]) {
    for (const w of words) m.set(w, [...(m.get(w) ?? []), cls]);
  }
  return m;
})();

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** Words of an identifier or sentence: splits snake_case, kebab-case and camelCase. */
export function identWords(s: string): string[] {
  return s
    .slice(0, 300)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .map(stem);
}

function classify(name: string, description: string): Set<ToolClass> {
  const classes = new Set<ToolClass>();
  const fromWords = (words: string[]): void => {
    const readOnly = words.length > 0 && READ_VERBS.has(words[0]!);
    // send_email or create_page writes outward; it does not bring outside content in.
    const outward = words.length > 1 && OUTWARD_VERBS.has(words[0]!);
    for (const w of words) {
      for (const c of WORD_CLASSES.get(w) ?? []) {
        // A tool named get_email or search_orders reads; it does not send or pay.
        if (readOnly && (c === 'write' || c === 'send' || c === 'payment')) continue;
        if (outward && (c === 'untrusted_input' || c === 'fetch')) continue;
        classes.add(c);
      }
    }
  };
  fromWords(identWords(name));
  if (classes.size === 0 && description) fromWords(identWords(description));
  return classes;
}

const TOOL_LIST_KEYS = new Set(['tools', 'functions', 'actions', 'plugins', 'allowedtools', 'toolnames', 'enabledtools', 'mcpservers', 'capabilities', 'skills', 'toolset', 'toolkits']);

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function toolFrom(item: unknown, path: string, fallbackName: string): ToolInfo | null {
  if (typeof item === 'string') {
    return { name: item.slice(0, 100), path, classes: classify(item, ''), confirmed: false };
  }
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    return fallbackName ? { name: fallbackName, path, classes: classify(fallbackName, ''), confirmed: false } : null;
  }
  const o = item as Record<string, unknown>;
  const fn = o.function !== null && typeof o.function === 'object' ? (o.function as Record<string, unknown>) : {};
  const name = (str(o.name) || str(fn.name) || str(o.id) || str(o.tool) || str(o.server_label) || fallbackName || str(o.type)).slice(0, 100);
  if (!name) return null;
  const description = str(o.description) || str(fn.description);
  // Built-in tool types (code_interpreter, web_search, bash_20250124, computer_20250124) carry their nature in `type`.
  const classes = classify(`${name} ${str(o.type)}`, description);
  const confirmed = walkConfig(o, path, 3).some(isConfirmationSetting);
  return { name, path, classes, confirmed };
}

function collectTools(entries: ConfigEntry[]): ToolInfo[] {
  const tools: ToolInfo[] = [];
  for (const e of entries) {
    if (e.depth > 3 || !TOOL_LIST_KEYS.has(e.key) || e.value === null || typeof e.value !== 'object') continue;
    if (Array.isArray(e.value)) {
      e.value.forEach((item, i) => {
        const t = toolFrom(item, `${e.path}[${i}]`, '');
        if (t) tools.push(t);
      });
    } else {
      for (const [k, v] of Object.entries(e.value as Record<string, unknown>)) {
        // A map of name -> config; `{web_search: false}` switches a tool off.
        if (v === false) continue;
        const t = toolFrom(v, childPath(e.path, k), k);
        if (t) tools.push(t);
      }
    }
    if (tools.length >= MAX_TOOLS) break;
  }
  return tools.slice(0, MAX_TOOLS);
}

const STEP_LIMIT_KEY = /maxsteps|maxiter|maxturns|maxtoolcalls|maxcalls|maxactions|maxloops|recursionlimit|steplimit|iterationlimit|budget|maxcost|maxspend|spendlimit|costlimit|timeout|maxruntime|maxduration|timelimit|maxexecutiontime|ratelimit|maxrounds|maxroundtrips|maxrequests/;
const OUTPUT_LIMIT_KEY = /^(?:maxtokens|maxoutputtokens|maxcompletiontokens|numpredict|maxnewtokens|maxlength|maxoutputlength|maxresponsetokens|maxtokenstosample|maxoutputchars)$/;
const MEMORY_KEY = /memory|memories|^persistence$|^longterm$|^remember$|^persist$/;
const RETENTION_KEY = /retention|ttl|expir|maxage|deleteafter|purge|pii|redact|forget|lifetime|keepfor/;
const ALLOWLIST_KEY = /alloweddomain|allowlist|whitelist|allowedurl|allowedhost|blockeddomain|denylist|blocklist|domainfilter|allowedsite|^domains$|^filters$/;

/** Strong credential formats: the prefix alone identifies the kind. */
export const SECRET_FORMATS: readonly { kind: string; re: RegExp }[] = [
  { kind: 'API key (sk-...)', re: /\bsk-(?:ant-|proj-|live-|test-|or-)?[A-Za-z0-9_-]{20,}/ },
  { kind: 'AWS access key id', re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { kind: 'GitHub token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})/ },
  { kind: 'Slack token', re: /\bxox[abprs]-[A-Za-z0-9-]{10,}/ },
  { kind: 'Google API key', re: /\bAIza[0-9A-Za-z_-]{35}/ },
  { kind: 'Stripe key', re: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}/ },
  { kind: 'private key', re: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY-----/ },
  // The left boundary excludes the token's own characters, so a long run of them is scanned once, not from every offset.
  { kind: 'JSON Web Token', re: /(?:^|[^A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/ },
  { kind: 'URL with an embedded password', re: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:@/]{1,100}:[^\s@/]{1,100}@[^\s@]/i },
];

const SECRET_KEY = /^(?:apikey|secret|secretkey|clientsecret|accesstoken|authtoken|token|password|passwd|pwd|privatekey|accesskey|bearertoken|apitoken)$/;
/** Values that stand for a secret rather than being one: placeholders and environment references. */
export const PLACEHOLDER = /^(?:<|\{|\$|\[|%|env:|process\.env|os\.environ|your|my|the|xxx|\*{3,}|example|placeholder|redacted|changeme|none|null|undefined|required|optional|provided|stored|hidden|secret|todo|tbd)/i;

/** Whether a value that a key calls a secret plausibly is one (mixed characters, not a placeholder). */
export function looksLikeSecretValue(v: string): boolean {
  if (v.length < 8 || v.length > 500 || PLACEHOLDER.test(v) || /\s/.test(v)) return false;
  if (/^(.)\1+$/.test(v)) return false;
  return /\d/.test(v) || /[^A-Za-z0-9]/.test(v) || (/[a-z]/.test(v) && /[A-Z]/.test(v));
}

/** Every fact the rules read from agent_config; an absent config gives `present: false` and empty facts. */
export function scanAgentConfig(config: Record<string, unknown> | undefined): AgentFacts {
  const facts: AgentFacts = {
    present: config !== undefined,
    tools: [],
    globalConfirmation: false,
    stepLimit: false,
    outputLimit: false,
    memory: null,
    retentionRule: false,
    domainAllowlist: false,
    temperatures: [],
    secrets: [],
  };
  if (config === undefined) return facts;
  const entries = walkConfig(config);
  facts.tools = collectTools(entries);
  const inTools = (path: string): boolean => facts.tools.some((t) => path.startsWith(t.path));
  for (const e of entries) {
    if (e.depth <= 3 && isConfirmationSetting(e) && !inTools(e.path)) facts.globalConfirmation = true;
    if (STEP_LIMIT_KEY.test(e.key) && isOn(e.value)) facts.stepLimit = true;
    if (OUTPUT_LIMIT_KEY.test(e.key) && isOn(e.value)) facts.outputLimit = true;
    if (RETENTION_KEY.test(e.key) && e.value !== false && e.value !== null) facts.retentionRule = true;
    if (ALLOWLIST_KEY.test(e.key) && isOn(e.value)) facts.domainAllowlist = true;
    if (facts.memory === null && e.depth <= 3 && MEMORY_KEY.test(e.key) && !RETENTION_KEY.test(e.key) && isOn(e.value)) facts.memory = { path: e.path };
    if (e.key === 'temperature' && typeof e.value === 'number' && Number.isFinite(e.value)) facts.temperatures.push({ path: e.path, value: e.value });
    if (typeof e.value === 'string' && facts.secrets.length < 10) {
      const v = e.value.slice(0, 2000);
      const strong = SECRET_FORMATS.find((f) => f.re.test(v));
      if (strong) facts.secrets.push({ path: e.path, kind: strong.kind });
      else if (SECRET_KEY.test(e.key) && looksLikeSecretValue(v)) facts.secrets.push({ path: e.path, kind: 'credential value' });
    }
  }
  return facts;
}
