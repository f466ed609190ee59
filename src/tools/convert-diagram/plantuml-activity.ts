// PlantUML activity diagrams (new syntax) to a control-flow graph: actions, start/stop, if/elseif/else,
// while, repeat, fork/split, switch, partitions and swimlanes, arrow labels and colours.
import { plantumlColour } from '../kit/colour/notations.ts';
import type { EdgeStyle, Graph, GraphEdge, GraphGroup, LineKind, LostList, Shape, Style } from './model.ts';
import { addGroup, emptyGraph, ensureNode, LIMITS, mergeStyle, parseError, pushEdge, tooDeep } from './model.ts';
import type { PumlLine } from './plantuml-source.ts';
import { parseColourSpec, pumlText, sharedStatement, SkinParams } from './plantuml-source.ts';
import { splitLastWord, trimChars } from './text.ts';
import { truncate } from '../kit/text.ts';

/** A connection waiting for the next node: where it starts, and the label/style an arrow gave it. */
interface Pending {
  from: string;
  label?: string;
  line?: LineKind;
  style?: EdgeStyle;
}

type Frame =
  | { kind: 'if'; diamond: string; ends: Pending[]; hasElse: boolean; line: number }
  | { kind: 'while'; diamond: string; line: number }
  | { kind: 'repeat'; start?: string; line: number }
  | { kind: 'fork'; word: 'fork' | 'split'; entry: Pending[]; ends: Pending[]; line: number }
  | { kind: 'switch'; diamond: string; ends: Pending[]; cases: number; line: number }
  | { kind: 'group'; group: string; line: number };

/** Action terminators and the shape each gives (`;` is the plain action; the rest are SDL shapes). */
const TERMINATORS: Record<string, Shape> = { ';': 'round', '|': 'rect', '<': 'asymmetric', '>': 'asymmetric', '/': 'parallelogram', '\\': 'parallelogram_alt', ']': 'rect', '}': 'hexagon' };

const BLACK: Style = { fill: '#000000', stroke: '#000000' };

/** `(text)` at the start of `s` (after spaces), parentheses balanced; returns the text and what follows. */
function parens(s: string): { inner: string; rest: string } | null {
  const start = s.search(/\S/);
  if (start < 0 || s[start] !== '(') return null;
  let depth = 0;
  for (let k = start; k < s.length; k++) {
    if (s[k] === '(') depth++;
    else if (s[k] === ')') {
      depth--;
      if (depth === 0) return { inner: s.slice(start + 1, k), rest: s.slice(k + 1) };
    }
  }
  return null;
}

class ActivityParser {
  private readonly g: Graph = emptyGraph();
  private frontier: Pending[] = [];
  private readonly frames: Frame[] = [];
  private readonly counters = new Map<string, number>();
  private readonly skin: SkinParams;
  private lane: string | undefined;
  private flattenedReported = new Set<string>();

  constructor(
    private readonly lines: PumlLine[],
    private readonly lost: LostList,
  ) {
    this.skin = new SkinParams(lost, new Set(['activity', 'activitydiamond', 'partition', 'swimlane']));
  }

  private id(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    let id = n === 1 && (prefix === 'start' || prefix === 'stop' || prefix === 'end') ? prefix : `${prefix}${n}`;
    while (this.g.nodes.has(id) || this.g.groups.has(id)) id = `${id}_`;
    return id;
  }

  private flattened(what: string, line: number): void {
    if (this.flattenedReported.has(what)) return;
    this.flattenedReported.add(what);
    this.lost.add('activity_flattened', what, line);
  }

  private currentGroup(): string | undefined {
    for (let k = this.frames.length - 1; k >= 0; k--) {
      const f = this.frames[k];
      if (f?.kind === 'group') return f.group;
    }
    return this.lane;
  }

  private connect(p: Pending, to: string, line: number): void {
    const e: GraphEdge = { from: p.from, to, line: p.line ?? 'solid', head: 'normal', tail: 'none', length: 1, style: { ...(p.style ?? {}) }, sourceLine: line };
    if (p.label !== undefined && p.label !== '') e.label = p.label;
    pushEdge(this.g, e);
  }

