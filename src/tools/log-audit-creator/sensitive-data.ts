// Data that must never reach a log, and how to keep what is useful of it (OWASP Logging Cheat Sheet, PCI DSS 3.3/3.4, HIPAA minimum necessary, GDPR Art. 5).

type Treatment = 'omit' | 'hash' | 'truncate' | 'mask' | 'tokenize';

export interface SensitiveDef {
  id: string;
  data: string;
  treatment: Treatment;
  how: string;
}

/** Catalogue order is output order. */
const LIST: SensitiveDef[] = [
  { id: 'password', data: 'Passwords, passphrases and password hashes (old and new)', treatment: 'omit', how: 'Never log them, not even hashed or truncated; log only the outcome and user.id. Scrub request bodies of password fields before any error logging.' },
  { id: 'mfa_secret', data: 'One-time codes, TOTP seeds, recovery codes, WebAuthn private material', treatment: 'omit', how: 'Never log them; log labels.mfa_method and the outcome only.' },
  { id: 'reset_token', data: 'Password-reset, magic-link, invitation and e-mail verification tokens or URLs', treatment: 'omit', how: 'Never log the token or the link that carries it; log the template id and user.id.' },
  { id: 'session_id', data: 'Session ids and session cookies', treatment: 'hash', how: 'Log HMAC-SHA-256(session id, a log-only key) truncated to 16 hex characters as labels.session_id_hash: it correlates events of one session without being replayable.' },
  { id: 'access_token', data: 'Access tokens, refresh tokens, JWTs, API keys, Authorization and Cookie headers', treatment: 'tokenize', how: 'Log the token\'s public id (labels.token_id) or a keyed-hash fingerprint; never the secret part or the whole header. Strip tokens from url.path and query strings.' },
  { id: 'crypto_key', data: 'Encryption keys, signing keys, certificates\' private keys, webhook secrets, connection strings', treatment: 'omit', how: 'Never log key material or secret-bearing configuration; log labels.key_id (alias and version) only.' },
  { id: 'card_pan', data: 'Primary account number (full card number)', treatment: 'truncate', how: 'Log at most the last four digits (labels.card_last4); PCI DSS 3.4.1 allows no more than the first six/eight and last four, and logs need no more than the last four.' },
  { id: 'card_auth_data', data: 'Card verification code (CVV/CVC), full track data, PINs and PIN blocks', treatment: 'omit', how: 'Never store or log sensitive authentication data after authorisation (PCI DSS 3.3.1); log only the processor\'s payment id.' },
  { id: 'bank_account', data: 'Bank account numbers and IBANs', treatment: 'mask', how: 'Log the last four characters only (e.g. DE89 **** **** 3000 becomes ****3000) or the processor\'s payment-method id.' },
  { id: 'email_address', data: 'E-mail addresses and usernames that are e-mail addresses', treatment: 'mask', how: 'Log user.id instead; where an address is needed (failed login for an unknown account), log an HMAC of the normalised address or mask the local part (j***@example.com).' },
  { id: 'contact_details', data: 'Names, postal addresses, phone numbers', treatment: 'omit', how: 'Log the record id (labels.object_id) and which fields changed, not their values.' },
  { id: 'government_id', data: 'National ids, social security numbers, passport and driving-licence numbers, dates of birth', treatment: 'omit', how: 'Never log values; log the record id and the field names involved.' },
  { id: 'health_data', data: 'Diagnoses, treatments, prescriptions, lab results, clinical notes (PHI)', treatment: 'omit', how: 'Log who accessed which record (user.id, labels.object_type, labels.object_id) and the action; never the clinical content (HIPAA minimum necessary).' },
  { id: 'file_content', data: 'Uploaded file contents and original file names that embed personal data', treatment: 'hash', how: 'Log file.hash.sha256, file.size and file.mime_type; encode control characters in file.name and drop it where names are personal.' },
  { id: 'free_text', data: 'Free-text input: messages, comments, search queries, form values', treatment: 'omit', how: 'Log field names (labels.fields) and lengths, not values; when a value must be quoted, truncate it and encode CR, LF and delimiters (CWE-117 log injection).' },
  { id: 'request_body', data: 'Whole request and response bodies', treatment: 'omit', how: 'Do not log bodies at audit level; log the route template (url.path), method and status code.' },
  { id: 'export_content', data: 'Exported or imported rows', treatment: 'omit', how: 'Log the export or import id, format and labels.record_count, never the rows.' },
  { id: 'notification_content', data: 'Rendered e-mail, SMS and push contents and recipient addresses', treatment: 'omit', how: 'Log labels.template, labels.channel and the recipient\'s user.id.' },
  { id: 'prompt_content', data: 'Prompts, model outputs and MCP tool inputs and outputs', treatment: 'omit', how: 'Log the detection rule (rule.name), the tool and server, token counts and request ids; never the prompt or tool I/O, which can hold secrets, personal data and injected control characters.' },
  { id: 'setting_secret', data: 'Values of secret-valued settings (SMTP passwords, API credentials, signing secrets)', treatment: 'omit', how: 'Log labels.setting and that it changed; leave labels.value_from and labels.value_to out for secret-valued keys.' },
];

export const SENSITIVE: ReadonlyMap<string, SensitiveDef> = new Map(LIST.map((s) => [s.id, s]));

/** Catalogue position, for a stable output order. */
export const SENSITIVE_ORDER: ReadonlyMap<string, number> = new Map(LIST.map((s, i) => [s.id, i]));

/** Items on every specification's global list, whatever the features. */
export const ALWAYS_NEVER_LOG: readonly string[] = ['password', 'session_id', 'access_token', 'crypto_key', 'request_body', 'free_text'];
