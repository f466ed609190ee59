// Alert rules for the critical events: thresholds, windows, grouping field and first response.

type AlertSeverity = 'critical' | 'high' | 'medium' | 'low';

export interface AlertDef {
  id: string;
  events: readonly string[];
  /** Extra KQL clause, e.g. an outcome filter. */
  filter?: string;
  threshold: number;
  window_seconds: number;
  /** ECS field the count is grouped by, or null for "any occurrence". */
  group_by: string | null;
  severity: AlertSeverity;
  response: string;
}

/** Catalogue order is output order. */
export const ALERTS: readonly AlertDef[] = [
  { id: 'login_brute_force', events: ['authn_login_fail'], threshold: 10, window_seconds: 300, group_by: 'source.ip', severity: 'high', response: 'Challenge or block the source IP and check whether the failures spread over many accounts (credential stuffing).' },
  { id: 'account_lockout', events: ['authn_login_fail_max', 'authn_login_lock'], threshold: 1, window_seconds: 300, group_by: 'user.id', severity: 'medium', response: 'Tell the account owner through a known channel; look for the same source IP on other accounts.' },
  { id: 'password_change_failure', events: ['authn_password_change_fail'], threshold: 3, window_seconds: 900, group_by: 'user.target.id', severity: 'high', response: 'Treat as possible account takeover: expire the account\'s sessions and require re-authentication.' },
  { id: 'impossible_travel', events: ['authn_impossible_travel'], threshold: 1, window_seconds: 60, group_by: null, severity: 'critical', response: 'Revoke the user\'s sessions and tokens, force re-authentication with a second factor, contact the user.' },
  { id: 'token_reuse', events: ['authn_token_reuse'], threshold: 1, window_seconds: 60, group_by: null, severity: 'critical', response: 'A revoked credential is in someone\'s hands: find where it leaked, revoke the owner\'s other tokens.' },
  { id: 'mfa_failures', events: ['authn_mfa_fail'], threshold: 5, window_seconds: 300, group_by: 'user.id', severity: 'high', response: 'The password is probably known to an attacker: lock second-factor attempts and ask the user to change the password.' },
  { id: 'mfa_removed', events: ['authn_mfa_removed'], threshold: 1, window_seconds: 60, group_by: null, severity: 'medium', response: 'Confirm with the account owner that removing the second factor was intended.' },
  { id: 'access_denied_burst', events: ['authz_fail'], threshold: 5, window_seconds: 600, group_by: 'user.id', severity: 'high', response: 'Review what the account tried to reach; suspend it if it is enumerating resources.' },
  { id: 'privilege_change', events: ['authz_change', 'privilege_permissions_changed'], threshold: 1, window_seconds: 60, group_by: null, severity: 'medium', response: 'Check the change against an approved request; escalate grants of administrative roles.' },
  { id: 'admin_account_created', events: ['user_created'], filter: 'user.changes.roles:*admin*', threshold: 1, window_seconds: 60, group_by: null, severity: 'high', response: 'Confirm the new administrator with the approver named in the access request.' },
  { id: 'impersonation', events: ['authz_impersonation_start'], threshold: 1, window_seconds: 60, group_by: null, severity: 'low', response: 'Check that a support ticket (event.reason) justifies the session.' },
  { id: 'malicious_request', events: ['malicious_extraneous', 'malicious_attack_tool', 'malicious_sqli', 'malicious_cors', 'malicious_direct_reference'], threshold: 1, window_seconds: 60, group_by: 'source.ip', severity: 'high', response: 'Block or rate-limit the source; check what else it reached.' },
  { id: 'csrf_attempts', events: ['malicious_csrf'], threshold: 5, window_seconds: 300, group_by: 'source.ip', severity: 'medium', response: 'Look for the page that sends the forged requests (event.reason, referrer) and check that no state change slipped through.' },
  { id: 'forced_browsing', events: ['malicious_excess_404'], threshold: 1, window_seconds: 300, group_by: 'source.ip', severity: 'medium', response: 'Rate-limit or block the source IP at the edge.' },
  { id: 'rate_limit_abuse', events: ['excess_rate_limit_exceeded'], threshold: 3, window_seconds: 600, group_by: 'user.id', severity: 'medium', response: 'Contact the key owner or tighten the quota; look for scraping.' },
  { id: 'input_tampering', events: ['input_validation_discrete_fail'], threshold: 1, window_seconds: 300, group_by: 'user.id', severity: 'medium', response: 'A fixed-choice value was forged: review the actor\'s other requests.' },
  { id: 'input_probing', events: ['input_validation_fail'], threshold: 20, window_seconds: 300, group_by: 'source.ip', severity: 'medium', response: 'Many rejected inputs from one source suggest fuzzing: rate-limit it.' },
  { id: 'malware_upload', events: ['upload_validation'], filter: 'event.outcome:"failure"', threshold: 1, window_seconds: 60, group_by: null, severity: 'critical', response: 'Confirm the file was purged, review the uploader\'s other files, block the account if deliberate.' },
  { id: 'crypto_failures', events: ['crypt_decrypt_fail', 'crypt_encrypt_fail'], threshold: 5, window_seconds: 300, group_by: 'labels.key_id', severity: 'high', response: 'Check key permissions and key state; repeated decryption failures can mean tampered data.' },
  { id: 'workflow_bypass', events: ['sequence_fail'], threshold: 1, window_seconds: 300, group_by: 'user.id', severity: 'high', response: 'Someone is skipping a business step: review the actor\'s transactions.' },
  { id: 'concurrent_sessions', events: ['excess_sessions_exceeded'], threshold: 1, window_seconds: 600, group_by: 'user.id', severity: 'medium', response: 'Shared credentials or a taken-over account: confirm with the owner, end the sessions they do not recognise.' },
  { id: 'expired_session_use', events: ['session_use_after_expire'], threshold: 5, window_seconds: 300, group_by: 'source.ip', severity: 'medium', response: 'Repeated use of dead sessions from one source suggests stolen cookies.' },
  { id: 'mcp_prompt_injection', events: ['mcp_prompt_injection'], threshold: 3, window_seconds: 600, group_by: 'user.id', severity: 'high', response: 'Review which content carried the instructions (document, web page, tool output) and cut the agent\'s tool access for that source.' },
  { id: 'mcp_tool_poisoning', events: ['mcp_tool_poisoning'], threshold: 1, window_seconds: 60, group_by: null, severity: 'high', response: 'Quarantine the tool wherever it is installed and check its source and hash against the approved list.' },
  { id: 'mcp_resource_exhaustion', events: ['mcp_resource_exhaustion'], threshold: 5, window_seconds: 3600, group_by: 'user.id', severity: 'medium', response: 'Throttle the account or agent and look for a tool-call loop or a scripted abuse of the token budget.' },
  { id: 'logging_disabled', events: ['sys_monitor_disabled'], threshold: 1, window_seconds: 60, group_by: null, severity: 'critical', response: 'Re-enable the agent and find who stopped it and why.' },
  { id: 'audit_log_deleted', events: ['sys_log_delete'], threshold: 1, window_seconds: 60, group_by: null, severity: 'critical', response: 'Restore from the write-once copy and investigate the actor.' },
  { id: 'crash_loop', events: ['sys_crash'], threshold: 3, window_seconds: 600, group_by: 'host.name', severity: 'high', response: 'Repeated crashes can be a denial-of-service: check the requests just before each crash.' },
  { id: 'bulk_export', events: ['data_export_created'], threshold: 5, window_seconds: 3600, group_by: 'user.id', severity: 'high', response: 'Unusual export volume can be exfiltration: confirm with the user\'s manager.' },
  { id: 'sensitive_read_volume', events: ['sensitive_read'], threshold: 100, window_seconds: 3600, group_by: 'user.id', severity: 'high', response: 'One account reading many sensitive records: check for snooping or a compromised account.' },
  { id: 'card_testing', events: ['payment_charge_fail'], threshold: 10, window_seconds: 600, group_by: 'source.ip', severity: 'high', response: 'Many declines from one source is card testing: add a challenge and block the source.' },
  { id: 'refund_volume', events: ['payment_refund_created'], threshold: 10, window_seconds: 3600, group_by: 'user.id', severity: 'medium', response: 'Review refunds issued by the account for fraud.' },
  { id: 'webhook_forgery', events: ['webhook_signature_fail'], threshold: 5, window_seconds: 300, group_by: 'source.ip', severity: 'high', response: 'Someone is sending forged callbacks, or the signing secret rotated: check with the sender.' },
  { id: 'security_setting_change', events: ['config_setting_changed'], filter: 'labels.setting:security.*', threshold: 1, window_seconds: 60, group_by: null, severity: 'low', response: 'Confirm the change was approved (change ticket).' },
];