  /** Add a node, join every pending connection to it, and make it the new frontier. */
  private add(prefix: string, label: string, shape: Shape, style: Style, line: number, kindClass?: string, fixedId?: string): string {
    const id = fixedId ?? this.id(prefix);
    const n = ensureNode(this.g, id, line);
    n.label = label;
    n.shape = shape;
    n.style = style;
    if (kindClass) n.keyword = kindClass;
    const grp = this.currentGroup();
    if (grp !== undefined) n.group = grp;
    for (const p of this.frontier) this.connect(p, id, line);
    this.frontier = [{ from: id }];
    for (const f of this.frames) if (f.kind === 'repeat' && f.start === undefined) f.start = id;
    return id;
  }

  private push(f: Frame): void {
    if (this.frames.length >= LIMITS.depth) throw tooDeep(f.line);
    this.frames.push(f);
  }

  private pop<K extends Frame['kind']>(kinds: K[], what: string, line: number): Extract<Frame, { kind: K }> {
    const top = this.frames[this.frames.length - 1];
    if (!top || !kinds.includes(top.kind as K)) {
      const open = top ? this.describe(top) : 'nothing';
      throw parseError(`${what} does not match the open block (${open})`, line);
    }
    this.frames.pop();
    return top as Extract<Frame, { kind: K }>;
  }

  private describe(f: Frame): string {
    if (f.kind === 'fork') return `${f.word} at line ${f.line}`;
    if (f.kind === 'group') return `partition at line ${f.line}`;
    return `${f.kind} at line ${f.line}`;
  }

  private labelOf(text: string | undefined, line: number, where: string): string | undefined {
    if (text === undefined) return undefined;
    const t = pumlText(text, this.lost, line, where);
    return t === '' ? undefined : t;
  }

  parse(): Graph {
    const lines = this.lines;
    let i = 0;
    while (i < lines.length) {
      const { text, line } = lines[i] as PumlLine;
      const shared = sharedStatement(lines, i, this.lost, this.g, this.skin);
      if (shared > 0) {
        i += shared;
        continue;
      }
      if (/^(#[^:\s]+)?:/.test(text)) {
        i += this.action(i);
        continue;
      }
      this.statement(text, line);
      i++;
    }
    const open = this.frames[this.frames.length - 1];
    if (open) throw parseError(`${this.describe(open)} is never closed`, open.line);
    this.applySkin();
    return this.g;
  }

  /** `:text;` possibly over several lines, with an optional `#colour` before it. Returns lines used. */
  private action(index: number): number {
    const first = this.lines[index] as PumlLine;
    const colour = /^#([^:\s]+):/.exec(first.text);
    const body = first.text.slice(colour ? colour[0].length : 1);
    const parts: string[] = [];
    let j = index;
    let cur = body;
    for (;;) {
      const m = actionTerminator(cur);
      if (m && (j > index || cur.length > 0)) {
        parts.push(cur.slice(0, m.index));
        if (m[2]) this.lost.add('stereotype_dropped', 'action stereotypes (SDL) are not carried over', this.lines[j]?.line);
        const shape = TERMINATORS[m[1] ?? ';'] ?? 'round';
        if (shape !== 'round') this.lost.add('shape_approximated', `an SDL action ending in "${m[1]}" is read as ${shape}`, first.line);
        const style: Style = colour ? parseColourSpec(colour[1] ?? '', this.lost, first.line, 'action') : {};
        this.add('action', pumlText(parts.join('\\n'), this.lost, first.line, 'action'), shape, style, first.line, 'activity');
        return j - index + 1;
      }
      parts.push(cur);
      j++;
      if (j >= this.lines.length) throw parseError('an :action is never closed with ;', first.line);
      cur = this.lines[j]?.text ?? '';
    }
  }

  private arrowStyle(spec: string | undefined, line: number): { line?: LineKind; style: EdgeStyle } {
    const style: EdgeStyle = {};
    let kind: LineKind | undefined;
    for (const part of (spec ?? '').split(',').map((p) => p.trim())) {
      const lower = part.toLowerCase();
      if (lower === '') continue;
      if (lower === 'dashed' || lower === 'dotted' || lower === 'bold') kind = lower;
      else if (lower === 'hidden') kind = 'invisible';
      else if (lower === 'plain') kind = 'solid';
      else if (lower.startsWith('thickness=')) {
        const n = Number(lower.slice(10));
        if (Number.isFinite(n)) style.width = Math.max(0, Math.min(100, n));
      } else if (part.startsWith('#')) {
        const read = plantumlColour(part.split(';')[0] ?? '');
        if (read.hex) style.color = read.hex;
        if (!read.hex || read.partial || part.includes(';')) this.lost.add('colour_dropped', `arrow colour "${truncate(part, 30)}": only the first colour is kept`, line);
      } else this.lost.add('attribute_dropped', `arrow option ${truncate(part, 20)} has no equivalent`, line);
    }
    return kind === undefined ? { style } : { line: kind, style };
  }

  private statement(text: string, line: number): void {
    const lower = text.toLowerCase();
    if (this.flowStatement(text, lower, line) || this.branchStatement(text, line) || this.parallelStatement(text, lower, line) || this.groupStatement(text, line)) return;
    throw parseError(`cannot read "${truncate(text, 40)}"`, line);
  }

  /** start, stop/end, kill/detach/break and an arrow with its label and style; true when the line was one. */
  private flowStatement(text: string, lower: string, line: number): boolean {
    if (lower === 'start') {
      // A new start begins a separate flow.
      this.frontier = [];
      this.add('start', '', 'circle', { ...BLACK }, line);
      return true;
    }
    if (lower === 'stop' || lower === 'end') {
      this.add(lower, '', 'double_circle', { ...BLACK }, line);
      this.frontier = [];
      return true;
    }
    if (lower === 'kill' || lower === 'detach' || lower === 'break') {
      this.flattened(`${lower} ends a branch without a node`, line);
      this.frontier = [];
      return true;
    }
    const arrow = /^-(?:\[([^\]]*)\])?-*>/.exec(text);
    if (arrow) {
      const { line: kind, style } = this.arrowStyle(arrow[1], line);
      // The label: the rest of the line, trimmed, without one final ";".
      let rest = text.slice(arrow[0].length).trim();
      if (rest.endsWith(';')) rest = rest.slice(0, -1).trimEnd();
      const label = this.labelOf(rest, line, 'arrow label');
      this.frontier = this.frontier.map((p) => {
        const q: Pending = { ...p, style: { ...(p.style ?? {}), ...style } };
        if (label !== undefined) q.label = label;
        if (kind !== undefined) q.line = kind;
        return q;
      });
      return true;
    }
    return false;
  }

