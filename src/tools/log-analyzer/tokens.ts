// Message tokenisation and variable masking: each token keeps its raw text and a "skeleton" whose variable runs are masked.
import { ALNUM, CHAR_CLASS, CLOSE_WRAP, DIGIT, HEX_DIGIT, MASK_CHAR, NEEDS_WORK, OPEN_WRAP, SPACE } from './chars.ts';
import { isCalendarWordAt, matchTimestamp } from './timestamps.ts';

/**
 * Mask characters inside skeletons. They are control characters, so they cannot collide with message text
 * (control characters in the input are replaced before tokenising).
 */
export const MASK = {
  num: '\ue001',
  qty: '\ue002',
  date: '\ue003',
  ip: '\ue004',
  uuid: '\ue005',
  hex: '\ue006',
  blob: '\ue007',
  path: '\ue008',
  host: '\ue009',
  quoted: '\ue00a',
  name: '\ue00b',
} as const;

/** Placeholder shown in signatures for each mask. */
export const PLACEHOLDER: Record<string, string> = {
  [MASK.num]: '<NUM>',
  [MASK.qty]: '<NUM>',
  [MASK.date]: '<DATE>',
  [MASK.ip]: '<IP>',
  [MASK.uuid]: '<UUID>',
  [MASK.hex]: '<HEX>',
  [MASK.blob]: '<*>',
  [MASK.path]: '<PATH>',
  [MASK.host]: '<HOST>',
  [MASK.quoted]: '<*>',
  [MASK.name]: '<*>',
};

const UUID_CODE = MASK.uuid.charCodeAt(0);
const IP_CODE = MASK.ip.charCodeAt(0);
const HEX_CODE = MASK.hex.charCodeAt(0);

/** Is this UTF-16 code unit one of the mask characters? */
export function isMaskCode(c: number): boolean {
  return c >= 0xe001 && c <= 0xe00b;
}

export interface Tokens {
  raw: string[];
  skel: string[];
}

const MAX_TOKENS = 200;
const MAX_TOKEN_LENGTH = 160;

// Units that turn "18.4 KB" or "900 seconds" into one quantity: the amount varies, the phrase does not.
const UNITS = new Set([
  'b', 'kb', 'mb', 'gb', 'tb', 'kib', 'mib', 'gib', 'byte', 'bytes',
  'ns', 'us', 'µs', 'ms', 's', 'sec', 'secs', 'second', 'seconds', 'min', 'mins', 'minute', 'minutes',
  'h', 'hr', 'hrs', 'hour', 'hours', 'day', 'days',
]);

// Character tests are one load from the class table (chars.ts) and a mask; `& 0xffff` keeps codeAt's -1 (past the
// end) inside the table, where U+FFFF has no flag.
const CC = CHAR_CLASS;
function isDigit(c: number): boolean {
  return (CC[c & 0xffff]! & DIGIT) !== 0;
}
function isHexDigit(c: number): boolean {
  return (CC[c & 0xffff]! & HEX_DIGIT) !== 0;
}
function isAlnum(c: number): boolean {
  return (CC[c & 0xffff]! & ALNUM) !== 0;
}
function isSpace(c: number): boolean {
  return (CC[c & 0xffff]! & SPACE) !== 0;
}

/** Token separators other than the space. */
const OTHER_SEPARATOR = /[\t\v\f]/;

/**
 * The code unit at i, or -1 outside the string. Reading past the end with charCodeAt gives NaN, and the first such
 * read makes V8 throw away the optimised code of the function (and of every function it was inlined into) and
 * compile it again: on a cold first call that is most of the cost. -1 compares as NaN does with === and with the
 * range tests used here.
 */
function codeAt(s: string, i: number): number {
  return i >= 0 && i < s.length ? s.charCodeAt(i) : -1;
}

function hasDigit(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isDigit(s.charCodeAt(i))) return true;
  return false;
}

/** Length of an IPv4 address (with an optional :port) at i, or 0. */
function ipv4At(s: string, i: number): number {
  let p = i;
  for (let part = 0; part < 4; part++) {
    if (part > 0) {
      if (codeAt(s, p) !== 46) return 0;
      p++;
    }
    const start = p;
    while (p < s.length && p - start < 3 && isDigit(s.charCodeAt(p))) p++;
    if (p === start) return 0;
  }
  if (p < s.length && (isDigit(s.charCodeAt(p)) || (s.charCodeAt(p) === 46 && isDigit(codeAt(s, p + 1))))) return 0;
  return p - i;
}

/**
 * Length of a UUID (8-4-4-4-12 hex) at i, or 0. One loop over the 36 positions (dashes at 8, 13, 18 and 23): every
 * operation runs on the first hex digit already, so the first UUID of a log does not meet code that never ran (which
 * would make V8 discard the optimised code of the tokenizer it is inlined into).
 */
