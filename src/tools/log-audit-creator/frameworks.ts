// Compliance frameworks: retention rules and the logging requirements each one names, with the events that answer them.

export const FRAMEWORK_IDS = ['soc2', 'pci_dss', 'hipaa', 'gdpr', 'iso27001', 'sox'] as const;
export type FrameworkId = (typeof FRAMEWORK_IDS)[number];

export interface RetentionRule {
  framework: FrameworkId;
  /** Shortest period the framework requires, or null when it prescribes none. */
  minimum_days: number | null;
  /** Period to plan for when the framework does not fix one. */
  recommended_days: number;
  /** Part of the period that must be searchable at once, or null when not prescribed. */
  immediately_available_days: number | null;
  /** Longest period without a documented justification, or null when the framework sets no ceiling. */
  maximum_days: number | null;
  basis: string;
}

export const RETENTION: Readonly<Record<FrameworkId, RetentionRule>> = {
  soc2: {
    framework: 'soc2',
    minimum_days: null,
    recommended_days: 365,
    immediately_available_days: 90,
    maximum_days: null,
    basis: 'AICPA Trust Services Criteria CC7.2 require monitoring evidence but fix no period; 12 months is the common practice because a Type II report covers up to a year of operation.',
  },
  pci_dss: {
    framework: 'pci_dss',
    minimum_days: 365,
    recommended_days: 365,
    immediately_available_days: 90,
    maximum_days: null,
    basis: 'PCI DSS v4.0 Requirement 10.5.1: keep audit log history for at least 12 months, the most recent three months immediately available for analysis.',
  },
  hipaa: {
    framework: 'hipaa',
    minimum_days: 2190,
    recommended_days: 2190,
    immediately_available_days: null,
    maximum_days: null,
    basis: 'HIPAA 45 CFR 164.316(b)(2)(i) keeps required documentation for six years; audit records of 164.312(b) audit controls are commonly kept for the same six years.',
  },
  gdpr: {
    framework: 'gdpr',
    minimum_days: null,
    recommended_days: 365,
    immediately_available_days: null,
    maximum_days: 365,
    basis: 'GDPR Art. 5(1)(e) storage limitation; the CNIL recommends keeping access logs six months to one year unless a legal obligation or a documented risk justifies longer.',
  },
  iso27001: {
    framework: 'iso27001',
    minimum_days: null,
    recommended_days: 365,
    immediately_available_days: 90,
    maximum_days: null,
    basis: 'ISO/IEC 27001:2022 Annex A 8.15 requires event logs to be produced, kept, protected and analysed, with the period set by policy; 12 months is the common choice.',
  },
  sox: {
    framework: 'sox',
    minimum_days: 2555,
    recommended_days: 2555,
    immediately_available_days: null,
    maximum_days: null,
    basis: 'Sarbanes-Oxley Act Section 802 (18 U.S.C. 1520) and SEC Regulation S-X Rule 2-06 (17 CFR 210.2-06) keep the records of an audit or review of financial statements seven years; the audit logs of systems within internal control over financial reporting are that evidence, so they are kept seven years too.',
  },
};

/** Baseline when no framework is chosen. */
export const BASELINE_RETENTION = { days: 365, immediately_available_days: 90 } as const;

export interface Requirement {
  framework: FrameworkId;
  reference: string;
  requirement: string;
  /** Events that answer it (any one present in the specification counts). */
  events: readonly string[];
  /** Answered by the global fields or retention rather than by an event. */
  answeredBy?: 'global_fields' | 'retention' | 'alerts';
  /** For requirements an application log cannot answer alone. */
  note?: string;
}

