// Deterministic task classification for model-advisor: keyword and token-count signals, no model in the loop.

export const TASK_CATEGORIES = ['coding', 'extraction', 'summarisation', 'translation', 'chat', 'reasoning', 'vision', 'long_context'] as const;
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
  translation: [
    'translat*', 'localis*', 'localiz*', 'multilingual', 'bilingual', 'i18n', 'l10n', 'subtitl*', 'transcreat*',
    'language pair*', 'target language*', 'source language*', 'machine translation',
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

/**
 * Natural-language names. One alone says what language the work is in ("answer in English"), not that it is a
 * translation; two different ones ("from English to German") name a language pair, which is.
 */
const LANGUAGES: ReadonlySet<string> = new Set([
  'english', 'french', 'german', 'spanish', 'italian', 'portuguese', 'dutch', 'polish', 'czech', 'slovak', 'hungarian',
  'romanian', 'bulgarian', 'greek', 'turkish', 'russian', 'ukrainian', 'swedish', 'norwegian', 'danish', 'finnish',
  'icelandic', 'estonian', 'latvian', 'lithuanian', 'croatian', 'serbian', 'slovenian', 'catalan', 'basque', 'galician',
  'irish', 'welsh', 'arabic', 'hebrew', 'persian', 'farsi', 'urdu', 'hindi', 'bengali', 'tamil', 'telugu', 'marathi',
  'gujarati', 'punjabi', 'chinese', 'mandarin', 'cantonese', 'japanese', 'korean', 'vietnamese', 'thai', 'indonesian',
  'malay', 'tagalog', 'filipino', 'swahili', 'amharic', 'yoruba', 'zulu', 'afrikaans', 'latin',
]);

/** Fixed order for ties: the more specific need wins. */
const TIE_ORDER: readonly TaskCategory[] = ['vision', 'long_context', 'coding', 'reasoning', 'translation', 'extraction', 'summarisation', 'chat'];

/** Input tokens from which a task counts as long-context whatever its wording. */
const LONG_CONTEXT_INPUT_TOKENS = 100_000;

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
function tokenize(text: string): string[] {
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
  /** Set when nothing in the task or the flags pointed to a category and it fell back to chat: why, in words. */
  fallback: string | null;
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
  // A language pair is a translation signal; a single language name is only the language of the work.
  const languages = [...new Set(tokens.filter((t) => LANGUAGES.has(t)))];
  if (languages.length >= 2) {
    score.translation += 1;
    matched.translation.push(`language pair ${languages.slice(0, 2).join('/')}`);
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
  let fallback: string | null = null;
  if (score[top] === 0) {
    fallback = fallbackReason(tokens, languages);
    signals.push('no category matched: fell back to chat (task.fallback says why)');
  }
  const also = ranked.filter((c) => c !== category && score[c] > 0);
  return { category, also, matched, signals, fallback };
}

/** Why a task matched no category, from what its words were: the caller can reword it. */
function fallbackReason(tokens: readonly string[], languages: readonly string[]): string {
  const distinct = [...new Set(tokens)];
  const shown = distinct
    .slice(0, 6)
    .map((t) => `"${t.slice(0, 30)}"`)
    .join(', ');
  const more = distinct.length > 6 ? ` and ${distinct.length - 6} more` : '';
  const words = distinct.length === 0 ? 'the task has no words (only symbols or punctuation)' : `none of its words (${shown}${more}) is a term of any category`;
  const lang = languages.length === 1 ? `; naming one language (${languages[0]}) is not a translation, which needs a language pair or a word like "translate"` : '';
  return `${words}${lang}, and no flag or token count points to vision or long context; chat, the general-purpose category, is the default. Name the work with a verb (summarise, extract, translate, refactor, classify, answer) for a sharper pick.`;
}
