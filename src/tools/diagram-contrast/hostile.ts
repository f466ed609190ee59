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
    mermaid('one link of a long run of dashes', fillBetween('graph TD\n A', '-', '>B', m)),
    mermaid('text on links never closed', fillBetween('graph TD\n', 'A -- x ', '', m)),
    mermaid('edge label pipes', fillBetween('graph TD\nA-->', '|', 'B', m)),
    mermaid('semicolons only', fillBetween('graph TD\n', ';', '', m)),
    mermaid('open brackets', fillBetween('graph TD\n A', '[', '', m)),
    mermaid('open parentheses', fillBetween('graph TD\n A', '(', '', m)),
    mermaid('open braces', fillBetween('graph TD\n A', '{', '', m)),
    mermaid('double quotes', fillBetween('graph TD\n A["', '"', ']', m)),
    mermaid('class shorthand', fillBetween('graph TD\n A', ':::', 'c', m)),
    mermaid('ampersand fan-out on both sides of a link', `graph TD\n${'a&'.repeat(m / 8)}a-->${'b&'.repeat(m / 8)}b`),
    mermaid('many distinct nodes and edges', numbered('graph TD\n', (i) => `a${i}-->b${i}\n`, '', m), 'harden'),
    mermaid('one long token', fillBetween('graph TD\n', 'A', '', m)),
    mermaid('blank run', fillBetween('graph TD\n', ' ', 'A', m)),
    mermaid('carriage returns only', fillBetween('graph TD\r', 'A-->B\r', '', m)),
    mermaid('newlines only', fillBetween('graph TD', '\n', 'A', m)),
    // Style statements.
    mermaid('a classDef with a huge property list', fillBetween('graph TD\n A\n classDef c ', 'fill:#fff,', 'color:#000', m)),
    mermaid('a style with commas only', fillBetween('graph TD\n A\n style A ', ',', '', m)),
    mermaid('a style with colons only', fillBetween('graph TD\n A\n style A ', ':', '', m)),
    mermaid('many failing style lines', fillBetween('graph TD\n A\n', 'style A fill:#eee,color:#ddd\n', '', m), 'harden'),
    mermaid('many failing classDefs, each applied', numbered('graph TD\n', (i) => `N${i}:::c${i}\nclassDef c${i} color:#eee\n`, '', m), 'harden'),
    mermaid('many distinct failing colours (fix)', numbered('graph TD\n', (i) => `N${i}\nstyle N${i} color:#${(0xd0d0d0 + i).toString(16).slice(-6)}\n`, '', m), 'fix'),
    mermaid('many distinct failing colours (harden)', numbered('graph TD\n', (i) => `N${i}\nstyle N${i} color:#${(0xd0d0d0 + i).toString(16).slice(-6)}\n`, '', m), 'harden'),
    mermaid('many linkStyle lines ending in ;', fillBetween('graph TD\n A-->B\n', 'linkStyle 0 color:#eee;\n', '', m), 'harden'),
    mermaid('a linkStyle naming every edge', fillBetween('graph TD\n A-->B\n linkStyle ', '0,', '0 stroke:#eee', m), 'harden'),
    mermaid('style entities #x; everywhere', fillBetween('graph TD\n A\n style A ', 'color:#a;', '', m), 'harden'),
    // Frontmatter and directives.
    mermaid('long frontmatter of one key again and again', fillBetween('---\n', 'a: b\n', '---\ngraph TD\n A', FRONT)),
    mermaid('frontmatter over its limit', fillBetween('---\n', 'a: b\n', '---\ngraph TD\n A', m)),
    mermaid('long frontmatter of distinct keys, rewritten by harden', numbered('---\nconfig:\n  theme: base\n  themeVariables:\n    primaryTextColor: "#eee"\n    primaryColor: "#fff"\n', (i) => `k${i}: v\n`, '---\ngraph TD\n A', FRONT), 'harden'),
    mermaid('frontmatter never closed', fillBetween('---\n', 'x\n', '', m)),
    mermaid('frontmatter of nested flow sequences', fillBetween('---\nconfig: ', '[', '\n---\ngraph TD\n A', FRONT)),
    mermaid('frontmatter of nested block mappings', `---\n${Array.from({ length: 190 }, (_, i) => `${' '.repeat(i)}k:`).join('\n')} 1\n---\ngraph TD\n A`),
    mermaid('frontmatter of nested block sequences', fillBetween('---\nconfig:\n  theme: base\nx:\n  ', '- ', '1\n---\ngraph TD\n A', FRONT), 'harden'),
    mermaid('frontmatter alias bomb', `---\na: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n---\ngraph TD\n A`),
    mermaid('init directive with many theme variables', fillBetween('%%{init: {"themeVariables": {', '"a":"#fff",', '"b":"#000"}}}%%\ngraph TD\n A', m), 'harden'),
    mermaid('init directive nested deep', fillBetween('%%{init: ', '{"a":', '1}%%\ngraph TD\n A', m)),
    mermaid('init directive with open braces only', fillBetween('%%{init: ', '{', '\ngraph TD\n A', m)),
    mermaid('directive openers', fillBetween('', '%%{', '\ngraph TD', m)),
    mermaid('comment markers', fillBetween('graph TD\n', '%%', '\n A', m)),
    // Nesting.
    mermaid('subgraphs nested deep', `graph TD\n${'subgraph s\n'.repeat(m / 24)}A\n${'end\n'.repeat(m / 24)}`),
    mermaid('subgraphs never closed', fillBetween('graph TD\n', 'subgraph s\n', 'A', m)),
    mermaid('sequence rect blocks nested deep', fillBetween('sequenceDiagram\n', 'rect rgb(0,0,0)\n', 'A->>B: hi', m), 'harden'),
    mermaid('sequence messages inside deep rect blocks', `sequenceDiagram\n${'rect rgb(9,9,9)\n'.repeat(m / 32)}${'A->>B: hi\n'.repeat(m / 20)}`, 'harden'),
    mermaid('a deep init directive harden would rewrite', `%%{init: {"theme": "base", "themeVariables": {"primaryTextColor": "#eee", "primaryColor": "#fff"}, "x": ${'{"a":'.repeat(m / 8)}1${'}'.repeat(m / 8)}}}%%\ngraph TD\n A`, 'harden'),
    mermaid('an init directive harden rewrites, nested to the limit', `%%{init: {"theme": "base", "themeVariables": {"primaryTextColor": "#eee", "primaryColor": "#fff"}, "x": ${'{"a":'.repeat(62)}1${'}'.repeat(62)}}}%%\ngraph TD\n A`, 'harden'),
    mermaid('control characters', `graph TD\n  A\u0000\u0007 --> B\u001b[31m\n  style A color:\u0000red`),
    mermaid('composite states nested deep', fillBetween('stateDiagram-v2\n', 'state a {\n', 'x --> y', m)),
    mermaid('class bodies never closed', fillBetween('classDiagram\n', 'class A {\n', '', m)),
    mermaid('entity relations of braces', fillBetween('erDiagram\n', 'A }|..|{ B : r\n', '', m)),
    mermaid('click tooltip never closed', fillBetween('graph TD\n A\n click A "', 'x', '', m)),
    mermaid('block columns', fillBetween('block-beta\n', 'columns 1\nblock:g\n', '', m)),
    mermaid('node shapes of @{', fillBetween('graph TD\n', 'A@{ label: "', '', m)),
    // SVG: attribute values.
    svg('a transform of a long run of letters', fillBetween(`${SVG_OPEN}<g transform="`, 'a', '!"/></svg>', s)),
    svg('a transform of open calls', fillBetween(`${SVG_OPEN}<g transform="`, 'scale(', '"/></svg>', s)),
    svg('a transform of many calls', fillBetween(`${SVG_OPEN}<g transform="`, 'translate(1 1)', '"><text>x</text></g></svg>', s)),
    svg('a path of many segments', fillBetween(`${SVG_OPEN}<path fill="#000" d="M0 0`, ' L1 1', '"/><text x="0" y="0">x</text></svg>', s)),
    svg('a path of arcs', fillBetween(`${SVG_OPEN}<path fill="#000" d="M0 0`, 'a1 1 0 0 1 1 1', '"/><text x="0" y="0">x</text></svg>', s)),
    svg('a points list of dots', fillBetween(`${SVG_OPEN}<polygon fill="#000" points="`, '.', '"/></svg>', s)),
    svg('a font-size of digits', fillBetween(`${SVG_OPEN}<text font-size="`, '1', 'px">x</text></svg>', s)),
    svg('a length of blanks', fillBetween(`${SVG_OPEN}<rect width="`, ' ', '1" height="1"/></svg>', s)),
    svg('entity ampersands in text', fillBetween(`${SVG_OPEN}<text>`, '&', '</text></svg>', s)),
    svg('numeric entities in an attribute', fillBetween(`${SVG_OPEN}<text fill="`, '&#35;', '">x</text></svg>', s)),
    svg('quotes in an attribute value', fillBetween(`${SVG_OPEN}<text fill='`, '"', "'>x</text></svg>", s)),
    svg('an inline style of many declarations', fillBetween(`${SVG_OPEN}<text style="`, 'fill:#eee;', '">x</text></svg>', s), 'harden'),
    svg('an inline style of !important runs', fillBetween(`${SVG_OPEN}<text style="fill:red`, ' !important', '">x</text></svg>', s)),
    svg('custom properties referring to each other', fillBetween(`${SVG_OPEN}<g style="`, '--a:var(--a,var(--a));', '"><text fill="var(--a)">x</text></g></svg>', s)),
    // SVG: style blocks.
    svg('a style block of many rules', fillBetween(`${SVG_OPEN}<style>`, '.a{fill:#eee}', '</style><text class="a">x</text></svg>', s)),
    svg('a style block of universal rules over many elements', fillBetween(`${SVG_OPEN}<style>${'*{fill:#eee}'.repeat(2000)}</style>`, '<rect width="9" height="9"/>', '</svg>', s)),
    svg('a style block nested deep', fillBetween(`${SVG_OPEN}<style>`, '.a{', '</style><text>x</text></svg>', s)),
    svg('a style block of open brackets', fillBetween(`${SVG_OPEN}<style>.a[`, '[', '</style><text>x</text></svg>', s)),
    svg('a long selector chain', fillBetween(`${SVG_OPEN}<style>`, 'g ', 'text{fill:red}</style><g><text>x</text></g></svg>', s)),
    svg('a style block of one long comment never closed', fillBetween(`${SVG_OPEN}<style>/*`, '*', '</style><text>x</text></svg>', s)),
    // SVG: markup.
    svg('groups nested to the depth limit', `${SVG_OPEN}${'<g opacity="0.9">'.repeat(250)}<rect width="9" height="9" fill="#eee"/><text>x</text>${'</g>'.repeat(250)}</svg>`, 'harden'),
    svg('groups nested past the depth limit', fillBetween(SVG_OPEN, '<g>', '', s)),
    svg('many labels over many shapes', fillBetween(SVG_OPEN, '<rect width="100" height="100" fill="#eee"/><text x="5" y="5" fill="#ddd">t</text>', '</svg>', s), 'harden'),
    svg('labels over shapes up to the element limit', `${SVG_OPEN}${'<rect width="9" height="9" fill="#eee"/><text x="1" y="5" fill="#ddd">t</text>'.repeat(4_990)}</svg>`, 'harden'),
    { name: 'svg: mid-grey fills under every label at AAA (fills must move)', input: { diagram: `${SVG_OPEN}${'<rect width="9" height="9" fill="#777"/><text x="1" y="8" fill="#000">t</text>'.repeat(4_990)}</svg>`, format: 'svg', mode: 'harden', level: 'AAA' } },
    svg('use references fanning out', `${SVG_OPEN}<defs>${Array.from({ length: 8 }, (_, d) => `<g id="u${d}">${`<use href="#u${d + 1}"/>`.repeat(12)}</g>`).join('')}<g id="u8"><rect width="9" height="9"/></g></defs><use href="#u0"/><text x="1" y="1">x</text></svg>`),
    svg('a comment never closed', fillBetween(`${SVG_OPEN}<!--`, '-', '', s)),
    svg('a CDATA section of brackets', fillBetween(`${SVG_OPEN}<text><![CDATA[`, ']', ']]></text></svg>', s)),
    svg('a long element name', fillBetween('<svg', 'a', '/>', s)),
    svg('a long attribute name', fillBetween('<svg ', 'a', '="1"/>', s)),
    svg('many attributes on one element', numbered('<svg', (i) => ` a${i}="1"`, '/>', s)),
    svg('less-than signs', fillBetween(SVG_OPEN, '<', '', s)),
    svg('a DOCTYPE of open brackets', fillBetween('<!DOCTYPE svg [', '[', ']><svg/>', s)),
    svg('a DOCTYPE entity bomb', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>${'&b;'.repeat(s / 8)}</text></svg>`),
    svg('a use referring to its own group', '<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><use href="#a"/></g><text x="1" y="1">x</text></svg>'),
    svg('carriage returns between elements', fillBetween(SVG_OPEN, '\r<rect width="1" height="1"/>', '</svg>', s)),
  ];
}
