// Graphviz DOT tokenizer: IDs (plain, numeral, quoted with escapes, HTML strings), punctuation, edge operators, comments.
import { parseError } from './model.ts';

export type Token =
  | { kind: 'id'; value: string; quoted: boolean; html: boolean; line: number }
  | { kind: 'punct'; value: '{' | '}' | '[' | ']' | '=' | ';' | ',' | ':' | '+'; line: number }
  | { kind: 'edgeop'; value: '->' | '--'; line: number }
  | { kind: 'eof'; line: number };

const PUNCT = new Set(['{', '}', '[', ']', '=', ';', ',', ':', '+']);

function isIdStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c >= 128;
}

function isIdChar(c: number): boolean {
  return isIdStart(c) || (c >= 48 && c <= 57);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A token read from `start`, where reading goes on (`end`) and the line reached. */
interface Read {
  token: Token;
  end: number;
  line: number;
}

/** A quoted string from its opening `"`: escapes `\"`, `\\` (kept doubled) and backslash-newline continuations. */
function readQuoted(src: string, start: number, startLine: number): Read {
  const n = src.length;
  let line = startLine;
  let value = '';
  let k = start + 1;
  let closed = false;
  while (k < n) {
    const c = src[k] ?? '';
    if (c === '"') {
      closed = true;
      break;
    }
    // A doubled backslash stays two characters (label escapes read it later) and escapes nothing.
    if (c === '\\' && src[k + 1] === '\\') {
      value += '\\\\';
      k += 2;
      continue;
    }
    if (c === '\\' && src[k + 1] === '"') {
      value += '"';
      k += 2;
      continue;
    }
    // A backslash before a newline continues the string on the next line.
    if (c === '\\' && src[k + 1] === '\n') {
      line++;
      k += 2;
      continue;
    }
    if (c === '\\' && src[k + 1] === '\r' && src[k + 2] === '\n') {
      line++;
      k += 3;
      continue;
    }
    if (c === '\n') line++;
    value += c;
    k++;
  }
  if (!closed) throw parseError('a quoted string is never closed', startLine);
  return { token: { kind: 'id', value, quoted: true, html: false, line: startLine }, end: k + 1, line };
}

/** An HTML string `<...>` from its opening `<`, nested angle brackets balanced. */
function readHtml(src: string, start: number, startLine: number): Read {
  const n = src.length;
  let line = startLine;
  let depth = 0;
  let k = start;
  for (; k < n; k++) {
    const c = src[k];
    if (c === '<') depth++;
    else if (c === '>') {
      depth--;
      if (depth === 0) break;
    } else if (c === '\n') line++;
  }
  if (depth !== 0) throw parseError('an HTML label <...> is never closed', startLine);
  return { token: { kind: 'id', value: src.slice(start + 1, k), quoted: false, html: true, line: startLine }, end: k + 1, line };
}

/** Tokenize a whole DOT text. One forward pass; every loop advances, so the cost is linear. */
export function tokenizeDot(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = true;
  const n = src.length;
  while (i < n) {
    const ch = src[i] ?? '';
    const code = src.charCodeAt(i);
    if (ch === '\n') {
      line++;
      i++;
      lineStart = true;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v') {
      i++;
      continue;
    }
    // A line starting with # is C preprocessor output, which Graphviz ignores.
    if (ch === '#' && lineStart) {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    lineStart = false;
    if (ch === '/' && src[i + 1] === '/') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (ch === '/' && src[i + 1] === '*') {
      const close = src.indexOf('*/', i + 2);
      if (close < 0) throw parseError('a /* comment is never closed', line);
      for (let k = i; k < close; k++) if (src.charCodeAt(k) === 10) line++;
      i = close + 2;
      continue;
    }
    if (ch === '-' && (src[i + 1] === '>' || src[i + 1] === '-')) {
      out.push({ kind: 'edgeop', value: src[i + 1] === '>' ? '->' : '--', line });
      i += 2;
      continue;
    }
    if (PUNCT.has(ch)) {
      out.push({ kind: 'punct', value: ch as '{', line });
      i++;
      continue;
    }
    if (ch === '"' || ch === '<') {
      const read = ch === '"' ? readQuoted(src, i, line) : readHtml(src, i, line);
      out.push(read.token);
      line = read.line;
      i = read.end;
      continue;
    }
    if (isDigit(code) || ((ch === '-' || ch === '.') && (isDigit(src.charCodeAt(i + 1)) || (src[i + 1] === '.' && isDigit(src.charCodeAt(i + 2)))))) {
      let k = i;
      if (src[k] === '-') k++;
      while (k < n && isDigit(src.charCodeAt(k))) k++;
      if (src[k] === '.') {
        k++;
        while (k < n && isDigit(src.charCodeAt(k))) k++;
      }
      // Graphviz warns about "1abc" and splits it; reading it as one id is kinder and loses nothing.
      while (k < n && isIdChar(src.charCodeAt(k))) k++;
      out.push({ kind: 'id', value: src.slice(i, k), quoted: false, html: false, line });
      i = k;
      continue;
    }
    if (isIdStart(code)) {
      let k = i + 1;
      while (k < n && isIdChar(src.charCodeAt(k))) k++;
      out.push({ kind: 'id', value: src.slice(i, k), quoted: false, html: false, line });
      i = k;
      continue;
    }
    throw parseError(`unexpected character "${ch}"`, line);
  }
  out.push({ kind: 'eof', line });
  return out;
}
