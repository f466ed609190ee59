// sprint-health: velocity, say/do, scope change, carry-over, bug ratio and velocity stability over a run of sprints.
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { analyse } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';

const MAX = 1_000_000;
/**
 * The smallest amount a ratio divides by: every figure is reported to 3 decimals, and a positive divisor below
 * this (down to 5e-324) would send a ratio past the largest number JSON can carry.
 */
const RESOLUTION = 0.001;
const amount = (what: string) => z.number().min(0).max(MAX).describe(what);

const sprint = z.object({
  name: z.string().max(100).optional().describe('Sprint name, used in notes (default "Sprint N").'),
  committed: z.number().min(RESOLUTION).max(MAX).describe(`Estimate committed at sprint start (points or hours); at least ${RESOLUTION}.`),
  completed: z
    .number()
    .min(0)
    .max(MAX)
    .refine((v) => v === 0 || v >= RESOLUTION, { message: `completed must be 0 or at least ${RESOLUTION}.`, params: { code: 'sprints_too_small' } })
    .describe(`Estimate completed by the end of the sprint, including work added after the start; 0 or at least ${RESOLUTION} (it is the baseline of the velocity trend and stability).`),
  added: amount('Estimate added after the sprint started. Needed in every sprint for scope_change.').optional(),
  removed: amount('Estimate removed after the sprint started; counts as scope change (0 when absent).').optional(),
  carried_over: amount('Estimate left unfinished and moved to the next sprint. Needed in every sprint for carry_over.').optional(),
  bugs_opened: z.number().int().min(0).max(MAX).optional().describe('Bugs opened during the sprint. With bugs_closed, needed in every sprint for bug_ratio.'),
  bugs_closed: z.number().int().min(0).max(MAX).optional().describe('Bugs closed during the sprint.'),
  team_capacity: z.number().min(RESOLUTION).max(MAX).optional().describe(`Capacity in the same unit, at least ${RESOLUTION}; when every sprint has it, velocity also checks commitment against capacity.`),
});

export const input = z.object({
  sprints: z.array(sprint).min(1).max(100).describe('Sprints, oldest first (1 to 100).'),
  unit: z.enum(['points', 'hours']).optional().describe('Unit of committed, completed, added, removed, carried_over and team_capacity (default points).'),
  rolling_window: z.number().int().min(2).max(10).optional().describe('Sprints in the rolling mean used by velocity_stability (default 3).'),
});

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const health = z.enum(['good', 'warn', 'bad']).describe('good, warn or bad; the worst sub-check wins.');
const note = z.string().describe('The value and the thresholds it was judged against.');
const ratioValue = z
  .object({
    per_sprint: z.array(z.number()).describe('The ratio for each sprint, oldest first.'),
    avg: z.number().describe('Mean across sprints.'),
  })
  .describe('ratioValue.');
const ratioMetric = (what: string) => z.object({ value: ratioValue, health, note }).describe(what);

const output = z.object({
  sprint_count: z.number().int().describe('Sprints analysed.'),
  unit: z.enum(['points', 'hours']).describe('Unit of the figures.'),
  metrics: z
    .object({
      velocity: z
        .object({
          value: z
            .object({
              per_sprint: z.array(z.number()).describe('Completed per sprint, oldest first.'),
              avg: z.number().describe('Mean completed per sprint.'),
              unit: z.enum(['points', 'hours']).describe('Unit.'),
              trend_pct: z.number().nullable().describe('Change of the mean of the last k sprints against the k before (k = min(3, n/2)), in percent; null with fewer than two sprints or a zero baseline.'),
              capacity_load: ratioValue.nullable().describe('Committed / team_capacity per sprint; null unless every sprint has team_capacity.'),
            })
            .describe('Velocity figures.'),
          health,
          note,
        })
        .optional()
        .describe('Velocity: completed work per sprint; health from the recent trend and the load against capacity.'),
      say_do: ratioMetric('Say/do: completed / committed.').optional(),
      scope_change: ratioMetric('Scope change: (added + removed) / committed.').optional(),
      carry_over: ratioMetric('Carry-over: carried_over / committed.').optional(),
      bug_ratio: ratioMetric('Bug ratio: bugs opened / bugs closed (closed floored at 1).').optional(),
      velocity_stability: z
        .object({
          value: z
            .object({
              deviation_per_sprint: z.array(z.number().nullable()).describe('(completed - rolling mean of the previous sprints) / that mean, per sprint; null for the first sprint or a zero mean.'),
              mean_abs_deviation: z.number().describe('Mean of the absolute deviations.'),
              coefficient_of_variation: z.number().describe('Standard deviation / mean of completed.'),
              window: z.number().int().describe('Rolling window used.'),
            })
            .describe('Stability figures.'),
          health,
          note,
        })
        .optional()
        .describe('Velocity stability: deviation from the rolling mean.'),
    })
    .describe('SPEC metric objects; a metric whose inputs were not supplied is absent and listed in skipped.'),
  skipped: z
    .array(
      z.object({
        metric: z.enum(['velocity', 'say_do', 'scope_change', 'carry_over', 'bug_ratio', 'velocity_stability']).describe('Metric not computed.'),
        reason: z.string().describe('Which input was missing.'),
      }),
    )
    .describe('Metrics that could not be computed.'),
  overall: z
    .object({
      health: z.enum(['good', 'warn', 'bad']).describe('bad with two or more bad metrics; warn with any warn or one bad; else good.'),
      note: z.string().describe('How the overall health was reached.'),
      counts: z
        .object({ good: z.number().int().describe('Metrics judged good.'), warn: z.number().int().describe('Metrics judged warn.'), bad: z.number().int().describe('Metrics judged bad.') })
        .describe('Metrics per health.'),
    })
    .describe('Overall health.'),
  recommendations: z
    .array(
      z.object({
        rank: z.number().int().min(1).describe('1 is the most urgent.'),
        metric: z.enum(['velocity', 'say_do', 'scope_change', 'carry_over', 'bug_ratio', 'velocity_stability']).describe('Metric it addresses.'),
        health: z.enum(['warn', 'bad']).describe('Health of that metric.'),
        action: z.string().describe('What to do.'),
        why: z.string().describe('The figure that calls for it.'),
      }),
    )
    .describe('One recommendation per metric not good: bad before warn, then say_do, carry_over, scope_change, velocity_stability, velocity, bug_ratio.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export default defineTool({
  name: 'sprint-health',
  title: 'Sprint health',
  summary: 'Judge sprint delivery health and rank what to fix',
  description:
    'Computes sprint delivery metrics over a run of sprints (oldest first): velocity (with trend and, given capacity, commitment load), say/do ratio, scope change, carry-over, bug ratio (opened per closed) and velocity stability (deviation from a rolling mean). Each metric gets good/warn/bad against published bands (say/do 80-100% healthy, below 70% over-commitment, above 110% sandbagging; scope change up to 10% good, above 25% bad; carry-over below 15% good, above 20% bad; stability within 10% good, beyond 20% bad) and a note with the figures; ratio metrics return the per-sprint ratios and their mean. Returns overall health and ranked recommendations. Metrics whose inputs are missing are listed in skipped. Deterministic; no history is stored.',
  input,
  output,
  examples,
  hostile: hostileCases,
  codes: {
    sprints_too_small: 'A sprint figure is below its floor: committed or team_capacity under 0.001, or completed between 0 and 0.001 (the field names which).',
  },
  run: (args) => analyse(args),
});
