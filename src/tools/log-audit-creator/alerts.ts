// Alert rules for the critical events: thresholds, windows, grouping field and first response.
// The rules are data, in data/alerts.json; this module types and checks them once, at import.
import { z } from 'zod';
import raw from './data/alerts.json' with { type: 'json' };

const alertSchema = z.object({
  id: z.string(),
  events: z.array(z.string()).min(1),
  /** Extra KQL clause, e.g. an outcome filter. */
  filter: z.string().optional(),
  threshold: z.number().int().positive(),
  window_seconds: z.number().int().positive(),
  /** ECS field the count is grouped by, or null for "any occurrence". */
  group_by: z.string().nullable(),
  severity: z.enum(['critical', 'high', 'medium', 'low']),
  response: z.string(),
});

type AlertDef = z.output<typeof alertSchema>;

/** Catalogue order is output order. */
export const ALERTS: readonly AlertDef[] = z.array(alertSchema).parse(raw);
