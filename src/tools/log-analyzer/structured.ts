// Line formats that carry their own structure: JSON lines, logfmt, and Apache/nginx access logs.
import type { Level } from './levels.ts';
import { levelFromValue } from './levels.ts';
import type { TimeReference } from './timestamps.ts';
import { matchTimestamp, parseTimestampValue } from './timestamps.ts';

/** What a structured line contributes: the message to cluster, and its header facts. */
export interface StructuredLine {
  kind: 'json' | 'logfmt' | 'access';
  message: string;
  /** Text appended to the signature verbatim (never masked), e.g. an HTTP status. */
  literalTail: string | null;
  level: Level | null;
  epochMs: number | null;
}

const MESSAGE_KEYS = ['msg', 'message', 'event', 'log', 'text', 'body', 'short_message', 'MESSAGE'];
const LEVEL_KEYS = ['level', 'lvl', 'severity', 'levelname', 'log.level', 'loglevel', 'priority', 'SEVERITY'];
const TIME_KEYS = ['timestamp', 'time', '@timestamp', 'ts', 't', 'date', 'datetime', 'asctime', 'eventTime', 'TIMESTAMP'];
const MAX_JSON_LINE = 65536;

function pick(obj: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const k of keys) {
    if (k in obj) return obj[k];
    const dot = k.indexOf('.');
    if (dot > 0) {
      const inner = obj[k.slice(0, dot)];
      if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
        const v = (inner as Record<string, unknown>)[k.slice(dot + 1)];
        if (v !== undefined) return v;
      }
    }
  }
  return undefined;
}

function describeKeys(obj: Record<string, unknown>, skip: Set<string>): string {
  // Without a message field the shape of the object is the event: its keys, values left to masking.
  const parts: string[] = [];
  for (const k of Object.keys(obj).sort()) {
    if (skip.has(k)) continue;
    const v = obj[k];
    const shown = v === null || typeof v === 'object' ? typeof v : String(v);
    parts.push(`${k}=${shown.length > 80 ? shown.slice(0, 80) : shown}`);
    if (parts.length >= 24) break;
  }
  return parts.join(' ');
}

/** A JSON object line (`{"level":"info","msg":"..."}`), or null. */
export function parseJsonLine(line: string, ref: TimeReference): StructuredLine | null {
  const t = line.trim();
  if (t.length < 2 || t.length > MAX_JSON_LINE || t.charCodeAt(0) !== 123 || t.charCodeAt(t.length - 1) !== 125) return null;
  let obj: unknown;
  try {
    obj = JSON.parse(t);
  } catch {
    return null;
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return null;
  const rec = obj as Record<string, unknown>;
  const msg = pick(rec, MESSAGE_KEYS);
  const levelValue = pick(rec, LEVEL_KEYS);
  const timeValue = pick(rec, TIME_KEYS);
  let message: string;
  if (typeof msg === 'string') message = msg;
  else if (msg !== undefined && msg !== null && typeof msg !== 'object') message = String(msg);
  else message = describeKeys(rec, new Set([...LEVEL_KEYS, ...TIME_KEYS]));
  const errorValue = rec.error ?? rec.err;
  if (typeof msg === 'string' && typeof errorValue === 'string' && errorValue.length > 0) message = `${message} error=${errorValue}`;
  return {
    kind: 'json',
    message: message.replace(/[\r\n]+/g, ' '),
    literalTail: null,
    level: levelFromValue(levelValue),
    epochMs: parseTimestampValue(timeValue, ref),
  };
}

/** Parse `key=value key2="quoted value"` pairs from the start of a line; stops at the first non-pair. */
function logfmtPairs(line: string): Map<string, string> | null {
  const pairs = new Map<string, string>();
  let i = 0;
  const n = Math.min(line.length, 16384);
  while (i < n) {
    while (i < n && line.charCodeAt(i) === 32) i++;
    if (i >= n) break;
    const keyStart = i;
    while (i < n && /[\w.@-]/.test(line.charAt(i))) i++;
    if (i === keyStart || line.charAt(i) !== '=') break;
    const key = line.slice(keyStart, i);
    i++;
    let value: string;
    if (line.charAt(i) === '"') {
      let j = i + 1;
      let out = '';
      while (j < n && line.charAt(j) !== '"') {
        if (line.charAt(j) === '\\' && j + 1 < n) {
          out += line.charAt(j + 1);
          j += 2;
        } else {
          out += line.charAt(j);
          j++;
        }
      }
      if (j >= n) return pairs.size >= 2 ? pairs : null;
      value = out;
      i = j + 1;
    } else {
      const vs = i;
      while (i < n && line.charCodeAt(i) !== 32) i++;
      value = line.slice(vs, i);
    }
    pairs.set(key, value);
  }
  return pairs.size >= 2 ? pairs : null;
}

/** A logfmt line (Go logrus/slog text handler, Heroku): needs a msg/message or a level key. */
export function parseLogfmtLine(line: string, ref: TimeReference): StructuredLine | null {
  const c = line.charCodeAt(0);
  if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90))) return null;
  if (line.indexOf('=') < 0) return null;
  const pairs = logfmtPairs(line);
  if (!pairs) return null;
  const msgKey = ['msg', 'message'].find((k) => pairs.has(k));
  const levelKey = ['level', 'lvl', 'severity'].find((k) => pairs.has(k));
  if (!msgKey && !levelKey) return null;
  const timeKey = ['time', 'ts', 'timestamp', 't'].find((k) => pairs.has(k));
  let message: string;
  if (msgKey) {
    message = pairs.get(msgKey) ?? '';
    const err = pairs.get('err') ?? pairs.get('error');
    if (err) message = `${message} error=${err}`;
  } else {
    message = [...pairs.entries()]
      .filter(([k]) => k !== levelKey && k !== timeKey)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
  }
  return {
    kind: 'logfmt',
    message,
    literalTail: null,
    level: levelKey ? levelFromValue(pairs.get(levelKey)) : null,
    epochMs: timeKey ? parseTimestampValue(pairs.get(timeKey), ref) : null,
  };
}

// Common/combined log format; every quantifier is bounded.
const ACCESS_RE = /^(\S{1,255}) (\S{1,255}) (\S{1,255}) \[([^\]]{1,64})\] "([^"]{0,8192})" (\d{3}) (\S{1,32})/;

/** An Apache/nginx access-log line; the message is the request line without its query string. */
export function parseAccessLine(line: string, ref: TimeReference): StructuredLine | null {
  const c = line.charCodeAt(0);
  if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 58 || c === 45)) return null;
  if (line.indexOf('] "') < 0) return null;
  const m = ACCESS_RE.exec(line);
  if (!m) return null;
  const ts = matchTimestamp(m[4]!, 0, ref);
  const request = m[5]!;
  const parts = request.split(' ');
  let message: string;
  if (parts.length === 3) {
    // The query string is a parameter of the endpoint, not part of it.
    const q = parts[1]!.indexOf('?');
    const path = q >= 0 ? parts[1]!.slice(0, q) : parts[1]!;
    message = `${parts[0]} ${path} ${parts[2]}`;
  } else {
    message = request.length > 0 ? request : '(empty request)';
  }
  const status = Number(m[6]);
  const level: Level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
  return { kind: 'access', message, literalTail: m[6]!, level, epochMs: ts ? ts.epochMs : null };
}
