// Tests for log-audit-creator: testTool tables (requests, codes, declared hostile cases), recognition, catalogue integrity, order independence.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callTool } from '../../../test/support/tool-harness.ts';
import { ALERTS } from './alerts.ts';
import { classify, serviceSlug } from './engine.ts';
import { EVENTS } from './events.ts';
import { GENERIC_KIND, KINDS } from './feature-kinds.ts';
import { ECS_EXPECTED_TYPES, FIELDS, GLOBAL_OPTIONAL, GLOBAL_REQUIRED } from './fields.ts';
import { ALWAYS_EVENTS, FRAMEWORK_EVENTS, REQUIREMENTS } from './frameworks.ts';
import { ALWAYS_NEVER_LOG, SENSITIVE } from './sensitive-data.ts';
import tool from './tool.ts';
import type { Output } from './tool.ts';
import type { InvalidCase, ValidCase } from '../kit/tester.ts';
import { testRandomJson, testTool } from '../kit/tester.ts';
import vocabularyFixture from './fixtures/owasp-logging-vocabulary.json' with { type: 'json' };

type Body = Record<string, unknown>;
type Spec = Output;

/** A 200 body, which callTool has checked against the output schema. */
const answer = (body: Body): Spec => body as Spec;

async function ok(body: Body): Promise<Spec> {
  const res = await callTool(tool, body);
  if (!res.ok) throw new Error(`expected 200, got ${res.status} ${JSON.stringify(res.body)}`);
  return answer(res.body);
}

const names = (s: Spec): string[] => s.events.map((e) => e.name);

/**
 * The OWASP Application Logging Vocabulary Cheat Sheet's events (57 at the fixture's commit): names, signatures and
 * levels transcribed from cheatsheets/Logging_Vocabulary_Cheat_Sheet.md, with the commit they were read at.
 */
const OWASP_VOCABULARY_FIXTURE = vocabularyFixture as { commit: string; events: { name: string; section: string; signature: string; level: string }[] };
const OWASP_VOCABULARY: Record<string, string> = Object.fromEntries(OWASP_VOCABULARY_FIXTURE.events.map((e) => [e.name, e.level]));

