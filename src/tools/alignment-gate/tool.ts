// alignment-gate: grade a system prompt and agent config against the 45-criterion rubric, offline or with a model.
import { defineTool, ToolError } from '../kit/contract.ts';
import { gradeByRubric, gradeFromModel } from './engine.ts';
import { EXAMPLES } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { gradeWithModel, parseProvider } from './providers.ts';
import { input, output } from './schema.ts';

export default defineTool({
  name: 'alignment-gate',
  title: 'Alignment gate',
  summary: 'Grade a system prompt and optional agent config against a 45-criterion alignment and safety rubric',
  description:
    'Grades a system prompt (and optionally the agent configuration: tools, memory, temperature, limits) against 45 criteria in six categories: safety_harm, ' +
    'honesty_transparency, alignment_clarity, privacy_data, bias_fairness, robustness_jailbreak (grounded in the OWASP Top 10 for LLM Applications, NIST AI 600-1 and ' +
    'published model specs; the full rubric is at GET /v1/alignment-gate/rubric). Returns flags with line references and remediations, a score (100 minus 30/15/7/3 per ' +
    'critical/high/medium/low flag), a letter grade and a pass/fail gate (score >= 70 and no critical flag), suitable for CI. The grader is chosen by the operator: ' +
    'the default offline rubric provider is deterministic and checks 41 criteria by rules and keyword heuristics (it says which criteria need a model); an OpenAI-compatible ' +
    'or Anthropic model grades all 45, with explicit rule evidence (secrets, "never refuse") always added. Use it before shipping or changing an agent. Limits: keyword ' +
    'heuristics can miss context; a model grader is not deterministic; secrets and personal data found are reported, never echoed.',
  credits: 2,
  deployed: true,
  input,
  output,
  // openWorldHint: with a model provider configured, the prompt is sent to that model's server.
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  examples: EXAMPLES,
  uploadField: 'system_prompt',
  hostile: hostileCases,
  // The gateway swaps upload_id for the uploaded text before this runs; input still without a prompt is refused here, uncharged.
  prepare(args): { prompt: string } {
    if (args.system_prompt === undefined) throw new ToolError(400, 'system_prompt_required', 'system_prompt is required (or upload_id).');
    return { prompt: args.system_prompt };
  },
  async run(args, ctx, prepared) {
    const spec = parseProvider(ctx.settings.alignmentModel);
    if (spec.kind === 'rubric') return gradeByRubric(prepared.prompt, args.agent_config);
    const graded = await gradeWithModel(spec, prepared.prompt, args.agent_config, args.model_id, ctx);
    return gradeFromModel(graded.answer, prepared.prompt, args.agent_config, graded.model);
  },
});
