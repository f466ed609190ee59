// Structural buckets a backlog usually needs (auth, CRUD, error states, tests) and why one is missing.
import { terms } from './text.ts';
import type { Term } from './text.ts';

import type { Output } from './tool.ts';

type MissingBucket = Output['missing_buckets'][number];

/** Canonical stems (after text.ts folding) that show a story handles access. */
const AUTH_STEMS = new Set(['login', 'logout', 'signup', 'password', 'permiss', 'usernam', 'sso', 'oauth', 'saml', 'mfa', '2fa', 'otp', 'ldap', 'token', 'session', 'captcha', 'unauthor', 'forbidden', 'authent']);
/** Stems that show the product has people or accounts to protect, which makes auth relevant at all. */
const ACTOR_STEMS = new Set(['user', 'account', 'administr', 'custom', 'member', 'profil', 'login', 'password', 'person', 'privat', 'tenant', 'employe', 'patient', 'student', 'subscrib', 'owner', 'visitor', 'guest', 'staff', 'manag']);

/** CRUD operation -> canonical stems that express it. */
const CRUD_OPS: ReadonlyArray<readonly [string, ReadonlySet<string>]> = [
  ['create', new Set(['creat', 'signup', 'upload', 'import', 'submit', 'save'])],
  ['read', new Set(['view', 'search', 'export', 'filter', 'sort', 'report', 'histori', 'print', 'open'])],
  ['update', new Set(['updat', 'renam', 'replac', 'configur', 'assign', 'unassign', 'disabl', 'enabl', 'move', 'approv', 'reject'])],
  ['delete', new Set(['delet', 'cancel', 'archiv', 'clear', 'cleanup'])],
];

/** Stems that show a story deals with something going wrong. */
const ERROR_STEMS = new Set(['error', 'invalid', 'timeout', 'retri', 'reject', 'deni', 'unavail', 'empti', 'valid', 'edg', 'offlin', 'conflict', 'duplic', 'expir', 'incorrect', 'wrong', 'miss', 'busi', 'overflow', 'exceed', 'lost', 'unabl', 'fallback', 'recov', 'recoveri', 'rollback', 'outag', 'corrupt', 'crash']);
const ERROR_PHRASES = /\b(?:not found|cannot|can ?not|could not|unable to|went wrong|out of stock|no results?|not allowed|is down|goes down|bad request|too many)\b/;

/** Stems and phrases that show a story carries tests or verifiable acceptance criteria. */
const TEST_STEMS = new Set(['test', 'qa', 'verifi', 'scenario', 'e2', 'regress', 'assert', 'gherkin']);
const TEST_PHRASES = /\b(?:acceptance (?:criteria|tests?)|definition of done|done when)\b/;

/** A Given/When/Then block is a test scenario whatever its wording. */
function isGherkin(text: string): boolean {
  return /\bgiven\b/.test(text) && /\bwhen\b/.test(text) && /\bthen\b/.test(text);
}

/** "a", "a and b", "a, b and c". */
function listWords(words: readonly string[], conjunction: string): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1] ?? ''}`;
}

function stemsOf(texts: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const t of texts) for (const term of terms(t)) out.add(term.stem);
  return out;
}

function hasAny(stems: ReadonlySet<string>, wanted: ReadonlySet<string>): string | undefined {
  for (const s of wanted) if (stems.has(s)) return s;
  return undefined;
}

/** Buckets missing from `stories`, judged against everything the caller sent (terms passed in when already read). */
export function missingBuckets(
  requirements: readonly string[],
  stories: readonly string[],
  read?: { requirementTerms: readonly (readonly Term[])[]; storyTerms: readonly (readonly Term[])[] },
): MissingBucket[] {
  const storyStems = read ? new Set(read.storyTerms.flatMap((ts) => ts.map((t) => t.stem))) : stemsOf(stories);
  const reqStems = read ? new Set(read.requirementTerms.flatMap((ts) => ts.map((t) => t.stem))) : stemsOf(requirements);
  const allStems = new Set([...storyStems, ...reqStems]);
  // The phrase checks below need only case and Unicode folded, not the full term normalisation.
  const storyTexts = stories.map((s) => s.normalize('NFKC').toLowerCase());
  const out: MissingBucket[] = [];

  const actor = hasAny(allStems, ACTOR_STEMS);
  if (actor !== undefined && hasAny(storyStems, AUTH_STEMS) === undefined) {
    out.push({
      bucket: 'auth',
      why: 'The scope involves users or accounts, but no story covers sign-in, sign-out, sign-up, passwords or permissions.',
    });
  }

  const present: string[] = [];
  const absent: string[] = [];
  let askedFor = false;
  for (const [op, stems] of CRUD_OPS) {
    if (hasAny(storyStems, stems) !== undefined) present.push(op);
    else absent.push(op);
    if (hasAny(reqStems, stems) !== undefined) askedFor = true;
  }
  if ((present.length > 0 || askedFor) && absent.length > 0) {
    const has = present.length > 0 ? `Stories cover ${listWords(present, 'and')} of records` : 'The requirements manage records';
    out.push({
      bucket: 'crud',
      why: `${has}, but no story covers ${listWords(absent, 'or')}: plan the whole create, read, update and delete lifecycle or decide explicitly to leave part of it out.`,
    });
  }

  if (hasAny(storyStems, ERROR_STEMS) === undefined && !storyTexts.some((t) => ERROR_PHRASES.test(t))) {
    out.push({
      bucket: 'error_states',
      why: 'No story describes a failure, invalid input, empty state, timeout or denied action, so error handling is unplanned.',
    });
  }

  if (hasAny(storyStems, TEST_STEMS) === undefined && !storyTexts.some((t) => TEST_PHRASES.test(t) || isGherkin(t))) {
    out.push({
      bucket: 'tests',
      why: 'No story mentions tests, QA, verification or acceptance criteria, so nothing in the backlog says how the work is checked.',
    });
  }
  return out;
}
