// Adversarial inputs for worklog-guardrail: 2000 entries (the cap) of about 1 MB that make every grouping and
// rule work at once (one person and one day, duplicates, overlaps, every rule firing), built from its own
// syntax (issue keys, dates, clock times, durations) and its text fields' separators, \r, runs and unicode.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';

const MAX_ENTRIES = 2000;
/** A description length that brings 2000 entries to about 1 MB (the field's cap is 2000). */
const TEXT = 420;
const AS_OF = '2026-07-22';

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** 2000 entries made by `make`. */
function entries(make: (i: number) => Record<string, unknown>, guardrails?: Record<string, unknown>): HostileCase['input'] {
  return { as_of: AS_OF, entries: Array.from({ length: MAX_ENTRIES }, (_, i) => make(i)), ...(guardrails ? { guardrails } : {}) };
}

const base = { author: 'ana', date: '2026-07-20', duration: 60, issue_key: 'PAY-1', description: repeatTo('Implement refund retries. ', TEXT) };

/** Every list-valued setting at its cap. */
function fullGuardrails(): Record<string, unknown> {
  const day = (i: number): string => `2026-${pad2(1 + (i % 12))}-${pad2(1 + (i % 28))}`;
  return {
    closed_period: { locked_before: '2026-07-01', periods: Array.from({ length: 100 }, (_, i) => ({ start: day(i), end: day(i + 1) })) },
    holiday: { dates: Array.from({ length: 400 }, (_, i) => `${2025 + (i % 2)}-${pad2(1 + (i % 12))}-${pad2(1 + (i % 28))}`) },
    weekend: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] },
    issue_key_format: { project_keys: Array.from({ length: 200 }, (_, i) => `P${repeatTo('Q', 40)}${i}`) },
    description_too_short: { min_length: 500 },
  };
}

export function hostileCases(): HostileCase[] {
  return [
    {
      name: '2000 overlapping timed entries of one person on one day',
      input: entries((i) => ({ author: base.author, date: base.date, description: base.description, start: `${pad2(i % 23)}:${pad2(i % 60)}`, end: '24:00', issue_key: `PAY-${i + 1}` })),
    },
    { name: '2000 duplicates differing only in case and spacing', input: entries((i) => ({ ...base, description: i % 2 ? base.description.toUpperCase() : base.description.replace(/ /g, ' \r\n\t ') })) },
    {
      name: '2000 entries on which every rule fires, every list setting at its cap',
      input: entries(
        (i) => ({ author: 'ana', date: '2026-06-06', start: '09:00', end: '10:00', duration: 601 + (i % 7), issue_key: `pay-${i}`, description: '' }),
        fullGuardrails(),
      ),
    },
    { name: '2000 authors, one entry each per day over ten years', input: entries((i) => ({ ...base, author: `${repeatTo('a', 90)}${i}`, date: `${2016 + (i % 10)}-${pad2(1 + (i % 12))}-${pad2(1 + (i % 28))}` })) },
    { name: '2000 entries of 24 hours (00:00 to 24:00) as ISO durations', input: entries(() => ({ ...base, start: '00:00', end: '24:00', duration: 'PT24H' })) },
    { name: '2000 entries with duration text at its 20-character cap', input: entries((i) => ({ ...base, duration: ['PT99999.9999H', '99999.9999h 9999.9m', '-999:59', '1.2345h 123456.1234m'][i % 4] })) },
    { name: 'durations of 20 repeated unit letters (refused)', input: entries(() => ({ ...base, duration: repeatTo('1h', 20) })) },
    { name: 'issue keys of 100 capitals without a number', input: entries(() => ({ ...base, issue_key: repeatTo('A', 99) + '-' })) },
    { name: 'lower-case issue keys of 100 characters (did-you-mean hints)', input: entries(() => ({ ...base, issue_key: `${repeatTo('a', 97)}-12` })) },
    { name: 'issue keys of 100 hyphens and digits', input: entries(() => ({ ...base, issue_key: repeatTo('-1', 100) })) },
    {
      name: 'descriptions of control and bidi characters just under min_length',
      input: entries(() => ({ ...base, description: repeatTo('\u0000\u202e\u2066\u200b\r', 499) }), { description_too_short: { min_length: 500 } }),
    },
    { name: 'descriptions of byte-order marks only (blank once trimmed)', input: entries(() => ({ ...base, description: repeatTo('\ufeff \u00a0', TEXT) })) },
    { name: 'descriptions of astral characters and combining marks', input: entries(() => ({ ...base, description: repeatTo('\u{1F600}e\u0301', TEXT) })) },
    { name: 'authors and ids of quotes, backslashes and line ends', input: entries((i) => ({ ...base, id: repeatTo('"\\\r\n', 100), author: `${repeatTo('\r\n"\\ ', 96)}${i % 3}` })) },
    { name: '1 MB of entries (past the 2000 cap)', input: { as_of: AS_OF, entries: Array.from({ length: 20_000 }, () => ({ author: 'a', date: '2026-07-20', duration: 1 })) } },
    { name: 'a 1 MB description (past its cap)', input: { as_of: AS_OF, entries: [{ ...base, description: repeatTo('\r\n', 1_000_000) }] } },
    { name: 'a 1 MB date', input: { as_of: AS_OF, entries: [{ ...base, date: repeatTo('2026-07-20', 1_000_000) }] } },
  ];
}
