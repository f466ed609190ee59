// Adversarial logs built from log syntax (timestamps, brackets, key=value, separators, JSON lines, line breaks), about 1 MB each.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';

/** Size of each case: the log field takes 5 MB, the platform's hostile budget is about 1 MB per input. */
const HOSTILE_CHARS = 1_048_576;

/** `unit` repeated to `HOSTILE_CHARS` characters (the last copy cut). */
const fill = (unit: string, size = HOSTILE_CHARS): string => repeatTo(unit, size);

/** Lines from `line(i)` joined by LF until the budget is spent. */
function lines(line: (i: number) => string, size = HOSTILE_CHARS): string {
  const out: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const l = line(i);
    out.push(l);
    length += l.length + 1;
  }
  return out.join('\n').slice(0, size);
}

/** A small deterministic generator (no Math.random: the cases are the same on every run). */
function words(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}

export function hostileCases(): HostileCase[] {
  const cases: [string, () => string][] = [
    ['one 1 MB line of one letter', () => fill('a')],
    ['one 1 MB line of words', () => fill('lorem ipsum ')],
    ['1 MB of LF', () => fill('\n')],
    ['1 MB of CR', () => fill('\r')],
    ['1 MB of CRLF', () => fill('\r\n')],
    ['1 MB of digits', () => fill('7')],
    ['digit runs on every line', () => lines((i) => `${i}${'9'.repeat(200)} ${'1'.repeat(300)}`)],
    ['1 MB of spaces and tabs', () => fill(' \t')],
    ['1 MB of open brackets', () => fill('[')],
    ['nested brackets on every line', () => lines(() => `${'['.repeat(500)}${']'.repeat(10)}`)],
    ['bracketed fields on every line', () => lines((i) => `[${i}] [${'x'.repeat(i % 40)}] [main] [pool-${i % 7}] ${'[a]'.repeat(100)}`)],
    ['1 MB of key=value', () => fill('a=1 ')],
    ['1 MB of equals signs', () => fill('=')],
    ['key=value with empty and nested values', () => lines((i) => `k${i % 9}= v=${'='.repeat(i % 50)} x==y a="b=c" ${'k=v '.repeat(60)}`)],
    ['1 MB of pipes', () => fill('|')],
    ['pipe-delimited headers, empty fields', () => lines((i) => `20260101-12:00:${String(i % 60).padStart(2, '0')}:000|${'|'.repeat(i % 30)}Step|${i}|${'x|'.repeat(50)}`)],
    ['1 MB of dashes', () => fill('-')],
    ['1 MB of colons', () => fill(':')],
    ['1 MB of double quotes', () => fill('"')],
    ['unterminated quotes on every line', () => lines((i) => `2026-01-01 00:00:00 INFO "${'q '.repeat(i % 200)}'${'`'.repeat(20)}`)],
    ['timestamp soup on every line', () => lines(() => '2026-01-01 12:00:00 Jan 1 12:00:00 10/Oct/2000:13:55:36 -0700 081109 203615 20171223-22:15:29:606 12-17 19:31:36.263 '.repeat(8))],
    ['timestamps and nothing else', () => lines((i) => `2026-01-01T12:${String(i % 60).padStart(2, '0')}:00.000Z`)],
    ['one timestamp per line, years apart', () => lines((i) => `${1971 + (i % 90)}-01-01 00:00:00 ERROR x`)],
    ['syslog headers with empty messages', () => lines((i) => `Jan  ${1 + (i % 9)} 00:00:0${i % 10} host proc[${i}]:`)],
    ['level words only', () => lines(() => 'ERROR WARN INFO DEBUG FATAL TRACE [error] <warn> E/ I/ '.repeat(10))],
    ['access-log look-alikes', () => lines(() => `1.2.3.4 - - [${'1'.repeat(60)}] "${'x '.repeat(3000)}`)],
    ['JSON-lines fragments', () => lines((i) => ['{"msg":"', '{"level":"error","msg":', '{"a":{"b":{"c":', '{"time":"2026-01-01T00:00:00Z","msg":"x\\"y\\\\"}', `{"msg":"${'\\u0041'.repeat(100)}"}`][i % 5]!)],
    ['deeply nested JSON lines', () => lines(() => `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`)],
    ['one 1 MB JSON string', () => `{"msg":"${fill('x', HOSTILE_CHARS - 10)}"}`],
    ['logfmt with a 1 MB value', () => `level=info msg="${fill('y', HOSTILE_CHARS - 20)}"`],
    ['long tokens on every line', () => lines((i) => `token ${String(i % 10).repeat(150)}${'ab12'.repeat(40)} ${'/p'.repeat(200)}`)],
    ['one 1 MB token of letters and digits', () => fill('a1b2c3')],
    ['many distinct events', () => {
      const next = words(7);
      return lines(() => Array.from({ length: 8 }, () => `w${next() % 5000}`).join(' '));
    }],
    ['two-valued columns everywhere', () => lines((i) => Array.from({ length: 120 }, (_, c) => ((i * 7919 + c * 104729) % 3 === 0 ? 'a' : 'b')).join(' '))],
    ['columns of a dozen words that change together', () => lines((i) => Array.from({ length: 60 }, (_, c) => `v${String.fromCharCode(97 + ((i + (c % 2)) % 12))}`).join(' '))],
    ['identifiers gluing letters to digits', () => lines((i) => `job attempt_${i}_m_${i % 7} on node${i % 13} queue ${(i * 2654435761).toString(36)} ${'x1_'.repeat(20)}`)],
    ['a stack trace of ten thousand frames', () => `2026-01-01 12:00:00 ERROR x: boom\n${lines(() => '\tat a.b.C.d(C.java:1)')}`],
    ['control characters and mask characters', () => fill('\u0000\u0001\ue001\ue00b\u202e\u2028 ')],
  ];
  return cases.map(([name, make]) => ({ name, input: { log: make() } }));
}
