// Adversarial diagrams built from Mermaid's and SVG's own delimiters, as large as the engine reads them.
import type { HostileCase } from '../kit/contract.ts';
import { fillBetween, numbered } from '../kit/hostile.ts';
import { MAX_MERMAID_CHARS } from './engine.ts';

/** Mermaid is read up to 50,000 characters (Mermaid's maxTextSize); SVG up to the field limit, here about 1 MB. */
const MERMAID = MAX_MERMAID_CHARS - 64;
const SVG = 1_000_000;
/** Frontmatter is read up to 20,000 characters. */
const FRONT = 19_900;

const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600">';

/** `head`, `unit` repeated, `tail`: a Mermaid text as large as the engine reads (frontmatter: `size` FRONT). */
function fill(head: string, unit: string, tail = '', size = MERMAID): string {
  return fillBetween(head, unit, tail, size);
}

/** `head`, `unit` repeated, `tail` inside an open `<svg>` root, about 1 MB in all. */
function inSvg(head: string, unit: string, tail = ''): string {
  return fillBetween(`${SVG_OPEN}${head}`, unit, tail, SVG);
}

function mermaid(name: string, diagram: string, mode: 'check' | 'fix' | 'harden' = 'check'): HostileCase {
  return { name: `mermaid: ${name}`, input: { diagram, format: 'mermaid', mode } };
}

function svg(name: string, diagram: string, mode: 'check' | 'fix' | 'harden' = 'check'): HostileCase {
  return { name: `svg: ${name}`, input: { diagram, format: 'svg', mode } };
}