const valid: { title: string; body: Body; check: (s: Spec) => void }[] = [
  {
    title: 'a login feature gets the authentication events',
    body: { features: ['Login page'] },
    check: (s) => {
      expect(s.features[0]!.kinds.map((k) => k.id)).toEqual(['authentication']);
      expect(s.features[0]!.events).toEqual(expect.arrayContaining(['authn_login_success', 'authn_login_fail', 'authn_login_lock', 'session_created']));
      expect(s.events.find((e) => e.name === 'authn_login_fail')!.alerts).toEqual(['login_brute_force']);
    },
  },
  {
    title: 'stemming: "logging in" and "uploads" are recognised',
    body: { features: [{ name: 'Portal', description: 'Logging in to the portal and uploads of photos' }] },
    check: (s) => expect(s.features[0]!.kinds.map((k) => k.id)).toEqual(['authentication', 'file_upload']),
  },
  {
    title: 'the description is used for recognition',
    body: { features: [{ name: 'Avatar', description: 'Users upload a profile picture' }] },
    check: (s) => {
      expect(s.features[0]!.kinds.map((k) => k.id)).toContain('file_upload');
      expect(s.features[0]!.description).toBe('Users upload a profile picture');
      expect(names(s)).toContain('upload_validation');
    },
  },
  {
    title: 'a payment feature gets custom payment events and card masking',
    body: { features: ['Checkout with credit card'], frameworks: ['pci_dss'] },
    check: (s) => {
      expect(names(s)).toEqual(expect.arrayContaining(['payment_charge_success', 'payment_charge_fail', 'sequence_fail', 'authz_admin', 'sys_log_access']));
      expect(s.never_log.map((n) => n.data).join(' ')).toContain('Primary account number');
      expect(s.gaps.map((g) => g.code)).toEqual(['no_authentication_feature']);
      expect(s.retention.effective).toMatchObject({ days: 365, immediately_available_days: 90, driven_by: ['pci_dss'] });
    },
  },
  {
    title: 'an unrecognised feature falls back to generic events and is reported',
    body: { features: ['Shopping list'] },
    check: (s) => {
      expect(s.features[0]!.recognised).toBe(false);
      expect(s.features[0]!.kinds.map((k) => k.id)).toEqual(['generic']);
      expect(s.features[0]!.events).toEqual(['authz_fail', 'input_validation_fail', 'data_record_created', 'data_record_updated', 'data_record_deleted']);
      expect(s.gaps.map((g) => g.code)).toEqual(['feature_unrecognised']);
      expect(s.summary.unrecognised_feature_count).toBe(1);
    },
  },
  {
    title: 'no framework: baseline retention, no requirements, system events only as baseline',
    body: { features: ['Login'] },
    check: (s) => {
      expect(s.frameworks).toEqual([]);
      expect(s.retention.rules).toEqual([]);
      expect(s.retention.effective).toMatchObject({ days: 365, immediately_available_days: 90, driven_by: [] });
      expect(s.framework_requirements).toEqual([]);
      expect(s.events.filter((e) => e.baseline_reason !== null).map((e) => e.name)).toEqual(ALWAYS_EVENTS.map((a) => a.event));
    },
  },
  {
    title: 'HIPAA with GDPR: six years, with the GDPR conflict explained',
    body: { features: ['Patient records', 'Login', 'Consent management'], frameworks: ['gdpr', 'hipaa'] },
    check: (s) => {
      expect(s.frameworks).toEqual(['hipaa', 'gdpr']);
      expect(s.retention.effective.days).toBe(2190);
      expect(s.retention.effective.driven_by).toEqual(['hipaa']);
      expect(s.retention.effective.note).toContain('GDPR');
      expect(s.gaps).toEqual([]);
      const audit = s.framework_requirements.find((r) => r.reference === '164.312(b)')!;
      expect(audit.status).toBe('covered');
      expect(audit.events).toEqual(['sensitive_read', 'sensitive_create', 'sensitive_update', 'sensitive_delete']);
    },
  },
  {
    title: 'frameworks without their features are reported as gaps',
    body: { features: ['Login'], frameworks: ['hipaa', 'pci_dss', 'gdpr'] },
    check: (s) => expect(s.gaps.map((g) => g.code)).toEqual(['pci_no_cardholder_feature', 'hipaa_no_health_feature', 'gdpr_no_privacy_feature']),
  },
  {
    title: 'PCI DSS 10.2.1.7 is outside the application; 10.2.1.3 is covered by the framework baseline',
    body: { features: ['Card payments'], frameworks: ['pci_dss'] },
    check: (s) => {
      expect(s.framework_requirements.find((r) => r.reference === '10.2.1.7')!.status).toBe('outside_application');
      expect(s.framework_requirements.find((r) => r.reference === '10.2.1.3')!.events).toEqual(['sys_log_access']);
    },
  },
  {
    title: 'duplicates merge case-insensitively, frameworks de-duplicate in canonical order',
    body: { features: ['Login', ' login ', { name: 'LOGIN', description: 'SSO' }], frameworks: ['gdpr', 'gdpr', 'soc2'] },
    check: (s) => {
      expect(s.summary.feature_count).toBe(1);
      expect(s.features[0]!.name).toBe('LOGIN');
      expect(s.features[0]!.description).toBe('SSO');
      expect(s.frameworks).toEqual(['soc2', 'gdpr']);
    },
  },
  {
    title: 'app_name becomes a slug used in the examples and queries',
    body: { features: ['Login'], app_name: 'Acme Portal!' },
    check: (s) => {
      expect(s.service_name).toBe('acme-portal');
      expect(s.alerts[0]!.query).toContain('event.dataset:"acme-portal.audit"');
      expect(JSON.parse(s.events[0]!.example).service.name).toBe('acme-portal');
    },
  },
  {
    title: 'an app_name with no letters falls back to app',
    body: { features: ['Login'], app_name: '!!!' },
    check: (s) => expect(s.service_name).toBe('app'),
  },
  {
    title: 'markdown format adds the document; json does not',
    body: { features: ['Login', 'Admin console'], frameworks: ['iso27001'], format: 'markdown' },
    check: (s) => {
      expect(s.markdown).toMatch(/^# Audit logging specification: app\n/);
      expect(s.markdown).toContain('### `authz_admin`');
      expect(s.markdown).toContain('## Retention');
    },
  },
  {
    title: 'json format has no markdown field',
    body: { features: ['Login'], format: 'json' },
    check: (s) => expect('markdown' in s).toBe(false),
  },
];

const invalid: { title: string; body: unknown; error: string; field?: string; details?: Record<string, unknown> }[] = [
  { title: 'no features', body: {}, error: 'features_required' },
  { title: 'empty list', body: { features: [] }, error: 'features_too_short' },
  { title: 'not an array', body: { features: 'Login' }, error: 'features_must_be_array' },
  { title: 'blank feature', body: { features: ['   '] }, error: 'features_too_short', field: 'features.0' },
  { title: 'too many features', body: { features: Array.from({ length: 51 }, (_, i) => `Feature ${i}`) }, error: 'features_too_long' },
  { title: 'feature string too long', body: { features: ['x'.repeat(301)] }, error: 'features_too_long', field: 'features.0' },
  { title: 'feature name too long', body: { features: [{ name: 'x'.repeat(201) }] }, error: 'features_too_long', field: 'features.0.name' },
  { title: 'feature object without name', body: { features: [{ description: 'x' }] }, error: 'features_invalid', field: 'features.0' },
  { title: 'feature of the wrong type', body: { features: [42] }, error: 'features_invalid', field: 'features.0' },
  { title: 'description too long', body: { features: [{ name: 'Login', description: 'x'.repeat(2001) }] }, error: 'features_too_long', field: 'features.0.description' },
  // frameworks_invalid lists the allowed values.
  {
    title: 'unknown framework',
    body: { features: ['Login'], frameworks: ['fedramp'] },
    error: 'frameworks_invalid',
    field: 'frameworks.0',
    details: { allowed: ['soc2', 'pci_dss', 'hipaa', 'gdpr', 'iso27001', 'sox'] },
  },
  { title: 'frameworks not an array', body: { features: ['Login'], frameworks: 'gdpr' }, error: 'frameworks_must_be_array' },
  { title: 'unknown format', body: { features: ['Login'], format: 'yaml' }, error: 'format_invalid' },
  { title: 'app_name of the wrong type', body: { features: ['Login'], app_name: 5 }, error: 'app_name_must_be_string' },
  { title: 'app_name too long', body: { features: ['Login'], app_name: 'a'.repeat(101) }, error: 'app_name_too_long' },
  { title: 'body not an object', body: [1, 2], error: 'body_must_be_object' },
];

testTool(tool, {
  valid: [
    ...valid.map((c): ValidCase => ({ name: c.title, input: c.body, check: (body) => c.check(answer(body)) })),
    // The declared hostile cases answer 200 (the registry-wide test accepts any 4xx as well).
    ...tool.hostile!().map((c): ValidCase => ({ name: `declared hostile case: ${c.name}`, input: c.input })),
  ],
  invalid: invalid.map((c): InvalidCase => ({ name: c.title, input: c.body, code: c.error, details: { ...(c.field ? { field: c.field } : {}), ...c.details } })),
});

describe('log-audit-creator: catalogue integrity', () => {
  it('carries exactly the cheat sheet\'s events, with its signatures and levels', () => {
    expect(OWASP_VOCABULARY_FIXTURE.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(OWASP_VOCABULARY_FIXTURE.events).toHaveLength(57);
    const owasp = EVENTS.filter((e) => e.source === 'owasp');
    expect(owasp.map((e) => e.name).sort()).toEqual(OWASP_VOCABULARY_FIXTURE.events.map((e) => e.name).sort());
    for (const f of OWASP_VOCABULARY_FIXTURE.events) {
      const e = owasp.find((x) => x.name === f.name)!;
      // upload_validation is published as INFO|CRITICAL: the catalogue logs the failure case, CRITICAL.
      expect(f.level.split('|'), f.name).toContain(e.level);
      expect(e.signature.replace(/ /g, ''), f.name).toBe(f.signature.replace(/ /g, ''));
    }
  });

  it('keeps the cheat sheet\'s order within each vocabulary section', () => {
    const order = OWASP_VOCABULARY_FIXTURE.events.map((e) => e.name);
    const catalogue = EVENTS.filter((e) => e.source === 'owasp').map((e) => e.name);
    for (const section of new Set(OWASP_VOCABULARY_FIXTURE.events.map((e) => e.section))) {
      const inSection = OWASP_VOCABULARY_FIXTURE.events.filter((e) => e.section === section).map((e) => e.name);
      expect(catalogue.filter((n) => inSection.includes(n)), section).toEqual(order.filter((n) => inSection.includes(n)));
    }
  });

  it('custom events use the vocabulary style and never shadow an OWASP name', () => {
    for (const e of EVENTS.filter((x) => x.source === 'custom')) {
      expect(e.name).toMatch(/^[a-z]+(_[a-z0-9]+)+$/);
      expect(OWASP_VOCABULARY[e.name]).toBeUndefined();
      expect(e.signature.startsWith(e.name)).toBe(true);
    }
    expect(new Set(EVENTS.map((e) => e.name)).size).toBe(EVENTS.length);
  });

  it('ECS categories are real and each event.type is expected for one of its categories', () => {
    for (const e of EVENTS) {
      const allowed = new Set(e.category.flatMap((c) => ECS_EXPECTED_TYPES[c] ?? []));
      for (const c of e.category) expect(ECS_EXPECTED_TYPES[c], `${e.name}: ${c}`).toBeDefined();
      for (const t of e.type) expect(allowed.has(t), `${e.name}: type ${t}`).toBe(true);
    }
  });

  it('every field named anywhere is in the field table, and custom keys are snake_case labels', () => {
    const used = new Set([...GLOBAL_REQUIRED, ...GLOBAL_OPTIONAL, ...EVENTS.flatMap((e) => [...e.required, ...e.optional, ...Object.keys(e.examples ?? {})])]);
    for (const f of used) expect(FIELDS.has(f), f).toBe(true);
    for (const f of FIELDS.keys()) expect(f).toMatch(/^(@timestamp|message|labels\.[a-z0-9_]+|[a-z_]+(\.[a-z0-9_]+)+)$/);
    for (const a of ALERTS) if (a.group_by) expect(FIELDS.has(a.group_by), a.group_by).toBe(true);
  });

  it('kinds, alerts, requirements and baselines refer to catalogued events and data', () => {
    const known = new Set(EVENTS.map((e) => e.name));
    const referenced = [
      ...[...KINDS, GENERIC_KIND].flatMap((k) => k.events),
      ...ALERTS.flatMap((a) => a.events),
      ...REQUIREMENTS.flatMap((r) => r.events),
      ...ALWAYS_EVENTS.map((a) => a.event),
      ...FRAMEWORK_EVENTS.map((a) => a.event),
    ];
    for (const e of referenced) expect(known.has(e), e).toBe(true);
    const sensitive = [...ALWAYS_NEVER_LOG, ...EVENTS.flatMap((e) => e.neverLog), ...[...KINDS, GENERIC_KIND].flatMap((k) => k.neverLog)];
    for (const id of sensitive) expect(SENSITIVE.has(id), id).toBe(true);
  });

  it('every CRITICAL event is watched by an alert rule', () => {
    const watched = new Set(ALERTS.flatMap((a) => a.events));
    for (const e of EVENTS.filter((x) => x.level === 'CRITICAL')) expect(watched.has(e.name), e.name).toBe(true);
  });

  it('example lines are JSON with every required field, and carry no secret-looking values', async () => {
    const all = await ok({ features: KINDS.map((k) => k.triggers[0]!), frameworks: ['soc2', 'pci_dss', 'hipaa', 'gdpr', 'iso27001'] });
    expect(all.summary.unrecognised_feature_count).toBe(0);
    for (const e of all.events) {
      const line = JSON.parse(e.example) as Record<string, unknown>;
      expect(Object.keys(line).slice(0, 4)).toEqual(['@timestamp', 'log.level', 'message', 'ecs.version']);
      for (const f of [...GLOBAL_REQUIRED, ...e.required_fields.map((r) => r.field)]) {
        const value = f in line ? line[f] : f.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], line);
        expect(value, `${e.name}: ${f}`).not.toBeUndefined();
      }
      expect((line.event as Record<string, unknown>).action).toBe(e.name);
      expect(e.example).not.toMatch(/password"\s*:|Bearer |cvv|\b\d{13,19}\b/i);
    }
  });

  it('each kind is recognised from its first trigger', () => {
    for (const k of KINDS) expect(classify(k.triggers[0]!).map((c) => c.kind.id), k.id).toContain(k.id);
  });
});

describe('log-audit-creator: recognition reads meaning, not just words', () => {
  // Each row says which kinds a feature must and must not get. The rules: an interaction word (drag and drop) names how,
  // not what; a thing handled (invoice, file, order, message, e-mail) counts for its kind only when no handling verb of
  // another kind governs it (then it is only the payload); a trigger inside a phrase that means something else does not count.
  const cases: { text: string; has: string[]; not: string[] }[] = [
    { text: 'Drag and drop to reorder tasks on a kanban board', has: [], not: ['file_upload'] },
    { text: 'Drag-and-drop dashboard builder', has: [], not: ['file_upload'] },
    { text: 'Drag and drop files to upload', has: ['file_upload'], not: [] },
    { text: 'Upload of invoices', has: ['file_upload'], not: ['payment'] },
    { text: 'Invoice upload for accounts payable', has: ['file_upload'], not: ['payment'] },
    { text: 'Scan receipts for expense claims', has: [], not: ['payment'] },
    { text: 'Attach receipts to expense reports', has: ['file_upload'], not: ['payment'] },
    { text: 'Export invoices to CSV', has: ['data_export'], not: ['payment'] },
    { text: 'Customers upload invoices and pay them online', has: ['file_upload', 'payment'], not: [] },
    { text: 'Invoice customers monthly', has: ['payment'], not: [] },
    { text: 'Pay invoices by card', has: ['payment'], not: [] },
    { text: 'Billing page where customers download their invoices', has: ['payment', 'data_export'], not: [] },
    { text: 'Login, file upload, invoices', has: ['authentication', 'file_upload', 'payment'], not: [] },
    { text: 'File a support ticket', has: [], not: ['file_upload'] },
    { text: 'Users can file expense claims', has: [], not: ['file_upload'] },
    { text: 'Tax filing assistant', has: [], not: ['file_upload'] },
    { text: 'Export to a CSV file', has: ['data_export'], not: ['file_upload'] },
    { text: 'Download attachments', has: ['data_export'], not: ['file_upload'] },
    { text: 'Upload photos of damaged goods', has: ['file_upload'], not: [] },
    { text: 'Profile picture upload', has: ['file_upload'], not: [] },
    { text: 'Social media sharing', has: [], not: ['file_upload'] },
    { text: 'Media library upload', has: ['file_upload'], not: [] },
    { text: 'Newsletter subscription', has: ['notifications'], not: ['payment'] },
    { text: 'Subscription plans and upgrades', has: ['payment'], not: [] },
    { text: 'Electric vehicle charging station finder', has: [], not: ['payment'] },
    { text: 'Free of charge trial', has: [], not: ['payment'] },
    { text: 'Charge the customer card', has: ['payment'], not: [] },
    { text: 'Display results in order of date', has: [], not: ['workflow'] },
    { text: 'Export orders to CSV', has: ['data_export'], not: ['workflow'] },
    { text: 'Order checkout', has: ['workflow', 'payment'], not: [] },
    { text: 'Step-by-step onboarding guide', has: ['user_management'], not: ['workflow'] },
    { text: 'Multi-step checkout wizard', has: ['workflow'], not: [] },
    { text: 'Import emails from Gmail', has: ['data_import'], not: ['notifications'] },
    { text: 'Email notifications on new login', has: ['notifications', 'authentication'], not: [] },
    { text: 'Export chat history', has: ['data_export'], not: ['user_input'] },
    { text: 'Content Security Policy report endpoint', has: ['web_security'], not: ['configuration'] },
    { text: 'Security policy settings', has: ['configuration'], not: [] },
    { text: 'User agent parsing', has: [], not: ['ai_tools'] },
    { text: 'Travel agent booking tool', has: ['workflow'], not: ['ai_tools'] },
    { text: 'AI agent that books meetings', has: ['ai_tools'], not: [] },
    { text: 'MCP server exposing our CRM tools', has: ['ai_tools'], not: [] },
  ];
  it.each(cases)('$text', ({ text, has, not }) => {
    const ids = classify(text).map((c) => c.kind.id);
    for (const k of has) expect(ids, `${text} should be ${k}`).toContain(k);
    for (const k of not) expect(ids, `${text} should not be ${k}`).not.toContain(k);
  });
});

describe('log-audit-creator: the vocabulary\'s newer events reach the features that need them', () => {
  const cases: { feature: string; events: string[] }[] = [
    { feature: 'Logout and session management', events: ['session_logout', 'session_expired', 'excess_sessions_exceeded', 'malicious_csrf'] },
    { feature: 'Search with filters', events: ['malicious_sqli', 'input_validation_fail'] },
    { feature: 'Public REST API', events: ['malicious_sqli', 'malicious_cors'] },
    { feature: 'Content Security Policy report endpoint', events: ['malicious_csp_violation'] },
    { feature: 'CSRF protection for forms', events: ['malicious_csrf'] },
    { feature: 'MCP server exposing our CRM tools', events: ['mcp_prompt_injection', 'mcp_resource_exhaustion', 'mcp_tool_poisoning'] },
  ];
  it.each(cases)('$feature', async ({ feature, events }) => {
    const s = await ok({ features: [feature] });
    expect(names(s)).toEqual(expect.arrayContaining(events));
  });

  it('MCP events never log prompts, and the tool-poisoning alert fires on one occurrence', async () => {
    const s = await ok({ features: ['AI agent with MCP tools'] });
    expect(s.never_log.map((n) => n.data)).toContain('Prompts, model outputs and MCP tool inputs and outputs');
    expect(s.alerts.find((a) => a.id === 'mcp_tool_poisoning')).toMatchObject({ events: ['mcp_tool_poisoning'] });
  });
});

describe('log-audit-creator: SOX', () => {
  it('keeps logs seven years, maps Section 404 and 802, and adds its application-wide events', async () => {
    const s = await ok({ features: ['Login', 'Admin console', 'User management'], frameworks: ['sox'] });
    expect(s.frameworks).toEqual(['sox']);
    expect(s.retention.effective).toMatchObject({ days: 2555, driven_by: ['sox'] });
    expect(s.retention.rules).toEqual([expect.objectContaining({ framework: 'sox', minimum_days: 2555 })]);
    const refs = s.framework_requirements.map((r) => `${r.reference}:${r.status}`);
    expect(refs).toEqual(expect.arrayContaining(['Section 404 (ITGC: logical access):covered', 'Section 404 (ITGC: privileged access):covered', 'Section 802; 17 CFR 210.2-06:covered']));
    expect(names(s)).toEqual(expect.arrayContaining(['authz_admin', 'sys_log_delete']));
  });

  it('with GDPR, seven years exceeds the storage-limitation ceiling and the note says so', async () => {
    const s = await ok({ features: ['Login'], frameworks: ['gdpr', 'sox'] });
    expect(s.retention.effective.days).toBe(2555);
    expect(s.retention.effective.note).toMatch(/exceeds GDPR's usual 365-day ceiling; the legal obligation of sox justifies it/);
  });

  it('is rendered by name in the Markdown document', async () => {
    const s = await ok({ features: ['Login'], frameworks: ['sox'], format: 'markdown' });
    expect(s.markdown).toContain('Sarbanes-Oxley (SOX)');
  });
});

describe('log-audit-creator: determinism', () => {
  const pool = [
    'Login with SSO',
    { name: 'Password reset', description: 'e-mail link' },
    'Admin console',
    'Patient records',
    'CSV export of invoices',
    'Webhook receiver',
    'Shopping list',
    { name: 'API keys', description: 'Users create personal access tokens' },
    'Consent banner',
  ];

  it('same input twice gives the same output', async () => {
    const body = { features: pool, frameworks: ['gdpr', 'soc2'], format: 'markdown' };
    expect(await ok(body)).toEqual(await ok(body));
  });

  it('any order of the same features gives the same output', async () => {
    const reference = await ok({ features: pool, frameworks: ['hipaa', 'pci_dss'] });
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(pool, { minLength: pool.length, maxLength: pool.length }), fc.shuffledSubarray(['pci_dss', 'hipaa'], { minLength: 2, maxLength: 2 }), async (features, frameworks) => {
        expect(await ok({ features, frameworks })).toEqual(reference);
      }),
      { numRuns: 25 },
    );
  });
});

