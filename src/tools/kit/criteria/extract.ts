// Pulls acceptance criteria out of free story text: an "Acceptance criteria" section, list items, Gherkin scenarios.

export interface ExtractOptions {
  /** Most criteria returned (later ones are dropped). */
  maxItems: number;
  /** Longest criterion returned, in characters (longer ones are cut). */
  maxLength: number;
  /**
   * Without an acceptance-criteria section, what still counts: list items and scenarios (default), only
   * Given/When/Then scenarios, or nothing.
   */
  fallback?: 'lists_and_scenarios' | 'scenarios' | 'none';
}

// "Acceptance criteria:", "Acceptance Criteria -", "*Acceptance criteria*", "Definition of done:", "AC:".
// Every part is bounded, so a hostile line cannot make it backtrack.
const SECTION_HEAD =
  /(acceptance[ \t]{1,5}criteri(?:a|on)s?|definition[ \t]{1,5}of[ \t]{1,5}done|\bac\b)[*_]{0,3}[ \t]{0,5}(?:\([^)\n]{0,60}\)[ \t]{0,5})?(:|-[ \t]|\u2013[ \t]|$)?/i;
const LIST_MARKER = /^(\*{1,3}|#{1,3}|[-+\u2022\u00b7\u25aa\u2023\u25e6]|\(?\d{1,3}[.)]|\(?[a-z][.)](?=\s))\s+(?:\[[ xX]?\]\s+)?/;
const STEP = /^(given|when|then|and|but)\b/i;
const SCENARIO = /^(scenario(?: outline| template)?|example)\s*:/i;
const BACKGROUND = /^background\s*:/i;
const FEATURE = /^(feature|rule|examples|scenarios)\s*:/i;
const TABLE_ROW = /^\|/;
const FENCE = /^(```|~~~|\{code(?::[^}]{0,40})?\}|\{noformat\})/i;
const MAX_SECTION_ATTEMPTS = 4;
const INLINE_JIRA_HEADING = /(?:^|\s)h[1-6]\.\s/;
const BOLD_HEADING_INLINE = /\s\*[A-Z][^*\n]{0,60}\*(?=\s|$)/;

type Block = { kind: 'step'; lines: string[]; hasThen: boolean } | { kind: 'item'; lines: string[] };

function wordCount(s: string): number {
  return s.split(/\s+/).filter((w) => w.length > 0).length;
}

function isHeading(line: string, prev: string | undefined, next: string | undefined): boolean {
  if (/^h[1-6]\.\s/i.test(line)) return true;
  if (/^#{2,6}\s+\S/.test(line)) return true;
  if (/^#\s+\S/.test(line)) {
    // Jira wiki numbers list items with "# "; a lone short "# Title" is a Markdown heading.
    const neighbour = (prev !== undefined && /^#\s/.test(prev)) || (next !== undefined && /^#\s/.test(next));
    return !neighbour && wordCount(line) <= 7 && !/[.!?]$/.test(line);
  }
  if (/^(\*{1,2}|_{1,2})[^*_\n]{1,60}(\*{1,2}|_{1,2}):?$/.test(line)) return true;
  return /^[A-Z][A-Za-z0-9 /&()'-]{0,40}:$/.test(line) && wordCount(line) <= 5;
}

function cleanItem(text: string, maxLength: number): string | undefined {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!/[\p{L}\p{N}]/u.test(t)) return undefined;
  return t.length > maxLength ? t.slice(0, maxLength).trimEnd() : t;
}

/** Split a flattened list ("* a * b * c" on one line) on the marker that opened it. */
function splitFlattened(marker: string, content: string): string[] {
  let sep: RegExp | undefined;
  if (/^\*+$/.test(marker)) sep = new RegExp(`\\s${marker.replace(/\*/g, '\\*')}\\s+`);
  else if (/^#+$/.test(marker)) sep = new RegExp(`\\s${marker}\\s+`);
  else if (marker === '-') sep = /\s-\s+/;
  else if (/^[\u2022\u00b7\u25aa\u2023\u25e6+]$/.test(marker)) sep = new RegExp(`\\s\\${marker}\\s+`);
  else if (/^\(?\d/.test(marker)) sep = /\s\(?\d{1,3}[.)]\s+/;
  return sep ? content.split(sep) : [content];
}

// Separators of a list flattened into one line by an export ("intro - a - b", "* a * b"); two or more make a list.
const INLINE_SEPARATORS: readonly RegExp[] = [/\s\*\s+/, /\s#\s+/, /\s-\s+/, /\s\u2022\s*/];

function splitPlain(line: string): string[] {
  for (const sep of INLINE_SEPARATORS) {
    const all = new RegExp(sep.source, 'g');
    if ((line.match(all) ?? []).length >= 2) return line.split(sep);
  }
  return [line];
}

interface Scan {
  blocks: Block[];
  /** A heading ended the section (only when inSection). */
  stopped: boolean;
}

function scanLines(lines: readonly string[], inSection: boolean, first: string | undefined): Scan {
  const blocks: Block[] = [];
  let current: Block | undefined;
  let background = false;
  let fenced = false;
  const close = (): void => {
    if (current) blocks.push(current);
    current = undefined;
  };
  const all = first !== undefined ? [first, ...lines] : [...lines];
  for (let i = 0; i < all.length; i++) {
    const rawLine = all[i] as string;
    const line = rawLine.trim();
    if (FENCE.test(line)) {
      fenced = !fenced;
      close();
      continue;
    }
    if (fenced) continue;
    if (line.length === 0) {
      close();
      continue;
    }
    if (SCENARIO.test(line)) {
      close();
      background = false;
      current = { kind: 'step', lines: [], hasThen: false };
      continue;
    }
    if (BACKGROUND.test(line)) {
      close();
      background = true;
      continue;
    }
    if (FEATURE.test(line) || TABLE_ROW.test(line)) continue;
    const stepMatch = STEP.exec(line);
    if (stepMatch) {
      if (background) continue;
      const kw = (stepMatch[1] as string).toLowerCase();
      const continues = current?.kind === 'step' && !(kw === 'given' && current.hasThen);
      if (kw === 'and' || kw === 'but') {
        if (current?.kind === 'step') {
          current.lines.push(line);
          continue;
        }
      } else {
        if (!continues) {
          close();
          current = { kind: 'step', lines: [], hasThen: false };
        }
        const block = current as Block & { kind: 'step' };
        block.lines.push(line);
        if (kw === 'then') block.hasThen = true;
        continue;
      }
    }
    const prev = i > 0 ? all[i - 1]?.trim() : undefined;
    const next = i + 1 < all.length ? all[i + 1]?.trim() : undefined;
    if (inSection && isHeading(line, prev, next) && !(i === 0 && first !== undefined)) {
      if (blocks.length > 0 || (current && current.lines.length > 0)) {
        close();
        return { blocks, stopped: true };
      }
      continue;
    }
    const marker = LIST_MARKER.exec(line);
    if (marker) {
      close();
      const content = line.slice(marker[0].length);
      const parts = splitFlattened((marker[1] as string).replace(/^\(/, ''), content);
      const last = parts.pop() ?? '';
      for (const part of parts) blocks.push({ kind: 'item', lines: [part] });
      // The last item stays open: an indented or lower-case next line continues it.
      current = { kind: 'item', lines: [last] };
      continue;
    }
    const indented = /^[ \t]/.test(rawLine);
    if (current && (indented || (current.kind === 'item' && /^[a-z]/.test(line) && !/[.!?:]$/.test(current.lines[current.lines.length - 1] ?? '')))) {
      current.lines.push(line);
      continue;
    }
    if (inSection) {
      close();
      const parts = splitPlain(line);
      const last = parts.pop() ?? '';
      for (const part of parts) blocks.push({ kind: 'item', lines: [part] });
      current = { kind: 'item', lines: [last] };
      continue;
    }
    close();
  }
  close();
  return { blocks, stopped: false };
}

function finish(blocks: readonly Block[], inSection: boolean, opts: ExtractOptions): string[] {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.lines.length === 0) continue;
    let text = b.kind === 'step' ? b.lines.join('\n') : b.lines.join(' ');
    let stop = false;
    if (inSection && b.kind === 'item') {
      // A heading flattened into the text ("... h3. Assumptions", "*Old Description*") ends the section.
      const heading = BOLD_HEADING_INLINE.exec(text) ?? INLINE_JIRA_HEADING.exec(text);
      if (heading) {
        text = text.slice(0, heading.index);
        stop = true;
      }
    }
    const cleaned = b.kind === 'step' ? cleanSteps(text, opts.maxLength) : cleanItem(text, opts.maxLength);
    if (cleaned !== undefined) out.push(cleaned);
    if (stop || out.length >= opts.maxItems) break;
  }
  return out.slice(0, opts.maxItems);
}

function cleanSteps(text: string, maxLength: number): string | undefined {
  const t = text
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
  if (!/[\p{L}\p{N}]/u.test(t)) return undefined;
  return t.length > maxLength ? t.slice(0, maxLength).trimEnd() : t;
}

const isMarkup = (c: string): boolean => /[\s#>*_=.\d]/.test(c);
const isEmphasis = (c: string): boolean => /[\s*_]/.test(c);

/**
 * Is the text before the phrase only heading markup: list or quote marks, rules, numbering ("## ", "> ", "1.2 "),
 * then at most one Jira heading tag ("h2.") and emphasis? A single scan (the regex form of this backtracks).
 */
export function isHeadingPrefix(before: string): boolean {
  let k = 0;
  while (k < before.length && isMarkup(before.charAt(k))) k++;
  if (k === before.length) return true;
  if (before.charAt(k) !== 'h' || !/[1-6]/.test(before.charAt(k + 1)) || before.charAt(k + 2) !== '.') return false;
  for (let j = k + 3; j < before.length; j++) if (!isEmphasis(before.charAt(j))) return false;
  return true;
}

/** Where an acceptance-criteria section starts in a line, or -1 when the phrase there is not a heading. */
function sectionStart(line: string, m: RegExpExecArray): number {
  const phrase = m[1] as string;
  const terminator = m[2];
  const before = line.slice(0, m.index);
  const after = line.slice(m.index + m[0].length);
  const isAc = phrase.toLowerCase() === 'ac';
  const end = m.index + m[0].length;
  if (terminator === ':') return end;
  if (isAc) return -1;
  const headingLine = isHeadingPrefix(before);
  const afterHeading = /(?:^|\s)h[1-6]\.\s*[*_]{0,2}$/.test(before) || /[.!?]\s*[*_]{0,2}$/.test(before.trimEnd());
  if (terminator !== undefined && terminator.length > 0 && (headingLine || afterHeading)) return end;
  if (terminator === '' && headingLine) return end;
  // Flattened text without a colon: "... h2. Acceptance Criteria # Implement ...", "Acceptance criteria * Mockups ...".
  const capitalised = /^[A-Z]/.test(phrase);
  const listFollows = /^\s*(?:[*#\u2022-]|\d{1,2}[.)])\s/.test(after);
  const sentenceFollows = /^\s*[A-Z]/.test(after) && !/^\s*(?:For|Is|Are|Of|To|Should|Must|Will|That|And|In)\b/.test(after);
  if (capitalised && (headingLine || afterHeading || listFollows) && (listFollows || sentenceFollows)) return end;
  return -1;
}

/**
 * Criteria found in a story. With an "Acceptance criteria" (or "Definition of done", "AC:") section: its list
 * items, lines and scenarios, until the next heading. Without one: the story's list items and Gherkin scenarios
 * only; narrative paragraphs (and the "As a ..., I want ..." sentence) are never criteria.
 */
export function extractCriteria(story: string, opts: ExtractOptions): string[] {
  // eslint-disable-next-line no-control-regex
  const text = story.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
  const lines = text.split('\n');
  // Each candidate heading rescans the rest of the text; a few attempts keep hostile input linear.
  let attempts = 0;
  for (let i = 0; i < lines.length && attempts < MAX_SECTION_ATTEMPTS; i++) {
    const line = lines[i] as string;
    const head = new RegExp(SECTION_HEAD.source, 'gi');
    let m: RegExpExecArray | null;
    let start = -1;
    let tries = 0;
    while (start < 0 && tries < MAX_SECTION_ATTEMPTS && (m = head.exec(line)) !== null) {
      tries++;
      start = sectionStart(line, m);
      if (m[0].length === 0) head.lastIndex++;
    }
    if (start < 0) continue;
    attempts++;
    const rest = line.slice(start).trim();
    const scan = scanLines(lines.slice(i + 1), true, rest.length > 0 ? rest : undefined);
    const found = finish(scan.blocks, true, opts);
    if (found.length > 0) return found;
  }
  const fallback = opts.fallback ?? 'lists_and_scenarios';
  if (fallback === 'none') return [];
  const blocks = scanLines(lines, false, undefined).blocks;
  return finish(fallback === 'scenarios' ? blocks.filter((b) => b.kind === 'step') : blocks, false, opts);
}
