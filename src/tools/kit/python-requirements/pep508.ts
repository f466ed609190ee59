// PEP 508 requirement strings (name, extras, version specifier or URL, markers), scanned by index, with
// PEP 440 specifiers checked by @renovatebot/pep440.
import { validRange } from '@renovatebot/pep440';

export interface Pep508 {
  name: string;
  extras: string[];
  /** Version specifier without parentheses or spaces around commas, '' when none. */
  specifier: string;
  url: string | null;
  markers: string | null;
}

const NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?/;
/** Longest requirement string accepted; longer ones are rejected rather than scanned. */
const MAX_REQUIREMENT_LENGTH = 4000;

/** Parse one requirement; returns an error string instead of throwing so callers can attach a line. */
export function parsePep508(input: string): Pep508 | { error: string } {
  const s = input.trim();
  if (s.length === 0) return { error: 'empty requirement' };
  if (s.length > MAX_REQUIREMENT_LENGTH) return { error: `requirement longer than ${MAX_REQUIREMENT_LENGTH} characters` };
  const m = NAME.exec(s);
  if (!m) return { error: `"${s.slice(0, 60)}" does not start with a package name` };
  const name = m[0];
  let i = name.length;
  const ws = (): void => {
    while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i++;
  };
  ws();
  const extras: string[] = [];
  if (s[i] === '[') {
    const close = s.indexOf(']', i);
    if (close < 0) return { error: `unclosed extras bracket after "${name}"` };
    for (const e of s.slice(i + 1, close).split(',')) {
      const t = e.trim();
      if (t === '') continue;
      if (!/^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/.test(t)) return { error: `invalid extra "${t}"` };
      extras.push(t);
    }
    i = close + 1;
    ws();
  }
  let url: string | null = null;
  let specifier = '';
  let markers: string | null = null;
  if (s[i] === '@') {
    i++;
    ws();
    // A URL ends at whitespace; markers follow after " ;".
    const start = i;
    while (i < s.length && s[i] !== ' ' && s[i] !== '\t') i++;
    url = s.slice(start, i);
    if (url === '' || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url)) return { error: `"${name} @" must be followed by a URL` };
    ws();
    if (i < s.length) {
      if (s[i] !== ';') return { error: `unexpected text after URL: "${s.slice(i, i + 40)}"` };
      markers = s.slice(i + 1).trim();
    }
  } else {
    const semi = s.indexOf(';', i);
    let spec = (semi < 0 ? s.slice(i) : s.slice(i, semi)).trim();
    if (semi >= 0) markers = s.slice(semi + 1).trim();
    if (spec.startsWith('(')) {
      if (!spec.endsWith(')')) return { error: `unclosed parenthesis in "${spec.slice(0, 60)}"` };
      spec = spec.slice(1, -1).trim();
    }
    specifier = spec
      .split(',')
      .map((p) => p.trim())
      .join(',');
    if (specifier !== '' && !validRange(specifier)) return { error: `invalid version specifier "${specifier.slice(0, 80)}"` };
  }
  if (markers !== null && markers === '') return { error: 'empty environment marker after ";"' };
  return { name, extras, specifier, url, markers };
}

/** Lower-case, runs of -_. collapsed to one hyphen: PEP 503 name normalisation. */
export function normalizePypi(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

export function isPep508Error(r: Pep508 | { error: string }): r is { error: string } {
  return 'error' in r;
}