function uuidAt(s: string, i: number): number {
  if (i + 36 > s.length) return 0;
  for (let k = 0; k < 36; k++) {
    const c = s.charCodeAt(i + k);
    const dash = k === 8 || k === 13 || k === 18 || k === 23;
    if (dash !== (c === 45) || (!dash && !isHexDigit(c))) return 0;
  }
  return i + 36 < s.length && isAlnum(s.charCodeAt(i + 36)) ? 0 : 36;
}

const TLDS = new Set([
  'com', 'net', 'org', 'edu', 'gov', 'mil', 'int', 'info', 'biz', 'io', 'co', 'us', 'uk', 'de', 'fr', 'jp', 'cn', 'hk',
  'tw', 'kr', 'ru', 'br', 'in', 'au', 'ca', 'nl', 'it', 'es', 'se', 'no', 'fi', 'dk', 'ch', 'at', 'be', 'mx', 'ar',
  'za', 'eu', 'ie', 'nz', 'sg', 'my', 'th', 'vn', 'id', 'ph', 'tr', 'ua', 'cz', 'hu', 'ro', 'gr', 'pt', 'il', 'ae',
  'sa', 'ir', 'pk', 'cl', 'pe', 've', 'pl', 'asia', 'mobi', 'name', 'pro', 'xyz', 'top', 'site', 'online', 'tech',
  'local', 'lan', 'internal', 'localdomain', 'corp', 'home', 'arpa', 'cloud', 'dev', 'app',
]);

/** Two-letter file extensions that must not be read as country-code domains. */
const FILE_EXTENSIONS_2 = new Set(['gz', 'xz', 'bz', 'js', 'py', 'rb', 'so', 'sh', 'go', 'rs', 'cc', 'hh', 'md', 'ts', 'pm', 'db', 'ko', 'mo', 'po', 'ps', 'el', 'hs', 'ml', 'cs', 'fs', 'vb', 'rc', 'am', 'ac', 'in', 'mk', 'tf', 'gv', 'sv', 'vh', 'jl', 'nb', 'kt']);

/** Opening wrappers: ( [ { < " ' ` */
function isOpenWrap(c: number): boolean {
  return (CC[c & 0xffff]! & OPEN_WRAP) !== 0;
}

/** Closing wrappers and trailing punctuation: ) ] } > " ' ` , ; : . ! ? */
function isCloseWrap(c: number): boolean {
  return (CC[c & 0xffff]! & CLOSE_WRAP) !== 0;
}

