// Timestamp recognisers shared by header detection and by in-message date masking (no year guessing here).
import { ALNUM, CHAR_CLASS, DIGIT } from './chars.ts';

/** A timestamp found at a position: where it ends and its instant when the fields allow one. */
export interface TimestampMatch {
  end: number;
  /** Milliseconds since the epoch (UTC unless the text carried an offset); null when the date is incomplete. */
  epochMs: number | null;
  /** Rank of how much the text pins down: 3 full date and time, 2 date and time without year, 1 date only or time only. */
  precision: number;
}

/** The reference instant used to place year-less timestamps (syslog, MM-dd): the caller's "now". */
export interface TimeReference {
  nowMs: number;
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
};

/**
 * The code unit at i, or -1 outside the string. Reading past the end with charCodeAt gives NaN, and the first such
 * read makes V8 throw away the optimised code of the function (and of every function it was inlined into) and
 * compile it again, which is much of a cold first call's cost. -1 answers as NaN did every test made on it here
 * (equalities and `>= && <=` ranges); code3 checks it explicitly.
 */
function at(s: string, i: number): number {
  return i >= 0 && i < s.length ? s.charCodeAt(i) : -1;
}

// Character tests are a load from the class table (chars.ts) and a mask: the fast paths below test characters
// dozens of times each, and V8 inlines every test into them.
const CC = CHAR_CLASS;

/** A three-letter word as one number, so calendar words are recognised without slicing them out. */
function code3(s: string, pos: number): number {
  const c0 = at(s, pos);
  const c1 = at(s, pos + 1);
  const c2 = at(s, pos + 2);
  // Past the end (or beyond ASCII) is NaN, which no map key equals.
  return c0 >= 0 && c1 >= 0 && c2 >= 0 && c1 < 128 && c2 < 128 ? c0 * 16384 + c1 * 128 + c2 : NaN;
}

/** Capitalised month abbreviations (`Jan` .. `Dec`) to month numbers, keyed by code3. */
const SYSLOG_MONTHS = new Map(Object.entries(MONTHS).map(([k, v]) => [code3(k.charAt(0).toUpperCase() + k.slice(1), 0), v]));

const CALENDAR = new Set(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((w) => code3(w, 0)));

/** Do the three characters at pos spell a capitalised month or weekday abbreviation (`Jun`, `Fri`)? */
export function isCalendarWordAt(s: string, pos: number): boolean {
  return CALENDAR.has(code3(s, pos));
}

const MONTH_RE = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]{0,6}\\.?';
const WEEKDAY_RE = '(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]{0,6},? +)?';
const ZONE_RE = '(?: ?(Z|[+-]\\d{2}:?\\d{2}|UTC|GMT))?';

interface Fields {
  y?: number;
  mo: number;
  d: number;
  h?: number;
  mi?: number;
  s?: number;
  frac?: string;
  zone?: string;
}

interface Pattern {
  re: RegExp;
  build(m: RegExpExecArray): Fields | null;
}

function num(s: string | undefined): number | undefined {
  return s === undefined ? undefined : Number(s);
}

function yearOf(s: string): number {
  const n = Number(s);
  return s.length <= 2 ? 2000 + n : n;
}

