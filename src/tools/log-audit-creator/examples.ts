// Worked examples of log-audit-creator: the registry test runs each input and expects the output exactly.
// The fields and the never-log rules that several events share are written once, below, and named where they recur.
import type { z } from 'zod';
import type { ToolExample } from '../kit/contract.ts';
import type { input, Output } from './tool.ts';

/** ECS fields that several events of the example require or suggest. */
const FIELD = {
  user_id: { field: "user.id", standard: "ecs", description: "Stable internal id of the acting user or service account (never the e-mail address or the password)." },
  source_ip: { field: "source.ip", standard: "ecs", description: "Client IP address (the real client, taken from a trusted proxy header)." },
  user_agent_original: { field: "user_agent.original", standard: "ecs", description: "User-Agent header as received (encode control characters)." },
  user_target_id: { field: "user.target.id", standard: "ecs", description: "Internal id of the user the action was performed on." },
  http_request_method: { field: "http.request.method", standard: "ecs", description: "HTTP method of the request." },
  url_path: { field: "url.path", standard: "ecs", description: "Route template or path of the request, without query string (queries can carry tokens)." },
  http_response_status_code: { field: "http.response.status_code", standard: "ecs", description: "HTTP status the application answered." },
  source_geo_country: { field: "source.geo.country_iso_code", standard: "ecs", description: "Country of the client IP, from a GeoIP lookup." },
  event_reason: { field: "event.reason", standard: "ecs", description: "Machine-friendly reason for the outcome (maxretries, timeout, revoked, ...)." },
  process_pid: { field: "process.pid", standard: "ecs", description: "Process id of the instance." },
  labels_monitor: { field: "labels.monitor", standard: "custom", description: "Security or logging agent that changed state." },
} as const;

/** Never-log rules that several events of the example carry (and the document's own list). */
const NEVER = {
  passwords: {
    data: "Passwords, passphrases and password hashes (old and new)",
    treatment: "omit",
    how: "Never log them, not even hashed or truncated; log only the outcome and user.id. Scrub request bodies of password fields before any error logging.",
  },
  reset_tokens: {
    data: "Password-reset, magic-link, invitation and e-mail verification tokens or URLs",
    treatment: "omit",
    how: "Never log the token or the link that carries it; log the template id and user.id.",
  },
  email_addresses: {
    data: "E-mail addresses and usernames that are e-mail addresses",
    treatment: "mask",
    how: "Log user.id instead; where an address is needed (failed login for an unknown account), log an HMAC of the normalised address or mask the local part (j***@example.com).",
  },
  keys_and_secrets: {
    data: "Encryption keys, signing keys, certificates' private keys, webhook secrets, connection strings",
    treatment: "omit",
    how: "Never log key material or secret-bearing configuration; log labels.key_id (alias and version) only.",
  },
  secret_settings: {
    data: "Values of secret-valued settings (SMTP passwords, API credentials, signing secrets)",
    treatment: "omit",
    how: "Log labels.setting and that it changed; leave labels.value_from and labels.value_to out for secret-valued keys.",
  },
  bodies: {
    data: "Whole request and response bodies",
    treatment: "omit",
    how: "Do not log bodies at audit level; log the route template (url.path), method and status code.",
  },
  message_contents: {
    data: "Rendered e-mail, SMS and push contents and recipient addresses",
    treatment: "omit",
    how: "Log labels.template, labels.channel and the recipient's user.id.",
  },
} as const;

