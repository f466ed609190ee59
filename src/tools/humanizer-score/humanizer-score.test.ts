// humanizer-score tests: validation codes, examples, determinism, hostile inputs and the bench-data check.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../../test/support/tool-harness.ts';
import { auroc, parseJsonl } from '../kit/text-tells/evaluation.ts';
import tool from './tool.ts';

const AI_TEXT =
  'Nestled in the heart of the valley, the museum stands as a testament to the region\'s rich heritage. Moreover, it plays a pivotal role in fostering a vibrant community, showcasing the intricate tapestry of local history. In conclusion, it is a must-visit destination.';
const HUMAN_TEXT =
  "We got to the museum at ten, which was too early: the café wasn't open and the guard was still eating his toast. The second floor is shut until May. I liked the maps room best, though my daughter only wanted the gift shop.";

describe('humanizer-score', () => {
  it.each([
    ['AI-flavoured brochure prose', { text: AI_TEXT }, 'likely_ai'],
    ['plain human prose', { text: HUMAN_TEXT }, 'likely_human'],
  ])('scores %s', async (_name, body, verdict) => {
    const res = await callTool(tool, body);
    expect(res.status).toBe(200);
    expect(res.body.verdict).toBe(verdict);
    const score = res.body.score as number;
    expect(Number.isInteger(score)).toBe(true);
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(100);
  });

  it('lists fired patterns with matches whose offsets point at the matched text', async () => {
    const res = await callTool(tool, { text: AI_TEXT });
    const patterns = res.body.patterns as { id: string; family: string; count: number; weight: number; matches: { text: string; start: number; end: number }[] }[];
    const ids = patterns.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['promotional-puffery.nestled', 'significance-inflation.testament', 'significance-inflation.pivotal-role', 'ai-vocabulary.tapestry', 'upbeat-conclusion.in-conclusion']));
    for (const p of patterns) {
      expect(p.count).toBeGreaterThanOrEqual(p.matches.length);
      for (const m of p.matches) expect(AI_TEXT.slice(m.start, m.end)).toBe(m.text);
    }
    const stats = res.body.stats as Record<string, number>;
    expect(stats.words).toBeGreaterThan(30);
    expect(stats.tell_density).toBeGreaterThan(0);
  });

  it.each([
    ['missing text and upload_id', {}, 'text_required'],
    ['text not a string', { text: 42 }, 'text_must_be_string'],
    ['empty text', { text: '' }, 'text_too_short'],
    ['text over 200,000 characters', { text: 'a'.repeat(200_001) }, 'text_too_long'],
    ['upload_id not a string', { upload_id: 7 }, 'upload_id_must_be_string'],
    ['body not an object', 'hello', 'body_must_be_object'],
  ])('rejects %s', async (_name, body, code) => {
    const res = await callTool(tool, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
  });

  it('runs every example exactly', async () => {
    expect(tool.examples.length).toBeGreaterThan(0);
    for (const ex of tool.examples) {
      const res = await callTool(tool, ex.input);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(ex.output);
    }
  });

  it('is deterministic', async () => {
    const a = await callTool(tool, { text: AI_TEXT + HUMAN_TEXT });
    const b = await callTool(tool, { text: AI_TEXT + HUMAN_TEXT });
    expect(a).toEqual(b);
  });

  it.each([
    ['200,000 characters of catalogue phrases', 'delve tapestry — not only x but y, highlighting it. '.repeat(4000).slice(0, 200_000)],
    ['200,000 em dashes', '—'.repeat(200_000)],
    ['unclosed fence and backtick runs', '```\n' + '`a``b```c'.repeat(22_000)],
    ['control characters and zero-width joiners', '\u0000\u0007\u200b\u200d\ufeff\r\n'.repeat(30_000).slice(0, 200_000)],
    ['one enormous word', 'x'.repeat(200_000)],
    ['unpaired surrogates and emoji', '\ud800🚀\udfff✅ '.repeat(30_000)],
  ])('answers hostile input: %s', async (_name, text) => {
    const res = await callTool(tool, { text });
    expect(res.status).toBe(200);
    const patterns = res.body.patterns as { matches: unknown[] }[];
    for (const p of patterns) expect(p.matches.length).toBeLessThanOrEqual(25);
  });

  const bench = path.resolve(process.cwd(), '../shared/bench/aitext/dev.jsonl');
  it.skipIf(!existsSync(bench))('separates the labelled bench texts (AUROC >= 0.80)', async () => {
    const rows = parseJsonl(readFileSync(bench, 'utf8'));
    const scores: number[] = [];
    for (const r of rows) scores.push(((await callTool(tool, { text: r.text })).body.score as number) ?? 0);
    expect(auroc(scores, rows.map((r) => r.label === 'ai'))).toBeGreaterThanOrEqual(0.8);
  });

  it.each(tool.hostile?.() ?? [])('answers its declared hostile case: $name', async (c) => {
    const res = await callTool(tool, c.input);
    expect(res.status).toBe(200);
  });
});
