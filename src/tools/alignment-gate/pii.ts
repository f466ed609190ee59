// Secrets and personal data in a prompt: what counts as a real value (not a placeholder or a URL), and redaction of quoted evidence.
//
// Scanning is done in code over tokens (split once, linearly) and anchored patterns over each token, so no search
// pattern can backtrack across a long run of look-alike characters.
import { PLACEHOLDER, SECRET_FORMATS, looksLikeSecretValue } from './agent-config.ts';

// ---------- tokens ----------

/** Maximal runs of characters that can make up an address, number or credential, with their offsets. */
function tokens(text: string, re: RegExp): { value: string; index: number }[] {
  const out: { value: string; index: number }[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ value: m[0], index: m.index });
  return out;
}

// ---------- email addresses ----------

const EMAIL_TOKEN = /[a-z0-9._%+@-]+/gi;
const EMAIL_SHAPE = /^([a-z0-9._%+-]{1,64})@([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,8})$/i;

export interface Email {
  address: string;
  local: string;
  domain: string;
  index: number;
}

/** `s` without leading and trailing characters from `chars` (loops, not patterns). */
function trimEdges(s: string, chars: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && chars.includes(s[start] as string)) start++;
  while (end > start && chars.includes(s[end - 1] as string)) end--;
  return s.slice(start, end);
}

/** Every email address in a text. */
export function emailsIn(text: string): Email[] {
  const out: Email[] = [];
  for (const t of tokens(text, EMAIL_TOKEN)) {
    if (!t.value.includes('@')) continue;
    const v = trimEdges(t.value, '._%+-');
    const m = EMAIL_SHAPE.exec(v);
    if (m && /\.[a-z]{2,24}$/i.test(v)) {
      const raw = m[1] ?? '';
      // An upper-case local part is a template variable ("HANDLE@gmail.com", "USER_EMAIL@..."), not an address.
      const template = /[A-Z]/.test(raw) && !/[a-z]/.test(raw);
      out.push({ address: v, local: template ? 'placeholder' : raw.toLowerCase(), domain: (m[2] ?? '').toLowerCase(), index: t.index + t.value.indexOf(v) });
    }
  }
  return out;
}

const CONSUMER_MAIL = /^(?:gmail\.com|googlemail\.com|yahoo\.[a-z.]{2,6}|hotmail\.[a-z.]{2,6}|outlook\.[a-z.]{2,6}|live\.[a-z.]{2,6}|msn\.com|icloud\.com|me\.com|mac\.com|aol\.com|proton(?:mail)?\.(?:me|com|ch)|pm\.me|gmx\.[a-z.]{2,6}|web\.de|mail\.ru|yandex\.[a-z.]{2,6}|qq\.com|163\.com|126\.com|zoho\.com|fastmail\.[a-z.]{2,6}|tutanota\.com)$/;
const ROLE_MAILBOX = /^(?:support|help|info|contact|sales|hello|team|admin|noreply|no-reply|privacy|security|billing|careers|jobs|press|abuse|webmaster|service|customerservice|feedback|legal|dpo|office|accounts|orders|returns)$/;
/** Names and words used as stand-ins in examples ("jane.doe", "firstname.lastname", "your.name", "max.mustermann"). */
const PLACEHOLDER_WORDS = new Set(
  'john jane doe jdoe smith user username handle name firstname first lastname last surname your yourname you me my someone somebody email mail test tester example sample demo foo bar baz qux abc xyz xxx placeholder customer client employee person people max mustermann erika alice bob carol dave eve mallory joe bloggs fred nobody anon anonymous member contact address'.split(' '),
);
const PLACEHOLDER_DOMAIN = /(?:^|\.)(?:example|test|invalid|localhost|domain|yourdomain|yourcompany|company|mycompany|acme|contoso|fabrikam|foo|bar|sample|email|placeholder)(?:\.|$)/;

/** An address built only from stand-in words or on a stand-in domain. */
function isPlaceholderEmail(e: Pick<Email, 'local' | 'domain'>): boolean {
  if (PLACEHOLDER_DOMAIN.test(e.domain)) return true;
  const parts = e.local.split(/[._+-]/).filter(Boolean);
  return parts.length > 0 && parts.every((w) => PLACEHOLDER_WORDS.has(trimEdges(w, '0123456789') || w));
}

/** A mailbox that belongs to a person (consumer provider or first.last), not a role address or a placeholder. */
function isPersonalEmail(e: Pick<Email, 'local' | 'domain'>): boolean {
  if (isPlaceholderEmail(e) || ROLE_MAILBOX.test(e.local)) return false;
  return CONSUMER_MAIL.test(e.domain) || /^[a-z]{2,20}[._][a-z]{2,20}$/.test(e.local);
}

