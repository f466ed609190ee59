// Feature kinds: the phrases that recognise a kind of feature in its name or description, and the events and data rules it brings.

export interface FeatureKind {
  id: string;
  label: string;
  /** Phrases, matched on stemmed word sequences (so "logging in" matches "log in"). */
  triggers: readonly string[];
  events: readonly string[];
  /** Extra never-log items specific to this kind of feature. */
  neverLog: readonly string[];
  /** Data classes the kind handles: drive the framework gap checks. */
  handles?: readonly ('cardholder' | 'health' | 'personal')[];
  /**
   * Phrases, matched on the words as written, inside which a trigger means something else: "social media" is not
   * media upload, "file a claim" is not a file, "in order to" is not an order. A trigger they cover does not count.
   */
  unless?: readonly string[];
  /**
   * Triggers that name a thing handled (an invoice, a file, an order, a message) rather than what the feature does.
   * One counts only when the feature acts on it in this kind's sense: when a handling verb of another kind governs
   * it ("upload of invoices", "invoice upload", "export to a CSV file"), it is only the payload and is left out.
   */
  contentNouns?: readonly string[];
}

/** Catalogue order is output order for a feature's `matched` list. */
export const KINDS: readonly FeatureKind[] = [
  {
    id: 'authentication',
    label: 'Authentication',
    triggers: ['login', 'log in', 'logon', 'log on', 'sign in', 'signin', 'authenticate', 'authentication', 'sso', 'single sign on', 'saml', 'oidc', 'openid', 'oauth', 'ldap', 'active directory', 'social login', 'magic link', 'passwordless', 'credential'],
    events: ['authn_login_success', 'authn_login_successafterfail', 'authn_login_fail', 'authn_login_fail_max', 'authn_login_lock', 'authn_impossible_travel', 'session_created'],
    neverLog: ['password', 'email_address'],
    handles: ['personal'],
  },
  {
    id: 'password',
    label: 'Password management',
    triggers: ['password', 'passphrase', 'passwd'],
    events: ['authn_password_reset_request', 'authn_password_change', 'authn_password_change_fail', 'notification_sent'],
    neverLog: ['password', 'reset_token'],
  },
  {
    id: 'mfa',
    label: 'Multi-factor authentication',
    triggers: ['mfa', '2fa', 'two factor', 'multi factor', 'multifactor', 'otp', 'totp', 'one time password', 'one time code', 'verification code', 'authenticator', 'webauthn', 'passkey', 'security key', 'fido', 'fido2', 'second factor', 'step up'],
    events: ['authn_mfa_enrolled', 'authn_mfa_removed', 'authn_mfa_success', 'authn_mfa_fail'],
    neverLog: ['mfa_secret'],
  },
  {
    id: 'api_tokens',
    label: 'API keys and tokens',
    triggers: ['api key', 'api token', 'access token', 'personal access token', 'refresh token', 'bearer token', 'jwt', 'service account', 'client secret', 'client credentials', 'deploy token', 'generate token', 'token generation'],
    events: ['authn_token_created', 'authn_token_revoked', 'authn_token_reuse', 'authn_token_delete'],
    neverLog: ['access_token'],
  },
  {
    id: 'session',
    label: 'Sessions',
    triggers: ['session', 'logout', 'log out', 'sign out', 'signout', 'remember me', 'idle timeout', 'keep me signed in', 'concurrent session', 'concurrent login', 'active sessions', 'device management'],
    events: ['session_created', 'session_renewed', 'session_expired', 'session_logout', 'session_use_after_expire', 'excess_sessions_exceeded', 'malicious_csrf'],
    neverLog: ['session_id'],
  },
  {
    id: 'authorization',
    label: 'Authorisation and sharing',
    triggers: ['role', 'permission', 'rbac', 'abac', 'access control', 'acl', 'entitlement', 'privilege', 'authorization', 'authorisation', 'authorize', 'authorise', 'share', 'sharing', 'invite', 'invitation', 'grant access', 'revoke access', 'team member', 'workspace member', 'scope', 'tenant', 'multi tenant'],
    events: ['authz_fail', 'authz_change', 'privilege_permissions_changed', 'malicious_direct_reference'],
    neverLog: [],
  },
  {
    id: 'admin',
    label: 'Administration',
    triggers: ['admin', 'administrator', 'administration', 'back office', 'backoffice', 'admin panel', 'admin console', 'superuser', 'super admin', 'staff tool', 'internal tool', 'moderation', 'moderator'],
    events: ['authz_admin', 'authz_change'],
    neverLog: ['request_body'],
  },
  {
    id: 'impersonation',
    label: 'Impersonation and support access',
    triggers: ['impersonate', 'impersonation', 'log in as', 'login as', 'act as', 'support access', 'support tool'],
    events: ['authz_impersonation_start', 'authz_admin', 'session_expired'],
    neverLog: [],
  },
  {
    id: 'user_management',
    label: 'User accounts',
    triggers: ['registration', 'register', 'sign up', 'signup', 'onboarding', 'create account', 'user account', 'account creation', 'user management', 'manage users', 'user profile', 'profile', 'deactivate', 'delete account', 'close account', 'account deletion', 'offboarding', 'user directory', 'scim', 'provisioning', 'deprovisioning', 'invite user', 'suspend', 'suspension', 'ban user', 'unlock account'],
    events: ['user_created', 'user_updated', 'user_archived', 'user_deleted'],
    neverLog: ['email_address', 'contact_details'],
    handles: ['personal'],
  },
  {
    id: 'file_upload',
    label: 'File upload',
    triggers: ['upload', 'attachment', 'attach', 'avatar', 'profile picture', 'file', 'document upload', 'image upload', 'photo', 'media upload', 'media library', 'dropzone'],
    events: ['upload_complete', 'upload_stored', 'upload_validation', 'upload_delete'],
    neverLog: ['file_content'],
    // "Drag and drop" is how, not what: it is an upload only when files are what is dropped, and the file words say so.
    unless: ['social media', 'file a', 'file an', 'file the', 'file your', 'file their', 'file for', 'to file', 'can file', 'filed', 'filing', 'filings', 'file system', 'file systems'],
    contentNouns: ['file', 'photo', 'attachment'],
  },
  {
    id: 'payment',
    label: 'Payments and billing',
    triggers: ['payment', 'pay', 'checkout', 'credit card', 'debit card', 'payment card', 'card payment', 'card details', 'card number', 'gift card', 'save card', 'add card', 'billing', 'invoice', 'refund', 'subscription', 'charge', 'stripe', 'paypal', 'braintree', 'adyen', 'wallet', 'payout', 'bank account', 'iban', 'ach', 'sepa', 'purchase', 'pci'],
    events: ['payment_charge_success', 'payment_charge_fail', 'payment_refund_created', 'payment_method_changed'],
    neverLog: ['card_pan', 'card_auth_data', 'bank_account'],
    handles: ['cardholder', 'personal'],
    unless: ['pay attention', 'in charge', 'free of charge', 'charging station', 'battery charge', 'newsletter subscription', 'email subscription', 'mailing list subscription', 'push subscription', 'event subscription', 'webhook subscription', 'graphql subscription', 'notification subscription', 'topic subscription'],
    contentNouns: ['invoice', 'receipt'],
  },
  {
    id: 'health_data',
    label: 'Health data (PHI)',
    triggers: ['health', 'patient', 'medical', 'clinical', 'clinic', 'diagnosis', 'prescription', 'phi', 'ephi', 'ehr', 'emr', 'lab result', 'treatment', 'hipaa', 'insurance claim', 'telehealth', 'doctor', 'physician', 'nurse'],
    events: ['sensitive_create', 'sensitive_read', 'sensitive_update', 'sensitive_delete'],
    neverLog: ['health_data', 'government_id'],
    handles: ['health', 'personal'],
  },
  {
    id: 'personal_data',
    label: 'Personal data',
    triggers: ['personal data', 'personal information', 'pii', 'address', 'phone number', 'date of birth', 'birth date', 'birthday', 'ssn', 'social security', 'national id', 'passport', 'driver license', 'driving licence', 'customer data', 'customer record', 'contact details', 'kyc', 'identity verification', 'profile'],
    events: ['sensitive_create', 'sensitive_read', 'sensitive_update', 'sensitive_delete'],
    neverLog: ['contact_details', 'government_id', 'email_address'],
    handles: ['personal'],
  },
  {
    id: 'data_export',
    label: 'Export and reporting',
    triggers: ['export', 'download', 'generate report', 'report builder', 'scheduled report', 'csv', 'backup', 'bulk', 'extract', 'data portability'],
    events: ['data_export_created'],
    neverLog: ['export_content'],
  },
  {
    id: 'data_import',
    label: 'Import and sync',
    triggers: ['import', 'bulk upload', 'migration', 'sync', 'synchronization', 'synchronisation', 'ingest', 'ingestion'],
    events: ['data_import_complete', 'input_validation_fail'],
    neverLog: ['export_content'],
  },
  {
    id: 'privacy',
    label: 'Privacy and consent',
    triggers: ['gdpr', 'privacy', 'consent', 'cookie consent', 'cookie banner', 'right to be forgotten', 'erasure', 'data subject', 'dsar', 'subject access', 'opt out', 'opt in', 'unsubscribe', 'ccpa', 'anonymize', 'anonymise', 'pseudonymize', 'pseudonymise'],
    events: ['privacy_consent_changed', 'privacy_request_created', 'privacy_request_completed', 'sensitive_delete'],
    neverLog: ['contact_details', 'email_address', 'export_content'],
    handles: ['personal'],
  },
  {
    id: 'user_input',
    label: 'User input and content',
    triggers: ['form', 'search', 'comment', 'message', 'chat', 'post', 'review', 'feedback', 'contact form', 'query', 'filter', 'text field', 'rich text', 'editor', 'wiki', 'forum'],
    events: ['input_validation_fail', 'input_validation_discrete_fail', 'malicious_extraneous', 'malicious_sqli'],
    neverLog: ['free_text'],
    unless: ['search engine', 'search engines', 'form factor'],
    contentNouns: ['comment', 'message', 'review', 'post', 'feedback', 'form', 'chat'],
  },
  {
    id: 'public_api',
    label: 'API surface',
    triggers: ['api', 'endpoint', 'rest api', 'graphql', 'grpc', 'integration', 'third party', 'partner', 'public api', 'sdk', 'cors', 'rate limit', 'throttle', 'throttling', 'mobile app'],
    events: ['authz_fail', 'excess_rate_limit_exceeded', 'input_validation_fail', 'malicious_excess_404', 'malicious_attack_tool', 'malicious_sqli', 'malicious_cors'],
    neverLog: ['access_token', 'request_body'],
  },
  {
    id: 'web_security',
    label: 'Browser and web attack defences',
    triggers: ['content security policy', 'csp', 'csp report', 'report uri', 'csrf', 'xsrf', 'cross site request forgery', 'anti forgery', 'cors', 'cross origin', 'sql injection', 'sqli', 'xss', 'cross site scripting', 'waf', 'web application firewall', 'security headers'],
    events: ['malicious_csp_violation', 'malicious_csrf', 'malicious_cors', 'malicious_sqli', 'malicious_attack_tool', 'input_validation_fail'],
    neverLog: ['access_token', 'request_body'],
  },
  {
    id: 'ai_tools',
    label: 'AI agents and MCP tools',
    triggers: ['mcp', 'model context protocol', 'mcp server', 'mcp client', 'ai agent', 'llm agent', 'autonomous agent', 'agentic ai', 'llm', 'large language model', 'generative ai', 'genai', 'tool calling', 'function calling', 'prompt injection', 'ai assistant', 'copilot'],
    events: ['mcp_prompt_injection', 'mcp_resource_exhaustion', 'mcp_tool_poisoning', 'excess_rate_limit_exceeded'],
    neverLog: ['prompt_content', 'access_token'],
  },
  {
    id: 'webhook',
    label: 'Inbound webhooks',
    triggers: ['webhook', 'callback'],
    events: ['webhook_signature_fail', 'input_validation_fail'],
    neverLog: ['crypto_key', 'request_body'],
  },
  {
    id: 'cryptography',
    label: 'Encryption and keys',
    triggers: ['encrypt', 'encryption', 'encrypted', 'decrypt', 'decryption', 'kms', 'key management', 'key rotation', 'secret', 'vault', 'hsm', 'certificate', 'signing key', 'tls'],
    events: ['crypt_encrypt_fail', 'crypt_decrypt_fail', 'crypt_key_rotated'],
    neverLog: ['crypto_key'],
  },
  {
    id: 'configuration',
    label: 'Settings and feature flags',
    triggers: ['settings', 'setting', 'configuration', 'config', 'feature flag', 'toggle', 'security settings', 'policy', 'allowlist', 'whitelist', 'ip restriction'],
    events: ['config_setting_changed', 'authz_admin'],
    neverLog: ['setting_secret'],
    unless: ['content security policy', 'privacy policy', 'cookie policy', 'return policy', 'returns policy', 'refund policy', 'cancellation policy', 'insurance policy', 'policy holder', 'policyholder'],
  },
  {
    id: 'operations',
    label: 'Runtime and jobs',
    triggers: ['deploy', 'deployment', 'startup', 'start up', 'restart', 'shutdown', 'server', 'container', 'cron', 'scheduled job', 'job', 'worker', 'queue', 'scheduler', 'background', 'batch', 'monitoring', 'health check', 'infrastructure', 'kubernetes', 'lambda', 'serverless'],
    events: ['sys_startup', 'sys_shutdown', 'sys_restart', 'sys_crash', 'sys_monitor_disabled', 'sys_monitor_enabled'],
    neverLog: ['setting_secret'],
  },
  {
    id: 'workflow',
    label: 'Multi-step workflow',
    triggers: ['workflow', 'wizard', 'multi step', 'step', 'approval', 'approve', 'checkout', 'state machine', 'booking', 'reservation', 'transfer', 'order', 'fulfilment', 'fulfillment', 'coupon', 'voucher', 'promo code', 'discount'],
    events: ['sequence_fail'],
    neverLog: [],
    unless: ['step by step', 'in order to', 'in order', 'sort order', 'order by', 'ordered list', 'display order', 'alphabetical order', 'reverse order', 'chronological order', 'file transfer'],
    contentNouns: ['order', 'booking', 'reservation'],
  },
  {
    id: 'notifications',
    label: 'Notifications',
    triggers: ['email', 'e mail', 'notification', 'sms', 'push', 'newsletter', 'mailing', 'digest'],
    events: ['notification_sent'],
    neverLog: ['notification_content', 'email_address'],
    contentNouns: ['email', 'e mail'],
  },
  {
    id: 'audit_log',
    label: 'Audit log access',
    triggers: ['audit log', 'audit trail', 'activity log', 'event log', 'access log', 'log viewer', 'siem'],
    events: ['sys_log_access', 'sys_log_delete'],
    neverLog: [],
  },
];

/** Used when no kind matches: a business feature still needs its changes, refusals and bad input logged. */
export const GENERIC_KIND: FeatureKind = {
  id: 'generic',
  label: 'Business records',
  triggers: [],
  events: ['authz_fail', 'input_validation_fail', 'data_record_created', 'data_record_updated', 'data_record_deleted'],
  neverLog: ['free_text'],
};
