// The shared Mermaid lexers: frontmatter fences, directive spans and the diagram keyword table.
import { describe, expect, it } from 'vitest';
import { familyOf } from './keywords.ts';
import { directiveSpans, frontmatterSpan } from './source.ts';

describe('frontmatterSpan', () => {
  it('finds the fences after blank lines, and says when the block is never closed', () => {
    expect(frontmatterSpan(['', '---', 'title: x', '---', 'graph TD'])).toEqual({ open: 1, close: 3 });
    expect(frontmatterSpan(['---', 'title: x'])).toEqual({ open: 0, close: -1 });
    expect(frontmatterSpan(['graph TD', '---'])).toBeNull();
  });
  it('takes the fence rule of its caller (an indented fence)', () => {
    expect(frontmatterSpan(['  ---', '---'])).toBeNull();
    expect(frontmatterSpan(['  ---', '---'], (l) => l.trim() === '---')).toEqual({ open: 0, close: 1 });
  });
});

describe('directiveSpans', () => {
  it('lists each %%{ ... }%% with its end, the last unclosed one with -1', () => {
    const text = '%%{init: {}}%%\nA["%%{x}%%"]\n%%{wrap';
    expect(directiveSpans(text)).toEqual([
      { open: 0, end: 14 },
      { open: 18, end: 25 },
      { open: 28, end: -1 },
    ]);
    expect(directiveSpans(text, 0, true)).toEqual([
      { open: 0, end: 14 },
      { open: 28, end: -1 },
    ]);
  });
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