export const examples: ToolExample<z.input<typeof input>, Output>[] = [
  {
    title: "One feature, SOC 2: password reset",
    input: {
      "features": ["Password reset"],
      "frameworks": ["soc2"],
      "app_name": "Billing"
    },
    output: {
      "app_name": "Billing",
      "service_name": "billing",
      "format": "json",
      "frameworks": ["soc2"],
      "vocabulary": "OWASP Application Logging Vocabulary",
      "ecs_version": "9.4.0",
      "summary": {
        "feature_count": 1,
        "unrecognised_feature_count": 0,
        "event_count": 10,
        "owasp_event_count": 7,
        "custom_event_count": 3,
        "critical_event_count": 2,
        "alert_count": 4
      },
      "global_fields": {
        "required": [
          {
            "field": "@timestamp",
            "standard": "ecs",
            "description": "When the event happened: UTC, ISO 8601 with milliseconds, from a synchronised clock."
          },
          {
            "field": "event.id",
            "standard": "ecs",
            "description": "Unique id of this log event (UUID), so copies can be de-duplicated and incidents can cite it."
          },
          {
            "field": "event.action",
            "standard": "ecs",
            "description": "The vocabulary event name, e.g. authn_login_fail."
          },
          {
            "field": "event.category",
            "standard": "ecs",
            "description": "ECS category list (authentication, iam, session, ...) for cross-product queries."
          },
          {
            "field": "event.type",
            "standard": "ecs",
            "description": "ECS type list (start, change, denied, ...) that sub-divides the category."
          },
          {
            "field": "event.outcome",
            "standard": "ecs",
            "description": "success, failure or unknown, as seen by the application."
          },
          {
            "field": "event.kind",
            "standard": "ecs",
            "description": "event for facts, alert for detections the application raised itself."
          },
          {
            "field": "event.dataset",
            "standard": "ecs",
            "description": "The audit stream name, <service>.audit, kept apart from debug logs."
          },
          {
            "field": "log.level",
            "standard": "ecs",
            "description": "info, warn or critical: the vocabulary level in lower case."
          },
          {
            "field": "message",
            "standard": "ecs",
            "description": "One human-readable sentence with no secret or personal data."
          },
          {
            "field": "ecs.version",
            "standard": "ecs",
            "description": "ECS version the document follows."
          },
          {
            "field": "service.name",
            "standard": "ecs",
            "description": "The application writing the event."
          },
          {
            "field": "service.version",
            "standard": "ecs",
            "description": "Release of the application, to tie an event to the code that produced it."
          },
          {
            "field": "service.environment",
            "standard": "ecs",
            "description": "production, staging, ...: keeps test noise out of alerts."
          },
          {
            "field": "host.name",
            "standard": "ecs",
            "description": "Host, container or function instance that wrote the event."
          }
        ],
        "optional": [
          {
            "field": "trace.id",
            "standard": "ecs",
            "description": "Distributed-trace id that ties the event to the request and other services."
          },
          {
            "field": "http.request.id",
            "standard": "ecs",
            "description": "Request id the API returned to the caller, for support look-ups."
          },
          {
            "field": "organization.id",
            "standard": "ecs",
            "description": "Tenant or customer organisation the event belongs to (multi-tenant apps)."
          }
        ]
      },
      "features": [
        {
          "name": "Password reset",
          "description": null,
          "kinds": [
            {
              "id": "password",
              "label": "Password management",
              "matched_terms": ["password"]
            }
          ],
          "recognised": true,
          "events": [
            "authn_password_change",
            "authn_password_change_fail",
            "authn_password_reset_request",
            "notification_sent"
          ],
          "never_log": [NEVER.passwords, NEVER.reset_tokens]
        }
      ],
      "baseline_events": [
        {
          "event": "sys_startup",
          "reason": "Every deployment: ties later events to a release and shows unexpected restarts."
        },
        {
          "event": "sys_shutdown",
          "reason": "Every deployment: a stop outside a release window needs explaining."
        },
        {
          "event": "sys_crash",
          "reason": "Every deployment: crashes can be triggered by attacks."
        },
        {
          "event": "sys_monitor_disabled",
          "reason": "Every deployment: switching logging or security agents off is the first step of covering tracks."
        },
        {
          "event": "sys_monitor_enabled",
          "reason": "Every deployment: pairs with sys_monitor_disabled to bound the gap."
        },
        {
          "event": "sys_log_delete",
          "reason": "SOC 2 CC7.2: evidence of monitoring must be complete."
        }
      ],
      "events": [
        {
          "name": "authn_password_change",
          "source": "owasp",
          "signature": "authn_password_change[:userid]",
          "level": "INFO",
          "trigger": "A password was changed or set after a reset.",
          "ecs": {
            "action": "authn_password_change",
            "kind": "event",
            "category": ["iam"],
            "type": ["user", "change"],
            "outcome": "success"
          },
          "required_fields": [FIELD.user_id, FIELD.source_ip, FIELD.user_agent_original, FIELD.user_target_id],
          "optional_fields": [
            FIELD.http_request_method,
            FIELD.url_path,
            FIELD.http_response_status_code,
            FIELD.source_geo_country,
            FIELD.event_reason
          ],
          "never_log": [NEVER.passwords, NEVER.reset_tokens],
          "alerts": [],
          "features": ["Password reset"],
          "baseline_reason": null,
          "example": "{\"@timestamp\":\"2026-01-15T09:30:00.000Z\",\"log.level\":\"info\",\"message\":\"User u-1001 changed their password\",\"ecs.version\":\"9.4.0\",\"event\":{\"id\":\"1da16855-1ca1-46c2-aba1-652f1aa1639c\",\"action\":\"authn_password_change\",\"category\":[\"iam\"],\"type\":[\"user\",\"change\"],\"outcome\":\"success\",\"kind\":\"event\",\"dataset\":\"billing.audit\"},\"service\":{\"name\":\"billing\",\"version\":\"3.4.1\",\"environment\":\"production\"},\"host\":{\"name\":\"web-01\"},\"user\":{\"id\":\"u-1001\",\"target\":{\"id\":\"u-2002\"}},\"source\":{\"ip\":\"203.0.113.24\"},\"user_agent\":{\"original\":\"Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0\"}}"
        },
        {
          "name": "authn_password_change_fail",
          "source": "owasp",
          "signature": "authn_password_change_fail[:userid]",
          "level": "CRITICAL",
          "trigger": "A password change was refused (wrong current password, invalid or expired reset token).",
          "ecs": {
            "action": "authn_password_change_fail",
            "kind": "event",
            "category": ["iam"],
            "type": ["user", "change"],
            "outcome": "failure"
          },
          "required_fields": [FIELD.user_id, FIELD.source_ip, FIELD.user_agent_original, FIELD.user_target_id, FIELD.event_reason],
          "optional_fields": [FIELD.http_request_method, FIELD.url_path, FIELD.http_response_status_code, FIELD.source_geo_country],
          "never_log": [NEVER.passwords, NEVER.reset_tokens],
          "alerts": ["password_change_failure"],
          "features": ["Password reset"],
          "baseline_reason": null,
          "example": "{\"@timestamp\":\"2026-01-15T09:30:00.000Z\",\"log.level\":\"critical\",\"message\":\"User u-1001 failed to change their password\",\"ecs.version\":\"9.4.0\",\"event\":{\"id\":\"42dc1f3c-43dc-40cf-a4dc-226245dc23f5\",\"action\":\"authn_password_change_fail\",\"category\":[\"iam\"],\"type\":[\"user\",\"change\"],\"outcome\":\"failure\",\"kind\":\"event\",\"dataset\":\"billing.audit\",\"reason\":\"current_password_mismatch\"},\"service\":{\"name\":\"billing\",\"version\":\"3.4.1\",\"environment\":\"production\"},\"host\":{\"name\":\"web-01\"},\"user\":{\"id\":\"u-1001\",\"target\":{\"id\":\"u-2002\"}},\"source\":{\"ip\":\"203.0.113.24\"},\"user_agent\":{\"original\":\"Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0\"}}"
        },
        {
          "name": "authn_password_reset_request",
          "source": "custom",
          "signature": "authn_password_reset_request[:userid]",
          "level": "INFO",
          "trigger": "A password reset was requested (log unknown accounts too, without revealing them to the caller).",
          "ecs": {
            "action": "authn_password_reset_request",
            "kind": "event",
            "category": ["authentication"],
            "type": ["info"],
            "outcome": "success"
          },
          "required_fields": [FIELD.source_ip, FIELD.user_agent_original],
          "optional_fields": [
            FIELD.user_id,
            FIELD.http_request_method,
            FIELD.url_path,
            FIELD.http_response_status_code,
            FIELD.source_geo_country
          ],
          "never_log": [NEVER.reset_tokens, NEVER.email_addresses],
          "alerts": [],
          "features": ["Password reset"],
          "baseline_reason": null,
          "example": "{\"@timestamp\":\"2026-01-15T09:30:00.000Z\",\"log.level\":\"info\",\"message\":\"Password reset requested for u-1001\",\"ecs.version\":\"9.4.0\",\"event\":{\"id\":\"13eb0ec8-14eb-405b-a5eb-11ee16eb1381\",\"action\":\"authn_password_reset_request\",\"category\":[\"authentication\"],\"type\":[\"info\"],\"outcome\":\"success\",\"kind\":\"event\",\"dataset\":\"billing.audit\"},\"service\":{\"name\":\"billing\",\"version\":\"3.4.1\",\"environment\":\"production\"},\"host\":{\"name\":\"web-01\"},\"source\":{\"ip\":\"203.0.113.24\"},\"user_agent\":{\"original\":\"Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0\"}}"
        },
        {
          "name": "sys_startup",
          "source": "owasp",
          "signature": "sys_startup:[userid]",
          "level": "WARN",
          "trigger": "An instance of the application started (include who or what started it).",
          "ecs": {
            "action": "sys_startup",
            "kind": "event",
            "category": ["process"],
            "type": ["start"],
            "outcome": "success"
          },
          "required_fields": [FIELD.process_pid],
          "optional_fields": [FIELD.user_id],
          "never_log": [NEVER.keys_and_secrets, NEVER.secret_settings],
          "alerts": [],
          "features": [],
          "baseline_reason": "Every deployment: ties later events to a release and shows unexpected restarts.",
          "example": "{\"@timestamp\":\"2026-01-15T09:30:00.000Z\",\"log.level\":\"warn\",\"message\":\"Instance web-01 started\",\"ecs.version\":\"9.4.0\",\"event\":{\"id\":\"4417b8a3-4317-4710-a617-bbc94517ba36\",\"action\":\"sys_startup\",\"category\":[\"process\"],\"type\":[\"start\"],\"outcome\":\"success\",\"kind\":\"event\",\"dataset\":\"billing.audit\"},\"service\":{\"name\":\"billing\",\"version\":\"3.4.1\",\"environment\":\"production\"},\"host\":{\"name\":\"web-01\"},\"process\":{\"pid\":4711}}"
        },
        {
          "name": "sys_shutdown",
          "source": "owasp",
          "signature": "sys_shutdown:[userid]",
          "level": "WARN",
          "trigger": "An instance stopped normally.",
          "ecs": {
            "action": "sys_shutdown",
            "kind": "event",
            "category": ["process"],
            "type": ["end"],
            "outcome": "success"
          },
          "required_fields": [FIELD.process_pid],
          "optional_fields": [FIELD.user_id, FIELD.event_reason],
          "never_log": [],
          "alerts": [],
          "features": [],
          "baseline_reason": "Every deployment: a stop outside a release window needs explaining.",
          "example": "{\"@timestamp\":\"2026-01-15T09:30:00.000Z\",\"log.level\":\"warn\",\"message\":\"Instance web-01 stopped\",\"ecs.version\":\"9.4.0\",\"event\":{\"id\":\"bd482fee-be48-4181-ab48-2cc8bc482e5b\",\"action\":\"sys_shutdown\",\"category\":[\"process\"],\"type\":[\"end\"],\"outcome\":\"success\",\"kind\":\"event\",\"dataset\":\"billing.audit\"},\"service\":{\"name\":\"billing\",\"version\":\"3.4.1\",\"environment\":\"production\"},\"host\":{\"name\":\"web-01\"},\"process\":{\"pid\":4711}}"
        },
        {
          "name": "sys_crash",
          "source": "owasp",
          "signature": "sys_crash[:reason]",
          "level": "WARN",
          "trigger": "An instance stopped on an unhandled error or resource exhaustion.",
          "ecs": {
            "action": "sys_crash",
            "kind": "event",
            "category": ["process"],
            "type": ["end"],
            "outcome": "failure"
          },
          "required_fields": [FIELD.process_pid, FIELD.event_reason],
          "optional_fields": [
            {
              "field": "process.exit_code",
              "standard": "ecs",
              "description": "Exit code of a crashed or stopped process."
            },
            {
              "field": "error.type",
              "standard": "ecs",
              "description": "Class or code of the error behind a failure."
            }
          ],
          "never_log": [NEVER.bodies],
          "alerts": ["crash_loop"],
          "features": [],
          "baseline_reason": "Every deployment: crashes can be triggered by attacks.",
          "example": "{\"@timestamp\":\"2026-01-15T09:30:00.000Z\",\"log.level\":\"warn\",\"message\":\"Instance web-01 crashed: outofmemory\",\"ecs.version\":\"9.4.0\",\"event\":{\"id\":\"2784b921-2684-478e-a584-b5fb2484b468\",\"action\":\"sys_crash\",\"category\":[\"process\"],\"type\":[\"end\"],\"outcome\":\"failure\",\"kind\":\"event\",\"dataset\":\"billing.audit\",\"reason\":\"outofmemory\"},\"service\":{\"name\":\"billing\",\"version\":\"3.4.1\",\"environment\":\"production\"},\"host\":{\"name\":\"web-01\"},\"process\":{\"pid\":4711}}"
        },
        {
          "name": "sys_monitor_disabled",
          "source": "owasp",
          "signature": "sys_monitor_disabled:[userid,monitor]",
          "level": "WARN",
          "trigger": "A security, integrity or logging agent was stopped or audit logging was switched off.",
          "ecs": {
            "action": "sys_monitor_disabled",
            "kind": "event",
            "category": ["configuration"],
            "type": ["change"],
            "outcome": "success"
          },
          "required_fields": [FIELD.user_id, FIELD.labels_monitor],
          "optional_fields": [FIELD.event_reason],
          "never_log": [],
          "alerts": ["logging_disabled"],
          "features": [],
          "baseline_reason": "Every deployment: switching logging or security agents off is the first step of covering tracks.",
          "example": "{\"@timestamp\":\"2026-01-15T09:30:00.000Z\",\"log.level\":\"warn\",\"message\":\"User u-1001 disabled audit-log-shipper\",\"ecs.version\":\"9.4.0\",\"event\":{\"id\":\"5c98901b-5b98-4e88-ae98-93415d9891ae\",\"action\":\"sys_monitor_disabled\",\"category\":[\"configuration\"],\"type\":[\"change\"],\"outcome\":\"success\",\"kind\":\"event\",\"dataset\":\"billing.audit\"},\"service\":{\"name\":\"billing\",\"version\":\"3.4.1\",\"environment\":\"production\"},\"host\":{\"name\":\"web-01\"},\"user\":{\"id\":\"u-1001\"},\"labels\":{\"monitor\":\"audit-log-shipper\"}}"
        },
        {
          "name": "sys_monitor_enabled",
          "source": "owasp",
          "signature": "sys_monitor_enabled:[userid,monitor]",
          "level": "WARN",
          "trigger": "A security, integrity or logging agent was started again.",
          "ecs": {
            "action": "sys_monitor_enabled",
            "kind": "event",
            "category": ["configuration"],
            "type": ["change"],
            "outcome": "success"
          },
          "required_fields": [FIELD.user_id, FIELD.labels_monitor],
          "optional_fields": [],
          "never_log": [],
          "alerts": [],
          "features": [],
          "baseline_reason": "Every deployment: pairs with sys_monitor_disabled to bound the gap.",
          "example": "{\"@timestamp\":\"2026-01-15T09:30:00.000Z\",\"log.level\":\"warn\",\"message\":\"User u-1001 enabled audit-log-shipper\",\"ecs.version\":\"9.4.0\",\"event\":{\"id\":\"5989825a-5a89-43ed-a789-7f34588980c7\",\"action\":\"sys_monitor_enabled\",\"category\":[\"configuration\"],\"type\":[\"change\"],\"outcome\":\"success\",\"kind\":\"event\",\"dataset\":\"billing.audit\"},\"service\":{\"name\":\"billing\",\"version\":\"3.4.1\",\"environment\":\"production\"},\"host\":{\"name\":\"web-01\"},\"user\":{\"id\":\"u-1001\"},\"labels\":{\"monitor\":\"audit-log-shipper\"}}"
        },
        {
          "name": "sys_log_delete",
          "source": "custom",
          "signature": "sys_log_delete[:userid,log]",
          "level": "CRITICAL",
          "trigger": "Audit log entries were deleted, truncated or their retention shortened.",
          "ecs": {
            "action": "sys_log_delete",
            "kind": "event",
            "category": ["file"],
            "type": ["deletion"],
            "outcome": "success"
          },
          "required_fields": [
            FIELD.user_id,
            FIELD.source_ip,
            {
              "field": "labels.object_id",
              "standard": "custom",
              "description": "Internal id of the object acted on."
            },
            FIELD.event_reason
          ],
          "optional_fields": [
            {
              "field": "labels.record_count",
              "standard": "custom",
              "description": "Number of records exported or imported."
            }
          ],
          "never_log": [],
          "alerts": ["audit_log_deleted"],
          "features": [],
          "baseline_reason": "SOC 2 CC7.2: evidence of monitoring must be complete.",
          "example": "{\"@timestamp\":\"2026-01-15T09:30:00.000Z\",\"log.level\":\"critical\",\"message\":\"User u-1001 deleted audit-2026-01\",\"ecs.version\":\"9.4.0\",\"event\":{\"id\":\"c4d59390-c5d5-4523-a6d5-96b6c7d59849\",\"action\":\"sys_log_delete\",\"category\":[\"file\"],\"type\":[\"deletion\"],\"outcome\":\"success\",\"kind\":\"event\",\"dataset\":\"billing.audit\",\"reason\":\"retention_change\"},\"service\":{\"name\":\"billing\",\"version\":\"3.4.1\",\"environment\":\"production\"},\"host\":{\"name\":\"web-01\"},\"user\":{\"id\":\"u-1001\"},\"source\":{\"ip\":\"203.0.113.24\"},\"labels\":{\"object_id\":\"audit-2026-01\"}}"
        },
        {
          "name": "notification_sent",
          "source": "custom",
          "signature": "notification_sent[:userid,channel,template]",
          "level": "INFO",
          "trigger": "A security-relevant message was sent (password reset, new login, e-mail change, invitation).",
          "ecs": {
            "action": "notification_sent",
            "kind": "event",
            "category": ["api"],
            "type": ["info"],
            "outcome": "success"
          },
          "required_fields": [
            FIELD.user_id,
            {
              "field": "labels.channel",
              "standard": "custom",
              "description": "Delivery channel: email, sms, push."
            },
            {
              "field": "labels.template",
              "standard": "custom",
              "description": "Template id of the notification (not its rendered content)."
            }
          ],
          "optional_fields": [],
          "never_log": [NEVER.reset_tokens, NEVER.email_addresses, NEVER.message_contents],
          "alerts": [],
          "features": ["Password reset"],
          "baseline_reason": null,
          "example": "{\"@timestamp\":\"2026-01-15T09:30:00.000Z\",\"log.level\":\"info\",\"message\":\"password_reset e-mail sent to u-1001\",\"ecs.version\":\"9.4.0\",\"event\":{\"id\":\"2e2d2a22-2f2d-4bb5-ac2d-26fc2d2d288f\",\"action\":\"notification_sent\",\"category\":[\"api\"],\"type\":[\"info\"],\"outcome\":\"success\",\"kind\":\"event\",\"dataset\":\"billing.audit\"},\"service\":{\"name\":\"billing\",\"version\":\"3.4.1\",\"environment\":\"production\"},\"host\":{\"name\":\"web-01\"},\"user\":{\"id\":\"u-1001\"},\"labels\":{\"channel\":\"email\",\"template\":\"password_reset\"}}"
        }
      ],
      "alerts": [
        {
          "id": "password_change_failure",
          "events": ["authn_password_change_fail"],
          "severity": "high",
          "threshold": 3,
          "window_seconds": 900,
          "group_by": "user.target.id",
          "condition": "at least 3 authn_password_change_fail events within 900 s for the same user.target.id",
          "query": "event.dataset:\"billing.audit\" and event.action:(\"authn_password_change_fail\")",
          "response": "Treat as possible account takeover: expire the account's sessions and require re-authentication."
        },
        {
          "id": "logging_disabled",
          "events": ["sys_monitor_disabled"],
          "severity": "critical",
          "threshold": 1,
          "window_seconds": 60,
          "group_by": null,
          "condition": "any sys_monitor_disabled event",
          "query": "event.dataset:\"billing.audit\" and event.action:(\"sys_monitor_disabled\")",
          "response": "Re-enable the agent and find who stopped it and why."
        },
        {
          "id": "audit_log_deleted",
          "events": ["sys_log_delete"],
          "severity": "critical",
          "threshold": 1,
          "window_seconds": 60,
          "group_by": null,
          "condition": "any sys_log_delete event",
          "query": "event.dataset:\"billing.audit\" and event.action:(\"sys_log_delete\")",
          "response": "Restore from the write-once copy and investigate the actor."
        },
        {
          "id": "crash_loop",
          "events": ["sys_crash"],
          "severity": "high",
          "threshold": 3,
          "window_seconds": 600,
          "group_by": "host.name",
          "condition": "at least 3 sys_crash events within 600 s for the same host.name",
          "query": "event.dataset:\"billing.audit\" and event.action:(\"sys_crash\")",
          "response": "Repeated crashes can be a denial-of-service: check the requests just before each crash."
        }
      ],
      "retention": {
        "rules": [
          {
            "framework": "soc2",
            "minimum_days": null,
            "recommended_days": 365,
            "immediately_available_days": 90,
            "maximum_days": null,
            "basis": "AICPA Trust Services Criteria CC7.2 require monitoring evidence but fix no period; 12 months is the common practice because a Type II report covers up to a year of operation."
          }
        ],
        "effective": {
          "days": 365,
          "immediately_available_days": 90,
          "driven_by": ["soc2"],
          "note": "Keep audit logs 365 days (the longest period among the chosen frameworks)."
        }
      },
      "framework_requirements": [
        {
          "framework": "soc2",
          "reference": "CC6.1",
          "requirement": "Logical access security: authentication and access attempts are controlled and recorded.",
          "status": "missing",
          "events": [],
          "note": "No listed feature produces authn_login_success, authn_login_fail, authz_fail: add the feature that does, or log one of them."
        },
        {
          "framework": "soc2",
          "reference": "CC6.2",
          "requirement": "Users are registered, authorised and removed through a controlled process.",
          "status": "missing",
          "events": [],
          "note": "No listed feature produces user_created, user_archived, user_deleted: add the feature that does, or log one of them."
        },
        {
          "framework": "soc2",
          "reference": "CC6.3",
          "requirement": "Access rights are granted, changed and removed on authorisation (least privilege).",
          "status": "missing",
          "events": [],
          "note": "No listed feature produces authz_change, privilege_permissions_changed, authz_admin: add the feature that does, or log one of them."
        },
        {
          "framework": "soc2",
          "reference": "CC7.2",
          "requirement": "System components are monitored for anomalies indicating malicious acts or errors.",
          "status": "covered",
          "events": [],
          "note": "Answered by the alert rules."
        },
        {
          "framework": "soc2",
          "reference": "CC8.1",
          "requirement": "Changes to infrastructure, data, software and configuration are authorised and tracked.",
          "status": "covered",
          "events": ["sys_startup"],
          "note": null
        }
      ],
      "never_log": [
        NEVER.passwords,
        NEVER.reset_tokens,
        {
          "data": "Session ids and session cookies",
          "treatment": "hash",
          "how": "Log HMAC-SHA-256(session id, a log-only key) truncated to 16 hex characters as labels.session_id_hash: it correlates events of one session without being replayable."
        },
        {
          "data": "Access tokens, refresh tokens, JWTs, API keys, Authorization and Cookie headers",
          "treatment": "tokenize",
          "how": "Log the token's public id (labels.token_id) or a keyed-hash fingerprint; never the secret part or the whole header. Strip tokens from url.path and query strings."
        },
        NEVER.keys_and_secrets,
        NEVER.email_addresses,
        {
          "data": "Free-text input: messages, comments, search queries, form values",
          "treatment": "omit",
          "how": "Log field names (labels.fields) and lengths, not values; when a value must be quoted, truncate it and encode CR, LF and delimiters (CWE-117 log injection)."
        },
        NEVER.bodies,
        NEVER.message_contents,
        NEVER.secret_settings
      ],
      "practices": [
        {
          "rule": "Write audit events as one JSON object per line to a dedicated audit stream (event.dataset <service>.audit), separate from debug logs.",
          "source": "OWASP Logging Cheat Sheet"
        },
        {
          "rule": "Use UTC timestamps in ISO 8601 from clocks synchronised by NTP.",
          "source": "OWASP Logging Vocabulary; ISO/IEC 27001 A.8.17"
        },
        {
          "rule": "Encode CR, LF and delimiters in every user-controlled value before logging it.",
          "source": "CWE-117; OWASP Logging Cheat Sheet"
        },
        {
          "rule": "Log the stable user.id, never credentials or secrets; apply the never_log list in one central formatter rather than at each call site.",
          "source": "OWASP Logging Cheat Sheet"
        },
        {
          "rule": "Ship logs off the host promptly to append-only storage that application accounts cannot modify or delete.",
          "source": "OWASP Logging Cheat Sheet; NIST SP 800-92"
        },
        {
          "rule": "When logging fails, keep the application working but raise sys_monitor_disabled and alert.",
          "source": "OWASP Logging Cheat Sheet"
        },
        {
          "rule": "Record type, time, place, source, outcome and identity in every entry.",
          "source": "NIST SP 800-53 AU-3"
        },
        {
          "rule": "Keep alert and review evidence for the whole audit period.",
          "source": "AICPA TSC CC7.2, CC7.3"
        }
      ],
      "gaps": [
        {
          "code": "no_authentication_feature",
          "message": "No feature covers signing in, yet every chosen framework asks for login and failed-access records: add the authentication feature (or state that an identity provider logs it)."
        }
      ]
    },
  },
];
