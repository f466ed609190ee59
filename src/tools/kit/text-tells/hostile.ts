// Adversarial texts for the text tools (humanizer-score, humanize): runs of their own delimiters and syntax at the
// size the `text` field allows. Built on demand: each is about 200,000 characters.
import type { HostileCase } from '../contract.ts';
import { repeatTo } from '../hostile.ts';

/** Hostile `text` inputs of `max` characters, named. */
function hostileTexts(max: number): [string, string][] {
  return [
    ['fence openers with carriage returns (" ```\\r")', repeatTo(' ```\r', max)],
    ['fence lines', repeatTo('```\n', max)],
    ['an unclosed fence and prose', `\`\`\`\n${repeatTo('delve tapestry ', max - 4)}`],
    ['one run of backticks', repeatTo('`', max)],
    ['backtick runs of growing length', repeatTo('`a``b```c````d', max)],
    ['one run of tildes', repeatTo('~', max)],
    ['carriage returns', repeatTo('\r', max)],
    ['CRLF', repeatTo('\r\n', max)],
    ['straight quotes', repeatTo('"a', max)],
    ['curly opening quotes', repeatTo('\u201ca', max)],
    ['guillemets without a close', repeatTo('\u00ab', max)],
    ['em dashes', repeatTo('\u2014', max)],
    ['spaced double hyphens', repeatTo('a -- ', max)],
    ['bullet lists with bold labels', repeatTo('- **Label:** item\n', max)],
    ['Markdown headings in Title Case', repeatTo('# The Title Case Heading Here\n', max)],
    ['one long word', repeatTo('a', max)],
    ['newlines', repeatTo('\n', max)],
    ['dots', repeatTo('.', max)],
    ['a preamble and spaces', `Here is a 20 sentence story based on the prompt:${' '.repeat(max - 60)}x.`],
    ['catalogue words and tails', repeatTo('Moreover, we delve into the tapestry, highlighting it. It is not only fast but also cheap. ', max)],
    ['citation wrappers', repeatTo('\u3010\ue200\ue200', max)],
    ['uniform sentences with participle tails', repeatTo('She sat at the old desk by the window, staring at the grey sea. ', max)],
    ['digits and separators', repeatTo('1,2.3,', max)],
    ['antislop list words, one hit each', repeatTo('She nodded, her gaze flickered to the shadows and she whispered. ', max)],
  ];
}

/** The hostile cases of a tool whose input is `{ text }`. */
export function hostileTextCases(max: number): HostileCase[] {
  return hostileTexts(max).map(([name, text]) => ({ name, input: { text } }));
}
