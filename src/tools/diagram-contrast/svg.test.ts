// SVG reading: tokenizer spans and errors, CSS cascade, geometry, and the compositing of text over shapes.
import { describe, expect, it } from 'vitest';
import { ToolError } from '../kit/contract.ts';
import { summarise } from './pairs.ts';
import { analyseSvg } from './svg-check.ts';
import { contains, parsePath, parseTransform } from './svg-geometry.ts';
import { parseSvg, textContent } from './svg-parse.ts';
import { boundCss, StyleSheetCascade } from './svg-style.ts';

const svg = (body: string, attrs = ''): string => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`;
const check = (text: string, level: 'AA' | 'AAA' = 'AA'): ReturnType<typeof summarise> => summarise(analyseSvg(text, level).pairs, 1000);

function errorOf(fn: () => unknown): ToolError | null {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof ToolError ? e : null;
  }
}

describe('tokenizer', () => {
  it('keeps attribute spans and decodes entities', () => {
    const doc = parseSvg(svg('<text x="1" style=\'fill:red\'>a &amp; b&#x21;</text>'));
    const text = doc.elements.find((e) => e.lname === 'text');
    expect(textContent(text!)).toBe('a & b!');
    const span = text?.attrSpans.get('style');
    expect(doc.source.slice(span!.valueStart, span!.valueEnd)).toBe('fill:red');
  });

  it('reads comments, CDATA, processing instructions and a DOCTYPE without expanding entities', () => {
    const doc = parseSvg(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "boom">]><!-- c -->${svg('<style><![CDATA[.a{fill:red}]]></style><text>&x;</text>')}`);
    expect(doc.elements.map((e) => e.name)).toEqual(['svg', 'style', 'text']);
    expect(textContent(doc.elements[2]!)).toBe('&x;');
  });

  const bad: [string, string][] = [
    ['<svg><g></svg>', 'svg_malformed'],
    ['<svg><rect x=1/></svg>', 'svg_malformed'],
    ['<svg><rect x="1" x="2"/></svg>', 'svg_malformed'],
    ['<svg>', 'svg_malformed'],
    ['<svg/><svg/>', 'svg_malformed'],
    ['<!-- never closed', 'svg_malformed'],
    ['<html/>', 'svg_not_svg'],
  ];
  for (const [text, code] of bad) {
    it(`${JSON.stringify(text)} -> ${code}`, () => {
      expect(errorOf(() => parseSvg(text))?.code).toBe(code);
    });
  }

  it('reports the line and column of a malformation', () => {
    expect(errorOf(() => parseSvg('<svg>\n  <g>\n</svg>'))?.details).toMatchObject({ line: 3 });
  });
});

describe('cascade', () => {
  /** The computed values of the first `lname` element of `body`, for the properties `expected` names. */
  const computed = (body: string, lname: string, expected: Record<string, string>): Record<string, string | undefined> => {
    const doc = parseSvg(svg(body));
    const values = new StyleSheetCascade(doc).style(doc.elements.find((e) => e.lname === lname)!).values;
    return Object.fromEntries(Object.keys(expected).map((prop) => [prop, values.get(prop)]));
  };

  const cases: [string, string, string, Record<string, string>][] = [
    [
      'presentation attribute < rule < inline style; !important rules beat inline',
      '<style>.a{fill:#111} #t{stroke:#222 !important}</style><rect id="t" class="a" fill="#000" stroke="#333" style="fill:#444;stroke:#555"/>',
      'rect',
      { fill: '#444', stroke: '#222' },
    ],
    [
      'specificity and order decide between rules; descendant and child combinators match',
      '<style>g text{fill:#111} .n > text{fill:#222} text{fill:#333} #root .n text{fill:#444}</style><g id="root"><g class="n"><text>x</text></g></g>',
      'text',
      { fill: '#444' },
    ],
    [
      'fill inherits, opacity does not; var() resolves; unsupported pseudo-classes never match',
      '<style>g{--c:#123456} text{color:var(--c)} text:hover{fill:red}</style><g fill="#abcdef" opacity="0.5"><text>x</text></g>',
      'text',
      { fill: '#abcdef', opacity: '1', color: '#123456' },
    ],
    [
      '@media rules are not applied; nested rules are',
      '<style>@media (prefers-color-scheme: dark){text{fill:#fff}} .a{ text{fill:#010101} } .b{ &.c > text{stroke:#020202} }</style><g class="a b c"><text>x</text></g>',
      'text',
      { fill: '#010101', stroke: '#020202' },
    ],
  ];
  it.each(cases)('%s', (_name, body, lname, expected) => {
    expect(computed(body, lname, expected)).toEqual(expected);
  });
});

