// Deterministic task classification for model-advisor: keyword and token-count signals, no model in the loop.

export const TASK_CATEGORIES = ['coding', 'extraction', 'summarisation', 'chat', 'reasoning', 'vision', 'long_context'] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

/**
 * Terms per category. `word` matches one token exactly, `stem*` matches tokens that start with the stem, and a
 * term with spaces matches consecutive tokens (its last word may end in `*`). Short words are exact on
 * purpose: a prefix `class*` would also catch "classify".
 */
const TERMS: Readonly<Record<TaskCategory, readonly string[]>> = {
  coding: [
    'code', 'coding', 'codebase*', 'program*', 'refactor*', 'debug*', 'bug', 'bugs', 'compile*', 'typescript', 'javascript',
    'python', 'java', 'rust', 'golang', 'kotlin', 'swift', 'c++', 'c#', 'sql', 'regex*', 'unit test*', 'test suite*',
    'stack trace*', 'pull request*', 'repository', 'repo', 'api', 'apis', 'endpoint*', 'script*', 'snippet*', 'lint*',
    'function', 'functions', 'method', 'methods', 'git', 'diff', 'diffs', 'frontend', 'backend', 'html', 'css', 'react',
    'implement*', 'developer*', 'software',
  ],
  extraction: [
    'extract*', 'parse', 'parsing', 'json', 'schema*', 'field', 'fields', 'entity', 'entities', 'invoice*', 'receipt*',
    'form', 'forms', 'structured', 'classif*', 'categori*', 'tag', 'tagging', 'label*', 'ner', 'csv', 'key value*',
    'normalis*', 'normaliz*', 'scrap*', 'pull out',
  ],
  summarisation: [
    'summar*', 'tldr', 'tl dr', 'condens*', 'digest*', 'recap*', 'key points', 'abstract', 'meeting minutes', 'synops*',
    'overview', 'highlights', 'shorten*', 'gist',
  ],
  chat: [
    'chat*', 'convers*', 'assistant*', 'support', 'customer*', 'reply', 'replies', 'respond*', 'faq*', 'helpdesk',
    'companion', 'roleplay', 'dialog*', 'persona*', 'talk*', 'answer questions',
  ],
  reasoning: [
    'reason*', 'math*', 'proof*', 'prove', 'theorem*', 'logic*', 'puzzle*', 'step by step', 'multi step', 'plan', 'planning',
    'strateg*', 'analys*', 'analyz*', 'calculat*', 'deduc*', 'solve*', 'optimis*', 'optimiz*', 'root cause',
    'decision*', 'tradeoff*', 'trade off*', 'forecast*',
  ],
  vision: [
    'image*', 'photo*', 'picture*', 'screenshot*', 'diagram*', 'chart*', 'scan*', 'ocr', 'visual*', 'video*', 'handwrit*',
    'figure*', 'logo*', 'camera*',
  ],
  long_context: [
    'long document*', 'long context', 'book*', 'entire codebase', 'whole codebase', 'entire repository', 'whole repository',
    'transcript*', 'hundreds of pages', 'thousands of pages', 'corpus', 'large document*', 'full text', 'archive*',
  ],
};

/** Fixed order for ties: the more specific need wins. */
const TIE_ORDER: readonly TaskCategory[] = ['vision', 'long_context', 'coding', 'reasoning', 'extraction', 'summarisation', 'chat'];

/** Input tokens from which a task counts as long-context whatever its wording. */
export const LONG_CONTEXT_INPUT_TOKENS = 100_000;

interface Term {
  words: string[];
  prefixLast: boolean;
  text: string;
}

const COMPILED: Readonly<Record<TaskCategory, readonly Term[]>> = Object.fromEntries(
  TASK_CATEGORIES.map((c) => [
    c,
    TERMS[c].map((t) => {
      const prefixLast = t.endsWith('*');
      const text = prefixLast ? t.slice(0, -1) : t;
      return { words: text.split(' '), prefixLast, text };
    }),
  ]),
) as Record<TaskCategory, Term[]>;