export const REQUIREMENTS: readonly Requirement[] = [
  { framework: 'soc2', reference: 'CC6.1', requirement: 'Logical access security: authentication and access attempts are controlled and recorded.', events: ['authn_login_success', 'authn_login_fail', 'authz_fail'] },
  { framework: 'soc2', reference: 'CC6.2', requirement: 'Users are registered, authorised and removed through a controlled process.', events: ['user_created', 'user_archived', 'user_deleted'] },
  { framework: 'soc2', reference: 'CC6.3', requirement: 'Access rights are granted, changed and removed on authorisation (least privilege).', events: ['authz_change', 'privilege_permissions_changed', 'authz_admin'] },
  { framework: 'soc2', reference: 'CC7.2', requirement: 'System components are monitored for anomalies indicating malicious acts or errors.', events: [], answeredBy: 'alerts' },
  { framework: 'soc2', reference: 'CC8.1', requirement: 'Changes to infrastructure, data, software and configuration are authorised and tracked.', events: ['config_setting_changed', 'sys_startup', 'crypt_key_rotated'] },
  { framework: 'pci_dss', reference: '10.2.1.1', requirement: 'Log all individual user access to cardholder data.', events: ['payment_charge_success', 'payment_method_changed', 'sensitive_read'] },
  { framework: 'pci_dss', reference: '10.2.1.2', requirement: 'Log all actions taken by any individual with administrative access.', events: ['authz_admin'] },
  { framework: 'pci_dss', reference: '10.2.1.3', requirement: 'Log all access to audit logs.', events: ['sys_log_access'] },
  { framework: 'pci_dss', reference: '10.2.1.4', requirement: 'Log all invalid logical access attempts.', events: ['authn_login_fail', 'authz_fail'] },
  { framework: 'pci_dss', reference: '10.2.1.5', requirement: 'Log all changes to identification and authentication credentials (creation, elevation of privileges, changes to accounts with administrative access).', events: ['authn_password_change', 'user_created', 'authz_change', 'authn_mfa_removed'] },
  { framework: 'pci_dss', reference: '10.2.1.6', requirement: 'Log initialisation, stopping or pausing of the audit logs.', events: ['sys_monitor_disabled', 'sys_monitor_enabled'] },
  { framework: 'pci_dss', reference: '10.2.1.7', requirement: 'Log creation and deletion of system-level objects.', events: [], note: 'System-level objects (database tables, stored procedures, OS accounts) are logged by the database and operating system, not the application: enable those audit logs too.' },
  { framework: 'pci_dss', reference: '10.2.2', requirement: 'Each entry records user identification, event type, date and time, success or failure, origination and the affected data, component or resource.', events: [], answeredBy: 'global_fields' },
  { framework: 'pci_dss', reference: '10.5.1', requirement: 'Retain audit log history for at least 12 months, three months immediately available.', events: [], answeredBy: 'retention' },
  { framework: 'hipaa', reference: '164.312(b)', requirement: 'Audit controls: record and examine activity in information systems that contain or use ePHI.', events: ['sensitive_read', 'sensitive_create', 'sensitive_update', 'sensitive_delete'] },
  { framework: 'hipaa', reference: '164.308(a)(5)(ii)(C)', requirement: 'Log-in monitoring: monitor log-in attempts and report discrepancies.', events: ['authn_login_fail', 'authn_login_lock'] },
  { framework: 'hipaa', reference: '164.308(a)(1)(ii)(D)', requirement: 'Information system activity review: regularly review audit logs, access reports and incident tracking reports.', events: [], answeredBy: 'alerts' },
  { framework: 'hipaa', reference: '164.316(b)(2)(i)', requirement: 'Retain required documentation for six years.', events: [], answeredBy: 'retention' },
  { framework: 'gdpr', reference: 'Art. 32(1)', requirement: 'Security of processing, including the ability to detect and investigate unauthorised access to personal data.', events: ['authn_login_fail', 'authz_fail', 'sensitive_read'] },
  { framework: 'gdpr', reference: 'Art. 33', requirement: 'Notify a personal-data breach within 72 hours: the logs must let you detect and scope it.', events: [], answeredBy: 'alerts' },
  { framework: 'gdpr', reference: 'Art. 7(1)', requirement: 'Where processing rests on consent, be able to demonstrate that consent was given.', events: ['privacy_consent_changed'] },
  { framework: 'gdpr', reference: 'Art. 12, 15-21', requirement: 'Handle data-subject requests (access, erasure, portability, objection) and show that they were handled.', events: ['privacy_request_created', 'privacy_request_completed'] },
  { framework: 'gdpr', reference: 'Art. 5(1)(c), 5(1)(e)', requirement: 'Data minimisation and storage limitation apply to the logs themselves.', events: [], answeredBy: 'retention' },
  { framework: 'iso27001', reference: 'A.8.15', requirement: 'Logging: produce, store, protect and analyse logs of activities, exceptions, faults and other relevant events.', events: ['sys_log_access', 'sys_log_delete', 'sys_monitor_disabled'] },
  { framework: 'iso27001', reference: 'A.8.16', requirement: 'Monitoring activities: monitor networks, systems and applications for anomalous behaviour.', events: [], answeredBy: 'alerts' },
  { framework: 'iso27001', reference: 'A.8.17', requirement: 'Clock synchronisation: all systems use synchronised, approved time sources.', events: [], answeredBy: 'global_fields' },
  { framework: 'iso27001', reference: 'A.8.2', requirement: 'Privileged access rights are restricted and managed.', events: ['authz_admin', 'authz_change'] },
  { framework: 'iso27001', reference: 'A.8.5', requirement: 'Secure authentication.', events: ['authn_login_success', 'authn_login_fail', 'authn_mfa_fail'] },
  { framework: 'iso27001', reference: 'A.8.24', requirement: 'Use of cryptography, including key management.', events: ['crypt_key_rotated', 'crypt_decrypt_fail', 'crypt_encrypt_fail'] },
  { framework: 'iso27001', reference: 'A.8.32', requirement: 'Change management.', events: ['config_setting_changed'] },
  { framework: 'sox', reference: 'Section 404 (ITGC: logical access)', requirement: 'Access to systems that support financial reporting is authenticated, restricted and recorded.', events: ['authn_login_success', 'authn_login_fail', 'authz_fail'] },
  { framework: 'sox', reference: 'Section 404 (ITGC: user provisioning)', requirement: 'Accounts and access rights to financial systems are granted, changed and removed on approval, and the changes are recorded.', events: ['user_created', 'user_archived', 'user_deleted', 'authz_change'] },
  { framework: 'sox', reference: 'Section 404 (ITGC: privileged access)', requirement: 'Actions taken with administrative access to financial systems are recorded and reviewed.', events: ['authz_admin'] },
  { framework: 'sox', reference: 'Section 404 (ITGC: change management)', requirement: 'Changes to financial systems, their configuration and their data are authorised and traceable.', events: ['config_setting_changed', 'sys_startup', 'data_record_updated', 'sensitive_update'] },
  { framework: 'sox', reference: 'Section 802 (18 U.S.C. 1519)', requirement: 'Records relevant to the audit are not altered, destroyed or concealed: the audit trail itself is protected.', events: ['sys_log_delete', 'sys_monitor_disabled'] },
  { framework: 'sox', reference: 'Section 802; 17 CFR 210.2-06', requirement: 'Keep the records seven years.', events: [], answeredBy: 'retention' },
];

