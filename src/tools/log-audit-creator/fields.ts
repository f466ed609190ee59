// The log fields the specification may ask for: ECS 9.4 names (checked against elastic/ecs v9.4.0 fields.csv) and the custom labels.* keys.
// The field table is data, in data/fields.json; this module types it and adds the ECS facts the engine checks against.
import fieldTable from './data/fields.json' with { type: 'json' };

/** ECS release the field names were checked against. */
export const ECS_VERSION = '9.4.0';

export type FieldStandard = 'ecs' | 'custom';

export interface FieldDef {
  /** ECS field name; custom keys live under `labels.` so a document stays ECS-valid. */
  name: string;
  description: string;
  /** An illustrative value for the example log lines (documentation ranges for IPs, no real people). */
  example: unknown;
}

/**
 * Every field an event may require or suggest, grouped as the table is read (global, who, from where, what,
 * custom keys). Custom values go under ECS's `labels` object, whose values are keywords, so their examples are
 * strings. An empty example stands for a value each event or the example-line builder supplies.
 */
const FIELD_LIST: readonly FieldDef[] = Object.values(fieldTable).flat();

export const FIELDS: ReadonlyMap<string, FieldDef> = new Map(FIELD_LIST.map((f) => [f.name, f]));

/** The standard a field name belongs to: anything under labels.* is a custom key. */
export function fieldStandard(name: string): FieldStandard {
  return name.startsWith('labels.') ? 'custom' : 'ecs';
}

/** ECS event.category values and the event.type values ECS expects with each (schemas/event.yml). */
export const ECS_EXPECTED_TYPES: Readonly<Record<string, readonly string[]>> = {
  api: ['access', 'admin', 'allowed', 'change', 'creation', 'deletion', 'denied', 'end', 'info', 'start', 'user'],
  authentication: ['start', 'end', 'info'],
  configuration: ['access', 'change', 'creation', 'deletion', 'info'],
  database: ['access', 'change', 'info', 'error'],
  email: ['info'],
  file: ['access', 'change', 'creation', 'deletion', 'info'],
  host: ['access', 'change', 'end', 'info', 'start'],
  iam: ['admin', 'change', 'creation', 'deletion', 'group', 'info', 'user'],
  intrusion_detection: ['allowed', 'denied', 'info'],
  malware: ['info'],
  network: ['access', 'allowed', 'connection', 'denied', 'end', 'info', 'protocol', 'start'],
  process: ['access', 'change', 'end', 'info', 'start'],
  session: ['start', 'end', 'info'],
  web: ['access', 'error', 'info'],
};

/** Fields every event carries, in the order the example lines show them. */
export const GLOBAL_REQUIRED: readonly string[] = [
  '@timestamp',
  'event.id',
  'event.action',
  'event.category',
  'event.type',
  'event.outcome',
  'event.kind',
  'event.dataset',
  'log.level',
  'message',
  'ecs.version',
  'service.name',
  'service.version',
  'service.environment',
  'host.name',
];

/** Global fields to add whenever the application has them. */
export const GLOBAL_OPTIONAL: readonly string[] = ['trace.id', 'http.request.id', 'organization.id'];
