// Lints one ticket: summary, description, type-specific content, estimate and metadata; scores it and gives a verdict.
import { extractCriteria } from '../kit/criteria/extract.ts';
import type { FindingCode, IssueType, Severity } from './rules.ts';
import type { Input, Output } from './tool.ts';
import {
  DESCRIPTION_MIN_WORDS,
  FINDING_CODES,
  OVERSIZE,
  POINT_SCALE,
  READY_MIN_SCORE,
  RULES,
  SEVERITIES,
  SEVERITY_POINTS,
  SUMMARY_LIMITS,
  URGENT_MIN_WORDS,
} from './rules.ts';

/** A ticket as the engine reads it: issue_type and estimate_unit may be left to their defaults (the bench does). */
export type Ticket = Omit<Input['ticket'], 'issue_type' | 'estimate_unit'> & Partial<Pick<Input['ticket'], 'issue_type' | 'estimate_unit'>>;
type Finding = Output['findings'][number];

const WORD = /[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu;

function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g;

/** Ticket text quoted in a message: control and bidi characters removed, cut to 60 characters. */
function quote(text: string): string {
  const clean = text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  // 122 UTF-16 units hold at least 61 code points: enough to tell whether to cut.
  const head = Array.from(clean.slice(0, 122));
  return head.length > 60 ? `${head.slice(0, 59).join('')}\u2026` : clean;
}

function present(s: string | null | undefined): s is string {
  return typeof s === 'string' && /[\p{L}\p{N}]/u.test(s);
}

// Words that open a summary without saying what changes or fails (filler, pronouns, meta words, mail prefixes).
const WEAK_FIRST = new Set([
  'please', 'pls', 'plz', 'need', 'needs', 'we', 'i', 'it', 'this', 'that', 'these', 'there', 'issue', 'issues', 'problem',
  'problems', 'something', 'stuff', 'misc', 'miscellaneous', 'various', 'general', 'todo', 'tbd', 'question', 'help', 'urgent',
  'asap', 're', 'fw', 'fwd', 'bug', 'task', 'story', 'ticket', 'some', 'things', 'thing', 'hi', 'hello', 'hey', 'fyi', 'wip',
]);

/** Jira priority names and P-levels mapped to urgency; unknown names count as set but not urgent. */
const URGENT_PRIORITIES = new Set(['highest', 'blocker', 'critical', 'urgent', 'emergency', 'showstopper', 'immediate', 'p0', 'p1', 'sev1', 'sev-1', 's1']);

// Benefit markers (Connextra "so that", Lucassen et al.'s "ends"): purpose clauses and "Why"/"Value" headings. One
// pattern per kind of marker (any one is enough): each is small enough for the ReDoS check to decide.
const USER_VALUE: readonly RegExp[] = [
  /\bso that\b|\bso as to\b|\bin order to\b|\bbecause\b|\btherefore\b/i,
  /\bso (?:i|we|they|you|he|she|users?|customers?|admins?|people|everyone|teams?|the [a-z]{2,20}) (?:can|could|will|would|may|don't|do not|won't|no longer|know|have|get|am|are)\b/i,
  /\bwhich (?:will |would )?(?:allow|allows|let|lets|enable|enables|help|helps)\b/i,
  /\b(?:this|it) (?:will|would|should) (?:allow|let|enable|help|make|reduce|improve|save|avoid|prevent)\b/i,
  /\b(?:allow|allows|enable|enables|help|helps|let|lets) (?:the |our |all )?(?:users?|us|them|customers?|developers?|people|admins?|teams?) (?:to )?[a-z]{2,20}/i,
  /(?:^|\n)[ \t#*_>]{0,6}(?:business value|user value|value|why|goal|benefit|benefits|motivation|rationale|problem statement)[ \t*_]{0,3}:/i,
];

function statesUserValue(text: string): boolean {
  return USER_VALUE.some((re) => re.test(text));
}

// Steps to reproduce: a heading or phrase, or (Chaparro et al. 2017's S2R discourse patterns) a conditional with an
// actor ("when I save", "if you open") or an instruction to run something.
const REPRO =
  /steps to reproduce|(?<!(?:able|unable|failed|fail|not|n't) )to reproduce|reproduc(?:e|tion|ing) steps|repro steps|\bSTR\b|how to reproduce|reproducible (?:by|with|when|if|on)|(?:^|\n)[ \t#*_]{0,4}steps[ \t*_]{0,3}:|\b(?:when|if|after|once|whenever) (?:i|you|we|the user|a user|users|one) [a-z]{2,20}|\b(?:run|running|execute|executing) (?:the following|this|these|`|\{\{|\{code)/i;
const NUMBERED_STEP = /(?:^|\s)(?:[1-9][.)]|#)\s+\S/g;
const EXPECTED = /\bexpected\b|\bexpect(?:s|ing|ation)?\b|\bshould(?:n't| not)?\b|\bsupposed to\b|\bought to\b|\binstead of\b|\bcorrect(?:ly)? (?:behaviou?r|result|output|value)\b|\bmust\b|\bwould like\b|\bis meant to\b|\bintended\b/i;
const ACTUAL =
  /\bactual(?:ly)?\b|\binstead\b|\bcurrently\b|\bobserved?\b|\bresults? in\b|\bbut\b|\bgot\b|\breturns?\b|\bfail(?:s|ed|ing|ure)?\b|\berrors?\b|\bexceptions?\b|\bcrash(?:es|ed|ing)?\b|\bhangs?\b|\bbroken\b|\bwrong\b|\bincorrect(?:ly)?\b|\bdoes(?:n't| not)\b|\bis(?:n't| not)\b|\bare(?:n't| not)\b|\bcannot\b|\bcan't\b|\bunable\b|\bmissing\b|\bthrows?\b|\bnpe\b|\bnullpointer|\bfreez(?:e|es|ing)\b|\bstuck\b|\bdisappears?\b|\bignored?\b|\bleaks?\b|\bclos(?:es|ed)\b/i;
const ENVIRONMENT =
  /\b(?:windows|win(?:7|8|10|11|xp)|mac ?os|os ?x|osx|linux|ubuntu|debian|centos|rhel|fedora|suse|solaris|aix|freebsd|android|ios|iphone|ipad|chrome|chromium|firefox|safari|edge|opera|internet explorer|ie ?\d{1,2}|jdk|jre|jvm|openjdk|java ?\d{1,2}|node(?:\.?js)? ?v?\d|python ?\d|kubernetes|k8s|docker|aws|azure|gcp|browser|environment|env|platform|production|prod|staging|qa env|device|kernel|firmware|hadoop \d|release|build ?(?:#|no\.?)? ?\d|version|v\d+(?:\.\d+)+)\b|\b\d+\.\d+(?:\.\d+)+\b/i;
const EVIDENCE =
  /\battach(?:ed|ment|ments)?\b|\bscreen ?shots?\b|\bscreen ?cast\b|\bstack ?trace\b|\btraceback\b|\bcaused by:|\bexception in thread\b|\bat [\w$.]{3,200}\([\w$.]{0,200}(?::\d{1,6})?\)|\.(?:png|jpe?g|gif|log|har|mp4|webm|zip)\b|\{code|\{noformat|```|\blogs? (?:excerpt|below|attached|output)\b/i;
// Scope words that make an epic's description a scope statement even without a list.
const EPIC_SCOPE = /\b(?:in scope|out of scope|scope|includes?|deliverables?|milestones?|features?|stories|phases?)\b/i;
const LIST_LINE = /(?:^|\n)[ \t]*(?:[-*+\u2022]|\d{1,3}[.)]|#)[ \t]+\S/g;

function countMatches(re: RegExp, text: string): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) {
    n++;
    if (n > 50) break;
  }
  return n;
}

function hasAcceptanceCriteria(ticket: Ticket, criteriaInDescription: () => boolean): boolean {
  const ac = ticket.acceptance_criteria;
  if (typeof ac === 'string' && present(ac)) return true;
  if (Array.isArray(ac) && ac.some((c) => present(c))) return true;
  // An "Acceptance criteria" section or a Given/When/Then scenario in the description counts too.
  return criteriaInDescription();
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

/** What every rule step reads: the ticket, its type, its cleaned text, and where findings go. */
interface Lint {
  ticket: Ticket;
  type: IssueType;
  summary: string | undefined;
  description: string | undefined;
  descWords: number;
  /** Summary and description together. */
  text: string;
  /** A criteria section or Given/When/Then scenario in the description: searched once, for the bug and criteria rules. */
  criteriaInDescription: () => boolean;
  add(code: FindingCode, message: string, severity?: Severity): void;
}

/** Lint one ticket. Pure and deterministic. */
export function lintTicket(ticket: Ticket): Output {
  const type: IssueType = ticket.issue_type ?? 'story';
  const found: Finding[] = [];
  const add = (code: FindingCode, message: string, severity?: Severity): void => {
    const rule = RULES[code];
    const sev = severity ?? rule.severity[type];
    if (sev === undefined) return;
    found.push({ field: rule.field, severity: sev, code, message, fix: rule.fix });
  };
  const summary = present(ticket.summary) ? ticket.summary.replace(/\s+/g, ' ').trim() : undefined;
  const description = present(ticket.description) ? ticket.description : undefined;
  let criteriaFound: boolean | undefined;
  const lint: Lint = {
    ticket,
    type,
    summary,
    description,
    descWords: description !== undefined ? words(description).length : 0,
    text: `${summary ?? ''}\n${description ?? ''}`,
    criteriaInDescription: () => (criteriaFound ??= description !== undefined && extractCriteria(description, { maxItems: 1, maxLength: 200, fallback: 'scenarios' }).length > 0),
    add,
  };
  if (summary === undefined) add('summary_missing', 'The ticket has no summary.');
  else summaryRules(summary, add);
  descriptionRules(lint);
  // Bug content: summary and description together, since a bug's summary usually states the failure.
  if (type === 'bug') bugRules(lint);
  if (!hasAcceptanceCriteria(ticket, lint.criteriaInDescription)) add('ac_missing', `The ${type} has no acceptance criteria (field empty, and no "Acceptance criteria" section or Given/When/Then scenario in the description).`);
  estimateRules(lint);
  priorityRules(lint);
  metadataRules(lint);

  const findings = found.sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) || FINDING_CODES.indexOf(a.code) - FINDING_CODES.indexOf(b.code));
  const score = Math.max(0, 100 - findings.reduce((s, f) => s + SEVERITY_POINTS[f.severity], 0));
  const blocked = findings.some((f) => f.severity === 'high');
  return { verdict: !blocked && score >= READY_MIN_SCORE ? 'ready' : 'needs_work', score_0_100: score, findings };
}

/** The summary's length, capitals, opening word and ending. */
function summaryRules(summary: string, add: Lint['add']): void {
  const sw = words(summary);
  if (sw.length < SUMMARY_LIMITS.minWords || summary.length < SUMMARY_LIMITS.minChars) {
    add('summary_too_short', `The summary "${quote(summary)}" has ${sw.length} word${sw.length === 1 ? '' : 's'}; it cannot say what changes and where.`);
  }
  if (summary.length > SUMMARY_LIMITS.hard) {
    add('summary_too_long', `The summary has ${summary.length} characters; Jira refuses more than ${SUMMARY_LIMITS.hard}.`, 'high');
  } else if (summary.length > SUMMARY_LIMITS.soft) {
    add('summary_too_long', `The summary has ${summary.length} characters; past ${SUMMARY_LIMITS.soft} it no longer fits one line on a board or in a list.`);
  }
  const letters = summary.replace(/[^\p{L}]/gu, '');
  const upper = summary.replace(/[^\p{Lu}]/gu, '');
  if (letters.length >= 8 && sw.filter((w) => /\p{L}{3}/u.test(w)).length >= 2 && upper.length / letters.length >= 0.8) {
    add('summary_all_caps', 'The summary is written in capitals.');
  }
  // Skip a leading "[Component]" tag: the first real word decides.
  const lead = summary.replace(/^(?:\[[^\]]{0,60}\]\s*)+/, '');
  const first = words(lead)[0]?.toLowerCase();
  if (first !== undefined && WEAK_FIRST.has(first)) {
    add('summary_weak_start', `The summary opens with "${words(lead)[0] ?? first}", which says nothing about what changes or fails.`);
  }
  if (/(?:\.\.\.|\u2026)\s*$/.test(summary)) add('summary_trailing_ellipsis', 'The summary ends with an ellipsis, as if it were cut off.');
}

/** The description's presence and length, the user value of a story or epic, and an epic's scope. */
function descriptionRules({ ticket, type, summary, description, descWords, text, add }: Lint): void {
  if (description === undefined) {
    add('description_missing', `The ${type} has no description.`);
  } else if (descWords < DESCRIPTION_MIN_WORDS) {
    add('description_too_short', `The description has ${descWords} word${descWords === 1 ? '' : 's'}; fewer than ${DESCRIPTION_MIN_WORDS} leaves the reader guessing.`);
  }
  if ((type === 'story' || type === 'epic') && (summary !== undefined || description !== undefined) && !statesUserValue(text)) {
    add('no_user_value', `The ${type} never says why it matters: no "so that", "in order to" or stated benefit.`);
  }
  if (type === 'epic' && !((ticket.child_count ?? 0) > 0)) {
    const listItems = description !== undefined ? countMatches(LIST_LINE, description) : 0;
    if (listItems < 2 && !(description !== undefined && EPIC_SCOPE.test(description))) {
      add('epic_no_child_scope', 'The epic has no child issues and its description does not outline a scope.');
    }
  }
}

/** A bug's steps to reproduce, expected and actual behaviour, environment and evidence. */
function bugRules({ ticket, description, text, criteriaInDescription, add }: Lint): void {
  if (!REPRO.test(text) && countMatches(NUMBERED_STEP, description ?? '') < 2 && !criteriaInDescription()) {
    add('bug_no_repro', 'The bug report has no steps to reproduce.');
  }
  const expected = EXPECTED.test(text);
  const actual = ACTUAL.test(text);
  if (!expected || !actual) {
    const missing = !expected && !actual ? 'expected and actual behaviour' : !expected ? 'the expected behaviour' : 'the actual behaviour';
    add('bug_no_expected_actual', `The bug report does not state ${missing}.`);
  }
  if (!ENVIRONMENT.test(text)) add('bug_no_environment', 'The bug report does not name an environment (version, OS, browser, deployment).');
  if (!((ticket.attachments_count ?? 0) > 0) && !EVIDENCE.test(description ?? '')) {
    add('bug_no_attachment', 'The bug report has no attachment and no pasted evidence (screenshot link, log excerpt, stack trace).');
  }
}

/** The estimate: present, not oversized, on the unit's scale. */
function estimateRules({ ticket, type, add }: Lint): void {
  const unit = ticket.estimate_unit ?? 'points';
  const estimate = typeof ticket.estimate === 'number' ? ticket.estimate : undefined;
  if (estimate === undefined) {
    add('estimate_missing', `The ${type} has no estimate.`);
  } else {
    if (unit === 'points' && estimate > OVERSIZE.points) {
      add('estimate_oversized', `${formatNumber(estimate)} points is more than ${OVERSIZE.points}: too big to finish reliably in one sprint.`);
    } else if (unit === 'hours' && estimate > OVERSIZE.hours) {
      add('estimate_oversized', `${formatNumber(estimate)} hours is more than ${OVERSIZE.hours} (two working days) for one ticket.`);
    }
    if (unit === 'points' && !POINT_SCALE.includes(estimate)) {
      add('estimate_mismatch', `${formatNumber(estimate)} points is not on a story-point scale (planning poker or Fibonacci: ${POINT_SCALE.join(', ')}).`);
    } else if (unit === 'hours' && Math.abs(estimate * 4 - Math.round(estimate * 4)) > 1e-9) {
      add('estimate_mismatch', `${formatNumber(estimate)} hours is not a whole number of quarter hours.`);
    }
  }
}

/** The priority: present, and urgent work described. */
function priorityRules({ ticket, type, descWords, add }: Lint): void {
  const priority = present(ticket.priority) ? ticket.priority.trim().toLowerCase() : undefined;
  if (priority === undefined) {
    add('priority_missing', `The ${type} has no priority.`);
  } else if (URGENT_PRIORITIES.has(priority) && descWords < URGENT_MIN_WORDS) {
    add('urgent_thin_context', `Priority "${quote(ticket.priority ?? priority)}" with ${descWords === 0 ? 'no description' : `a ${descWords}-word description`}: urgent work needs impact and scope spelled out.`);
  }
}

/** Epic link, assignee, labels and components. */
function metadataRules({ ticket, type, add }: Lint): void {
  if (!present(ticket.epic_link)) add('epic_link_missing', `The ${type} is not linked to an epic.`);
  if (!present(ticket.assignee)) add('assignee_missing', `The ${type} has no assignee.`);
  if (!(ticket.labels ?? []).some((l) => present(l))) add('labels_empty', 'The ticket has no labels.');
  if (!(ticket.components ?? []).some((c) => present(c))) add('components_empty', 'The ticket has no component.');
}