describe('log-audit-creator: hostile input', () => {
  it('fifty features at the size caps answer quickly', async () => {
    const features = Array.from({ length: 50 }, (_, i) => ({ name: `${'log in '.repeat(28)}${i}`.slice(0, 200), description: 'sign in upload payment patient '.repeat(64).slice(0, 2000) }));
    const started = performance.now();
    const s = await ok({ features, frameworks: ['soc2', 'pci_dss', 'hipaa', 'gdpr', 'iso27001'], format: 'markdown' });
    expect(s.summary.feature_count).toBe(50);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('the service slug trims dashes in linear time, whatever the name', () => {
    const t0 = performance.now();
    expect(serviceSlug(`${'-'.repeat(100_000)}a${'-'.repeat(100_000)}`)).toBe('a');
    expect(serviceSlug(`${'a-'.repeat(100_000)}`)).toBe('a-'.repeat(32).slice(0, 63));
    expect(serviceSlug('---')).toBe('app');
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('control characters and Markdown in names cannot break the document', async () => {
    const s = await ok({ features: ['Login\n# Injected heading | x\u0000\u202e', '<script>alert(1)</script> upload'], format: 'markdown', app_name: 'A\r\nB' });
    expect(s.features.map((f) => f.name)).toContain('Login # Injected heading | x');
    expect(s.markdown).not.toMatch(/\n# Injected/);
    expect(s.markdown).not.toContain('<script>');
    expect(s.app_name).toBe('A B');
  });

  it('full-width and accented text is normalised before matching', async () => {
    const s = await ok({ features: ['Ｌｏｇｉｎ'] });
    expect(s.features[0]!.kinds.map((k) => k.id)).toEqual(['authentication']);
  });

  it('prototype-looking names are plain features', async () => {
    const s = await ok({ features: ['__proto__', 'constructor', 'toString'] });
    expect(s.features.map((f) => f.name)).toEqual(['__proto__', 'constructor', 'toString']);
  });

  it('deeply nested values are refused with a 400', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 2000; i++) deep = { name: deep };
    const res = await callTool(tool, { features: [deep] });
    expect(res.status).toBe(400);
  });
});

testRandomJson(tool, ['features']);