describe('geometry', () => {
  it('transforms compose left to right', () => {
    expect(parseTransform('translate(10 20) scale(2)')).toEqual([2, 0, 0, 2, 10, 20]);
  });

  it('paths with curves, arcs and relative commands are filled with nonzero or evenodd', () => {
    const ring = parsePath('M0 0 H100 V100 H0 Z M25 25 H75 V75 H25 Z');
    expect(contains(ring, [50, 50], true)).toBe(false);
    expect(contains(ring, [50, 50], false)).toBe(true);
    expect(contains(ring, [10, 10], true)).toBe(true);
    const circle = parsePath('M 50 0 A 50 50 0 1 1 50 100 A 50 50 0 1 1 50 0 Z');
    expect(contains(circle, [50, 50], false)).toBe(true);
    expect(contains(circle, [2, 2], false)).toBe(false);
    const rel = parsePath('m10 10 c0 0 10 0 10 10 l-10 0 z');
    expect(rel.subpaths[0]?.closed).toBe(true);
  });
});

describe('text over shapes', () => {
  it('the page under everything is white, or the root background-color', () => {
    expect(check(svg('<text x="0" y="20" fill="#777">Hi</text>')).failures[0]?.bg).toBe('#ffffff');
    expect(check(svg('<text x="0" y="20" fill="#222">Hi</text>', 'style="background-color:#000"')).failures[0]?.bg).toBe('#000000');
  });

  // The first failure of each drawing, measured against the background the layout puts under the label.
  const backgrounds: [string, string, { bg: string; fg?: string }][] = [
    ['transforms place text over the right shape', '<rect x="100" y="0" width="50" height="50" fill="#000"/><g transform="translate(100 0)"><text x="5" y="30" fill="#111">Hi</text></g>', { bg: '#000000', fg: '#111111' }],
    ['a nested svg viewport maps its viewBox', '<svg x="0" y="0" width="200" height="200" viewBox="0 0 100 100"><rect x="50" y="50" width="50" height="50" fill="#000"/><text x="60" y="80" fill="#111">Hi</text></svg>', { bg: '#000000' }],
    ['translucent fills are composited in paint order', '<rect width="100" height="100" fill="#000"/><rect width="100" height="100" fill="#fff" fill-opacity="0.5"/><text x="10" y="50" fill="#888">Hi</text>', { bg: '#808080' }],
    ['shapes painted after the text are not its background', '<text x="10" y="50" fill="#777">Hi</text><rect width="100" height="100" fill="#000"/>', { bg: '#ffffff' }],
    ['use references paint their target', '<defs><rect id="r" width="100" height="100" fill="#000"/></defs><use href="#r" x="0" y="0"/><text x="10" y="50" fill="#111">Hi</text>', { bg: '#000000' }],
  ];
  it.each(backgrounds)('%s', (_name, body, failure) => {
    expect(check(svg(body)).failures[0]).toMatchObject(failure);
  });

  it('text straddling two shapes is unverified', () => {
    const s = check(svg('<rect width="60" height="100" fill="#000"/><rect x="60" width="60" height="100" fill="#fff"/><text x="60" y="50" text-anchor="middle" fill="#888">A long label here</text>'));
    expect(s.unverified[0]?.reason).toContain('partly overlapping');
  });

  it('patterns, masks, blend modes and foreignObject under text are unverified with their reason', () => {
    const reasons = [
      check(svg('<rect width="100" height="100" fill="url(#p)"/><text x="1" y="50">t</text>')).unverified[0]?.reason,
      check(svg('<rect width="100" height="100" fill="#000" mask="url(#m)"/><text x="1" y="50">t</text>')).unverified[0]?.reason,
      check(svg('<rect width="100" height="100" fill="#000" style="mix-blend-mode:multiply"/><text x="1" y="50">t</text>')).unverified[0]?.reason,
      check(svg('<foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject><text x="1" y="50">t</text>')).unverified.map((u) => u.reason).join(' '),
    ];
    expect(reasons[0]).toContain('pattern');
    expect(reasons[1]).toContain('masked');
    expect(reasons[2]).toContain('mix-blend-mode');
    expect(reasons[3]).toContain('foreignObject');
  });

  it('strokes are checked against the backdrop, and pass when the fill stands out', () => {
    expect(check(svg('<rect x="10" y="10" width="50" height="50" fill="none" stroke="#ccc"/>')).failures[0]).toMatchObject({ fg: '#cccccc', needed: 3 });
    expect(check(svg('<rect x="10" y="10" width="50" height="50" fill="#000" stroke="#ccc"/>')).failures).toEqual([]);
  });

  it('hidden and fully transparent elements are skipped', () => {
    const s = check(svg('<g opacity="0"><text x="1" y="20" fill="#eee">a</text></g><text x="1" y="40" fill="#eee" display="none">b</text><text x="1" y="60" fill="#eee" visibility="hidden">c</text>'));
    expect(s.checked.text).toBe(0);
  });

  it('bold large text needs 3:1', () => {
    const s = check(svg('<text x="1" y="30" fill="#888" font-size="19px" font-weight="bold">Big</text>'));
    expect(s.failures).toEqual([]);
  });
});