  /** if/else/endif, while/endwhile, repeat/repeat while and backward; true when the line was one. */
  private branchStatement(text: string, line: number): boolean {
    let m: RegExpExecArray | null;
    if ((m = /^if\b(.*)$/i.exec(text))) {
      this.ifStatement(m[1] ?? '', line);
      return true;
    }
    if ((m = /^else\s*if\b(.*)$/i.exec(text))) {
      this.elseIf(m[1] ?? '', line);
      return true;
    }
    if ((m = /^else\b(.*)$/i.exec(text))) {
      const f = this.frames[this.frames.length - 1];
      if (!f || f.kind !== 'if') throw parseError('else without if', line);
      f.ends.push(...this.frontier);
      const lab = parens(m[1] ?? '');
      const p: Pending = { from: f.diamond };
      const label = this.labelOf(lab?.inner, line, 'else label');
      if (label !== undefined) p.label = label;
      this.frontier = [p];
      f.hasElse = true;
      return true;
    }
    if (/^end\s*if$/i.test(text)) {
      const f = this.pop(['if'], 'endif', line);
      f.ends.push(...this.frontier);
      if (!f.hasElse) f.ends.push({ from: f.diamond });
      this.frontier = f.ends;
      return true;
    }
    if ((m = /^while\b(.*)$/i.exec(text))) {
      const cond = parens(m[1] ?? '');
      if (!cond) throw parseError('while needs a (condition)', line);
      const is = /^\s*is\s*(\(.*)$/i.exec(cond.rest);
      const diamond = this.add('while', this.labelOf(cond.inner, line, 'while') ?? '', 'diamond', {}, line, 'activitydiamond');
      this.push({ kind: 'while', diamond, line });
      const p: Pending = { from: diamond };
      const label = this.labelOf(is ? parens(is[1] ?? '')?.inner : undefined, line, 'while label');
      if (label !== undefined) p.label = label;
      this.frontier = [p];
      return true;
    }
    if ((m = /^end\s*while\b(.*)$/i.exec(text))) {
      const f = this.pop(['while'], 'endwhile', line);
      for (const p of this.frontier) this.connect(p, f.diamond, line);
      const p: Pending = { from: f.diamond };
      const label = this.labelOf(parens(m[1] ?? '')?.inner, line, 'endwhile label');
      if (label !== undefined) p.label = label;
      this.frontier = [p];
      return true;
    }
    if ((m = /^repeat\s*while\b(.*)$/i.exec(text))) {
      this.repeatWhile(m[1] ?? '', line);
      return true;
    }
    if (/^repeat\b/i.test(text)) {
      this.push({ kind: 'repeat', line });
      const rest = text.slice('repeat'.length).trim();
      if (rest.startsWith(':')) this.inlineAction(rest, line);
      else if (rest !== '') throw parseError(`unexpected "${truncate(rest, 30)}" after repeat`, line);
      return true;
    }
    if (/^backward\s*:/i.test(text)) {
      this.flattened('backward actions on a repeat loop are not carried over', line);
      return true;
    }
    return false;
  }

  /** fork/split (again, end) and switch/case/endswitch; true when the line was one. */
  private parallelStatement(text: string, lower: string, line: number): boolean {
    let m: RegExpExecArray | null;
    if ((m = /^(fork|split)$/i.exec(text))) {
      this.push({ kind: 'fork', word: (m[1] ?? 'fork').toLowerCase() as 'fork', entry: [...this.frontier], ends: [], line });
      this.flattened('fork/split bars are dropped; the branches connect directly', line);
      return true;
    }
    if (/^(fork|split)\s+again$/i.test(text)) {
      const f = this.frames[this.frames.length - 1];
      if (!f || f.kind !== 'fork') throw parseError(`${lower} without fork or split`, line);
      f.ends.push(...this.frontier);
      this.frontier = [...f.entry];
      return true;
    }
    if (/^end\s*(fork|merge|split)\b/i.test(text)) {
      const f = this.pop(['fork'], lower, line);
      f.ends.push(...this.frontier);
      this.frontier = f.ends;
      return true;
    }
    if ((m = /^switch\b(.*)$/i.exec(text))) {
      const cond = parens(m[1] ?? '');
      if (!cond) throw parseError('switch needs a (value)', line);
      const diamond = this.add('switch', this.labelOf(cond.inner, line, 'switch') ?? '', 'diamond', {}, line, 'activitydiamond');
      this.push({ kind: 'switch', diamond, ends: [], cases: 0, line });
      this.frontier = [];
      return true;
    }
    if ((m = /^case\b(.*)$/i.exec(text))) {
      const f = this.frames[this.frames.length - 1];
      if (!f || f.kind !== 'switch') throw parseError('case without switch', line);
      if (f.cases > 0) f.ends.push(...this.frontier);
      f.cases++;
      const p: Pending = { from: f.diamond };
      const label = this.labelOf(parens(m[1] ?? '')?.inner, line, 'case label');
      if (label !== undefined) p.label = label;
      this.frontier = [p];
      return true;
    }
    if (/^end\s*switch$/i.test(text)) {
      const f = this.pop(['switch'], 'endswitch', line);
      f.ends.push(...this.frontier);
      if (f.cases === 0) f.ends.push({ from: f.diamond });
      this.frontier = f.ends;
      return true;
    }
    return false;
  }

  /** Partitions and groups, swimlanes, connectors, label/goto; true when the line was one. */
  private groupStatement(text: string, line: number): boolean {
    let m: RegExpExecArray | null;
    if ((m = /^(partition|group|package|rectangle|card)\s/i.exec(text))) {
      let spec = text.slice((m[1] ?? '').length).trim();
      const brace = spec.endsWith('{');
      if (brace) spec = spec.slice(0, -1).trimEnd();
      this.openGroup(m[1] ?? '', spec, brace, line);
      return true;
    }
    if (/^\}$/.test(text) || /^end\s*group$/i.test(text)) {
      this.pop(['group'], text, line);
      return true;
    }
    const lane = swimlaneHeader(text);
    if (lane) {
      this.swimlane(lane.colour, lane.name, line);
      return true;
    }
    if ((m = /^\(([^()]{1,100})\)$/.exec(text))) {
      // A connector: every (X) with the same name is one point.
      const name = (m[1] ?? '').trim();
      const id = `connector_${name}`;
      if (this.g.nodes.has(id)) {
        for (const p of this.frontier) this.connect(p, id, line);
        this.frontier = [{ from: id }];
      } else {
        this.add('connector', name, 'circle', {}, line, undefined, id);
      }
      return true;
    }
    if (/^(label|goto)\s/i.test(text)) {
      this.flattened('label/goto jumps are not carried over', line);
      return true;
    }
    return false;
  }

