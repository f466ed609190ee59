// Adversarial inputs for model-advisor: task descriptions at the 4,000-character cap built from what the classifier reads, and extreme numbers.
import type { HostileCase } from '../kit/contract.ts';
import { repeatTo } from '../kit/hostile.ts';

const TASK = 4000;
const fill = (unit: string, length = TASK): string => repeatTo(unit, length);
const run = { input_tokens: 50_000, output_tokens: 5000, max_fallbacks: 5 };

export function hostileCases(): HostileCase[] {
  return [
    { name: 'separators only (no token at all)', input: { ...run, task: fill('.,;:!?()[]{}<>/\\|-_=*&^%$@~`\'"') } },
    { name: 'newlines, carriage returns and tabs', input: { ...run, task: fill('\r\n\t \n\r') } },
    { name: 'one letter, one 4,000-character token', input: { ...run, task: fill('a') } },
    { name: 'a long token that starts with a prefix term', input: { ...run, task: `summar${fill('y', TASK - 6)}` } },
    { name: 'every category keyword, repeated', input: { ...run, task: fill('summarise extract translate refactor classify prove chat screenshot transcript json ') } },
    { name: 'multi-word terms cut in the middle', input: { ...run, task: fill('step by step by step multi step unit test suite key value ') } },
    { name: 'language names back to back', input: { ...run, task: fill('english french german spanish japanese ') } },
    { name: 'plus and hash tokens', input: { ...run, task: fill('c++ c# ++ ## +#') } },
    { name: 'full-width letters and emoji', input: { ...run, task: fill('Ｓｕｍｍａｒｉｓｅ 🙂 ') } },
    {
      name: 'every number at its bound, every flag, every provider',
      input: {
        task: fill('translate '),
        input_tokens: 10_000_000,
        output_tokens: 1_000_000,
        runs_per_month: 1_000_000_000,
        cache_read_tokens: 5_000_000,
        cache_write_tokens: 5_000_000,
        max_cost_per_run: 100_000,
        needs_tools: true,
        needs_vision: true,
        needs_json: true,
        min_context_tokens: 10_000_000,
        providers: ['anthropic', 'cohere', 'deepseek', 'google', 'mistral', 'moonshotai', 'openai', 'xai', 'zai'],
        priority: 'quality',
        max_fallbacks: 5,
      },
    },
    { name: 'the smallest budget', input: { ...run, task: 'Chat', max_cost_per_run: Number.MIN_VALUE } },
  ];
}
