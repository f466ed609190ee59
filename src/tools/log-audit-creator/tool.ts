// log-audit-creator: turns a feature list into an audit-logging specification (OWASP vocabulary events, ECS fields, retention, alerts).
import { z } from 'zod';
import { counts } from '../kit/fields.ts';
import { defineTool } from '../kit/contract.ts';
import { buildSpec } from './engine.ts';
import { examples } from './examples.ts';
import { FRAMEWORK_IDS } from './frameworks.ts';
import { hostileCases } from './hostile.ts';

const MAX_FEATURES = 50;

const featureObject = z.object({
  name: z.string().trim().min(1).max(200).describe('Short feature name, e.g. "Password reset".'),
  description: z.string().max(2000).optional().describe('What the feature does; its words help recognise the kind of feature.'),
});

export const input = z.object({
  features: z
    .array(
      z
        .union([z.string().trim().min(1).max(300).describe('Feature name or one-line description.'), featureObject])
        .describe('A feature: a string, or {name, description}.'),
    )
    .min(1)
    .max(MAX_FEATURES)
    .describe(`Features of the application (1 to ${MAX_FEATURES}). Order does not matter; duplicates by name (case-insensitive) are merged.`),
  frameworks: z
    .array(z.enum(FRAMEWORK_IDS).describe('A compliance framework.'))
    .max(FRAMEWORK_IDS.length)
    .optional()
    .describe('Frameworks to satisfy: soc2, pci_dss, hipaa, gdpr, iso27001, sox. They add retention rules, requirement mappings and application-wide events.'),
  app_name: z.string().max(100).optional().describe('Application name; its slug becomes service.name and the audit stream <slug>.audit. Default "app".'),
  format: z.enum(['json', 'markdown']).optional().describe('json (default) returns the structured specification; markdown also returns the same specification rendered as a Markdown document in `markdown`.'),
});

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const fieldSpec = z.object({
  field: z.string().describe('ECS field name; custom keys are under labels.'),
  standard: z.enum(['ecs', 'custom']).describe('ecs for an ECS field, custom for a labels.* key.'),
  description: z.string().describe('What to put in the field.'),
});

const neverLogSpec = z.object({
  data: z.string().describe('The kind of data.'),
  treatment: z.enum(['omit', 'hash', 'truncate', 'mask', 'tokenize']).describe('How it is kept out of the log.'),
  how: z.string().describe('The concrete rule.'),
});

