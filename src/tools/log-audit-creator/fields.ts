// The log fields the specification may ask for: ECS 9.4 names (checked against elastic/ecs v9.4.0 fields.csv) and the custom labels.* keys.

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
 * Every field an event may require or suggest. Custom values go under ECS's `labels` object, whose values
 * are keywords, so their examples are strings.
 */
const FIELD_LIST: FieldDef[] = [
  // Global fields (every event).
  { name: '@timestamp', description: 'When the event happened: UTC, ISO 8601 with milliseconds, from a synchronised clock.', example: '2026-01-15T09:30:00.000Z' },
  { name: 'event.id', description: 'Unique id of this log event (UUID), so copies can be de-duplicated and incidents can cite it.', example: '' },
  { name: 'event.action', description: 'The vocabulary event name, e.g. authn_login_fail.', example: '' },
  { name: 'event.category', description: 'ECS category list (authentication, iam, session, ...) for cross-product queries.', example: [] },
  { name: 'event.type', description: 'ECS type list (start, change, denied, ...) that sub-divides the category.', example: [] },
  { name: 'event.outcome', description: 'success, failure or unknown, as seen by the application.', example: 'success' },
  { name: 'event.kind', description: 'event for facts, alert for detections the application raised itself.', example: 'event' },
  { name: 'event.dataset', description: 'The audit stream name, <service>.audit, kept apart from debug logs.', example: '' },
  { name: 'log.level', description: 'info, warn or critical: the vocabulary level in lower case.', example: 'info' },
  { name: 'message', description: 'One human-readable sentence with no secret or personal data.', example: '' },
  { name: 'ecs.version', description: 'ECS version the document follows.', example: ECS_VERSION },
  { name: 'service.name', description: 'The application writing the event.', example: '' },
  { name: 'service.version', description: 'Release of the application, to tie an event to the code that produced it.', example: '3.4.1' },
  { name: 'service.environment', description: 'production, staging, ...: keeps test noise out of alerts.', example: 'production' },
  { name: 'host.name', description: 'Host, container or function instance that wrote the event.', example: 'web-01' },
  { name: 'trace.id', description: 'Distributed-trace id that ties the event to the request and other services.', example: '' },
  { name: 'http.request.id', description: 'Request id the API returned to the caller, for support look-ups.', example: 'req_7Hq2Lx' },
  { name: 'organization.id', description: 'Tenant or customer organisation the event belongs to (multi-tenant apps).', example: 'org-42' },
  // Who.
  { name: 'user.id', description: 'Stable internal id of the acting user or service account (never the e-mail address or the password).', example: 'u-1001' },
  { name: 'user.roles', description: 'Roles of the acting user at the time of the event.', example: ['member'] },
  { name: 'user.target.id', description: 'Internal id of the user the action was performed on.', example: 'u-2002' },
  { name: 'user.target.roles', description: 'Roles of the target user before the change.', example: ['member'] },
  { name: 'user.changes.roles', description: 'Roles of the target user after the change.', example: ['admin'] },
  // From where.
  { name: 'source.ip', description: 'Client IP address (the real client, taken from a trusted proxy header).', example: '203.0.113.24' },
  { name: 'source.geo.country_iso_code', description: 'Country of the client IP, from a GeoIP lookup.', example: 'DE' },
  { name: 'source.geo.region_iso_code', description: 'Region of the client IP, from a GeoIP lookup.', example: 'DE-BE' },
  { name: 'user_agent.original', description: 'User-Agent header as received (encode control characters).', example: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
  { name: 'http.request.method', description: 'HTTP method of the request.', example: 'POST' },
  { name: 'url.path', description: 'Route template or path of the request, without query string (queries can carry tokens).', example: '/api/v1/session' },
  { name: 'http.response.status_code', description: 'HTTP status the application answered.', example: 200 },
  { name: 'http.request.referrer', description: 'Referer header of the request.', example: 'https://attacker.example.net/' },
  // What.
  { name: 'event.reason', description: 'Machine-friendly reason for the outcome (maxretries, timeout, revoked, ...).', example: '' },
  { name: 'error.type', description: 'Class or code of the error behind a failure.', example: 'ValidationError' },
  { name: 'error.message', description: 'Error text, after removing any input values it echoes.', example: 'value not in allowed list' },
  { name: 'rule.name', description: 'Detection rule that classified the request as malicious.', example: 'known-scanner-user-agent' },
  { name: 'file.name', description: 'Original file name, control characters encoded (names can hold personal data: see never_log).', example: 'statement-2026-01.pdf' },
  { name: 'file.extension', description: 'File extension as declared.', example: 'pdf' },
  { name: 'file.mime_type', description: 'MIME type detected from the content, not the one the client claimed.', example: 'application/pdf' },
  { name: 'file.size', description: 'Size in bytes.', example: 482113 },
  { name: 'file.hash.sha256', description: 'SHA-256 of the content, to follow a file without logging it.', example: '9f2c4e0b7d1a6c3e8b5f0a2d4c6e8f1a3b5d7c9e0f2a4b6c8d0e1f3a5b7c9d1e' },
  { name: 'file.path', description: 'Storage key the file was moved to (a server-generated name, never the original).', example: 'uploads/2026/01/5b1f0c7e.bin' },
  { name: 'process.pid', description: 'Process id of the instance.', example: 4711 },
  { name: 'process.exit_code', description: 'Exit code of a crashed or stopped process.', example: 137 },
  // Custom keys (ECS labels: keyword values).
  { name: 'labels.auth_method', description: 'How the user authenticated: password, sso, passkey, magic_link, ...', example: 'password' },
  { name: 'labels.mfa_method', description: 'Second factor used: totp, webauthn, sms, email, recovery_code.', example: 'totp' },
  { name: 'labels.retry_count', description: 'Failed attempts before this one.', example: '2' },
  { name: 'labels.fail_limit', description: 'Configured failure limit that was reached.', example: '5' },
  { name: 'labels.region_from', description: 'Region of the previous login.', example: 'US-OR' },
  { name: 'labels.region_to', description: 'Region of this login.', example: 'SG-01' },
  { name: 'labels.token_id', description: 'Public id of the token or key (its lookup id or fingerprint, never the secret).', example: 'tok_8fK2pQ' },
  { name: 'labels.entitlements', description: 'Scopes or permissions granted to the token.', example: 'read,write' },
  { name: 'labels.session_id_hash', description: 'Keyed hash (HMAC-SHA-256, truncated) of the session id, to correlate a session without making it replayable.', example: '5f1c9a03b7e2d4a6' },
  { name: 'labels.resource', description: 'Resource or route the actor tried to reach.', example: '/api/v1/accounts/u-2002' },
  { name: 'labels.session_limit', description: 'Concurrent sessions allowed per account.', example: '5' },
  { name: 'labels.session_count', description: 'Concurrent sessions the account had when the limit was hit.', example: '6' },
  { name: 'labels.rate_limit', description: 'Limit that was exceeded (calls per window).', example: '100' },
  { name: 'labels.rate_window_seconds', description: 'Window of the limit in seconds.', example: '60' },
  { name: 'labels.validator', description: 'Check that ran: virusscan, mime_sniff, image_decode, size, ...', example: 'virusscan' },
  { name: 'labels.fields', description: 'Names (not values) of the input fields that failed validation.', example: 'zip,date_of_birth' },
  { name: 'labels.object_type', description: 'Kind of business object acted on (record, document, order, ...).', example: 'record' },
  { name: 'labels.object_id', description: 'Internal id of the object acted on.', example: 'rec-5521' },
  { name: 'labels.permission_from', description: 'Access level before the change.', example: 'read' },
  { name: 'labels.permission_to', description: 'Access level after the change.', example: 'write' },
  { name: 'labels.monitor', description: 'Security or logging agent that changed state.', example: 'audit-log-shipper' },
  { name: 'labels.step_expected', description: 'Workflow step the application expected.', example: 'payment' },
  { name: 'labels.step_actual', description: 'Workflow step the request tried to perform.', example: 'confirm' },
  { name: 'labels.origin', description: 'Origin header of a refused cross-origin request.', example: 'https://attacker.example.net' },
  { name: 'labels.parameter', description: 'Name (not value) of the request parameter that carried the attack pattern.', example: 'search' },
  { name: 'labels.csp_directive', description: 'Effective directive of a Content-Security-Policy violation report.', example: 'script-src' },
  { name: 'labels.blocked_uri', description: 'Origin and path of the blocked resource, with query string and fragment stripped (they can carry tokens).', example: 'https://cdn.example.net/widget.js' },
  { name: 'labels.mcp_tool', description: 'MCP tool involved.', example: 'calendar_sync' },
  { name: 'labels.mcp_server', description: 'MCP server the tool came from.', example: 'calendar-mcp' },
  { name: 'labels.tool_source', description: 'Where the tool was obtained (registry or marketplace URL).', example: 'https://marketplace.example/tools/calendar_sync' },
  { name: 'labels.tool_version', description: 'Version of the tool that was blocked.', example: '2.4.1' },
  { name: 'labels.tokens_in', description: 'Model input tokens the request used or asked for.', example: '18240' },
  { name: 'labels.tokens_out', description: 'Model output tokens produced.', example: '0' },
  { name: 'labels.token_budget', description: 'Token budget the policy allows per request.', example: '8000' },
  { name: 'labels.payment_id', description: 'Payment or charge id at the processor.', example: 'pay_3Kd82' },
  { name: 'labels.amount_minor', description: 'Amount in minor units (cents) as a string.', example: '4990' },
  { name: 'labels.currency', description: 'ISO 4217 currency code.', example: 'EUR' },
  { name: 'labels.card_last4', description: 'Last four digits of the card number, the only part of a PAN worth logging.', example: '4242' },
  { name: 'labels.card_brand', description: 'Card network (visa, mastercard, ...).', example: 'visa' },
  { name: 'labels.payment_method_type', description: 'card, sepa_debit, paypal, ...', example: 'card' },
  { name: 'labels.refund_id', description: 'Refund id at the processor.', example: 're_9Lm21' },
  { name: 'labels.export_id', description: 'Id of the export job or file.', example: 'exp-771' },
  { name: 'labels.record_count', description: 'Number of records exported or imported.', example: '1250' },
  { name: 'labels.export_format', description: 'Format of the export (csv, xlsx, json, pdf).', example: 'csv' },
  { name: 'labels.import_id', description: 'Id of the import job.', example: 'imp-310' },
  { name: 'labels.consent_purpose', description: 'Processing purpose the consent is for (marketing, analytics, ...).', example: 'marketing_email' },
  { name: 'labels.consent_state', description: 'granted or withdrawn.', example: 'withdrawn' },
  { name: 'labels.privacy_request_id', description: 'Id of the data-subject request.', example: 'dsr-118' },
  { name: 'labels.privacy_request_type', description: 'access, erasure, rectification, portability, restriction or objection.', example: 'erasure' },
  { name: 'labels.setting', description: 'Key of the setting or feature flag that changed.', example: 'security.session_timeout_minutes' },
  { name: 'labels.value_from', description: 'Previous value (omit for secret-valued settings).', example: '30' },
  { name: 'labels.value_to', description: 'New value (omit for secret-valued settings).', example: '480' },
  { name: 'labels.key_id', description: 'Id or alias of the key used or rotated (never key material).', example: 'kms-key-customer-data-v7' },
  { name: 'labels.webhook_source', description: 'Sender the webhook claimed to come from.', example: 'payment-provider' },
  { name: 'labels.channel', description: 'Delivery channel: email, sms, push.', example: 'email' },
  { name: 'labels.template', description: 'Template id of the notification (not its rendered content).', example: 'password_reset' },
];

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
