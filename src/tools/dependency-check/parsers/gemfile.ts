// Gemfile: a tokenizer for the Ruby that Gemfiles contain (strings, %-literals, symbols, hashes, blocks) and an
// interpreter for Bundler's DSL (source, gem, group, platforms, path, git, github, install_if). Other Ruby
// statements are skipped but their blocks are balanced, so `if ... end` around gems is followed correctly.
import { ManifestError, dependencyList } from '../model.ts';
import type { Dependency, GitRefKind, Group, IndexDecl, ParsedManifest } from '../model.ts';
import { isCommitHash } from '../text.ts';

type TokKind = 'str' | 'sym' | 'label' | 'arrow' | 'comma' | 'open' | 'close' | 'ident' | 'num' | 'op' | 'nl';

interface Tok {
  kind: TokKind;
  /** String or symbol value (null for an interpolated string), identifier or punctuation text. */
  value: string | null;
  line: number;
}

/** Real Gemfiles nest a few levels; the cap keeps the recursive value reader shallow. */
const MAX_NESTING = 64;

/** No Bundler call needs more tokens than this; a longer statement is refused rather than interpreted. */
const MAX_STATEMENT_TOKENS = 10_000;

const PAIRS: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' };

/**
 * Tokens of the file, produced as they are read (so the interpreter can stop at the dependency limit without
 * tokenizing the rest); newlines become `nl` tokens only outside brackets. Linear in the input.
 */
class Lexer {
  private i = 0;
  private line = 1;
  private depth = 0;
  private last: TokKind | null = null;
  private readonly toks: Tok[] = [];

  constructor(private readonly src: string) {}

  *tokens(): Generator<Tok> {
    while (this.i < this.src.length) {
      if (this.toks.length > 0) {
        yield* this.toks;
        this.toks.length = 0;
      }
      if (!this.step()) break;
    }
    if (this.depth !== 0) throw new ManifestError('Unclosed bracket at end of file', this.line);
    this.push('nl', null);
    yield* this.toks;
  }

  private push(kind: TokKind, value: string | null, at = this.line): void {
    // A run of blank or comment lines is one statement break: later newlines add nothing.
    if (kind === 'nl' && this.last === 'nl') return;
    this.last = kind;
    this.toks.push({ kind, value, line: at });
  }

