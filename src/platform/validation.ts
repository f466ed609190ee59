// Turns zod validation issues into the stable, field-specific 400 codes of DESIGN §5.
import type { z } from 'zod';

export interface ValidationFailure {
  error: string;
  message: string;
  field?: string;
  allowed?: string[];
}

type Issue = z.core.$ZodIssue;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

function typeName(expected: string): string {
  switch (expected) {
    case 'int':
    case 'bigint':
      return 'integer';
    case 'array':
    case 'tuple':
      return 'array';
    case 'object':
    case 'record':
    case 'map':
      return 'object';
    case 'string':
    case 'number':
    case 'boolean':
      return expected;
    default:
      return expected.replace(/[^a-z0-9]+/gi, '_').toLowerCase();
  }
}

/** Code for one issue: `<field>_required`, `<field>_must_be_<type>`, `<field>_too_long`, ... */
function issueToFailure(issue: Issue, body: unknown): ValidationFailure {
  const path = issue.path;
  const top = path.length > 0 ? String(path[0]) : 'body';
  const field = path.map(String).join('.');
  const withField = (f: ValidationFailure): ValidationFailure => (path.length > 1 ? { ...f, field } : f);
  const params = (issue as { params?: Record<string, unknown> }).params;
  if (issue.code === 'custom' && params && typeof params.code === 'string') {
    const out: ValidationFailure = { error: params.code, message: issue.message };
    if (Array.isArray(params.allowed)) out.allowed = params.allowed.map(String);
    if (path.length > 1) out.field = field;
    return out;
  }
  if (path.length === 0 && issue.code === 'invalid_type') {
    return { error: 'body_must_be_object', message: 'The request body must be a JSON object.' };
  }
  const raw = valueAt(body, path);
  const leafMissing = raw === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union');
  if (leafMissing) {
    return withField({ error: `${top}_required`, message: `${field} is required.` });
  }
  switch (issue.code) {
    case 'invalid_type': {
      const t = typeName(String(issue.expected));
      return withField({ error: `${top}_must_be_${t}`, message: `${field} must be ${t === 'integer' || t === 'array' || t === 'object' ? 'an' : 'a'} ${t}.` });
    }
    case 'too_big': {
      const kind = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set' ? 'too_long' : 'too_large';
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      return withField({ error: `${top}_${kind}`, message: `${field} must be at most ${String(issue.maximum)}${unit}.` });
    }
    case 'too_small': {
      const kind = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set' ? 'too_short' : 'too_small';
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : '';
      return withField({ error: `${top}_${kind}`, message: `${field} must be at least ${String(issue.minimum)}${unit}.` });
    }
    case 'invalid_value':
      return withField({
        error: `${top}_invalid`,
        message: `${field} must be one of: ${issue.values.map(String).join(', ')}.`,
        allowed: issue.values.map(String),
      });
    default:
      return withField({ error: `${top}_invalid`, message: `${field}: ${issue.message}` });
  }
}

/** First failure of a parse, in schema order (the order zod reports). */
export function firstFailure(error: z.ZodError, body: unknown): ValidationFailure {
  const issue = error.issues[0];
  if (!issue) return { error: 'body_invalid', message: 'The request body is invalid.' };
  return issueToFailure(issue, body);
}
