// Adversarial inputs for defect-triage, built from its own syntax: report text, code fences, trace lines, cues.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';

const MAX_REPORTS = 200;
const MAX_TEXT = 20_000;

/** A string report at the cap made of one unit repeated. */
const fill = (unit: string, size = MAX_TEXT): string => repeatTo(unit, size);

/** `count` string reports, each `unit` repeated to the cap (50 of them make 1 MB). */
function strings(unit: string, count = 50): { reports: string[] } {
  return { reports: Array.from({ length: count }, () => fill(unit)) };
}

/** The cases; about 1 MB each, or the schema's caps where those are smaller. */
export function hostileCases(): HostileCase[] {
  const fullObject = {
    title: fill('Crash [x] ', 500),
    description: fill('```\n{code}\nat a.b(C.java:1)\n'),
    steps: Array.from({ length: 50 }, () => fill('1. click ', 1_000)),
    expected: fill('should ', 5_000),
    actual: fill('not ', 5_000),
    environment: fill('Windows 11.0.1 ', 2_000),
  };
  return [
    { name: '1 MB of list bullets', input: strings('- ') },
    { name: '1 MB of numbered steps', input: strings('1. \n') },
    { name: '1 MB of one letter (one long word per report)', input: strings('a') },
    { name: '1 MB of one-letter lines', input: strings('a\n') },
    { name: '1 MB of carriage returns between letters', input: strings('a\r') },
    { name: '1 MB of blank lines (trimmed to nothing: a 400)', input: strings('\n') },
    { name: '1 MB of unclosed code fences', input: strings('```') },
    { name: '1 MB of unclosed {code blocks', input: strings('{code') },
    { name: '1 MB of {noformat} pairs', input: strings('{noformat}') },
    { name: '1 MB of stack-trace lines', input: strings('at a.b(\n') },
    { name: '1 MB of build-log lines', input: strings('[ERROR] Caused by\n') },
    { name: '1 MB of negators', input: strings('not no never ') },
    { name: '1 MB of contractions', input: strings("can't won't doesn't ") },
    { name: '1 MB of severity cues', input: strings('data loss crash typo ') },
    { name: '1 MB of exposure phrases', input: strings('see another tenant other users ') },
    { name: '1 MB of lost-content phrases', input: strings('lost lost data changes are lost ') },
    { name: '1 MB of bracketed title prefixes', input: strings('[ABFS] S3A: ') },
    { name: '1 MB of Given/When/Then', input: strings('Given When Then ') },
    { name: '1 MB of control and bidi characters', input: strings('\u0000\u202e\uffff') },
    { name: '200 reports of one character', input: { reports: Array.from({ length: MAX_REPORTS }, () => 'x') } },
    { name: '24 object reports with every field at its cap', input: { reports: Array.from({ length: 24 }, () => fullObject) } },
  ];
}