// Every pattern is a fixed sequence of bounded quantifiers: no nesting, so no catastrophic backtracking.
const PATTERNS: Pattern[] = [
  {
    // ISO 8601 / SQL / nginx (2024/01/02) / BGL (2005-06-03-15.42.50.675872) date and time.
    re: /(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:T|-|_| {1,2})(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?(?:[.,:](\d{1,9}))?(?: ?(Z|[+-]\d{2}:?\d{2}|UTC|GMT))?/y,
    build: (m) => ({ y: Number(m[1]), mo: Number(m[2]), d: Number(m[3]), h: Number(m[4]), mi: Number(m[5]), s: num(m[6]), frac: m[7], zone: m[8] }),
  },
  {
    // Date only: 2005.06.03, 2024-01-02.
    re: /(\d{4})([-/.])(\d{2})\2(\d{2})/y,
    build: (m) => ({ y: Number(m[1]), mo: Number(m[3]), d: Number(m[4]) }),
  },
  {
    // Syslog and ctime: [Wed ]Jun 14 15:16:01[.123][ 2005], Jun 14 2005 15:16:01.
    re: new RegExp(`${WEEKDAY_RE}${MONTH_RE} +(\\d{1,2}),? +(?:(\\d{4}) +)?(\\d{1,2}):(\\d{2})(?::(\\d{2}))?(?:[.,](\\d{1,9}))?(?: +(\\d{4})(?![\\d:]))?${ZONE_RE}`, 'y'),
    build: (m) => ({ y: m[3] ? Number(m[3]) : m[8] ? Number(m[8]) : undefined, mo: MONTHS[m[1]!.slice(0, 3).toLowerCase()]!, d: Number(m[2]), h: Number(m[4]), mi: Number(m[5]), s: num(m[6]), frac: m[7], zone: m[9] }),
  },
  {
    // RFC 2822 style: [Sun, ]04 Dec 2005 04:47:44 [+0000].
    re: new RegExp(`${WEEKDAY_RE}(\\d{1,2}) ${MONTH_RE} (\\d{4}) (\\d{2}):(\\d{2})(?::(\\d{2}))?${ZONE_RE}`, 'y'),
    build: (m) => ({ y: Number(m[3]), mo: MONTHS[m[2]!.slice(0, 3).toLowerCase()]!, d: Number(m[1]), h: Number(m[4]), mi: Number(m[5]), s: num(m[6]), zone: m[7] }),
  },
  {
    // Common Log Format: 10/Oct/2000:13:55:36 -0700.
    re: new RegExp(`(\\d{2})/${MONTH_RE}/(\\d{4}):(\\d{2}):(\\d{2}):(\\d{2})(?: ([+-]\\d{4}))?`, 'y'),
    build: (m) => ({ y: Number(m[3]), mo: MONTHS[m[2]!.slice(0, 3).toLowerCase()]!, d: Number(m[1]), h: Number(m[4]), mi: Number(m[5]), s: Number(m[6]), zone: m[7] }),
  },
  {
    // Slashed dates with a time: 17/06/09 20:10:40 (yy/MM/dd), 06/09/2017 20:10:40 (MM/dd/yyyy).
    re: /(\d{2,4})\/(\d{2})\/(\d{2,4})[ T:](\d{2}):(\d{2})(?::(\d{2}))?(?:[.,](\d{1,9}))?/y,
    build: (m) => {
      const a = m[1]!;
      const c = m[3]!;
      const time = { h: Number(m[4]), mi: Number(m[5]), s: num(m[6]), frac: m[7] };
      if (a.length === 4) return { y: Number(a), mo: Number(m[2]), d: Number(c), ...time };
      if (c.length === 4) {
        const first = Number(a);
        return first > 12 ? { y: Number(c), mo: Number(m[2]), d: first, ...time } : { y: Number(c), mo: first, d: Number(m[2]), ...time };
      }
      if (c.length !== 2 || a.length !== 2) return null;
      return { y: yearOf(a), mo: Number(m[2]), d: Number(c), ...time };
    },
  },
  {
    // Compact: 20171223-22:15:29:606, 20171223T221529.
    re: /(\d{4})(\d{2})(\d{2})[-T ]?(\d{2}):?(\d{2}):?(\d{2})(?:[:.,](\d{1,9}))?/y,
    build: (m) => ({ y: Number(m[1]), mo: Number(m[2]), d: Number(m[3]), h: Number(m[4]), mi: Number(m[5]), s: Number(m[6]), frac: m[7] }),
  },
  {
    // Two-digit year, compact with a space: 081109 203615 (yyMMdd HHmmss).
    re: /(\d{2})(\d{2})(\d{2}) (\d{2})(\d{2})(\d{2})/y,
    build: (m) => ({ y: yearOf(m[1]!), mo: Number(m[2]), d: Number(m[3]), h: Number(m[4]), mi: Number(m[5]), s: Number(m[6]) }),
  },
  {
    // Year-less month-day with a time: 03-17 16:13:38.811 (logcat), 10.30 16:49:06, 0102 15:04:05.999 (glog).
    re: /(\d{2})[-.]?(\d{2}) {1,2}(\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?/y,
    build: (m) => ({ mo: Number(m[1]), d: Number(m[2]), h: Number(m[3]), mi: Number(m[4]), s: Number(m[5]), frac: m[6] }),
  },
  {
    // Time of day alone: 15:16:01.123 (no instant can be derived).
    re: /(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?/y,
    build: (m) => ({ mo: 0, d: 0, h: Number(m[1]), mi: Number(m[2]), s: Number(m[3]), frac: m[4] }),
  },
];

function isAlnum(code: number): boolean {
  return (CC[code & 0xffff]! & ALNUM) !== 0;
}

function valid(f: Fields): boolean {
  if (f.mo === 0 && f.d === 0) return f.h !== undefined && f.h <= 24 && (f.mi ?? 0) <= 59 && (f.s ?? 0) <= 60;
  if (f.mo < 1 || f.mo > 12 || f.d < 1 || f.d > 31) return false;
  if (f.y !== undefined && (f.y < 1970 || f.y > 2200)) return false;
  if (f.h !== undefined && (f.h > 24 || (f.mi ?? 0) > 59 || (f.s ?? 0) > 60)) return false;
  return true;
}

function zoneOffsetMinutes(zone: string | undefined): number {
  if (!zone || zone === 'Z' || zone === 'UTC' || zone === 'GMT') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
}

// The year of "now", remembered for the last reference seen (a log's year-less stamps all ask for the same one).
let yearFor = NaN;
let yearValue = 0;

function utcYearOf(nowMs: number): number {
  if (nowMs !== yearFor) {
    yearValue = new Date(nowMs).getUTCFullYear();
    yearFor = nowMs;
  }
  return yearValue;
}

// The start of the last day converted: a log's stamps mostly share their day, and Date.UTC is linear in the time
// of day (MakeDate(day, time) = day * msPerDay + time), so only the day needs the calendar.
let dayKey = NaN;
let dayStartMs = 0;

function utcMs(y: number, mo: number, d: number, h: number, mi: number, sec: number, ms: number): number {
  // Date.UTC reads years 0-99 as 1900-1999; those (never valid stamps) take the general path.
  if (y < 100) return Date.UTC(y, mo - 1, d, h, mi, sec, ms);
  const key = (y * 16 + mo) * 32 + d;
  if (key !== dayKey) {
    dayStartMs = Date.UTC(y, mo - 1, d);
    dayKey = key;
  }
  return dayStartMs + h * 3600000 + mi * 60000 + sec * 1000 + ms;
}

const POWERS_OF_TEN = [1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

/**
 * Math.floor(Number(`0.${digits}`) * 1000) without building and parsing a string: for at most nine digits the
 * integer and the power of ten are exact doubles, so their quotient is the same correctly rounded value.
 */
function fractionMs(digits: string): number {
  if (digits.length > 9) return Math.floor(Number(`0.${digits}`) * 1000);
  let v = 0;
  for (let i = 0; i < digits.length; i++) v = v * 10 + (digits.charCodeAt(i) - 48);
  return Math.floor((v / POWERS_OF_TEN[digits.length]!) * 1000);
}

function instant(f: Fields, ref: TimeReference | undefined): { ms: number | null; precision: number } {
  if (f.mo === 0) return { ms: null, precision: 1 };
  if (f.h === undefined) {
    const ms = f.y === undefined ? null : Date.UTC(f.y, f.mo - 1, f.d);
    return { ms, precision: 1 };
  }
  const fracMs = f.frac ? fractionMs(f.frac) : 0;
  const offset = zoneOffsetMinutes(f.zone) * 60000;
  if (f.y !== undefined) {
    return { ms: utcMs(f.y, f.mo, f.d, f.h, f.mi ?? 0, f.s ?? 0, fracMs) - offset, precision: 3 };
  }
  if (!ref) return { ms: null, precision: 2 };
  // A year-less stamp belongs to the most recent such date that is not clearly in the future.
  const year = utcYearOf(ref.nowMs);
  let ms = utcMs(year, f.mo, f.d, f.h, f.mi ?? 0, f.s ?? 0, fracMs) - offset;
  if (ms > ref.nowMs + 2 * 86400000) ms = utcMs(year - 1, f.mo, f.d, f.h, f.mi ?? 0, f.s ?? 0, fracMs) - offset;
  return { ms, precision: 2 };
}

const [ISO, DATE_ONLY, SYSLOG, RFC2822, CLF, SLASHED, COMPACT, YYMMDD_SPACE, MONTH_DAY, TIME_ONLY] = PATTERNS as [
  Pattern, Pattern, Pattern, Pattern, Pattern, Pattern, Pattern, Pattern, Pattern, Pattern,
];

// Candidate lists are constants: choosing them allocates nothing.
const C_CALENDAR = [SYSLOG, RFC2822];
const C_TIME = [TIME_ONLY];
const C_RFC = [RFC2822];
const C_SLASH2 = [CLF, SLASHED];
const C_MONTH_DAY = [MONTH_DAY];
const C_DATE4 = [ISO, DATE_ONLY, SLASHED];
const C_YYMMDD = [YYMMDD_SPACE];
const C_COMPACT = [COMPACT];

/** The patterns worth trying at `pos`, chosen from the leading digits and the character after them. */
function candidates(s: string, pos: number): Pattern[] | null {
  const c = at(s, pos);
  if (c >= 65 && c <= 90) return isCalendarWordAt(s, pos) ? C_CALENDAR : null;
  let d = 0;
  while (d < 9 && pos + d < s.length) {
    const x = at(s, pos + d);
    if (x < 48 || x > 57) break;
    d++;
  }
  const nx = at(s, pos + d);
  switch (d) {
    case 1:
      return nx === 58 ? C_TIME : nx === 32 ? C_RFC : null;
    case 2:
      if (nx === 47) return C_SLASH2;
      // MM-dd HH: or MM.dd  HH: (one or two spaces before the hour).
      if (nx === 45 || nx === 46) return at(s, pos + 5) === 32 && (at(s, pos + 8) === 58 || at(s, pos + 9) === 58) ? C_MONTH_DAY : null;
      if (nx === 58) return C_TIME;
      if (nx === 32) return C_RFC;
      return null;
    case 4:
      if (nx === 45 || nx === 47 || nx === 46) return C_DATE4;
      if (nx === 32) return at(s, pos + 7) === 58 || at(s, pos + 8) === 58 ? C_MONTH_DAY : null;
      return null;
    case 6:
      return nx === 32 ? C_YYMMDD : null;
    case 8:
      return C_COMPACT;
    default:
      return null;
  }
}

function digitsAt(s: string, pos: number, count: number): number {
  // Digits past the end of the text are missing digits: one test of the range, then plain reads.
  const end = pos + count;
  if (end > s.length) return -1;
  let v = 0;
  for (let i = pos; i < end; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** After a fast-parsed stamp, only a plain boundary is accepted; anything the patterns might still consume is not. */
function plainBoundary(s: string, end: number): boolean {
  if (end >= s.length) return true;
  const c = at(s, end);
  if (c === 32 || c === 9) {
    const d = at(s, end + 1);
    // " UTC", " +0200", " Z", " 2005": let the patterns decide.
    return !(d === 43 || d === 45 || d === 90 || d === 85 || d === 71 || (d >= 48 && d <= 57));
  }
  return c === 44 || c === 93 || c === 124 || c === 59 || c === 41 || (c === 58 && (end + 1 >= s.length || at(s, end + 1) === 32));
}

/**
 * Fast path for the commonest stamp, `YYYY-MM-DD[T ]HH:MM:SS[.fff]` (no zone): the same answer as the patterns,
 * without a regex match. Undefined means "ask the patterns".
 */
function fastIso(s: string, pos: number): TimestampMatch | undefined {
  if (at(s, pos + 4) !== 45 || at(s, pos + 7) !== 45) return undefined;
  const sep = at(s, pos + 10);
  if (sep !== 84 && sep !== 32) return undefined;
  if (at(s, pos + 13) !== 58 || at(s, pos + 16) !== 58) return undefined;
  const y = digitsAt(s, pos, 4);
  const mo = digitsAt(s, pos + 5, 2);
  const d = digitsAt(s, pos + 8, 2);
  const h = digitsAt(s, pos + 11, 2);
  const mi = digitsAt(s, pos + 14, 2);
  const sec = digitsAt(s, pos + 17, 2);
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || sec < 0) return undefined;
  let end = pos + 19;
  let ms = 0;
  const f = at(s, end);
  if (f === 46 || f === 44) {
    let k = end + 1;
    let digits = 0;
    let frac = 0;
    while (k < s.length && digits < 9) {
      const c = at(s, k);
      if (c < 48 || c > 57) break;
      if (digits < 3) frac = frac * 10 + (c - 48);
      digits++;
      k++;
    }
    if (digits === 0) return undefined;
    for (let i = digits; i < 3; i++) frac *= 10;
    ms = frac;
    end = k;
  }
  if (!plainBoundary(s, end)) return undefined;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || sec > 60 || y < 1970 || y > 2200) return undefined;
  return { end, epochMs: Date.UTC(y, mo - 1, d, h, mi, sec, ms), precision: 3 };
}

/** Fast path for `Mmm dd HH:MM:SS` (syslog without year or weekday). Undefined means "ask the patterns". */
function fastSyslog(s: string, pos: number, ref: TimeReference | undefined): TimestampMatch | undefined {
  const c0 = at(s, pos);
  if (c0 < 65 || c0 > 90 || at(s, pos + 3) !== 32) return undefined;
  const mo = SYSLOG_MONTHS.get(code3(s, pos));
  if (mo === undefined) return undefined;
  let p = pos + 4;
  if (at(s, p) === 32) p++;
  let d = digitsAt(s, p, 2);
  if (d >= 0) p += 2;
  else {
    d = digitsAt(s, p, 1);
    if (d < 0) return undefined;
    p += 1;
  }
  if (at(s, p) !== 32 || at(s, p + 3) !== 58 || at(s, p + 6) !== 58) return undefined;
  const h = digitsAt(s, p + 1, 2);
  const mi = digitsAt(s, p + 4, 2);
  const sec = digitsAt(s, p + 7, 2);
  if (h < 0 || mi < 0 || sec < 0) return undefined;
  const end = p + 9;
  const c = at(s, end);
  if (c === 46 || c === 44 || !plainBoundary(s, end)) return undefined;
  const fields: Fields = { mo, d, h, mi, s: sec };
  if (!valid(fields)) return undefined;
  const { ms, precision } = instant(fields, ref);
  return { end, epochMs: ms, precision };
}

function isDigitCode(c: number): boolean {
  return (CC[c & 0xffff]! & DIGIT) !== 0;
}

/** Fraction digits (1 to 9) at p, as the patterns capture them; -1 when ten or more digits follow (let the patterns decide). */
function fractionEnd(s: string, p: number): number {
  let k = p;
  while (k < s.length && k - p < 9 && isDigitCode(at(s, k))) k++;
  return isDigitCode(at(s, k)) ? -1 : k;
}

/**
 * The same answer as the patterns for the common digit-led stamps, read without a regular expression: the
 * fields go through the same validity and instant rules. `undefined` means "ask the patterns", null means no
 * pattern can match here. Every shortcut below mirrors what the (greedy, sticky) patterns do on that shape.
 */
function fastDigits(s: string, pos: number, ref: TimeReference | undefined): TimestampMatch | null | undefined {
  let d = 0;
  while (d < 9 && pos + d < s.length && isDigitCode(at(s, pos + d))) d++;
  if (d === 0) return undefined;
  const nx = at(s, pos + d);
  switch (d) {
    case 1:
    case 2:
      if (nx === 58) return fastTimeOnly(s, pos, d);
      // RFC 2822 needs a capitalised month name after the day and one space.
      if (nx === 32) return SYSLOG_MONTHS.has(code3(s, pos + d + 1)) ? undefined : null;
      if (d === 2 && (nx === 45 || nx === 46)) {
        if (!(at(s, pos + 5) === 32 && (at(s, pos + 8) === 58 || at(s, pos + 9) === 58))) return null;
        return fastMonthDay(s, pos, pos + 3, ref);
      }
      // dd/MMM/yyyy and slashed dates are left to the patterns.
      return d === 2 && nx === 47 ? undefined : null;
    case 4:
      if (nx === 45 || nx === 47 || nx === 46) return fastDate4(s, pos, ref);
      if (nx === 32) return at(s, pos + 7) === 58 || at(s, pos + 8) === 58 ? fastMonthDay(s, pos, pos + 2, ref) : null;
      return null;
    case 6:
      return nx === 32 ? fastYymmdd(s, pos, ref) : null;
    case 8:
      return fastCompact(s, pos, ref);
    default:
      return null;
  }
}

/** Ends a match the way the patterns' caller does: a match followed by a letter or digit does not count. */
function boundaryOk(s: string, end: number): boolean {
  return end >= s.length || !isAlnum(at(s, end));
}

function finish(end: number, f: Fields, ref: TimeReference | undefined): TimestampMatch | null {
  if (!valid(f)) return null;
  const { ms, precision } = instant(f, ref);
  // An instant a Date cannot hold (a field read past the end of the text) is no timestamp.
  if (ms !== null && !Number.isFinite(ms)) return null;
  return { end, epochMs: ms, precision };
}

/** `H:MM:SS[.fff]` or `HH:MM:SS[.fff]` (the time-only pattern, the only candidate here). */
function fastTimeOnly(s: string, pos: number, d: number): TimestampMatch | null {
  const p = pos + d + 1;
  const mi = digitsAt(s, p, 2);
  if (mi < 0 || at(s, p + 2) !== 58) return null;
  const sec = digitsAt(s, p + 3, 2);
  if (sec < 0) return null;
  let end = p + 5;
  const c = at(s, end);
  if ((c === 46 || c === 44) && isDigitCode(at(s, end + 1))) {
    end = fractionEnd(s, end + 1);
    if (end < 0) return null;
  }
  if (!boundaryOk(s, end)) return null;
  const h = digitsAt(s, pos, d);
  if (!(h <= 24 && mi <= 59 && sec <= 60)) return null;
  return { end, epochMs: null, precision: 1 };
}

/** `MM-dd HH:MM:SS[.fff]`, `MM.dd  HH:MM:SS`, `MMdd HH:MM:SS` (year-less month-day); the day starts at `dayAt`. */
function fastMonthDay(s: string, pos: number, dayAt: number, ref: TimeReference | undefined): TimestampMatch | null {
  const mo = digitsAt(s, pos, 2);
  const day = digitsAt(s, dayAt, 2);
  if (mo < 0 || day < 0) return null;
  let p = dayAt + 2;
  if (at(s, p) !== 32) return null;
  p++;
  if (at(s, p) === 32) p++;
  const h = digitsAt(s, p, 2);
  if (h < 0 || at(s, p + 2) !== 58) return null;
  const mi = digitsAt(s, p + 3, 2);
  if (mi < 0 || at(s, p + 5) !== 58) return null;
  const sec = digitsAt(s, p + 6, 2);
  if (sec < 0) return null;
  let end = p + 8;
  let frac: string | undefined;
  const c = at(s, end);
  if ((c === 46 || c === 44) && isDigitCode(at(s, end + 1))) {
    const fe = fractionEnd(s, end + 1);
    if (fe < 0) return null;
    frac = s.slice(end + 1, fe);
    end = fe;
  }
  if (!boundaryOk(s, end)) return null;
  return finish(end, { mo, d: day, h, mi, s: sec, frac }, ref);
}

/** `yyMMdd HHmmss` (the only candidate for six digits and a space). */
function fastYymmdd(s: string, pos: number, ref: TimeReference | undefined): TimestampMatch | null {
  const h = digitsAt(s, pos + 7, 2);
  const mi = digitsAt(s, pos + 9, 2);
  const sec = digitsAt(s, pos + 11, 2);
  if (h < 0 || mi < 0 || sec < 0) return null;
  const end = pos + 13;
  if (!boundaryOk(s, end)) return null;
  return finish(end, { y: 2000 + digitsAt(s, pos, 2), mo: digitsAt(s, pos + 2, 2), d: digitsAt(s, pos + 4, 2), h, mi, s: sec }, ref);
}

/** `yyyyMMdd[-T ]HH[:]mm[:]ss[:.,fff]` (the only candidate for eight digits). */
function fastCompact(s: string, pos: number, ref: TimeReference | undefined): TimestampMatch | null {
  let p = pos + 8;
  const c8 = at(s, p);
  if (c8 === 45 || c8 === 84 || c8 === 32) p++;
  else return null;
  const h = digitsAt(s, p, 2);
  if (h < 0) return null;
  p += 2;
  if (at(s, p) === 58) p++;
  const mi = digitsAt(s, p, 2);
  if (mi < 0) return null;
  p += 2;
  if (at(s, p) === 58) p++;
  const sec = digitsAt(s, p, 2);
  if (sec < 0) return null;
  let end = p + 2;
  let frac: string | undefined;
  const c = at(s, end);
  if ((c === 58 || c === 46 || c === 44) && isDigitCode(at(s, end + 1))) {
    const fe = fractionEnd(s, end + 1);
    if (fe < 0) return null;
    frac = s.slice(end + 1, fe);
    end = fe;
  }
  if (!boundaryOk(s, end)) return null;
  return finish(end, { y: digitsAt(s, pos, 4), mo: digitsAt(s, pos + 4, 2), d: digitsAt(s, pos + 6, 2), h, mi, s: sec, frac }, ref);
}

/**
 * Four digits and a date separator: ISO 8601 and its relatives (`2005-06-03-15.42.50.675872`, `2024/01/02 10:20:30`,
 * `2026-05-01T08:00:00.250+02:00`) and bare dates (`2005.06.03`). Unusual shapes go to the patterns.
 */
function fastDate4(s: string, pos: number, ref: TimeReference | undefined): TimestampMatch | null | undefined {
  const sep1 = at(s, pos + 4);
  const sep2 = at(s, pos + 7);
  if (sep2 !== 45 && sep2 !== 47 && sep2 !== 46) return undefined;
  const mo = digitsAt(s, pos + 5, 2);
  const day = digitsAt(s, pos + 8, 2);
  if (mo < 0 || day < 0) return undefined;
  const y = digitsAt(s, pos, 4);
  const c10 = at(s, pos + 10);
  const c11 = at(s, pos + 11);
  const timeFollows = (c10 === 84 || c10 === 45 || c10 === 95 || c10 === 32) && isDigitCode(c11);
  if (!timeFollows) {
    // A bare date: only the date-only pattern (same separator twice) can match, when no time can follow.
    if (sep1 !== sep2 || sep1 === 47) return undefined;
    if (c10 === 32 && c11 === 32) return undefined;
    if (pos + 10 < s.length && isAlnum(c10)) return undefined;
    const f: Fields = { y, mo, d: day };
    return valid(f) ? finish(pos + 10, f, ref) : undefined;
  }
  const h = digitsAt(s, pos + 11, 2);
  const t1 = at(s, pos + 13);
  if (h < 0 || (t1 !== 58 && t1 !== 46)) return undefined;
  const mi = digitsAt(s, pos + 14, 2);
  if (mi < 0) return undefined;
  let p = pos + 16;
  let sec: number | undefined;
  let c = at(s, p);
  if (c === 58 || c === 46 || c === 44) {
    // Seconds must be clean two digits (`:30`); anything else is the patterns' business.
    const v = digitsAt(s, p + 1, 2);
    if (c === 44 || v < 0) return undefined;
    sec = v;
    p += 3;
    c = at(s, p);
  }
  let frac: string | undefined;
  if (sec !== undefined && (c === 46 || c === 44 || c === 58) && isDigitCode(at(s, p + 1))) {
    const fe = fractionEnd(s, p + 1);
    if (fe < 0) return undefined;
    frac = s.slice(p + 1, fe);
    p = fe;
    c = at(s, p);
  } else if (sec !== undefined && (c === 46 || c === 44 || c === 58)) {
    return undefined;
  }
  let zone: string | undefined;
  if (c === 90) {
    zone = 'Z';
    p++;
  } else if (c === 43 || c === 45) {
    const zh = digitsAt(s, p + 1, 2);
    if (zh < 0) return undefined;
    const colon = at(s, p + 3) === 58 ? 1 : 0;
    if (digitsAt(s, p + 3 + colon, 2) < 0) return undefined;
    zone = s.slice(p, p + 5 + colon);
    p += 5 + colon;
  } else if (c === 32 || c === 85 || c === 71) {
    const z = c === 32 ? at(s, p + 1) : c;
    if (z === 90 || z === 43 || z === 45 || z === 85 || z === 71) return undefined;
  }
  if (!boundaryOk(s, p)) return undefined;
  const f: Fields = { y, mo, d: day, h, mi, s: sec, frac, zone };
  return valid(f) ? finish(p, f, ref) : undefined;
}

/**
 * The longest timestamp starting exactly at `pos`, or null. A match must end at a token boundary (not in the
 * middle of a word or number).
 */
export function matchTimestamp(s: string, pos: number, ref?: TimeReference): TimestampMatch | null {
  const fast = fastIso(s, pos) ?? fastSyslog(s, pos, ref);
  if (fast !== undefined) return fast;
  if (isDigitCode(at(s, pos))) {
    const quick = fastDigits(s, pos, ref);
    if (quick !== undefined) return quick;
  }
  return matchByPatterns(s, pos, ref);
}

/** matchTimestamp by the patterns alone, without the fast paths (they must give the same answers; tests compare). */
export function matchByPatterns(s: string, pos: number, ref?: TimeReference): TimestampMatch | null {
  const patterns = candidates(s, pos);
  if (!patterns) return null;
  let best: { end: number; fields: Fields } | null = null;
  for (const p of patterns) {
    p.re.lastIndex = pos;
    const m = p.re.exec(s);
    if (!m) continue;
    const end = pos + m[0].length;
    if (best && end <= best.end) continue;
    const next = at(s, end);
    if (end < s.length && isAlnum(next)) continue;
    const fields = p.build(m);
    if (!fields || !valid(fields)) continue;
    best = { end, fields };
  }
  if (!best) return null;
  const { ms, precision } = instant(best.fields, ref);
  return { end: best.end, epochMs: ms, precision };
}

/** Seconds since the epoch written as a bare 10-digit (or 13-digit millisecond) number between 2000 and 2038. */
export function epochFromDigits(token: string): number | null {
  if (token.length === 10 && /^[12]\d{9}$/.test(token)) {
    const n = Number(token);
    if (n >= 946684800 && n <= 2147483647) return n * 1000;
  }
  if (token.length === 13 && /^1\d{12}$/.test(token)) {
    const n = Number(token);
    if (n >= 946684800000 && n <= 2147483647000) return n;
  }
  return null;
}

/** Parse a timestamp value from a JSON log field: an ISO-like string or epoch seconds/milliseconds. */
export function parseTimestampValue(v: unknown, ref: TimeReference): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) {
    if (v >= 946684800 && v <= 2147483647) return Math.round(v * 1000);
    if (v >= 946684800000 && v <= 2147483647000) return Math.round(v);
    return null;
  }
  if (typeof v !== 'string' || v.length > 64) return null;
  const t = v.trim();
  const m = matchTimestamp(t, 0, ref);
  if (m && m.epochMs !== null) return m.epochMs;
  return epochFromDigits(t);
}