/** Every case answers 200 or a 4xx, in well under 300 ms in-process. */
export function hostileCases(): HostileCase[] {
  const m = MERMAID;
  const s = SVG;
  return [
    // Mermaid: links, labels, shapes and separators.
    mermaid('one link of a long run of dashes', fill('graph TD\n A', '-', '>B')),
    mermaid('text on links never closed', fill('graph TD\n', 'A -- x ')),
    mermaid('edge label pipes', fill('graph TD\nA-->', '|', 'B')),
    mermaid('semicolons only', fill('graph TD\n', ';')),
    mermaid('open brackets', fill('graph TD\n A', '[')),
    mermaid('open parentheses', fill('graph TD\n A', '(')),
    mermaid('open braces', fill('graph TD\n A', '{')),
    mermaid('double quotes', fill('graph TD\n A["', '"', ']')),
    mermaid('class shorthand', fill('graph TD\n A', ':::', 'c')),
    mermaid('ampersand fan-out on both sides of a link', `graph TD\n${'a&'.repeat(m / 8)}a-->${'b&'.repeat(m / 8)}b`),
    mermaid('many distinct nodes and edges', numbered('graph TD\n', (i) => `a${i}-->b${i}\n`, '', m), 'harden'),
    mermaid('one long token', fill('graph TD\n', 'A')),
    mermaid('blank run', fill('graph TD\n', ' ', 'A')),
    mermaid('carriage returns only', fill('graph TD\r', 'A-->B\r')),
    mermaid('newlines only', fill('graph TD', '\n', 'A')),
    // Style statements.
    mermaid('a classDef with a huge property list', fill('graph TD\n A\n classDef c ', 'fill:#fff,', 'color:#000')),
    mermaid('a style with commas only', fill('graph TD\n A\n style A ', ',')),
    mermaid('a style with colons only', fill('graph TD\n A\n style A ', ':')),
    mermaid('many failing style lines', fill('graph TD\n A\n', 'style A fill:#eee,color:#ddd\n'), 'harden'),
    mermaid('many failing classDefs, each applied', numbered('graph TD\n', (i) => `N${i}:::c${i}\nclassDef c${i} color:#eee\n`, '', m), 'harden'),
    mermaid('many distinct failing colours (fix)', numbered('graph TD\n', (i) => `N${i}\nstyle N${i} color:#${(0xd0d0d0 + i).toString(16).slice(-6)}\n`, '', m), 'fix'),
    mermaid('many distinct failing colours (harden)', numbered('graph TD\n', (i) => `N${i}\nstyle N${i} color:#${(0xd0d0d0 + i).toString(16).slice(-6)}\n`, '', m), 'harden'),
    mermaid('many linkStyle lines ending in ;', fill('graph TD\n A-->B\n', 'linkStyle 0 color:#eee;\n'), 'harden'),
    mermaid('a linkStyle naming every edge', fill('graph TD\n A-->B\n linkStyle ', '0,', '0 stroke:#eee'), 'harden'),
    mermaid('style entities #x; everywhere', fill('graph TD\n A\n style A ', 'color:#a;'), 'harden'),
    // Frontmatter and directives.
    mermaid('long frontmatter of one key again and again', fill('---\n', 'a: b\n', '---\ngraph TD\n A', FRONT)),
    mermaid('frontmatter over its limit', fill('---\n', 'a: b\n', '---\ngraph TD\n A')),
    mermaid('long frontmatter of distinct keys, rewritten by harden', numbered('---\nconfig:\n  theme: base\n  themeVariables:\n    primaryTextColor: "#eee"\n    primaryColor: "#fff"\n', (i) => `k${i}: v\n`, '---\ngraph TD\n A', FRONT), 'harden'),
    mermaid('frontmatter never closed', fill('---\n', 'x\n')),
    mermaid('frontmatter of nested flow sequences', fill('---\nconfig: ', '[', '\n---\ngraph TD\n A', FRONT)),
    mermaid('frontmatter of nested block mappings', `---\n${Array.from({ length: 190 }, (_, i) => `${' '.repeat(i)}k:`).join('\n')} 1\n---\ngraph TD\n A`),
    mermaid('frontmatter of nested block sequences', fill('---\nconfig:\n  theme: base\nx:\n  ', '- ', '1\n---\ngraph TD\n A', FRONT), 'harden'),
    mermaid('frontmatter alias bomb', `---\na: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n---\ngraph TD\n A`),
    mermaid('init directive with many theme variables', fill('%%{init: {"themeVariables": {', '"a":"#fff",', '"b":"#000"}}}%%\ngraph TD\n A'), 'harden'),
    mermaid('init directive nested deep', fill('%%{init: ', '{"a":', '1}%%\ngraph TD\n A')),
    mermaid('init directive with open braces only', fill('%%{init: ', '{', '\ngraph TD\n A')),
    mermaid('directive openers', fill('', '%%{', '\ngraph TD')),
    mermaid('comment markers', fill('graph TD\n', '%%', '\n A')),
    // Nesting.
    mermaid('subgraphs nested deep', `graph TD\n${'subgraph s\n'.repeat(m / 24)}A\n${'end\n'.repeat(m / 24)}`),
    mermaid('subgraphs never closed', fill('graph TD\n', 'subgraph s\n', 'A')),
    mermaid('sequence rect blocks nested deep', fill('sequenceDiagram\n', 'rect rgb(0,0,0)\n', 'A->>B: hi'), 'harden'),
    mermaid('sequence messages inside deep rect blocks', `sequenceDiagram\n${'rect rgb(9,9,9)\n'.repeat(m / 32)}${'A->>B: hi\n'.repeat(m / 20)}`, 'harden'),
    mermaid('a deep init directive harden would rewrite', `%%{init: {"theme": "base", "themeVariables": {"primaryTextColor": "#eee", "primaryColor": "#fff"}, "x": ${'{"a":'.repeat(m / 8)}1${'}'.repeat(m / 8)}}}%%\ngraph TD\n A`, 'harden'),
    mermaid('an init directive harden rewrites, nested to the limit', `%%{init: {"theme": "base", "themeVariables": {"primaryTextColor": "#eee", "primaryColor": "#fff"}, "x": ${'{"a":'.repeat(62)}1${'}'.repeat(62)}}}%%\ngraph TD\n A`, 'harden'),
    mermaid('control characters', `graph TD\n  A\u0000\u0007 --> B\u001b[31m\n  style A color:\u0000red`),
    mermaid('composite states nested deep', fill('stateDiagram-v2\n', 'state a {\n', 'x --> y')),
    mermaid('class bodies never closed', fill('classDiagram\n', 'class A {\n')),
    mermaid('entity relations of braces', fill('erDiagram\n', 'A }|..|{ B : r\n')),
    mermaid('click tooltip never closed', fill('graph TD\n A\n click A "', 'x')),
    mermaid('block columns', fill('block-beta\n', 'columns 1\nblock:g\n')),
    mermaid('node shapes of @{', fill('graph TD\n', 'A@{ label: "')),
    // SVG: attribute values.
    svg('a transform of a long run of letters', inSvg('<g transform="', 'a', '!"/></svg>')),
    svg('a transform of open calls', inSvg('<g transform="', 'scale(', '"/></svg>')),
    svg('a transform of many calls', inSvg('<g transform="', 'translate(1 1)', '"><text>x</text></g></svg>')),
    svg('a path of many segments', inSvg('<path fill="#000" d="M0 0', ' L1 1', '"/><text x="0" y="0">x</text></svg>')),
    svg('a path of arcs', inSvg('<path fill="#000" d="M0 0', 'a1 1 0 0 1 1 1', '"/><text x="0" y="0">x</text></svg>')),
    svg('a points list of dots', inSvg('<polygon fill="#000" points="', '.', '"/></svg>')),
    svg('a font-size of digits', inSvg('<text font-size="', '1', 'px">x</text></svg>')),
    svg('a length of blanks', inSvg('<rect width="', ' ', '1" height="1"/></svg>')),
    svg('entity ampersands in text', inSvg('<text>', '&', '</text></svg>')),
    svg('numeric entities in an attribute', inSvg('<text fill="', '&#35;', '">x</text></svg>')),
    svg('quotes in an attribute value', inSvg("<text fill='", '"', "'>x</text></svg>")),
    svg('an inline style of many declarations', inSvg('<text style="', 'fill:#eee;', '">x</text></svg>'), 'harden'),
    svg('an inline style of !important runs', inSvg('<text style="fill:red', ' !important', '">x</text></svg>')),
    svg('custom properties referring to each other', inSvg('<g style="', '--a:var(--a,var(--a));', '"><text fill="var(--a)">x</text></g></svg>')),
    // SVG: style blocks.
    svg('a style block of many rules', inSvg('<style>', '.a{fill:#eee}', '</style><text class="a">x</text></svg>')),
    svg('a style block of universal rules over many elements', inSvg(`<style>${'*{fill:#eee}'.repeat(2000)}</style>`, '<rect width="9" height="9"/>', '</svg>')),
    svg('a style block nested deep', inSvg('<style>', '.a{', '</style><text>x</text></svg>')),
    svg('a style block of open brackets', inSvg('<style>.a[', '[', '</style><text>x</text></svg>')),
    svg('a long selector chain', inSvg('<style>', 'g ', 'text{fill:red}</style><g><text>x</text></g></svg>')),
    svg('a style block of one long comment never closed', inSvg('<style>/*', '*', '</style><text>x</text></svg>')),
    // SVG: markup.
    svg('groups nested to the depth limit', `${SVG_OPEN}${'<g opacity="0.9">'.repeat(250)}<rect width="9" height="9" fill="#eee"/><text>x</text>${'</g>'.repeat(250)}</svg>`, 'harden'),
    svg('groups nested past the depth limit', inSvg('', '<g>')),
    svg('many labels over many shapes', inSvg('', '<rect width="100" height="100" fill="#eee"/><text x="5" y="5" fill="#ddd">t</text>', '</svg>'), 'harden'),
    svg('labels over shapes up to the element limit', `${SVG_OPEN}${'<rect width="9" height="9" fill="#eee"/><text x="1" y="5" fill="#ddd">t</text>'.repeat(4_990)}</svg>`, 'harden'),
    { name: 'svg: mid-grey fills under every label at AAA (fills must move)', input: { diagram: `${SVG_OPEN}${'<rect width="9" height="9" fill="#777"/><text x="1" y="8" fill="#000">t</text>'.repeat(4_990)}</svg>`, format: 'svg', mode: 'harden', level: 'AAA' } },
    svg('use references fanning out', `${SVG_OPEN}<defs>${Array.from({ length: 8 }, (_, d) => `<g id="u${d}">${`<use href="#u${d + 1}"/>`.repeat(12)}</g>`).join('')}<g id="u8"><rect width="9" height="9"/></g></defs><use href="#u0"/><text x="1" y="1">x</text></svg>`),
    svg('a comment never closed', inSvg('<!--', '-')),
    svg('a CDATA section of brackets', inSvg('<text><![CDATA[', ']', ']]></text></svg>')),
    svg('a long element name', fillBetween('<svg', 'a', '/>', s)),
    svg('a long attribute name', fillBetween('<svg ', 'a', '="1"/>', s)),
    svg('many attributes on one element', numbered('<svg', (i) => ` a${i}="1"`, '/>', s)),
    svg('less-than signs', inSvg('', '<')),
    svg('a DOCTYPE of open brackets', fillBetween('<!DOCTYPE svg [', '[', ']><svg/>', s)),
    svg('a DOCTYPE entity bomb', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>${'&b;'.repeat(s / 8)}</text></svg>`),
    svg('a use referring to its own group', '<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><use href="#a"/></g><text x="1" y="1">x</text></svg>'),
    svg('carriage returns between elements', inSvg('', '\r<rect width="1" height="1"/>', '</svg>')),
  ];
}