/** A host name with a known top-level domain (optionally user@ and :port): a variable, not a word. */
function isHostName(core: string): boolean {
  if (core.length < 4 || core.length > 253) return false;
  let end = core.length;
  const colon = core.lastIndexOf(':');
  if (colon > 0) {
    // Only a numeric :port may follow the name.
    if (end - colon - 1 < 1 || end - colon - 1 > 5) return false;
    for (let i = colon + 1; i < end; i++) if (!isDigit(core.charCodeAt(i))) return false;
    end = colon;
  }
  const dot = core.lastIndexOf('.', end - 1);
  if (dot <= 0 || end - dot - 1 < 2 || end - dot - 1 > 11) return false;
  for (let i = dot + 1; i < end; i++) {
    const c = core.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  const start = core.lastIndexOf('@', dot) + 1;
  if (start >= dot || core.charCodeAt(start) === 46) return false;
  const tld = core.slice(dot + 1, end);
  if (!TLDS.has(tld)) {
    // Any other two-letter country code, when the name has at least three labels (a.b.om, not x.gz).
    if (tld.length !== 2 || FILE_EXTENSIONS_2.has(tld) || core.indexOf('.', start) === dot) return false;
  }
  let previousDot = false;
  for (let i = start; i < dot; i++) {
    const c = core.charCodeAt(i);
    if (c === 46) {
      if (previousDot) return false;
      previousDot = true;
      continue;
    }
    previousDot = false;
    if (!isAlnum(c) && c !== 45 && c !== 95) return false;
  }
  return true;
}

/** A file path or URL: absolute, home- or dot-relative, a Windows drive path, or scheme://. */
function isPath(core: string): boolean {
  if (core.length < 2) return false;
  const c0 = core.charCodeAt(0);
  if (c0 === 47) {
    // "/" followed by a name: /var/log; not "//" comments, a lone slash, or a /10.0.0.1:80 address.
    const c1 = core.charCodeAt(1);
    if (isDigit(c1) && ipv4At(core, 1) > 0 && core.indexOf('/', 1) < 0) return false;
    return isAlnum(c1) || c1 === 95 || c1 === 46 || c1 === 126;
  }
  if (c0 === 126 && core.charCodeAt(1) === 47) return true;
  if (c0 === 46 && (core.startsWith('./') || core.startsWith('../'))) return true;
  if (core.length >= 3 && core.charCodeAt(1) === 58 && core.charCodeAt(2) === 92 && ((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122))) return true;
  const scheme = core.indexOf('://');
  if (scheme > 0 && scheme < 12 && /^[a-zA-Z][a-zA-Z0-9+.-]*$/.test(core.slice(0, scheme))) return true;
  return false;
}

/** Hex groups joined by ':' or '-' (MAC addresses, WWNs, hex dumps). */
function isHexGroups(core: string): boolean {
  if (core.length < 8 || core.length > 128) return false;
  let groups = 1;
  let run = 0;
  let digit = false;
  for (let i = 0; i < core.length; i++) {
    const c = core.charCodeAt(i);
    // A separator after a group, or a hex digit within at most four; the counts are updated the same way for both
    // (the first separator of a log then meets no operation that never ran).
    const separator = c === 58 || c === 45;
    if (separator ? run === 0 : !isHexDigit(c)) return false;
    if (isDigit(c)) digit = true;
    groups += separator ? 1 : 0;
    run = separator ? 0 : run + 1;
    if (run > 4) return false;
  }
  // Both counts are compared on every call that gets here, not only after a digit was seen.
  const manyGroups = groups >= 4;
  const closed = run > 0;
  return digit && manyGroups && closed;
}

// An empty pair ("()", "''", "[]," ) is a parameter that happened to be empty.
const EMPTY_WRAPPERS = new Set(['()', '[]', '{}', '<>', "''", '""', '``', '(),', '[],', "'',", '"",', '():', '[]:']);

function leadingDigits(tok: string): number {
  let i = 0;
  while (i < tok.length && isDigit(tok.charCodeAt(i))) i++;
  return i;
}

function needsWork(tok: string): boolean {
  for (let i = 0; i < tok.length; i++) {
    // digits . / = quotes backtick backslash @
    if ((CC[tok.charCodeAt(i)]! & NEEDS_WORK) !== 0) return true;
  }
  return false;
}

/**
 * Skeleton of one token: numbers, IPs, UUIDs, hex ids, paths, URLs, host names and quoted values become mask
 * characters; letters and punctuation stay, so `alt0` and `ee0` remain distinct while `blk_-4213` and
 * `blk_987` coincide. `key=value` keeps its key.
 */
export function skeleton(tok: string, collapse = true, paths = true): string {
  if (tok.length > MAX_TOKEN_LENGTH) return MASK.blob;
  if (tok.length <= 4 && isOpenWrap(tok.charCodeAt(0)) && EMPTY_WRAPPERS.has(tok)) return tok.charAt(0) + MASK.quoted + tok.slice(1);
  const digits = leadingDigits(tok);
  if (digits === tok.length && digits > 0 && digits <= 16) return MASK.num;
  if (digits === 0 && !needsWork(tok)) return tok;
  let a = 0;
  let b = tok.length;
  while (a < b && isOpenWrap(tok.charCodeAt(a))) a++;
  while (b > a && isCloseWrap(tok.charCodeAt(b - 1))) b--;
  const lead = tok.slice(0, a);
  const trail = tok.slice(b);
  const core = tok.slice(a, b);
  // Quoted values ('/udev/vcs2', "alt0", \042x\042) are parameters.
  const q = lead.length > 0 ? lead.charAt(lead.length - 1) : '';
  if ((q === "'" || q === '"' || q === '`') && trail.startsWith(q) && core.length > 0) return lead + MASK.quoted + trail;
  if (core.startsWith('\\042') && core.endsWith('\\042') && core.length > 8) return lead + MASK.quoted + trail;
  if (core.length === 0) return tok;
  const eq = core.indexOf('=');
  if (eq > 0 && eq < core.length - 1) {
    const value = core.slice(eq + 1);
    return lead + core.slice(0, eq + 1) + (BOOLEAN.test(value) ? MASK.name : valueSkeleton(value, collapse, paths)) + trail;
  }
  return lead + valueSkeleton(core, collapse, paths) + trail;
}

function valueSkeleton(core: string, collapse: boolean, paths: boolean): string {
  if (paths && isPath(core)) return MASK.path;
  if (isHostName(core)) {
    const colon = core.lastIndexOf(':');
    return colon > 0 ? `${MASK.host}:${MASK.num}` : MASK.host;
  }
  if (!hasDigit(core)) return core;
  if (isHexGroups(core)) return MASK.hex;
  return maskDigits(core, collapse);
}

// Output buffer for maskDigits (tokens are at most MAX_TOKEN_LENGTH long; masks only shorten them).
const OUT = new Uint16Array(MAX_TOKEN_LENGTH + 8);
const NUM_CODE = MASK.num.charCodeAt(0);
/** Reused argument list for String.fromCharCode (no typed-array view per token). */
const CODES: number[] = [];

/** Length of the skeleton being built in OUT (module state: maskDigits is synchronous and not re-entrant). */
let outLen = 0;

/**
 * Append a code unit to OUT. One small function for every append: V8 inlines it, and its inlined copies share one
 * record of the types it has seen, so an append in a branch that first runs after optimisation is not code that
 * never ran (which would make V8 discard maskDigits' optimised code and compile it again).
 */
function put(c: number): void {
  OUT[outLen++] = c;
}

/** Append a number mask; with `collapse`, "<NUM>.<NUM>" (and ':' ',') is one number for clustering purposes. */
function putNumber(signed: boolean, collapse: boolean): void {
  // Subtracted as 0 or 1 on every call, so that the first negative number of a log meets no operation that never ran
  // (V8 would discard maskDigits' optimised code, which holds this function inlined, and compile it again).
  outLen -= signed && outLen > 0 && OUT[outLen - 1] === 45 && (outLen === 1 || !isAlnumOrMask(OUT[outLen - 2]!)) ? 1 : 0;
  if (collapse && outLen >= 2 && OUT[outLen - 2] === NUM_CODE && (OUT[outLen - 1] === 46 || OUT[outLen - 1] === 58 || OUT[outLen - 1] === 44)) {
    outLen--;
    return;
  }
  put(NUM_CODE);
}

// No closures in here: this runs for every token with a digit, and a closure per call costs an allocation each.
function maskDigits(tok: string, collapse: boolean): string {
  outLen = 0;
  let i = 0;
  const n = tok.length;
  while (i < n) {
    const c = tok.charCodeAt(i);
    const prevAlnum = i > 0 && isAlnum(tok.charCodeAt(i - 1));
    // A UUID, else an IPv4 address, taken by one shared tail (the first UUID of a log then runs the code every
    // address ran).
    let length = !prevAlnum && isHexDigit(c) ? uuidAt(tok, i) : 0;
    let code = UUID_CODE;
    if (length === 0 && isDigit(c) && !prevAlnum && codeAt(tok, i - 1) !== 46) {
      length = ipv4At(tok, i);
      code = IP_CODE;
    }
    if (length > 0) {
      put(code);
      i += length;
      continue;
    }
    if (c === 48 && (codeAt(tok, i + 1) === 120 || codeAt(tok, i + 1) === 88) && !prevAlnum) {
      let j = i + 2;
      while (j < n && isHexDigit(tok.charCodeAt(j))) j++;
      if (j > i + 2) {
        put(HEX_CODE);
        i = j;
        continue;
      }
    }
    if (isHexDigit(c)) {
      let j = i;
      let digits = 0;
      while (j < n) {
        const f = CC[tok.charCodeAt(j)]!;
        if ((f & HEX_DIGIT) === 0) break;
        if ((f & DIGIT) !== 0) digits++;
        j++;
      }
      const runLength = j - i;
      const boundedRight = j >= n || !isAlnum(tok.charCodeAt(j));
      // Computed on every run (not only past the branches below), so that no operation here meets its first value
      // in optimised code: V8 would discard maskDigits' code and compile it again.
      const hexLength = runLength >= 8 || (runLength >= 6 && digits >= 2);
      const last = j - 1;
      if (digits === 0) {
        for (let k = i; k < j; k++) put(tok.charCodeAt(k));
      } else if (digits === runLength) {
        // A sign belongs to the number when the dash does not join two words (blk_-123, but not R02-M1).
        putNumber(true, collapse);
      } else {
        // A long mixed run standing alone is one hex mask (one step of the loop, the mask as its character); a short
        // one (ee0, 5a) keeps its letters and masks its digits. One loop for both, which the short runs keep warm.
        const hex = hexLength && !prevAlnum && boundedRight;
        for (let k = hex ? last : i; k < j; k++) {
          const d = hex ? HEX_CODE : tok.charCodeAt(k);
          if (isDigit(d)) {
            if (outLen === 0 || OUT[outLen - 1] !== NUM_CODE) putNumber(false, collapse);
          } else put(d);
        }
      }
      i = j;
      continue;
    }
    put(c);
    i++;
  }
  CODES.length = outLen;
  for (let k = 0; k < outLen; k++) CODES[k] = OUT[k]!;
  return String.fromCharCode.apply(null, CODES);
}

function isAlnumOrMask(c: number): boolean {
  return (CC[c & 0xffff]! & (ALNUM | MASK_CHAR)) !== 0;
}


function coreOf(tok: string): string {
  let a = 0;
  let b = tok.length;
  while (a < b && '([{<"\''.includes(tok.charAt(a))) a++;
  while (b > a && ')]}>"\',;:.'.includes(tok.charAt(b - 1))) b--;
  return tok.slice(a, b);
}

function isNumberCore(core: string): boolean {
  if (core.length === 0 || core.length > 24) return false;
  let digits = 0;
  for (let i = 0; i < core.length; i++) {
    const c = core.charCodeAt(i);
    if (isDigit(c)) digits++;
    else if (c !== 46 && c !== 44 && !(i === 0 && (c === 45 || c === 43 || c === 60 || c === 62 || c === 126))) return false;
  }
  return digits > 0;
}

// A test without the g flag (no lastIndex to reset), and a global copy for the rare replacement.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f\ue000-\ue0ff]/;
// eslint-disable-next-line no-control-regex
const UNSAFE_ALL = /[\u0000-\u0008\u000b-\u001f\u007f\ue000-\ue0ff]/g;

/** Replace control characters and the private-use range of our mask characters so they never reach a skeleton. */
export function sanitize(s: string): string {
  return UNSAFE.test(s) ? s.replace(UNSAFE_ALL, ' ') : s;
}

/** One message's tokens in reusable buffers: skeletons (and their numbers), and where each raw token lies in the message. */
export interface TokenScratch {
  count: number;
  skel: string[];
  /** Each skeleton's number in the SkeletonIds the message was tokenized with. */
  ids: Int32Array;
  start: Int32Array;
  end: Int32Array;
  /** The raw text of a token that is not `message.slice(start, end)` (an amount joined to its unit, the overflow mark). */
  override: (string | null)[];
  /** Each token's raw text as a number (equal numbers, equal texts; see SkeletonIds.lastRaw), or -1 when not numbered. */
  raw: Int32Array;
}

/** Room for MAX_TOKENS tokens, the overflow mark and a literal tail. */
const SCRATCH_SIZE = MAX_TOKENS + 2;

export function newTokenScratch(): TokenScratch {
  return {
    count: 0,
    skel: new Array<string>(SCRATCH_SIZE).fill(''),
    ids: new Int32Array(SCRATCH_SIZE),
    start: new Int32Array(SCRATCH_SIZE),
    end: new Int32Array(SCRATCH_SIZE),
    override: new Array<string | null>(SCRATCH_SIZE).fill(null),
    raw: new Int32Array(SCRATCH_SIZE),
  };
}

/** Tokens whose skeletons are remembered per analysis; beyond this, skeletons are computed without being remembered. */
const MAX_REMEMBERED_TOKENS = 65536;

/**
 * Numbers for the distinct skeletons of one analysis, and the skeleton number of each token seen. A log repeats its
 * words, and a token's skeleton depends on the token alone, so a repeated token costs one lookup; sequences of
 * numbers then identify records' skeleton sequences without building key strings.
 */
export class SkeletonIds {
  readonly strings: string[] = [];
  /**
   * Per skeleton number, for an identifier that glues letters to digits (`xx12`, `attempt_1_m_2`, `512MB`): the
   * first token seen with that skeleton, and whether another token shared it (its digits vary). null otherwise.
   */
  private readonly glued: ({ first: string; varies: boolean } | null)[] = [];
  private readonly bySkeleton = new Map<string, number>();
  /** Remembered tokens: each distinct raw token's number (shared by both path modes). */
  private readonly byToken = new Map<string, number>();
  /** Per raw token number, its skeleton number with paths masked and with paths kept (-1: not computed yet). */
  private readonly rawSkel: number[] = [];
  private readonly rawSkelNoPaths: number[] = [];
  /** The raw token number of the token tokenId last answered for, -1 when it was not remembered. */
  lastRaw = -1;
  /**
   * The last token seen at each token position, and its skeleton number (messages with paths kept apart from
   * those without). Consecutive lines of a log mostly repeat the words of the line before at the same positions,
   * and comparing with that word is cheaper than hashing the token for the memo.
   */
  private readonly columnToken: string[] = new Array<string>(2 * MAX_TOKENS).fill('');
  private readonly columnId = new Int32Array(2 * MAX_TOKENS);
  private readonly columnRaw = new Int32Array(2 * MAX_TOKENS);

  /** The number of a skeleton. */
  id(skel: string): number {
    let id = this.bySkeleton.get(skel);
    if (id === undefined) {
      id = this.strings.length;
      this.bySkeleton.set(skel, id);
      this.strings.push(skel);
      this.glued.push(null);
    }
    return id;
  }

  /**
   * For a skeleton that glues letters to digits: the digits of the first token seen with it and whether its digits
   * varied in this log; null for any other skeleton.
   */
  identifier(skel: string): { digits: string; varies: boolean } | null {
    const id = this.bySkeleton.get(skel);
    const g = id === undefined ? null : this.glued[id];
    if (!g) return null;
    let digits = '';
    for (let i = 0; i < g.first.length; i++) if (isDigit(g.first.charCodeAt(i))) digits += g.first.charAt(i);
    return { digits, varies: g.varies };
  }

  /** The number of a token's skeleton (see skeleton; `paths` false keeps the segments of paths); `column` is its position. */
  tokenId(tok: string, paths: boolean, column: number): number {
    const slot = paths ? column : MAX_TOKENS + column;
    if (this.columnToken[slot] === tok) {
      this.lastRaw = this.columnRaw[slot]!;
      return this.columnId[slot]!;
    }
    let raw = this.byToken.get(tok);
    if (raw === undefined) {
      if (this.byToken.size < MAX_REMEMBERED_TOKENS) {
        raw = this.rawSkel.length;
        this.byToken.set(tok, raw);
        this.rawSkel.push(-1);
        this.rawSkelNoPaths.push(-1);
      } else raw = -1;
    }
    const known = raw < 0 ? -1 : paths ? this.rawSkel[raw]! : this.rawSkelNoPaths[raw]!;
    let id = known;
    if (known < 0) {
      const skel = skeleton(tok, true, paths);
      id = this.id(skel);
      if (raw >= 0) {
        if (paths) this.rawSkel[raw] = id;
        else this.rawSkelNoPaths[raw] = id;
      }
      // A token not remembered yet: note whether an identifier's skeleton now stands for several tokens.
      const g = this.glued[id];
      if (g) {
        if (!g.varies && g.first !== tok) g.varies = true;
      } else if (gluesDigits(skel)) this.glued[id] = { first: tok, varies: false };
    }
    this.columnToken[slot] = tok;
    this.columnId[slot] = id;
    this.columnRaw[slot] = raw;
    this.lastRaw = raw;
    return id;
  }
}

/**
 * Does the skeleton hold an identifier that glues letters to digits: a run of letters, `_`, `-` and number masks
 * with both a letter and a number (`xx<NUM>`, `attempt_<NUM>_m_<NUM>`, `<NUM>MB`)? `uid=<NUM>` and `HTTP/<NUM>` do
 * not: there the number is a separate value.
 */
function gluesDigits(skel: string): boolean {
  let letter = false;
  let number = false;
  for (let i = 0; i < skel.length; i++) {
    const c = skel.charCodeAt(i);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letter = true;
    else if (c === NUM_CODE || isDigit(c)) number = true;
    else if (c !== 95 && c !== 45) {
      letter = false;
      number = false;
      continue;
    }
    if (letter && number) return true;
  }
  return false;
}

/** Append a token shown verbatim in the signature and never masked (an HTTP status). */
export function appendLiteral(out: TokenScratch, text: string, ids: SkeletonIds): void {
  const k = out.count++;
  out.skel[k] = text;
  out.ids[k] = ids.id(text);
  out.start[k] = 0;
  out.end[k] = 0;
  out.override[k] = text;
  out.raw[k] = -1;
}

/**
 * Split a message into tokens with skeletons. Dates written inside the message (`at Fri Jun 17 07:07:00 2005`)
 * and amounts with a unit (`1190 bytes`, `(1.16 KB)`) become single masked tokens. With `paths` false, file paths
 * keep their constant segments (an HTTP request path names the endpoint).
 */
export function tokenize(message: string, paths = true): Tokens {
  const out = newTokenScratch();
  tokenizeInto(message, paths, new SkeletonIds(), out);
  const raw: string[] = [];
  const skel: string[] = [];
  for (let k = 0; k < out.count; k++) {
    raw.push(out.override[k] ?? message.slice(out.start[k], out.end[k]));
    skel.push(out.skel[k]!);
  }
  return { raw, skel };
}

// Scratch token boundaries, reused across calls (tokenizing is synchronous and not re-entrant).
const starts = new Int32Array(MAX_TOKENS);
const ends = new Int32Array(MAX_TOKENS);

/**
 * What tokenize does, into reusable buffers: nothing per token outlives the call except new skeletons, so a 5 MB
 * log does not leave hundreds of thousands of small arrays and strings for the garbage collector.
 */
export function tokenizeInto(message: string, paths: boolean, skeletons: SkeletonIds, out: TokenScratch): void {
  const n = message.length;
  let count = 0;
  let i = 0;
  // Most messages separate tokens with spaces only; then indexOf finds each token's end (a native scan is several
  // times faster than a character loop here).
  const spacesOnly = !OTHER_SEPARATOR.test(message);
  while (i < n && count < MAX_TOKENS) {
    while (i < n && isSpace(message.charCodeAt(i))) i++;
    if (i >= n) break;
    starts[count] = i;
    if (spacesOnly) {
      i = message.indexOf(' ', i);
      if (i < 0) i = n;
    } else while (i < n && !isSpace(message.charCodeAt(i))) i++;
    ends[count] = i;
    count++;
  }
  const skel = out.skel;
  const ids = out.ids;
  const override = out.override;
  const rawIds = out.raw;
  let k = 0;
  // The previous token's raw text and skeleton (for `user <name>` and `key= <boolean>`).
  let previous = '';
  let previousSkel = '';
  for (let t = 0; t < count; t++) {
    const s = starts[t]!;
    const e = ends[t]!;
    const first = message.charCodeAt(s);
    // Dates inside the message.
    if ((isDigit(first) && e - s >= 4) || (first >= 65 && first <= 90 && isCalendarWordAt(message, s))) {
      const m = isDigit(first) && !hasDateSeparator(message, s, Math.min(e, s + 12)) && e - s !== 6 && e - s !== 8 ? null : matchTimestamp(message, s);
      // Both fields are read for every match (not one only when the other fails), so that a rare kind of date
      // meets no read that never ran before V8 optimised this function.
      const spans = m !== null && m.end > e;
      if (m !== null && ((m.precision >= 2) || spans)) {
        let u = t;
        while (u + 1 < count && starts[u + 1]! < m.end) u++;
        const end = Math.max(m.end, ends[u]!);
        previous = message.slice(s, end);
        previousSkel = MASK.date + (end > m.end ? punctuationTail(message.slice(m.end, end)) : '');
        out.start[k] = s;
        out.end[k] = end;
        override[k] = null;
        rawIds[k] = -1;
        ids[k] = skeletons.id(previousSkel);
        skel[k++] = previousSkel;
        t = u;
        continue;
      }
    }
    const tok = message.slice(s, e);
    // Amount followed by a unit (units are short words).
    if (t + 1 < count && (isDigit(first) || first === 40 || first === 60 || first === 126) && ends[t + 1]! - starts[t + 1]! <= 10) {
      const core = coreOf(tok);
      if (isNumberCore(core) && !tok.endsWith(',')) {
        const s2 = starts[t + 1]!;
        const e2 = ends[t + 1]!;
        const nextTok = message.slice(s2, e2);
        const unit = coreOf(nextTok).toLowerCase();
        if (UNITS.has(unit)) {
          const lead = tok.slice(0, tok.indexOf(core));
          // The raw amount is the two words joined by one space, which the message itself holds when one space separates them.
          const oneSpace = s2 === e + 1 && codeAt(message, e) === 32;
          previous = `${tok} ${nextTok}`;
          previousSkel = lead.replace(/[<>~]/g, '') + MASK.qty + punctuationTail(nextTok.slice(nextTok.toLowerCase().indexOf(unit) + unit.length));
          out.start[k] = s;
          out.end[k] = e2;
          override[k] = oneSpace ? null : previous;
          rawIds[k] = -1;
          ids[k] = skeletons.id(previousSkel);
          skel[k++] = previousSkel;
          t++;
          continue;
        }
      }
    }
    let id: number;
    let raw = -1;
    // The word after "user" is a user name: a parameter even though it is a plain word; and a boolean after "key="
    // or "key:" is that key's value (`allDrawn= false`, `enabled : true`). One branch for both, so that the first
    // boolean of a log runs the code the first user name ran (not code that never ran, which V8 would recompile).
    if ((isUserKeyword(previous) && previousSkel === previous && isPlainName(tok)) || (previousSkel === previous && isAssignment(previous) && BOOLEAN.test(tok))) {
      id = skeletons.id(MASK.name + punctuationTail(tok.slice(-1)));
    } else {
      id = skeletons.tokenId(tok, paths, t);
      raw = skeletons.lastRaw;
    }
    previous = tok;
    previousSkel = skeletons.strings[id]!;
    out.start[k] = s;
    out.end[k] = e;
    override[k] = null;
    rawIds[k] = raw;
    ids[k] = id;
    skel[k++] = previousSkel;
  }
  if (count >= MAX_TOKENS && i < n) {
    out.start[k] = 0;
    out.end[k] = 0;
    override[k] = '…';
    rawIds[k] = -1;
    ids[k] = skeletons.id(MASK.blob);
    skel[k++] = MASK.blob;
  }
  out.count = k;
}

/**
 * The raw tokens of every record, kept as offsets into the record's message: signatures need raw values of a
 * few columns only, so they are sliced out on demand instead of being stored as strings.
 */
export class TokenTable {
  private readonly messages: string[] = [];
  private first: Int32Array;
  private starts: Int32Array;
  private ends: Int32Array;
  private raws: Int32Array;
  private size = 0;
  private readonly overrides = new Map<number, string>();

  constructor(records: number) {
    this.first = new Int32Array(records + 1);
    this.starts = new Int32Array(Math.max(64, records * 8));
    this.ends = new Int32Array(this.starts.length);
    this.raws = new Int32Array(this.starts.length);
  }

  /** Record the tokens of the next record. */
  add(message: string, scratch: TokenScratch): void {
    const r = this.messages.length;
    this.messages.push(message);
    if (r + 1 >= this.first.length) {
      const grown = new Int32Array(this.first.length * 2);
      grown.set(this.first);
      this.first = grown;
    }
    const need = this.size + scratch.count;
    if (need > this.starts.length) {
      const capacity = Math.max(need, this.starts.length * 2);
      const s = new Int32Array(capacity);
      s.set(this.starts);
      this.starts = s;
      const e = new Int32Array(capacity);
      e.set(this.ends);
      this.ends = e;
      const w = new Int32Array(capacity);
      w.set(this.raws);
      this.raws = w;
    }
    for (let k = 0; k < scratch.count; k++) {
      const at = this.size + k;
      this.starts[at] = scratch.start[k]!;
      this.ends[at] = scratch.end[k]!;
      this.raws[at] = scratch.raw[k]!;
      const o = scratch.override[k];
      if (o !== null && o !== undefined) this.overrides.set(at, o);
    }
    this.size = need;
    this.first[r + 1] = need;
  }

  /** The number of the raw text of token `column` of `record` (equal numbers, equal texts), or -1 when it has none. */
  rawId(record: number, column: number): number {
    return this.raws[this.first[record]! + column]!;
  }

  /** The raw text of token `column` of `record`. */
  raw(record: number, column: number): string {
    const at = this.first[record]! + column;
    if (this.overrides.size > 0) {
      const o = this.overrides.get(at);
      if (o !== undefined) return o;
    }
    return this.messages[record]!.slice(this.starts[at], this.ends[at]);
  }
}

function hasDateSeparator(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 45 || c === 47 || c === 58 || c === 46) return true;
  }
  return false;
}