// ---------- numbers: cards, SSNs, dates of birth, health and insurance identifiers ----------

const DIGIT_RUN = /[\d -]+/g;
const SSN_SHAPE = /^(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}$/;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Stand-in numbers: one digit repeated, or counting up or down ("1234567890"). */
function placeholderDigits(d: string): boolean {
  if (/^(\d)\1+$/.test(d)) return true;
  let up = true;
  let down = true;
  for (let i = 1; i < d.length; i++) {
    const diff = (d.charCodeAt(i) - d.charCodeAt(i - 1) + 10) % 10;
    if (diff !== 1) up = false;
    if (diff !== 9) down = false;
  }
  return up || down;
}

function cardIn(line: string): boolean {
  for (const t of tokens(line, DIGIT_RUN)) {
    for (const part of t.value.split(/ {2,}|-{2,}/)) {
      const digits = part.replace(/\D/g, '');
      if (digits.length < 13 || digits.length > 19 || !/^[3-6]/.test(digits)) continue;
      if (!/^\d(?:[ -]?\d){12,18}$/.test(part.trim())) continue;
      if (luhn(digits) && !placeholderDigits(digits)) return true;
    }
  }
  return false;
}

function ssnIn(line: string): boolean {
  return tokens(line, DIGIT_RUN).some((t) => t.value.split(' ').some((w) => SSN_SHAPE.test(w) && !placeholderDigits(w.replace(/-/g, ''))));
}

