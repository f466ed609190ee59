// Adversarial texts for the text tools (humanizer-score, humanize): runs of their own delimiters and syntax at the
// size the `text` field allows. Built on demand: each is about 200,000 characters.
import type { HostileCase } from '../contract.ts';

/** `unit` repeated to exactly `n` characters. */
function fill(unit: string, n: number): string {
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

/** Hostile `text` inputs of `max` characters, named. */
function hostileTexts(max: number): [string, string][] {
  return [
    ['fence openers with carriage returns (" ```\\r")', fill(' ```\r', max)],
    ['fence lines', fill('```\n', max)],
    ['an unclosed fence and prose', `\`\`\`\n${fill('delve tapestry ', max - 4)}`],
    ['one run of backticks', fill('`', max)],
    ['backtick runs of growing length', fill('`a``b```c````d', max)],
    ['one run of tildes', fill('~', max)],
    ['carriage returns', fill('\r', max)],
    ['CRLF', fill('\r\n', max)],
    ['straight quotes', fill('"a', max)],
    ['curly opening quotes', fill('\u201ca', max)],
    ['guillemets without a close', fill('\u00ab', max)],
    ['em dashes', fill('\u2014', max)],
    ['spaced double hyphens', fill('a -- ', max)],
    ['bullet lists with bold labels', fill('- **Label:** item\n', max)],
    ['Markdown headings in Title Case', fill('# The Title Case Heading Here\n', max)],
    ['one long word', fill('a', max)],
    ['newlines', fill('\n', max)],
    ['dots', fill('.', max)],
    ['a preamble and spaces', `Here is a 20 sentence story based on the prompt:${' '.repeat(max - 60)}x.`],
    ['catalogue words and tails', fill('Moreover, we delve into the tapestry, highlighting it. It is not only fast but also cheap. ', max)],
    ['citation wrappers', fill('\u3010\ue200\ue200', max)],
    ['uniform sentences with participle tails', fill('She sat at the old desk by the window, staring at the grey sea. ', max)],
    ['digits and separators', fill('1,2.3,', max)],
  ];
}

/** The hostile cases of a tool whose input is `{ text }`. */
export function hostileTextCases(max: number): HostileCase[] {
  return hostileTexts(max).map(([name, text]) => ({ name, input: { text } }));
}