  private inlineAction(text: string, line: number): void {
    const m = /^:(.*)([;|<>/\\\]}])\s*$/.exec(text);
    if (!m) throw parseError('an :action must end with ;', line);
    this.add('action', pumlText(m[1] ?? '', this.lost, line, 'action'), TERMINATORS[m[2] ?? ';'] ?? 'round', {}, line, 'activity');
  }

  private ifStatement(rest: string, line: number): void {
    const cond = parens(rest);
    if (!cond) throw parseError('if needs a (condition)', line);
    let after = cond.rest;
    let condLabel = cond.inner;
    const is = /^\s*(is|equals)\s*(\(.*)$/i.exec(after);
    if (is) {
      const val = parens(is[2] ?? '');
      if (val) {
        condLabel = `${condLabel} ${(is[1] ?? 'is').toLowerCase()} ${val.inner}`;
        after = val.rest;
      }
    }
    const then = /^\s*then\b(.*)$/i.exec(after);
    if (!then) throw parseError('if (...) must be followed by then', line);
    const diamond = this.add('if', this.labelOf(condLabel, line, 'if') ?? '', 'diamond', {}, line, 'activitydiamond');
    this.push({ kind: 'if', diamond, ends: [], hasElse: false, line });
    const p: Pending = { from: diamond };
    const label = this.labelOf(parens(then[1] ?? '')?.inner, line, 'then label');
    if (label !== undefined) p.label = label;
    this.frontier = [p];
  }

  private elseIf(rest: string, line: number): void {
    const f = this.frames[this.frames.length - 1];
    if (!f || f.kind !== 'if') throw parseError('elseif without if', line);
    const cond = parens(rest);
    if (!cond) throw parseError('elseif needs a (condition)', line);
    const then = /^\s*then\b(.*)$/i.exec(cond.rest);
    if (!then) throw parseError('elseif (...) must be followed by then', line);
    f.ends.push(...this.frontier);
    this.frontier = [{ from: f.diamond }];
    const diamond = this.add('if', this.labelOf(cond.inner, line, 'elseif') ?? '', 'diamond', {}, line, 'activitydiamond');
    f.diamond = diamond;
    const p: Pending = { from: diamond };
    const label = this.labelOf(parens(then[1] ?? '')?.inner, line, 'then label');
    if (label !== undefined) p.label = label;
    this.frontier = [p];
  }

  private repeatWhile(rest: string, line: number): void {
    const f = this.pop(['repeat'], 'repeat while', line);
    const cond = parens(rest);
    let after = cond?.rest ?? rest;
    let yes: string | undefined;
    let no: string | undefined;
    const is = /^\s*is\s*(\(.*)$/i.exec(after);
    if (is) {
      const v = parens(is[1] ?? '');
      yes = v?.inner;
      after = v?.rest ?? '';
    }
    const not = /^\s*not\s*(\(.*)$/i.exec(after);
    if (not) no = parens(not[1] ?? '')?.inner;
    const diamond = this.add('repeat', this.labelOf(cond?.inner, line, 'repeat while') ?? '', 'diamond', {}, line, 'activitydiamond');
    const back: Pending = { from: diamond };
    const yesLabel = this.labelOf(yes, line, 'repeat label');
    if (yesLabel !== undefined) back.label = yesLabel;
    this.connect(back, f.start ?? diamond, line);
    const out: Pending = { from: diamond };
    const noLabel = this.labelOf(no, line, 'repeat exit label');
    if (noLabel !== undefined) out.label = noLabel;
    this.frontier = [out];
  }

  private openGroup(keyword: string, spec: string, brace: boolean, line: number): void {
    const kw = keyword.toLowerCase();
    if (!brace && kw !== 'group') throw parseError(`${kw} needs a "{"`, line);
    let rest = spec.trim();
    let style: Style = {};
    // A #colour as the last or the first word.
    const last = splitLastWord(rest);
    const first = /^(#\S+)\s+/.exec(rest);
    const colour = last && /^#\S/.test(last[1]) ? { spec: last[1], rest: last[0] } : first ? { spec: first[1] ?? '', rest: rest.slice(first[0].length) } : null;
    if (colour) {
      style = parseColourSpec(colour.spec.slice(1), this.lost, line, `${kw} ${rest}`);
      rest = colour.rest.trim();
    }
    const title = rest.replace(/^"(.*)"$/, '$1');
    const id = this.groupId(title === '' ? kw : title);
    const grp: GraphGroup = { id, kind: kw, classes: [], style, line };
    const t = pumlText(title, this.lost, line, `${kw} ${title}`);
    if (t !== '') grp.title = t;
    const parent = this.currentGroup();
    if (parent !== undefined) grp.parent = parent;
    addGroup(this.g, grp);
    this.push({ kind: 'group', group: id, line });
  }

  private groupId(title: string): string {
    const base = trimChars(title.replace(/[^\p{L}\p{N}_]+/gu, '_'), '_') || 'group';
    let id = base;
    for (let k = 2; this.g.groups.has(id) || this.g.nodes.has(id); k++) id = `${base}_${k}`;
    return id;
  }

  private swimlane(colour: string | undefined, name: string, line: number): void {
    const title = name.trim();
    const existing = [...this.g.groups.values()].find((x) => x.kind === 'swimlane' && x.title === title);
    if (existing) {
      this.lane = existing.id;
      return;
    }
    const id = this.groupId(title);
    const grp: GraphGroup = { id, kind: 'swimlane', classes: [], style: colour ? parseColourSpec(colour.slice(1), this.lost, line, `swimlane ${title}`) : {}, line };
    if (title !== '') grp.title = pumlText(title, this.lost, line, `swimlane ${title}`);
    addGroup(this.g, grp);
    this.lane = id;
  }

  private applySkin(): void {
    for (const n of this.g.nodes.values()) {
      const base = n.keyword ? this.skin.byKind.get(n.keyword) : undefined;
      if (base) n.style = mergeStyle(base, n.style);
      // The keyword only carried the skinparam kind; activity nodes have no PlantUML element keyword.
      delete n.keyword;
    }
    for (const grp of this.g.groups.values()) {
      const base = this.skin.byKind.get(grp.kind === 'swimlane' ? 'swimlane' : 'partition');
      if (base) grp.style = mergeStyle(base, grp.style);
    }
    this.skin.applyArrow(this.g.edges);
  }
}

/** Longest stereotype (`<<...>>`) read after an SDL action terminator. */
const MAX_STEREOTYPE = 200;

/**
 * How an action line ends: its terminator (`;`, or an SDL shape `|`, `<`, `>`, `/`, `\`, `]`, `}`), optionally
 * followed by a `<<stereotype>>`, then only spaces. Only the last MAX_STEREOTYPE + 8 characters are searched, so
 * the expression runs on a bounded string (on a whole line, a line of "<" took quadratic time).
 */
function actionTerminator(cur: string): RegExpExecArray | null {
  const from = Math.max(0, cur.length - MAX_STEREOTYPE - 8);
  const tail = cur.slice(from);
  // redos-bounded: tail is at most MAX_STEREOTYPE + 8 characters
  const m = /([;|<>/\\\]}])(\s*<<[^>]{0,200}>>)?\s*$/.exec(tail);
  if (m) m.index += from;
  return m;
}

/** A swimlane header `|name|` or `|#colour|name|`, the rest of the line ignored. */
function swimlaneHeader(text: string): { colour: string | undefined; name: string } | null {
  if (!text.startsWith('|')) return null;
  const a = text.indexOf('|', 1);
  if (a <= 1) return null;
  const first = text.slice(1, a);
  const b = first.length > 1 && first.startsWith('#') ? text.indexOf('|', a + 1) : -1;
  if (b > a + 1) return { colour: first, name: text.slice(a + 1, b) };
  return { colour: undefined, name: first };
}


export function parsePlantUmlActivity(lines: PumlLine[], lost: LostList): Graph {
  return new ActivityParser(lines, lost).parse();
}