const BOOLEAN = /^(?:true|false|TRUE|FALSE|True|False)[,;]?$/;

function isAssignment(tok: string): boolean {
  const last = codeAt(tok, tok.length - 1);
  return last === 61 || last === 58;
}

function isUserKeyword(tok: string): boolean {
  const n = tok.length;
  if (n !== 4 && n !== 5 && n !== 8 && n !== 9) return false;
  const c = tok.charCodeAt(0);
  if (c !== 117 && c !== 85) return false;
  const t = tok.toLowerCase();
  return t === 'user' || t === 'user:' || t === 'username' || t === 'username:';
}

function isPlainName(tok: string): boolean {
  return tok.length <= 64 && /^[A-Za-z0-9_][\w.@$-]*[,;:]?$/.test(tok);
}

function punctuationTail(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!isAlnum(c) && !isSpace(c)) out += s.charAt(i);
  }
  return out;
}

const NAME_MASKS = new Set<string>([MASK.path, MASK.host, MASK.quoted, MASK.name, MASK.ip, MASK.uuid, MASK.hex, MASK.blob]);

/** True when the skeleton holds a mask for a named thing (path, host, quoted value, id) rather than an amount. */
export function hasNameMask(skel: string): boolean {
  for (let i = 0; i < skel.length; i++) if (NAME_MASKS.has(skel.charAt(i))) return true;
  return false;
}

/** True when the skeleton contains a mask character. */
export function isMasked(skel: string): boolean {
  for (let i = 0; i < skel.length; i++) if (isMaskCode(skel.charCodeAt(i))) return true;
  return false;
}

/**
 * The constant part of a skeleton used to compare columns: masks removed, and nothing at all when what remains
 * holds no letter or digit (`(<NUM>)`, `<IP>:<NUM>`).
 */
export function residue(skel: string): string {
  if (!isMasked(skel)) return skel;
  let out = '';
  let word = false;
  for (let i = 0; i < skel.length; i++) {
    const c = skel.charCodeAt(i);
    if (isMaskCode(c)) continue;
    if (isAlnum(c)) word = true;
    out += skel.charAt(i);
  }
  return word ? out : '';
}

/** Render a skeleton with typed placeholders. */
export function renderSkeleton(skel: string): string {
  if (!isMasked(skel)) return skel;
  let out = '';
  for (let i = 0; i < skel.length; i++) {
    const ch = skel.charAt(i);
    out += isMaskCode(skel.charCodeAt(i)) ? (PLACEHOLDER[ch] ?? '<*>') : ch;
  }
  return out;
}