const output = z.object({
  app_name: z.string().describe('Application name as used in the document.'),
  service_name: z.string().describe('Slug used for service.name and event.dataset.'),
  format: z.enum(['json', 'markdown']).describe('The format asked for.'),
  frameworks: z.array(z.enum(FRAMEWORK_IDS)).describe('Chosen frameworks, de-duplicated, in canonical order.'),
  vocabulary: z.string().describe('Event vocabulary followed.'),
  ecs_version: z.string().describe('ECS version the field names were checked against.'),
  summary: counts({
    feature_count: 'Features after merging duplicates.',
    unrecognised_feature_count: 'Features that matched no known kind and got generic events.',
    event_count: 'Distinct events in the specification.',
    owasp_event_count: 'Events from the OWASP vocabulary.',
    custom_event_count: 'Custom events in the same style.',
    critical_event_count: 'Events at CRITICAL level.',
    alert_count: 'Alert rules.',
  }).describe('Counts.'),
  global_fields: z
    .object({
      required: z.array(fieldSpec).describe('Fields every event carries.'),
      optional: z.array(fieldSpec).describe('Fields to add whenever available.'),
    })
    .describe('Fields common to all events.'),
  features: z
    .array(
      z.object({
        name: z.string().describe('Feature name (cleaned).'),
        description: z.string().nullable().describe('Merged description, or null.'),
        kinds: z
          .array(
            z.object({
              id: z.string().describe('Kind id, e.g. authentication, payment, generic.'),
              label: z.string().describe('Kind label.'),
              matched_terms: z.array(z.string()).describe('Trigger phrases found in the feature text (empty for generic).'),
            }),
          )
          .describe('Kinds of feature recognised, in catalogue order.'),
        recognised: z.boolean().describe('false when no kind matched and generic events were used.'),
        events: z.array(z.string()).describe('Event names this feature must log, in catalogue order.'),
        never_log: z.array(neverLogSpec).describe('Data this feature handles that must never reach a log.'),
      }),
    )
    .describe('Features sorted by name (case-insensitive), so input order does not change the output.'),
  baseline_events: z
    .array(z.object({ event: z.string().describe('Event name.'), reason: z.string().describe('Why it is logged application-wide.') }))
    .describe('Events logged whatever the features (system events, and those the chosen frameworks add).'),
  events: z
    .array(
      z.object({
        name: z.string().describe('Event name (event.action).'),
        source: z.enum(['owasp', 'custom']).describe('owasp: from the OWASP vocabulary; custom: same naming style.'),
        signature: z.string().describe('OWASP notation: name and the values the classic event string carries.'),
        level: z.enum(['INFO', 'WARN', 'CRITICAL']).describe('Vocabulary level.'),
        trigger: z.string().describe('When to emit it.'),
        ecs: z
          .object({
            action: z.string().describe('event.action value.'),
            kind: z.enum(['event', 'alert']).describe('event.kind value.'),
            category: z.array(z.string()).describe('event.category values.'),
            type: z.array(z.string()).describe('event.type values.'),
            outcome: z.enum(['success', 'failure', 'unknown']).describe('Typical event.outcome.'),
          })
          .describe('ECS categorisation.'),
        required_fields: z.array(fieldSpec).describe('Fields required on this event besides the global ones.'),
        optional_fields: z.array(fieldSpec).describe('Useful optional fields.'),
        never_log: z.array(neverLogSpec).describe('Data never to log on this event, and how to mask it.'),
        alerts: z.array(z.string()).describe('Ids of alert rules that watch this event.'),
        features: z.array(z.string()).describe('Features that need the event, sorted.'),
        baseline_reason: z.string().nullable().describe('Why it is logged application-wide, or null.'),
        example: z.string().describe('One example log line (JSON, ecs-logging layout).'),
      }),
    )
    .describe('Every event of the specification once, in catalogue order.'),
  alerts: z
    .array(
      z.object({
        id: z.string().describe('Alert rule id.'),
        events: z.array(z.string()).describe('Events it counts.'),
        severity: z.enum(['critical', 'high', 'medium', 'low']).describe('Alert severity.'),
        threshold: z.number().int().describe('Count that fires the alert.'),
        window_seconds: z.number().int().describe('Counting window.'),
        group_by: z.string().nullable().describe('Field the count is grouped by, or null.'),
        condition: z.string().describe('The condition in words.'),
        query: z.string().describe('KQL query selecting the events.'),
        response: z.string().describe('First response.'),
      }),
    )
    .describe('Alert rules for the critical events present.'),
  retention: z
    .object({
      rules: z
        .array(
          z.object({
            framework: z.enum(FRAMEWORK_IDS).describe('Framework.'),
            minimum_days: z.number().int().nullable().describe('Required minimum, or null when none is prescribed.'),
            recommended_days: z.number().int().describe('Period to plan for.'),
            immediately_available_days: z.number().int().nullable().describe('Part that must be searchable at once, or null.'),
            maximum_days: z.number().int().nullable().describe('Ceiling without a documented justification, or null.'),
            basis: z.string().describe('Source of the rule.'),
          }),
        )
        .describe('Retention per chosen framework.'),
      effective: z
        .object({
          days: z.number().int().describe('Retention that satisfies every chosen framework.'),
          immediately_available_days: z.number().int().describe('Searchable part.'),
          driven_by: z.array(z.enum(FRAMEWORK_IDS)).describe('Frameworks that set the period.'),
          note: z.string().describe('Explanation, including GDPR conflicts.'),
        })
        .describe('The retention to configure.'),
    })
    .describe('Log retention.'),
  framework_requirements: z
    .array(
      z.object({
        framework: z.enum(FRAMEWORK_IDS).describe('Framework.'),
        reference: z.string().describe('Clause or control.'),
        requirement: z.string().describe('What it asks, paraphrased.'),
        status: z.enum(['covered', 'missing', 'outside_application']).describe('Whether the specification answers it.'),
        events: z.array(z.string()).describe('Events present that answer it.'),
        note: z.string().nullable().describe('How it is answered or what is missing.'),
      }),
    )
    .describe('Logging requirements of the chosen frameworks and how the specification meets them.'),
  never_log: z.array(neverLogSpec).describe('Everything that must never reach the audit log, and how to mask it.'),
  practices: z.array(z.object({ rule: z.string().describe('Practice.'), source: z.string().describe('Source.') })).describe('Handling rules for the log pipeline.'),
  gaps: z.array(z.object({ code: z.string().describe('Stable gap code.'), message: z.string().describe('What is missing.') })).describe('Things to resolve: unrecognised features, frameworks without the matching features.'),
  markdown: z.string().optional().describe('The specification as a Markdown document; present only when format is markdown.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

/** None of its own: every refusal is a schema field code; anything the engine cannot answer is a bug (a 500). */
export default defineTool({
  name: 'log-audit-creator',
  title: 'Audit-logging specification',
  summary: 'Generate an audit-logging specification from a feature list',
  description:
    'Turns a list of application features into an audit-logging specification: for each feature the security events to log, named with the OWASP Application Logging Vocabulary (custom events in the same style where none fits), with level, trigger, ECS event categorisation, required and optional ECS fields, data never to log and how to mask it, alert rules for the critical events, one example JSON log line per event, the global fields every event carries, and retention and requirement mappings for SOC 2, PCI DSS, HIPAA, GDPR and ISO 27001. Features are recognised by keywords in their name and description (English); unrecognised ones get generic record events and are listed in gaps. Deterministic: the same features in any order give the same output. Not legal advice: retention periods cite their sources.',
  credits: 2,
  input,
  output,
  examples,
  hostile: hostileCases,
  run: (args) => buildSpec(args),
});
