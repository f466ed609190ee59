// model-advisor: recommended model, fallback chain and per-run/monthly cost for a task, from a vendored price snapshot.
import { defineTool } from '../kit/contract.ts';
import { advise, prepareAdvice } from './engine.ts';
import { EXAMPLES } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { input, output } from './schema.ts';
import { SNAPSHOT } from './snapshot.ts';

export default defineTool({
  name: 'model-advisor',
  title: 'Model advisor',
  summary: 'Recommend a model, a fallback chain and the per-run and monthly cost for a task',
  description:
    'Classifies a task (coding, extraction, summarisation, chat, reasoning, vision, long context) by keywords and token counts, filters a vendored snapshot of public LLM prices ' +
    '(pydantic/genai-prices, MIT) and capability flags (models.dev, MIT) by your constraints (tools, vision, JSON, context, providers, budget), and ranks the rest by a ' +
    'quality proxy (price position in the provider lineup and overall, recency, reasoning mode, task fit) weighed against cost by priority. Every entry carries the date ' +
    'its price was checked. Limits: the quality proxy is not a benchmark (no benchmark data is licensed to vendor); prices are list prices without batch or regional discounts; ' +
    'models newer than the capability data are absent until the snapshot is rebuilt.',
  credits: 1,
  deployed: true,
  input,
  output,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  examples: EXAMPLES,
  hostile: hostileCases,
  // Refusals (no model meets the constraints) happen here, in validation, before the credit is charged.
  prepare(args) {
    return prepareAdvice(args, SNAPSHOT);
  },
  run(args, ctx, prepared) {
    return advise(args, SNAPSHOT, ctx.now().toISOString().slice(0, 10), prepared);
  },
});
