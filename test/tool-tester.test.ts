// The tool tester refuses vague and duplicate cases before it runs anything (ESLint's RuleTester does the same).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolError, defineTool } from '../src/tools/kit/contract.ts';
import { catalogueStatus, testTool } from '../src/tools/kit/tester.ts';

const tool = defineTool({
  name: 'test-tester',
  title: 'Tester',
  summary: 'Stand in for a tool',
  description: 'A tool for the tester tests.',
  credits: 1,
  deployed: true,
  input: z.object({ text: z.string().max(10).describe('text') }),
  output: z.object({ text: z.string().describe('text') }),
  annotations: {},
  examples: [],
  codes: { text_refused: { status: 422, meaning: 'The text is refused.' } },
  run: (input: { text: string }) => {
    if (input.text === 'no') throw new ToolError(422, 'text_refused', 'No.');
    return { text: input.text };
  },
});

describe('the tool tester refuses', () => {
  const cases: Array<[string, Parameters<typeof testTool>[1], RegExp]> = [
    ['an invalid case that names no code', { valid: [], invalid: [{ name: 'bad', input: { text: 1 }, code: '' }] }, /names no code/],
    ['a code in no catalogue', { valid: [], invalid: [{ name: 'bad', input: { text: 1 }, code: 'text_is_odd' }] }, /in no catalogue/],
    ['two cases with one name', { valid: [{ name: 'a', input: { text: 'x' } }, { name: 'a', input: { text: 'y' } }], invalid: [] }, /two cases are named "a"/],
    ['two cases with one input', { valid: [{ name: 'a', input: { text: 'x' } }], invalid: [{ name: 'b', input: { text: 'x' }, code: 'text_refused' }] }, /"a" and "b" have the same input/],
  ];
  it.each(cases)('%s', (_name, table, message) => {
    expect(() => testTool(tool, table)).toThrow(message);
  });
});

describe('the catalogue', () => {
  it.each([
    ['text_refused', 422],
    ['text_too_long', 400],
    ['text_required', 400],
    ['insufficient_credits', 402],
    ['other_too_long', undefined],
    ['made_up', undefined],
  ] as const)('%s -> %s', (code, status) => {
    expect(catalogueStatus(tool, code)).toBe(status);
  });
});

testTool(tool, {
  valid: [{ name: 'echoes the text', input: { text: 'hi' }, output: { text: 'hi' } }],
  invalid: [
    { name: 'a refused text', input: { text: 'no' }, code: 'text_refused' },
    { name: 'a text too long', input: { text: 'x'.repeat(11) }, code: 'text_too_long' },
    { name: 'an unknown field', input: { text: 'a', extra: 1 }, code: 'unknown_field', details: { field: 'extra' } },
  ],
});

describe('undeclared codes', () => {
  it('a ToolError with a code the tool does not declare is an unexpected error, not its code', async () => {
    const { callTool } = await import('./support/tool-harness.ts');
    const sloppy = defineTool({ ...tool, name: 'test-sloppy', run: () => { throw new ToolError(400, 'never_declared', 'x'); } });
    await expect(callTool(sloppy, { text: 'a' })).rejects.toThrow(/does not declare/);
  });
});