/** Events that every specification carries whatever the features, with the reason. */
export const ALWAYS_EVENTS: readonly { event: string; reason: string }[] = [
  { event: 'sys_startup', reason: 'Every deployment: ties later events to a release and shows unexpected restarts.' },
  { event: 'sys_shutdown', reason: 'Every deployment: a stop outside a release window needs explaining.' },
  { event: 'sys_crash', reason: 'Every deployment: crashes can be triggered by attacks.' },
  { event: 'sys_monitor_disabled', reason: 'Every deployment: switching logging or security agents off is the first step of covering tracks.' },
  { event: 'sys_monitor_enabled', reason: 'Every deployment: pairs with sys_monitor_disabled to bound the gap.' },
];

/** Extra application-wide events a chosen framework asks for. */
export const FRAMEWORK_EVENTS: readonly { framework: FrameworkId; event: string; reason: string }[] = [
  { framework: 'pci_dss', event: 'authz_admin', reason: 'PCI DSS 10.2.1.2: every action with administrative access.' },
  { framework: 'pci_dss', event: 'sys_log_access', reason: 'PCI DSS 10.2.1.3: all access to audit logs.' },
  { framework: 'pci_dss', event: 'sys_log_delete', reason: 'PCI DSS 10.3.2: audit log files are protected from modification.' },
  { framework: 'hipaa', event: 'sys_log_access', reason: 'HIPAA 164.312(b): audit records are themselves reviewed and protected.' },
  { framework: 'iso27001', event: 'sys_log_access', reason: 'ISO/IEC 27001 A.8.15: logs are protected against unauthorised access.' },
  { framework: 'iso27001', event: 'sys_log_delete', reason: 'ISO/IEC 27001 A.8.15: logs are protected against tampering.' },
  { framework: 'soc2', event: 'sys_log_delete', reason: 'SOC 2 CC7.2: evidence of monitoring must be complete.' },
  { framework: 'sox', event: 'authz_admin', reason: 'SOX Section 404 IT general controls: privileged actions on financial systems.' },
  { framework: 'sox', event: 'sys_log_delete', reason: 'SOX Section 802: the audit trail must not be altered or destroyed.' },
];

