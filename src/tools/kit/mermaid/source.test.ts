// The shared Mermaid lexers: frontmatter fences, directive spans and the diagram keyword table.
import { describe, expect, it } from 'vitest';
import { familyOf } from './keywords.ts';
import { buildModel } from './model.ts';
import { drawnView, expectedView, SOURCE_CASES } from './source-cases.ts';
import { directiveSpans, frontmatterSpan, frontmatterYaml, readMermaidSource } from './source.ts';

describe('frontmatterSpan', () => {
  it('finds the fences after blank lines, and says when the block is never closed', () => {
    expect(frontmatterSpan(['', '---', 'title: x', '---', 'graph TD'])).toEqual({ open: 1, close: 3, indent: '' });
    expect(frontmatterSpan(['---', 'title: x'])).toEqual({ open: 0, close: -1, indent: '' });
    expect(frontmatterSpan(['graph TD', '---'])).toBeNull();
  });
  it('takes an indented block whose fences share the indent, which its YAML lines lose', () => {
    const lines = ['  ---', '  title: x', '    - y', '  ---', 'graph TD'];
    const span = frontmatterSpan(lines);
    expect(span).toEqual({ open: 0, close: 3, indent: '  ' });
    expect(span && frontmatterYaml(lines, span)).toBe('title: x\n  - y');
  });
  it('closes an indented block at a fence on the margin, never an unindented block at an indented fence', () => {
    expect(frontmatterSpan(['  ---', 'title: x', '---', 'graph TD'])).toEqual({ open: 0, close: 2, indent: '' });
    expect(frontmatterSpan(['---', 'title: x', '  ---', 'graph TD'])).toEqual({ open: 0, close: -1, indent: '' });
    expect(frontmatterSpan(['---', 'title: x', '---'])).toEqual({ open: 0, close: -1, indent: '' });
  });
});

describe('directiveSpans', () => {
  it('lists each %%{ word ... }%% with its end, a label too; the one never closed runs to the end', () => {
    const text = '%%{init: {}}%%\nA["%%{x}%%"]\n%%{ "a" }%%\n%%{wrap';
    expect(directiveSpans(text)).toEqual([
      { open: 0, end: 14, closed: true },
      { open: 18, end: 25, closed: true },
      { open: 40, end: 47, closed: false },
    ]);
  });
});

describe("the element model against Mermaid's verdicts", () => {
  for (const c of SOURCE_CASES) {
    it(c.name, () => {
      if (c.nodes === null) {
        if (c.modelNodes) expect([...buildModel(readMermaidSource(c.text)).nodes.keys()]).toEqual(c.modelNodes);
        else expect(() => buildModel(readMermaidSource(c.text))).toThrow();
        return;
      }
      const model = buildModel(readMermaidSource(c.text));
      expect(drawnView(c, { nodes: model.nodes, edges: model.edges, subgraphs: model.clusters.keys() })).toEqual(expectedView(c));
    });
  }
});

describe('familyOf', () => {
  it('knows every diagram keyword and nothing else', () => {
    expect(familyOf('flowchart-elk')).toBe('flowchart');
    expect(familyOf('sequenceDiagram')).toBe('sequence');
    expect(familyOf('wardley-beta')).toBe('other');
    expect(familyOf('toString')).toBeUndefined();
    expect(familyOf('Graph')).toBeUndefined();
  });
});