/** Lower-case tokens; `+` and `#` stay so that c++ and c# survive. Linear in the input. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9+#]+/).filter((t) => t.length > 0);
}

function termMatches(term: Term, tokens: readonly string[], at: number): boolean {
  const n = term.words.length;
  if (at + n > tokens.length) return false;
  for (let k = 0; k < n; k++) {
    const tok = tokens[at + k] as string;
    const w = term.words[k] as string;
    const last = k === n - 1;
    if (last && term.prefixLast ? !tok.startsWith(w) : tok !== w) return false;
  }
  return true;
}

export interface Classification {
  category: TaskCategory;
  /** Other categories with at least one signal, strongest first. */
  also: TaskCategory[];
  /** Terms and flags that decided it, for the reason text. */
  matched: Record<TaskCategory, string[]>;
  signals: string[];
}

export interface ClassifyInput {
  task: string;
  input_tokens: number;
  needs_vision: boolean;
  min_context_tokens?: number | undefined;
}

/** Score each category by distinct matched terms plus explicit flags; the highest wins, ties by TIE_ORDER. */
export function classifyTask(input: ClassifyInput): Classification {
  const tokens = tokenize(input.task);
  const matched = Object.fromEntries(TASK_CATEGORIES.map((c) => [c, [] as string[]])) as Record<TaskCategory, string[]>;
  const score = Object.fromEntries(TASK_CATEGORIES.map((c) => [c, 0])) as Record<TaskCategory, number>;
  for (const c of TASK_CATEGORIES) {
    const seen = new Set<string>();
    let leads = false;
    for (const term of COMPILED[c]) {
      for (let i = 0; i < tokens.length; i++) {
        if (termMatches(term, tokens, i)) {
          // A task usually opens with its verb ("Summarise ...", "Extract ..."): the opening word says what
          // the work is, the words after it often only say what it is about ("customer support calls").
          if (i === 0) leads = true;
          const shown = term.prefixLast && term.words.length === 1 ? (tokens[i] as string) : term.text;
          if (!seen.has(term.text)) {
            seen.add(term.text);
            matched[c].push(shown);
          }
          break;
        }
      }
    }
    // Chat words ("answer", "support") open many tasks that are really something else, so they get no bonus.
    score[c] = seen.size + (leads && c !== 'chat' ? 1 : 0);
  }
  const signals: string[] = [];
  if (input.needs_vision) {
    score.vision += 3;
    signals.push('needs_vision is true');
  }
  if (input.input_tokens >= LONG_CONTEXT_INPUT_TOKENS) {
    score.long_context += 3;
    signals.push(`input_tokens ${input.input_tokens.toLocaleString('en-US')} >= ${LONG_CONTEXT_INPUT_TOKENS.toLocaleString('en-US')}`);
  }
  if (input.min_context_tokens !== undefined && input.min_context_tokens >= 2 * LONG_CONTEXT_INPUT_TOKENS) {
    score.long_context += 3;
    signals.push(`min_context_tokens ${input.min_context_tokens.toLocaleString('en-US')} >= ${(2 * LONG_CONTEXT_INPUT_TOKENS).toLocaleString('en-US')}`);
  }
  const ranked = [...TIE_ORDER].sort((a, b) => score[b] - score[a] || TIE_ORDER.indexOf(a) - TIE_ORDER.indexOf(b));
  const top = ranked[0] as TaskCategory;
  const category: TaskCategory = score[top] > 0 ? top : 'chat';
  for (const c of TASK_CATEGORIES) if (matched[c].length > 0) signals.push(`${c}: ${matched[c].slice(0, 6).join(', ')}`);
  if (score[top] === 0) signals.push('no task keywords matched: treated as general chat');
  const also = ranked.filter((c) => c !== category && score[c] > 0);
  return { category, also, matched, signals };
}