describe('CSS read within bounds', () => {
  const cases: { name: string; css: string; max: number; text: string; blocks: number }[] = [
    { name: 'stops before the block past the limit', css: '.a{fill:red}.b{fill:blue}', max: 1, text: '.a{fill:red}', blocks: 1 },
    { name: 'closes the blocks still open', css: '.a{.b{x:1}.c{y:2}}', max: 2, text: '.a{.b{x:1}}', blocks: 2 },
    { name: 'braces in strings and comments are not blocks', css: '/* { */.a{content:"{"}', max: 1, text: '/* { */.a{content:"{"}', blocks: 1 },
    { name: 'a selector list too long is dropped with its block', css: `.a{x:1}${'g '.repeat(3000)}text{fill:red}.b{y:2}`, max: 10, text: '.a{x:1}.b{y:2}', blocks: 2 },
    { name: 'nested blocks count', css: '@media x{.a{fill:red}}', max: 5, text: '@media x{.a{fill:red}}', blocks: 2 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(boundCss(c.css, c.max)).toEqual({ text: c.text, blocks: c.blocks });
    });
  }

  it('a rule past the limit is not applied; one before it is', () => {
    const rules = Array.from({ length: 5_001 }, (_, i) => `.r${i}{fill:#111}`).join('');
    const doc = parseSvg(svg(`<style>${rules}</style><rect class="r0 r5000" width="1" height="1"/><text class="r5000">x</text>`));
    const css = new StyleSheetCascade(doc);
    const rect = doc.elements.find((e) => e.lname === 'rect');
    const text = doc.elements.find((e) => e.lname === 'text');
    expect(css.style(rect!).values.get('fill')).toBe('#111');
    expect(css.style(text!).values.get('fill')).toBe('black');
  });
});