/** Practices every specification states; framework entries are added when the framework is chosen. */
export const PRACTICES: readonly { rule: string; source: string; framework?: FrameworkId }[] = [
  { rule: 'Write audit events as one JSON object per line to a dedicated audit stream (event.dataset <service>.audit), separate from debug logs.', source: 'OWASP Logging Cheat Sheet' },
  { rule: 'Use UTC timestamps in ISO 8601 from clocks synchronised by NTP.', source: 'OWASP Logging Vocabulary; ISO/IEC 27001 A.8.17' },
  { rule: 'Encode CR, LF and delimiters in every user-controlled value before logging it.', source: 'CWE-117; OWASP Logging Cheat Sheet' },
  { rule: 'Log the stable user.id, never credentials or secrets; apply the never_log list in one central formatter rather than at each call site.', source: 'OWASP Logging Cheat Sheet' },
  { rule: 'Ship logs off the host promptly to append-only storage that application accounts cannot modify or delete.', source: 'OWASP Logging Cheat Sheet; NIST SP 800-92' },
  { rule: 'When logging fails, keep the application working but raise sys_monitor_disabled and alert.', source: 'OWASP Logging Cheat Sheet' },
  { rule: 'Record type, time, place, source, outcome and identity in every entry.', source: 'NIST SP 800-53 AU-3' },
  { rule: 'Review logs daily through the alert rules and keep evidence of review.', source: 'PCI DSS v4.0 10.4.1', framework: 'pci_dss' },
  { rule: 'Protect audit logs from modification with file-integrity monitoring or write-once storage.', source: 'PCI DSS v4.0 10.3.2, 10.3.4', framework: 'pci_dss' },
  { rule: 'Synchronise clocks to designated time servers.', source: 'PCI DSS v4.0 10.6', framework: 'pci_dss' },
  { rule: 'Record who accessed which patient record; never log clinical content (minimum necessary).', source: 'HIPAA 164.312(b), 164.502(b)', framework: 'hipaa' },
  { rule: 'Document the lawful basis (legitimate interest in security) for logging IP addresses and user ids, and pseudonymise them in archives.', source: 'GDPR Art. 6(1)(f), Recital 49, Art. 32', framework: 'gdpr' },
  { rule: 'Keep alert and review evidence for the whole audit period.', source: 'AICPA TSC CC7.2, CC7.3', framework: 'soc2' },
  { rule: 'Restrict and log access to logs; review privileged-user activity.', source: 'ISO/IEC 27001:2022 A.8.15', framework: 'iso27001' },
  { rule: 'Keep the audit logs of systems that support financial reporting seven years on write-once storage.', source: 'SOX Section 802; SEC Regulation S-X Rule 2-06', framework: 'sox' },
  { rule: 'Review access, privileged activity and changes to financial systems at least quarterly and keep the review evidence for the auditor.', source: 'SOX Section 404; PCAOB AS 2201', framework: 'sox' },
];