const DOB_LABEL = /\b(?:date of birth|d\.o\.b\.?|dob|born on|born|birth ?date|birthday|geburtsdatum|fecha de nacimiento|date de naissance)\b/gi;
/** A full date right after a label: 1985-03-12, 12/03/1985, 12.03.85, 12 March 1985, March 12, 1985. */
const DATE_AFTER = /^[\s:=("'-]{0,4}(?:is |was |on |of )?(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{1,2}(?:st|nd|rd|th)? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6},? \d{4}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]{0,6} \d{1,2}(?:st|nd|rd|th)?,? \d{4})\b/i;

function dobIn(line: string): boolean {
  for (const m of line.matchAll(DOB_LABEL)) {
    const after = line.slice(m.index + m[0].length, m.index + m[0].length + 30);
    if (DATE_AFTER.test(after) && !/\b(?:yyyy|mm|dd)\b/i.test(after)) return true;
  }
  return false;
}

/** Labels of health, insurance and government identifiers whose value is personal data. */
const ID_LABEL = /\b(?:member (?:id|number|no\.?)|membership (?:id|number)|policy (?:number|no\.?|#|id)|group (?:number|no\.?)|subscriber (?:id|number)|insurance (?:id|number|no\.?)|medicare (?:number|id|card number|no\.?)|medicaid (?:number|id)|mrn|medical record (?:number|no\.?|#)|patient (?:id|number|no\.?)|nhs (?:number|no\.?)|health (?:card|insurance) (?:number|no\.?)|national insurance (?:number|no\.?)|nino|beneficiary (?:id|number)|passport (?:number|no\.?)|driver'?s licen[cs]e (?:number|no\.?)|tax (?:id|identification number)|sozialversicherungsnummer)\b/gi;
const ID_VALUE = /^[\s:=#("'-]{0,4}(?:is )?([A-Z0-9][A-Z0-9 -]{4,24}[A-Z0-9])/i;

function nhsValid(d: string): boolean {
  if (d.length !== 10) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (d.charCodeAt(i) - 48) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === d.charCodeAt(9) - 48;
}

function idIn(line: string): string | null {
  for (const m of line.matchAll(ID_LABEL)) {
    const v = ID_VALUE.exec(line.slice(m.index + m[0].length, m.index + m[0].length + 40));
    if (!v) continue;
    const value = (v[1] ?? '').trim();
    const digits = value.replace(/\D/g, '');
    if (digits.length < 4 || placeholderDigits(digits) || PLACEHOLDER.test(value) || /x{3,}/i.test(value)) continue;
    const label = m[0].toLowerCase();
    if (label.startsWith('nhs') && digits.length === 10 && !nhsValid(digits)) continue;
    if (/passport|licen|tax/.test(label)) return 'a government identifier';
    return 'a health or insurance identifier';
  }
  return null;
}

/** Whether a text can hold personal data at all (a digit or an @): a whole-prompt test that spares the per-line scans. */
export function mayHavePersonalData(text: string): boolean {
  return /[0-9@]/.test(text);
}

/** Whether a text can hold a credential: a strong format's prefix or a credential label. */
export function mayHaveSecret(text: string): boolean {
  return /sk-|akia|asia|gh[pousr]_|github_pat_|xox[abprs]-|aiza|[rs]k_(?:live|test)|private key|eyj|:\/\/|api|secret|token|bearer|passw|passwd|pwd/i.test(text);
}

/** The kind of personal data on a line, or null. */
export function personalDataKind(line: string): string | null {
  if (ssnIn(line)) return 'a US Social Security number';
  if (cardIn(line)) return 'a payment card number';
  for (const e of emailsIn(line)) if (isPersonalEmail(e)) return 'a personal email address';
  if (dobIn(line)) return 'a date of birth';
  return idIn(line);
}

// ---------- secrets ----------

const CREDENTIAL_LABEL = /\b(?:api[_ -]?key|secret[_ -]?key|client[_ -]?secret|access[_ -]?token|auth[_ -]?token|bearer(?: token)?|password|passwd|pwd|token)\b/gi;
const VALUE_AFTER = /^["']?\s{0,3}(?:[:=]|is)\s{0,3}["']?([^\s"',;]{8,200})/i;

/** A value that names where a secret lives (a URL, a path, a host) rather than being one. */
function isLocator(v: string): boolean {
  return /^(?:https?:|ftp:|file:|www\.|\/|\.\/|~\/|[a-z]:\\)/i.test(v) || /^[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,6}(?:\/\S{0,200})?$/i.test(v) || v.includes('://');
}

function trimTrailingPunctuation(v: string): string {
  let end = v.length;
  while (end > 0 && (v[end - 1] === '.' || v[end - 1] === ')')) end--;
  return v.slice(0, end);
}

/** The kind of credential on a line, or null; placeholders, environment references and URLs are not credentials. */
export function secretKind(line: string): string | null {
  for (const f of SECRET_FORMATS) if (f.re.test(line)) return f.kind;
  for (const m of line.matchAll(CREDENTIAL_LABEL)) {
    const v = VALUE_AFTER.exec(line.slice(m.index + m[0].length, m.index + m[0].length + 220));
    const value = trimTrailingPunctuation(v?.[1] ?? '');
    if (value && !PLACEHOLDER.test(value) && !isLocator(value) && looksLikeSecretValue(value)) return 'credential value';
  }
  return null;
}

// ---------- redaction of quoted evidence ----------

const REDACTION_LABEL = /\b(?:api[_ -]?key|secret[_ -]?key|client[_ -]?secret|access[_ -]?token|auth[_ -]?token|bearer(?: token)?|password|passwd|pwd|token|passphrase|passcode|pin|code)\b/gi;
const REDACTION_VALUE = /^(["']?\s{0,3}(?:[:=]|is)\s{0,3}["']?)([^\s"',;]{3,200})/i;

/** Quoted evidence never carries a credential or personal data: those are replaced before anything is echoed. */
export function redact(text: string): string {
  let out = text;
  for (const f of SECRET_FORMATS) {
    const g = new RegExp(f.re.source, f.re.flags.includes('g') ? f.re.flags : `${f.re.flags}g`);
    out = out.replace(g, '[redacted secret]');
  }
  // Credential-looking values after a label (values with a digit or symbol; plain words such as "is required" stay).
  const labels = [...out.matchAll(REDACTION_LABEL)].reverse();
  for (const m of labels) {
    const start = m.index + m[0].length;
    const v = REDACTION_VALUE.exec(out.slice(start, start + 220));
    if (!v || !/[\d!@#$%^&*_+=/-]/.test(v[2] ?? '') || (v[2] ?? '').startsWith('[redacted')) continue;
    const from = start + (v[1] ?? '').length;
    out = `${out.slice(0, from)}[redacted]${out.slice(from + (v[2] ?? '').length)}`;
  }
  // Personal numbers and addresses.
  out = out.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(/\D/g, '');
    if (digits.length >= 13 && digits.length <= 19 && cardIn(run)) return ' [redacted] ';
    return run.split(' ').map((w) => (SSN_SHAPE.test(w) ? '[redacted]' : w)).join(' ');
  });
  for (const e of emailsIn(out).reverse()) if (isPersonalEmail(e)) out = `${out.slice(0, e.index)}[redacted email]${out.slice(e.index + e.address.length)}`;
  return out;
}