  /** Reads one token (or skips trivia); false at `__END__`, after which the file is data. */
  private step(): boolean {
    const { src } = this;
    const ch = src[this.i] as string;
    const startLine = this.line;
    if (this.skipTrivia(ch, startLine)) return true;
    if ((this.i === 0 || src[this.i - 1] === '\n') && src.startsWith('__END__', this.i)) return false;
    if (ch === "'" || ch === '"') {
      this.i++;
      this.push('str', this.readQuoted(ch, null, ch === '"', startLine), startLine);
    } else if (ch === '%' && /^[qQwWiI]?[([{<|!/^]/.test(src.slice(this.i + 1, this.i + 3))) this.percentLiteral(startLine);
    else if (ch === ':' && this.symbol(startLine)) return true;
    else if (/[A-Za-z_]/.test(ch)) this.word();
    else if (/[0-9]/.test(ch)) {
      let j = this.i;
      while (j < src.length && /[\w.]/.test(src[j] as string)) j++;
      this.push('num', src.slice(this.i, j));
      this.i = j;
    } else this.punctuation(ch);
    return true;
  }

  /** Newlines (a statement break outside brackets), blanks, line continuations and comments. */
  private skipTrivia(ch: string, startLine: number): boolean {
    const { src } = this;
    if (ch === '\n') {
      this.line++;
      this.i++;
      if (this.depth === 0) this.push('nl', null, startLine);
    } else if (ch === ' ' || ch === '\t' || ch === '\r') this.i++;
    else if (ch === '\\' && src[this.i + 1] === '\n') {
      this.i += 2;
      this.line++;
    } else if (ch === '#') {
      while (this.i < src.length && src[this.i] !== '\n') this.i++;
    } else if (ch === '=' && (this.i === 0 || src[this.i - 1] === '\n') && src.startsWith('=begin', this.i)) {
      // =begin ... =end block comments start at column 0.
      const end = src.indexOf('\n=end', this.i);
      const stop = end < 0 ? src.length : end + 5;
      for (let k = this.i; k < stop; k++) if (src[k] === '\n') this.line++;
      this.i = stop;
    } else return false;
    return true;
  }

  /** A string body up to `close` (nesting `open`), escapes resolved; null when it interpolates `#{...}`. */
  private readQuoted(close: string, open: string | null, interpolates: boolean, startLine: number): string | null {
    const { src } = this;
    let out = '';
    let interpolated = false;
    let nest = 0;
    while (this.i < src.length) {
      const ch = src[this.i] as string;
      if (ch === '\n') this.line++;
      if (ch === '\\' && this.i + 1 < src.length) {
        const next = src[this.i + 1] as string;
        if (next === '\n') this.line++;
        out += next;
        this.i += 2;
        continue;
      }
      if (interpolates && ch === '#' && src[this.i + 1] === '{') {
        interpolated = true;
        this.skipInterpolation();
        continue;
      }
      if (open !== null && ch === open) nest++;
      else if (ch === close) {
        if (nest === 0) {
          this.i++;
          return interpolated ? null : out;
        }
        nest--;
      }
      out += ch;
      this.i++;
    }
    throw new ManifestError('Unterminated string', startLine);
  }

  /** Past the `}` that closes the `#{` at the cursor. */
  private skipInterpolation(): void {
    const { src } = this;
    let braces = 0;
    while (this.i < src.length) {
      const c = src[this.i] as string;
      if (c === '\n') this.line++;
      if (c === '{') braces++;
      else if (c === '}') {
        braces--;
        if (braces === 0) break;
      }
      this.i++;
    }
    this.i++;
  }

  /** `%q(...)`, `%w[...]`, `%i{...}`, `%(...)`: a string, or a list of words or symbols. */
  private percentLiteral(startLine: number): void {
    const { src } = this;
    let type = src[this.i + 1] as string;
    let delimAt = this.i + 2;
    if (!/[qQwWiI]/.test(type)) {
      type = 'Q';
      delimAt = this.i + 1;
    }
    const open = src[delimAt] as string;
    const close = PAIRS[open] ?? open;
    this.i = delimAt + 1;
    const body = this.readQuoted(close, PAIRS[open] ? open : null, type === 'Q' || type === 'W' || type === 'I', startLine);
    if (type === 'w' || type === 'W' || type === 'i' || type === 'I') {
      this.push('open', '[', startLine);
      const words = (body ?? '').split(/\s+/).filter((w) => w !== '');
      if (words.length > MAX_STATEMENT_TOKENS) throw new ManifestError(`A %${type} literal of more than ${MAX_STATEMENT_TOKENS} words`, startLine);
      words.forEach((w, k) => {
        if (k > 0) this.push('comma', ',', startLine);
        this.push(type.toLowerCase() === 'i' ? 'sym' : 'str', w, startLine);
      });
      this.push('close', ']', this.line);
    } else this.push('str', body, startLine);
  }

  /** `::`, `:"sym"`, `:sym`; false for a lone colon (an operator). */
  private symbol(startLine: number): boolean {
    const { src } = this;
    const next = src[this.i + 1];
    if (next === ':') {
      this.push('op', '::');
      this.i += 2;
    } else if (next === '"' || next === "'") {
      this.i += 2;
      this.push('sym', this.readQuoted(next, null, next === '"', startLine), startLine);
    } else if (/[A-Za-z_]/.test(next ?? '')) {
      let j = this.i + 1;
      while (j < src.length && /[\w?!]/.test(src[j] as string)) j++;
      this.push('sym', src.slice(this.i + 1, j));
      this.i = j;
    } else return false;
    return true;
  }

  /** An identifier, or a `key:` hash label (but not `a ? b : c` or `::`). */
  private word(): void {
    const { src } = this;
    let j = this.i;
    while (j < src.length && /\w/.test(src[j] as string)) j++;
    if (src[j] === '?' || src[j] === '!') j++;
    const word = src.slice(this.i, j);
    if (src[j] === ':' && src[j + 1] !== ':') {
      this.push('label', word);
      this.i = j + 1;
      return;
    }
    this.push('ident', word);
    this.i = j;
  }

  private punctuation(ch: string): void {
    const { src } = this;
    if (ch === '=' && src[this.i + 1] === '>') {
      this.push('arrow', '=>');
      this.i += 2;
      return;
    }
    if (ch === ',') this.push('comma', ',');
    else if (ch === '(' || ch === '[' || ch === '{') {
      this.depth++;
      if (this.depth > MAX_NESTING) throw new ManifestError(`Brackets nested deeper than ${MAX_NESTING}`, this.line);
      this.push('open', ch);
    } else if (ch === ')' || ch === ']' || ch === '}') {
      if (this.depth === 0) throw new ManifestError(`Unmatched "${ch}"`, this.line);
      this.depth--;
      this.push('close', ch);
    } else if (ch === ';') {
      if (this.depth === 0) this.push('nl', null);
    } else this.push('op', ch);
    this.i++;
  }
}

type Value = { kind: 'str'; value: string } | { kind: 'sym'; value: string } | { kind: 'list'; items: Value[] } | { kind: 'unknown' };

interface Call {
  name: string;
  positional: Value[];
  options: Map<string, Value>;
  hasDo: boolean;
  /** `if` or `unless` when a modifier condition follows the arguments. */
  modifier: string | null;
  line: number;
}

/** Statements: token runs between newlines. A trailing comma or operator continues onto the next line. */
function* statements(toks: Iterable<Tok>): Generator<Tok[]> {
  let cur: Tok[] = [];
  for (const t of toks) {
    if (cur.length > MAX_STATEMENT_TOKENS) throw new ManifestError(`Statement of more than ${MAX_STATEMENT_TOKENS} tokens`, (cur[0] as Tok).line);
    if (t.kind === 'nl') {
      const last = cur[cur.length - 1];
      if (last && (last.kind === 'comma' || last.kind === 'arrow' || (last.kind === 'op' && last.value !== '|'))) continue;
      if (cur.length > 0) yield cur;
      cur = [];
    } else cur.push(t);
  }
  if (cur.length > 0) yield cur;
}

/** One literal argument, or unknown when it is an expression (a variable, a method call, interpolation). */
function readValue(toks: Tok[], start: number, end: number): Value {
  if (end - start === 1) {
    const t = toks[start] as Tok;
    if (t.kind === 'str' && t.value !== null) return { kind: 'str', value: t.value };
    if (t.kind === 'sym' && t.value !== null) return { kind: 'sym', value: t.value };
    return { kind: 'unknown' };
  }
  const first = toks[start] as Tok;
  const last = toks[end - 1] as Tok;
  if (first.kind === 'open' && first.value === '[' && last.kind === 'close') {
    const items: Value[] = [];
    let s = start + 1;
    let depth = 0;
    for (let k = start + 1; k < end - 1; k++) {
      const t = toks[k] as Tok;
      if (t.kind === 'open') depth++;
      else if (t.kind === 'close') depth--;
      else if (t.kind === 'comma' && depth === 0) {
        if (k > s) items.push(readValue(toks, s, k));
        s = k + 1;
      }
    }
    if (end - 1 > s) items.push(readValue(toks, s, end - 1));
    return { kind: 'list', items };
  }
  return { kind: 'unknown' };
}

/** Reads `name arg, arg, key: v, :key => v [do |x|] [if cond]` (parentheses optional). */
function readCall(stmt: Tok[]): Call | null {
  const head = stmt[0] as Tok;
  if (head.kind !== 'ident') return null;
  let i = 1;
  let end = stmt.length;
  let hasDo = false;
  let modifier: string | null = null;
  // Trailing `do` / `do |x|` opens a block; a modifier `if`/`unless` ends the arguments.
  let depth = 0;
  for (let k = 1; k < stmt.length; k++) {
    const t = stmt[k] as Tok;
    if (t.kind === 'open') depth++;
    else if (t.kind === 'close') depth--;
    else if (depth === 0 && t.kind === 'ident' && (t.value === 'if' || t.value === 'unless')) {
      end = k;
      modifier = t.value;
      break;
    } else if (depth === 0 && t.kind === 'ident' && t.value === 'do') {
      end = k;
      hasDo = true;
      break;
    }
  }
  let argEnd = end;
  if (stmt[1]?.kind === 'open' && stmt[1].value === '(' && stmt[end - 1]?.kind === 'close' && stmt[end - 1]?.value === ')') {
    i = 2;
    argEnd = end - 1;
  }
  const positional: Value[] = [];
  const options = new Map<string, Value>();
  let s = i;
  depth = 0;
  const flush = (a: number, b: number): void => {
    if (b <= a) return;
    const t = stmt[a] as Tok;
    if (t.kind === 'label' && t.value !== null) options.set(t.value, readValue(stmt, a + 1, b));
    else if ((t.kind === 'sym' || t.kind === 'str') && t.value !== null && stmt[a + 1]?.kind === 'arrow') options.set(t.value, readValue(stmt, a + 2, b));
    else positional.push(readValue(stmt, a, b));
  };
  for (let k = i; k < argEnd; k++) {
    const t = stmt[k] as Tok;
    if (t.kind === 'open') depth++;
    else if (t.kind === 'close') depth--;
    else if (t.kind === 'comma' && depth === 0) {
      flush(s, k);
      s = k + 1;
    }
  }
  flush(s, argEnd);
  return { name: head.value as string, positional, options, hasDo, modifier, line: head.line };
}

type Frame =
  | { kind: 'group'; groups: string[] }
  | { kind: 'source'; url: string | null }
  | { kind: 'path'; path: string | null }
  | { kind: 'git'; url: string | null; ref: string | null; refKind: GitRefKind }
  | { kind: 'other'; cond?: { line: number; branch: number } };

const BLOCK_KEYWORDS = new Set(['if', 'unless', 'while', 'until', 'case', 'begin', 'def', 'class', 'module', 'for']);
const VALUE_BLOCKS = new Set(['if', 'unless', 'case', 'begin', 'while', 'until']);
const DEV_GROUPS = new Set(['development', 'test', 'dev', 'ci', 'lint', 'linting', 'debug', 'rubocop', 'tools']);
/** One gem requirement, already trimmed: an optional operator, then a version (RubyGems' Requirement::PATTERN). */
const REQUIREMENT = /^(?:=|!=|>=|<=|>|<|~>)?\s*[0-9][0-9A-Za-z.]*$/;
/** Statements that open a new branch of the enclosing `if`/`unless`/`case`. */
const BRANCH_KEYWORDS = new Set(['else', 'elsif', 'when']);
const CONDITIONALS = new Set(['if', 'unless', 'case']);

function strings(v: Value | undefined): string[] {
  if (!v) return [];
  if (v.kind === 'str' || v.kind === 'sym') return [v.value];
  if (v.kind === 'list') return v.items.flatMap((x) => strings(x));
  return [];
}

function text(v: Value | undefined): string | null {
  return v && (v.kind === 'str' || v.kind === 'sym') ? v.value : null;
}

function refKindOf(options: Map<string, Value>): { ref: string | null; refKind: GitRefKind } {
  const ref = text(options.get('ref'));
  if (ref !== null) return { ref, refKind: isCommitHash(ref) ? 'commit' : 'branch' };
  const tag = text(options.get('tag'));
  if (tag !== null) return { ref: tag, refKind: 'tag' };
  const branch = text(options.get('branch'));
  if (branch !== null) return { ref: branch, refKind: 'branch' };
  return { ref: null, refKind: 'none' };
}

function gitUrl(options: Map<string, Value>): string | null | undefined {
  if (options.has('git')) return text(options.get('git'));
  const gh = text(options.get('github'));
  if (gh !== null) return /^https?:|^git@/.test(gh) ? gh : `https://github.com/${gh.includes('/') ? gh : `${gh}/${gh}`}.git`;
  const gist = text(options.get('gist'));
  if (gist !== null) return `https://gist.github.com/${gist}.git`;
  const bb = text(options.get('bitbucket'));
  if (bb !== null) return `https://bitbucket.org/${bb}.git`;
  if (options.has('github') || options.has('gist') || options.has('bitbucket')) return null;
  return undefined;
}

/** Which gems a `gem` call declares, under which groups, conditions and enclosing `git`/`path` blocks. */
function gemDependency(call: Call, frames: readonly { frame: Frame }[]): Dependency | null {
  const opts = call.options;
  const name = text(call.positional[0]);
  if (name === null) return null;
  const reqs = call.positional.slice(1).flatMap((v) => strings(v).map((r) => r.trim()));
  // `gem "rack", rack_version`: the requirement is Ruby's to compute, not a literal to judge.
  const computed = call.positional.slice(1).some((v) => v.kind === 'unknown');
  for (const r of reqs) {
    if (!REQUIREMENT.test(r)) throw new ManifestError(`Illformed requirement "${r.slice(0, 60)}" for gem "${name}"`, call.line);
  }
  const groups = [...strings(opts.get('group')), ...strings(opts.get('groups')), ...frames.flatMap((f) => (f.frame.kind === 'group' ? f.frame.groups : []))];
  const group: Group = groups.length > 0 && groups.every((g) => DEV_GROUPS.has(g)) ? 'development' : 'production';
  const section = groups.length > 0 ? `group ${groups.map((g) => `:${g}`).join(', ')}` : 'default group';
  const conds = frames.flatMap((f) => (f.frame.kind === 'other' && f.frame.cond ? [`${f.frame.cond.line}:${f.frame.cond.branch}`] : []));
  if (call.modifier !== null) conds.push(`${call.line}:modifier`);
  const innermost = conds.length > 0 ? Number((conds[conds.length - 1] as string).split(':')[0]) : 0;
  const base = {
    name,
    requested: reqs.length > 0 ? reqs.join(', ') : computed ? '(computed)' : null,
    group,
    section,
    line: call.line,
    versionSyntax: 'gem' as const,
    ...(computed ? { computed: true } : {}),
    ...(conds.length > 0 ? { conditional: { line: innermost, branches: conds } } : {}),
  };
  const git = gitUrl(opts);
  const enclosingGit = [...frames].reverse().find((f) => f.frame.kind === 'git')?.frame as Extract<Frame, { kind: 'git' }> | undefined;
  const enclosingPath = [...frames].reverse().find((f) => f.frame.kind === 'path')?.frame as Extract<Frame, { kind: 'path' }> | undefined;
  if (git !== undefined) return { ...base, source: 'git', git: { url: git ?? '(computed)', ...refKindOf(opts) } };
  if (opts.has('path')) return { ...base, source: 'path', location: text(opts.get('path')) };
  if (enclosingGit) return { ...base, source: 'git', git: { url: enclosingGit.url ?? '(computed)', ref: enclosingGit.ref, refKind: enclosingGit.refKind } };
  if (enclosingPath) return { ...base, source: 'path', location: enclosingPath.path };
  return { ...base, source: 'registry' };
}

/** Bundler's DSL, statement by statement: the open blocks, the gems, the sources, whether there is a gemspec. */
class GemfileReader {
  readonly frames: { frame: Frame; line: number }[] = [];
  readonly dependencies = dependencyList<Dependency>();
  readonly indexes: IndexDecl[] = [];
  hasGemspec = false;

  private open(frame: Frame, line: number): void {
    // Every gem looks at the enclosing blocks: a cap keeps that linear in the file.
    if (this.frames.length >= MAX_NESTING) throw new ManifestError(`Blocks nested deeper than ${MAX_NESTING}`, line);
    this.frames.push({ frame, line });
  }

  private close(count: number): void {
    for (let k = 0; k < count && this.frames.length > 0; k++) this.frames.pop();
  }

  statement(stmt: Tok[]): void {
    if (this.rubyBlock(stmt)) return;
    const head = stmt[0] as Tok;
    // `x = if cond` / `x = case y`: a block keyword as a value also needs its `end`.
    for (let k = 1; k < stmt.length; k++) {
      const t = stmt[k] as Tok;
      const prev = stmt[k - 1] as Tok;
      if (t.kind === 'ident' && VALUE_BLOCKS.has(t.value as string) && ((prev.kind === 'op' && prev.value === '=') || (prev.kind === 'open' && prev.value === '('))) {
        this.open({ kind: 'other' }, t.line);
      }
    }
    const call = readCall(stmt);
    const endsOnLine = stmt.filter((t) => t.kind === 'ident' && t.value === 'end').length;
    if (!call) {
      if (stmt.some((t) => t.kind === 'ident' && t.value === 'do')) this.open({ kind: 'other' }, head.line);
      return;
    }
    const frame = this.call(call);
    if (call.hasDo) this.open(frame ?? { kind: 'other' }, call.line);
    this.close(endsOnLine);
  }

  /** `end`, `else`/`elsif`/`when` and Ruby's block keywords: true when the statement was one of them. */
  private rubyBlock(stmt: Tok[]): boolean {
    const head = stmt[0] as Tok;
    if (head.kind !== 'ident') return false;
    // `end` may be followed by `.method` or a modifier; it closes one block either way.
    if (head.value === 'end') {
      if (this.frames.length === 0) throw new ManifestError('"end" without an open block', head.line);
      this.frames.pop();
      const opensAgain = stmt.some((t, k) => k > 0 && t.kind === 'ident' && t.value === 'do');
      if (opensAgain) this.open({ kind: 'other' }, head.line);
      return true;
    }
    if (BRANCH_KEYWORDS.has(head.value as string)) {
      const top = this.frames[this.frames.length - 1];
      if (top && top.frame.kind === 'other' && top.frame.cond) top.frame.cond.branch++;
      return true;
    }
    if (BLOCK_KEYWORDS.has(head.value as string)) {
      this.open(CONDITIONALS.has(head.value as string) ? { kind: 'other', cond: { line: head.line, branch: 0 } } : { kind: 'other' }, head.line);
      // `while x do` is one block, not two; a one-line `if x then y end` closes itself.
      this.close(stmt.filter((t) => t.kind === 'ident' && t.value === 'end').length);
      return true;
    }
    return false;
  }

  /** A Bundler call: what it declares, and the block frame it opens when it has `do`. */
  private call(call: Call): Frame | null {
    const opts = call.options;
    switch (call.name) {
      case 'source': {
        const url = text(call.positional[0]);
        if (!call.hasDo) {
          const primary = !this.indexes.some((x) => x.role === 'primary');
          this.indexes.push({ url, line: call.line, role: primary ? 'primary' : 'extra', insecure: url?.startsWith('http://') ?? false, detail: `source ${url ?? '(computed)'}` });
        }
        if (call.hasDo && url?.startsWith('http://')) this.indexes.push({ url, line: call.line, role: 'explicit', insecure: true, detail: `source ${url} do ... end` });
        return call.hasDo ? { kind: 'source', url } : null;
      }
      case 'group':
        return { kind: 'group', groups: call.positional.flatMap((v) => strings(v)) };
      case 'path':
        return { kind: 'path', path: text(call.positional[0]) };
      case 'git':
      case 'github':
        return { kind: 'git', url: text(call.positional[0]), ...refKindOf(opts) };
      case 'gemspec':
        this.hasGemspec = true;
        return null;
      case 'gem': {
        const dep = gemDependency(call, this.frames);
        if (dep) this.dependencies.push(dep);
        return null;
      }
      default:
        return null;
    }
  }
}

export function parseGemfile(src: string): ParsedManifest {
  const reader = new GemfileReader();
  // Statements are interpreted as they are read: a Gemfile past the dependency limit stops there.
  for (const stmt of statements(new Lexer(src).tokens())) reader.statement(stmt);
  const { frames, dependencies, indexes, hasGemspec } = reader;
  if (frames.length > 0) {
    const open = frames[frames.length - 1] as { line: number };
    throw new ManifestError('Block opened here is never closed with "end"', open.line);
  }
  // With `gemspec`, the gem's runtime dependencies live in its .gemspec; everything the Gemfile declares, in
  // any group, is what its developers need, so nothing in it is a production dependency.
  if (hasGemspec) {
    for (const d of dependencies) {
      if (d.group === 'production') {
        d.group = 'development';
        d.section = `${d.section} (gem development: the Gemfile has gemspec)`;
      }
    }
  }
  const project = hasGemspec
    ? { kind: 'library' as const, reason: 'gemspec: the Gemfile sets up the development of a gem whose runtime requirements are in its .gemspec', name: null }
    : { kind: 'application' as const, reason: 'no gemspec: the Gemfile is the bundle an application runs with', name: null };
  return { format: 'Gemfile', ecosystem: 'rubygems', dependencies, indexes, project };
}
