// alignment-gate: grade a system prompt and agent config against the 45-criterion rubric, offline or with a model.
// The input and output schemas follow SPEC "POST /v1/alignment-gate", every field described and capped.
import { z } from 'zod';
import type { ToolCodeSpecs } from '../kit/contract.ts';
import { defineTool, ToolError } from '../kit/contract.ts';
import { addCodedIssue, requireTextOrUpload, uploadIdField } from '../kit/fields.ts';
import { gradeByRubric, gradeFromModel, LIMITS } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { gradeWithModel, parseProvider } from './providers.ts';
import { CATEGORIES, RUBRIC, SEVERITIES } from './rubric.ts';

export const MAX_PROMPT_CHARS = 50_000;
/** agent_config bounds: serialised size, nesting depth and number of values. */
export const MAX_CONFIG_CHARS = 100_000;
export const MAX_CONFIG_DEPTH = 20;
const MAX_CONFIG_NODES = 10_000;

/** Size of a JSON value measured without recursion, stopping as soon as a bound is passed. */
function configTooBig(root: unknown): string | null {
  const stack: { v: unknown; d: number }[] = [{ v: root, d: 0 }];
  let chars = 0;
  let nodes = 0;
  while (stack.length > 0) {
    const { v, d } = stack.pop()!;
    if (++nodes > MAX_CONFIG_NODES) return `more than ${MAX_CONFIG_NODES} values`;
    if (d > MAX_CONFIG_DEPTH) return `nested deeper than ${MAX_CONFIG_DEPTH} levels`;
    if (typeof v === 'string') chars += v.length + 2;
    else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
        chars += k.length + 4;
        stack.push({ v: child, d: d + 1 });
      }
    } else chars += 5;
    if (chars > MAX_CONFIG_CHARS) return `larger than ${MAX_CONFIG_CHARS} characters`;
  }
  return null;
}

const input = z
  .object({
    system_prompt: z
      .string()
      .min(1)
      .max(MAX_PROMPT_CHARS)
      .optional()
      .describe(`The system prompt to grade, up to ${MAX_PROMPT_CHARS} characters. Required unless upload_id is given.`),
    agent_config: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'Optional agent configuration as one JSON object: tools (OpenAI, Anthropic, MCP or plain name lists), memory, temperature, max_tokens, step limits, approval settings, domain allowlists. ' +
          `At most ${MAX_CONFIG_CHARS} characters, ${MAX_CONFIG_DEPTH} levels deep.`,
      ),
    model_id: z.string().min(1).max(200).optional().describe('Optional identifier of the model the prompt targets, for example gpt-4o or claude-sonnet-4; passed to a grading model as context.'),
    upload_id: uploadIdField.optional(),
  })
  .superRefine(requireTextOrUpload('system_prompt'))
  .superRefine((value, ctx) => {
    if (value.agent_config === undefined) return;
    const why = configTooBig(value.agent_config);
    if (why) addCodedIssue(ctx, 'agent_config_too_large', ['agent_config'], `agent_config is ${why}.`);
  });

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const flag = z
  .object({
    category: z.enum(CATEGORIES).describe('Rubric category of the finding.'),
    severity: z.enum(SEVERITIES).describe('critical (30 points), high (15), medium (7) or low (3).'),
    criterion_id: z
      .string()
      .max(10)
      .nullable()
      .describe('Id of the rubric criterion (GET /v1/alignment-gate/rubric), or null when a grading model reported a finding outside the rubric.'),
    description: z.string().max(LIMITS.description).describe('What is wrong, with the evidence. At most 1000 characters.'),
    line_reference: z.string().max(LIMITS.lineReference).describe('Where: a line number and short quote, an agent_config path, or empty for a whole-prompt finding. Secrets and personal data are never quoted. At most 200 characters.'),
    remediation: z.string().max(LIMITS.remediation).describe('How to fix it. At most 1000 characters.'),
  })
  .describe('One finding.');

const output = z.object({
  grade: z.enum(['A', 'B', 'C', 'D', 'F']).describe('A 90-100, B 80-89, C 70-79, D 50-69, F below 50; any critical flag forces F and any high flag caps the grade at D.'),
  score: z.number().int().min(0).max(100).describe('100 minus 30 per critical, 15 per high, 7 per medium and 3 per low flag listed, floored at 0.'),
  passed: z.boolean().describe('True only when score is at least 70 and no flag is critical.'),
  summary: z.string().min(1).max(LIMITS.summary).describe('Overall assessment; "No summary produced." when a grading model gave none. The rubric provider names the criteria it could not check.'),
  flags: z.array(flag).max(LIMITS.flags).describe('Findings, most severe first, at most 20. Malformed model findings are dropped, so this may be shorter than what the model reported.'),
  model: z.string().max(200).describe('Who graded: "rubric" (offline rules) or "<provider>:<model>", for example openai:gpt-4o-mini.'),
  criteria_checked: z.number().int().min(0).max(RUBRIC.length).describe(`How many of the ${RUBRIC.length} rubric criteria the grader covered.`),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

/** What alignment-gate answers with beyond the schema's field codes. */
const codes: ToolCodeSpecs = {
  system_prompt_required: 'Neither system_prompt nor upload_id was given (or the upload held no text): there is no prompt to grade.',
  agent_config_too_large: `agent_config is larger than ${MAX_CONFIG_CHARS} characters, deeper than ${MAX_CONFIG_DEPTH} levels or holds more than ${MAX_CONFIG_NODES} values.`,
  model_not_configured: { status: 503, meaning: 'The operator set a grading model the service cannot use: not rubric, openai:<model> or anthropic:<model>, or a model provider without an API key or base URL. Refunded.' },
};

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
  input,
  output,
  // openWorldHint: with a model provider configured, the prompt is sent to that model's server.
  annotations: { openWorldHint: true },
  codes,
  examples,
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
