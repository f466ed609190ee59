// Adversarial inputs for defect-triage, built from its own syntax: report text, code fences, trace lines, cues.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';
import { casesFrom, copies } from '../kit/hostile-text.ts';

const MAX_REPORTS = 200;
const MAX_TEXT = 20_000;

/** A string report at the cap made of one unit repeated. */
const fill = (unit: string, size = MAX_TEXT): string => repeatTo(unit, size);

/** 50 string reports, each `unit` repeated to the cap: 1 MB. */
function strings(unit: string): { reports: string[] } {
  return { reports: copies(unit, 50, MAX_TEXT) };
}

/** The cases; about 1 MB each, or the schema's caps where those are smaller. */
export function hostileCases(): HostileCase[] {
  const fullObject = {
    title: fill('Crash [x] ', 500),
    description: fill('```\n{code}\nat a.b(C.java:1)\n'),
    steps: copies('1. click ', 50, 1_000),
    expected: fill('should ', 5_000),
    actual: fill('not ', 5_000),
    environment: fill('Windows 11.0.1 ', 2_000),
  };
  return [
    ...casesFrom(strings, [
      ['1 MB of list bullets', '- '],
      ['1 MB of numbered steps', '1. \n'],
      ['1 MB of one letter (one long word per report)', 'a'],
      ['1 MB of one-letter lines', 'a\n'],
      ['1 MB of carriage returns between letters', 'a\r'],
      ['1 MB of blank lines (trimmed to nothing: a 400)', '\n'],
      ['1 MB of unclosed code fences', '```'],
      ['1 MB of unclosed {code blocks', '{code'],
      ['1 MB of {noformat} pairs', '{noformat}'],
      ['1 MB of stack-trace lines', 'at a.b(\n'],
      ['1 MB of build-log lines', '[ERROR] Caused by\n'],
      ['1 MB of negators', 'not no never '],
      ['1 MB of contractions', "can't won't doesn't "],
      ['1 MB of severity cues', 'data loss crash typo '],
      ['1 MB of exposure phrases', 'see another tenant other users '],
      ['1 MB of lost-content phrases', 'lost lost data changes are lost '],
      ['1 MB of bracketed title prefixes', '[ABFS] S3A: '],
      ['1 MB of Given/When/Then', 'Given When Then '],
      ['1 MB of control and bidi characters', '\u0000\u202e\uffff'],
    ]),
    { name: '200 reports of one character', input: { reports: Array.from({ length: MAX_REPORTS }, () => 'x') } },
    { name: '24 object reports with every field at its cap', input: { reports: Array.from({ length: 24 }, () => fullObject) } },
  ];
}
