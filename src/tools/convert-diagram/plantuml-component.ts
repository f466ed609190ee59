// PlantUML description-diagram parser (component, deployment, use case): elements, aliases, braces groups, arrows.
import type { EdgeStyle, Graph, GraphEdge, GraphGroup, Head, LineKind, LostList, Shape, Style } from './model.ts';
import { addGroup, emptyGraph, ensureNode, LIMITS, mergeStyle, parseError, pushEdge, tooDeep } from './model.ts';
import type { PumlLine } from './plantuml-source.ts';
import { ELEMENT_KEYWORD_SET, parseColourSpec, pumlText, sharedStatement, SkinParams } from './plantuml-source.ts';
import { plantumlColour } from '../kit/colour/notations.ts';
import { truncate } from '../kit/text.ts';

/** Element keyword -> the model shape drawn for it. */
export const KEYWORD_SHAPE: Record<string, Shape> = {
  action: 'rect',
  actor: 'actor',
  'actor/': 'actor',
  person: 'actor',
  agent: 'rect',
  artifact: 'note',
  boundary: 'circle',
  card: 'rect',
  circle: 'circle',
  cloud: 'cloud',
  collections: 'rect',
  component: 'component',
  control: 'circle',
  database: 'cylinder',
  entity: 'circle',
  file: 'note',
  folder: 'folder',
  frame: 'package',
  hexagon: 'hexagon',
  interface: 'interface',
  label: 'text',
  node: 'box3d',
  package: 'package',
  process: 'rect',
  queue: 'queue',
  rectangle: 'rect',
  stack: 'rect',
  storage: 'stadium',
  usecase: 'ellipse',
  'usecase/': 'ellipse',
};

/** Keywords whose model shape only approximates what PlantUML draws (reported when another notation is written). */
export const APPROX_KEYWORDS = new Set(['action', 'boundary', 'collections', 'control', 'entity', 'frame', 'stack', 'process', 'artifact', 'file', 'card', 'agent']);

const LEFT_HEADS: Record<string, Head> = { '<': 'normal', '<<': 'vee', '<|': 'empty', '^': 'empty', '*': 'diamond', o: 'odiamond', '#': 'box', x: 'cross', '}': 'normal', '+': 'odot', '0': 'odot', '(': 'none', '(0': 'odot', ')': 'none' };
const RIGHT_HEADS: Record<string, Head> = { '>': 'normal', '>>': 'vee', '|>': 'empty', '^': 'empty', '*': 'diamond', o: 'odiamond', '#': 'box', x: 'cross', '{': 'normal', '+': 'odot', '0': 'odot', '0)': 'odot', '(': 'none', ')': 'none' };
const APPROX_HEADS = new Set(['}', '{', '+', '(', ')', '(0', '0)']);

const ARROW =
  /(<<|<\||<|\*|o(?=[-.=~])|#|x(?=[-.=~])|\}|\+|\^|0(?=[-.=~])|\(0?(?=[-.=~])|\)(?=[-.=~]))?([-.=~]+)(?:\[([^\]\n]{0,200})\])?(?:(up|down|left|right|le|ri|do|u|d|l|r)(?=[-.=~[]))?(?:\[([^\]\n]{0,200})\])?([-.=~]*)(>>|\|>|>|\*|o(?![\p{L}\p{N}_])|#|x(?![\p{L}\p{N}_])|\{|\+|\^|0\)|0(?![\p{L}\p{N}_])|\(|\))?/uy;

interface Ref {
  id: string;
  label?: string;
  keyword?: string;
}

/** What an element declaration carries after its name. */
interface ElementTail {
  stereotypes: string[];
  style: Style;
  opensGroup: boolean;
  description: string | undefined;
  used: number;
}

class Cursor {
  pos = 0;
  constructor(readonly s: string) {}
  ws(): void {
    while (this.pos < this.s.length && (this.s[this.pos] === ' ' || this.s[this.pos] === '\t')) this.pos++;
  }
  peek(n = 0): string {
    return this.s[this.pos + n] ?? '';
  }
  rest(): string {
    return this.s.slice(this.pos);
  }
  eof(): boolean {
    return this.pos >= this.s.length;
  }
  /** Text up to `close` (exclusive), advancing past it; null when `close` does not occur. */
  until(close: string): string | null {
    const at = this.s.indexOf(close, this.pos);
    if (at < 0) return null;
    const text = this.s.slice(this.pos, at);
    this.pos = at + close.length;
    return text;
  }
  word(): string {
    const m = /[\p{L}\p{N}_]+(?:\.[\p{L}\p{N}_]+)*/uy;
    m.lastIndex = this.pos;
    const hit = m.exec(this.s);
    if (!hit) return '';
    this.pos += hit[0].length;
    return hit[0];
  }
}

class ComponentParser {
  private readonly g: Graph = emptyGraph();
  private readonly stack: { group: string | null; line: number }[] = [];
  private readonly skin: SkinParams;
  private directionHint = false;
  private groupCount = 0;

  constructor(
    private readonly lines: PumlLine[],
    private readonly lost: LostList,
  ) {
    this.skin = new SkinParams(lost, ELEMENT_KEYWORD_SET);
  }

  private currentGroup(): string | undefined {
    for (let k = this.stack.length - 1; k >= 0; k--) {
      const g = this.stack[k]?.group;
      if (g !== null && g !== undefined) return g;
    }
    return undefined;
  }

  parse(): Graph {
    const lines = this.lines;
    let i = 0;
    while (i < lines.length) {
      const cur = lines[i] as PumlLine;
      const { text, line } = cur;
      const shared = sharedStatement(lines, i, this.lost, this.g, this.skin);
      if (shared > 0) {
        i += shared;
        continue;
      }
      if (/^\}/.test(text)) {
        if (!this.stack.pop()) throw parseError('"}" without an open package or group', line);
        i++;
        continue;
      }
      if (/^left\s+to\s+right\s+direction$/i.test(text)) {
        this.g.direction = 'LR';
        i++;
        continue;
      }
      if (/^top\s+to\s+bottom\s+direction$/i.test(text)) {
        this.g.direction = 'TB';
        i++;
        continue;
      }
      if (/^together\s*\{$/i.test(text)) {
        this.push(null, line);
        this.lost.add('attribute_dropped', 'together { } (keep-together layout hint) has no equivalent', line);
        i++;
        continue;
      }
      if (this.arrow(text, line)) {
        i++;
        continue;
      }
      i += this.element(i);
    }
    const open = this.stack[this.stack.length - 1];
    if (open) throw parseError('a "{" is never closed', open.line);
    this.applySkin();
    return this.g;
  }

  private push(group: string | null, line: number): void {
    if (this.stack.length >= LIMITS.depth) throw tooDeep(line);
    this.stack.push({ group, line });
  }

  /** An endpoint: [Component], () Interface, :Actor:, (Use case), "Name", or an alias. */
  private ref(c: Cursor, line: number): Ref | null {
    const ch = c.peek();
    if (ch === '[') return { ...this.enclosed(c, ']', 'a [component] name is never closed with ]', line), keyword: 'component' };
    if (ch === '(' && c.peek(1) === ')') {
      c.pos += 2;
      c.ws();
      const name = this.name(c, line);
      if (name === '') throw parseError('() must be followed by an interface name', line);
      return { id: name, label: name, keyword: 'interface' };
    }
    // An actor or a use case may carry the business variant's trailing slash (`:Actor:/`, `(Use case)/`).
    if (ch === ':' || ch === '(') {
      const actor = ch === ':';
      const named = actor ? this.enclosed(c, ':', 'an :actor: name is never closed with :', line) : this.enclosed(c, ')', 'a (use case) name is never closed with )', line);
      if (c.peek() === '/') c.pos++;
      return { ...named, keyword: actor ? 'actor' : 'usecase' };
    }
    if (ch === '"') return { id: this.quoted(c, line) };
    const w = c.word();
    return w === '' ? null : { id: w };
  }

  /** The name between the opening character at the cursor and `close`, trimmed, as the id and the label. */
  private enclosed(c: Cursor, close: string, unclosed: string, line: number): { id: string; label: string } {
    c.pos++;
    const text = c.until(close);
    if (text === null) throw parseError(unclosed, line);
    return { id: text.trim(), label: text.trim() };
  }

  /** A double-quoted name at the cursor, as written. */
  private quoted(c: Cursor, line: number): string {
    c.pos++;
    const text = c.until('"');
    if (text === null) throw parseError('a quoted name is never closed', line);
    return text;
  }

  private name(c: Cursor, line: number): string {
    return c.peek() === '"' ? this.quoted(c, line) : c.word();
  }

  /** The node (or group) an endpoint names, creating the element the first time it is seen. */
  private resolve(ref: Ref, line: number): string {
    if (this.g.groups.has(ref.id)) return ref.id;
    if (ref.id === '') throw parseError('an element name is empty', line);
    const exists = this.g.nodes.get(ref.id);
    if (exists) return exists.id;
    const n = ensureNode(this.g, ref.id, line);
    n.label = pumlText(ref.label ?? ref.id, this.lost, line, `element ${ref.id}`);
    if (ref.keyword) {
      n.keyword = ref.keyword;
      n.shape = KEYWORD_SHAPE[ref.keyword] ?? 'rect';
    }
    const grp = this.currentGroup();
    if (grp !== undefined) n.group = grp;
    return n.id;
  }

  private arrow(text: string, line: number): boolean {
    const c = new Cursor(text);
    const left = this.ref(c, line);
    if (!left) return false;
    c.ws();
    let multiplicity = false;
    if (c.peek() === '"') {
      c.pos++;
      if (c.until('"') === null) return false;
      multiplicity = true;
      c.ws();
    }
    ARROW.lastIndex = c.pos;
    const m = ARROW.exec(text);
    if (!m || (m[2] ?? '') === '') return false;
    c.pos += m[0].length;
    c.ws();
    if (c.peek() === '"') {
      const save = c.pos;
      c.pos++;
      const q = c.until('"');
      c.ws();
      if (q !== null && !c.eof() && c.peek() !== ':') multiplicity = true;
      else c.pos = save;
    }
    const right = this.ref(c, line);
    if (!right) throw parseError(`the arrow "${truncate(m[0], 20)}" has no target`, line);
    c.ws();
    let label: string | undefined;
    if (c.peek() === ':') {
      label = c
        .rest()
        .slice(1)
        .trim()
        // A lone < or > at either end only tells PlantUML which way to draw the label's arrow.
        .replace(/^<(?=\s|$)/, '')
        .replace(/(^|\s)>$/, '')
        .trim();
    } else if (!c.eof()) {
      throw parseError(`unexpected "${truncate(c.rest(), 30)}" after the arrow`, line);
    }
    if (multiplicity) this.lost.add('label_dropped', 'multiplicity labels at the arrow ends are not carried over', line);
    const from = this.resolve(left, line);
    const to = this.resolve(right, line);
    const body = `${m[2] ?? ''}${m[6] ?? ''}`;
    let kind: LineKind = body.includes('.') || body.includes('~') ? 'dotted' : body.includes('=') ? 'bold' : 'solid';
    const style: EdgeStyle = {};
    for (const spec of [m[3], m[5]]) {
      if (spec === undefined) continue;
      for (const part of spec.split(',').map((p) => p.trim())) {
        const lower = part.toLowerCase();
        if (lower === 'hidden') kind = 'invisible';
        else if (lower === 'dashed') kind = 'dashed';
        else if (lower === 'dotted') kind = 'dotted';
        else if (lower === 'bold') kind = 'bold';
        else if (lower === 'plain' || lower === '') continue;
        else if (lower.startsWith('thickness=')) {
          const n = Number(lower.slice(10));
          if (Number.isFinite(n)) style.width = Math.max(0, Math.min(100, n));
        } else if (part.startsWith('#')) {
          const colours = part.split(';');
          const read = plantumlColour(colours[0] ?? '');
          if (read.hex) style.color = read.hex;
          for (const extra of colours.slice(1)) {
            if (/^text:/i.test(extra)) {
              const t = plantumlColour(extra.slice(5)).hex;
              if (t) style.fontColor = t;
            }
          }
          if (!read.hex || read.partial) this.lost.add('colour_dropped', `arrow colour "${truncate(part, 30)}" is not fully recognised`, line);
        } else this.lost.add('attribute_dropped', `arrow option ${truncate(part, 20)} has no equivalent`, line);
      }
    }
    if (m[4] !== undefined && !this.directionHint) {
      this.directionHint = true;
      this.lost.add('attribute_dropped', 'arrow direction hints (-up-> -left-> ...) are layout hints with no equivalent', line);
    }
    const leftHead = m[1] ?? '';
    const rightHead = m[7] ?? '';
    for (const h of [leftHead, rightHead]) {
      if (APPROX_HEADS.has(h)) this.lost.add('arrowhead_approximated', `arrow end "${h}" has no equivalent; read as ${(leftHead === h ? LEFT_HEADS[h] : RIGHT_HEADS[h]) ?? 'none'}`, line);
    }
    const e: GraphEdge = {
      from,
      to,
      line: kind,
      head: RIGHT_HEADS[rightHead] ?? 'none',
      tail: LEFT_HEADS[leftHead] ?? 'none',
      length: Math.max(0, Math.min(10, body.length - 1)),
      style,
      sourceLine: line,
    };
    if (label !== undefined && label !== '') e.label = pumlText(label, this.lost, line, 'arrow label');
    pushEdge(this.g, e);
    return true;
  }

  /** An element declaration (or group opening); returns the number of lines it used. */
  /** The element's keyword, id and label (`component [Label] as id`, `[Label]`, `() "API" as api` ...). */
  private elementName(c: Cursor, text: string, line: number): { keyword: string | undefined; id: string; label: string | undefined } {
    const kwMatch = /^([a-z]+\/?)(?=\s|$)/i.exec(text);
    let keyword: string | undefined;
    let id = '';
    let label: string | undefined;
    if (kwMatch && ELEMENT_KEYWORD_SET.has((kwMatch[1] ?? '').replace('/', '').toLowerCase())) {
      keyword = (kwMatch[1] ?? '').toLowerCase();
      c.pos = (kwMatch[1] ?? '').length;
      c.ws();
      if (c.peek() === '[') {
        c.pos++;
        const t = c.until(']');
        if (t === null) throw parseError('a [name] is never closed with ]', line);
        label = t.trim();
      } else if (c.peek() === '"') {
        label = this.name(c, line);
      } else if (c.peek() === '{') {
        // An anonymous container: `rectangle {`.
      } else {
        id = c.word();
        if (id === '') throw parseError(`${keyword} needs a name`, line);
      }
      c.ws();
      if (/^as\s/i.test(c.rest())) {
        c.pos += 2;
        c.ws();
        if (id === '') id = this.name(c, line);
        else if (c.peek() === '[') {
          c.pos++;
          label = (c.until(']') ?? '').trim();
        } else if (c.peek() === '"') label = this.name(c, line);
        else {
          // `component Display as Alias`: the bare word before `as` is the display name.
          label = id;
          id = c.word();
        }
        if (id === '' || label === '') throw parseError('"as" must be followed by a name', line);
      }
      if (id === '') id = label ?? '';
    } else {
      const ref = this.ref(c, line);
      if (!ref || ref.keyword === undefined) throw parseError(`cannot read "${truncate(text, 40)}"`, line);
      keyword = ref.keyword;
      id = ref.id;
      label = ref.label;
      c.ws();
      if (/^as\s/i.test(c.rest())) {
        c.pos += 2;
        c.ws();
        const alias = this.name(c, line);
        if (alias === '') throw parseError('"as" must be followed by a name', line);
        id = alias;
      }
    }
    return { keyword, id, label };
  }

  /** What follows the name: stereotypes, links, colours, $tags, a `{` opening a container, a [description]. */
  private elementTail(c: Cursor, index: number, id: string, line: number): ElementTail {
    const stereotypes: string[] = [];
    let style: Style = {};
    let opensGroup = false;
    let description: string | undefined;
    let used = 1;
    for (;;) {
      c.ws();
      if (c.eof()) break;
      const rest = c.rest();
      if (rest.startsWith('<<')) {
        c.pos += 2;
        const s = c.until('>>');
        if (s === null) throw parseError('a <<stereotype>> is never closed', line);
        stereotypes.push(s.trim());
      } else if (rest.startsWith('[[')) {
        c.pos += 2;
        if (c.until(']]') === null) throw parseError('a [[link]] is never closed', line);
        this.lost.add('link_dropped', `element ${truncate(id, 40)}: links are not carried over`, line);
      } else if (rest.startsWith('#')) {
        const m = /^#\S+/.exec(rest);
        const spec = m?.[0] ?? '#';
        c.pos += spec.length;
        style = mergeStyle(style, parseColourSpec(spec.slice(1), this.lost, line, `element ${id}`));
      } else if (rest.startsWith('$')) {
        c.pos++;
        c.word();
        this.lost.add('attribute_dropped', `element ${truncate(id, 40)}: $tags have no equivalent`, line);
      } else if (rest === '{') {
        opensGroup = true;
        c.pos++;
      } else if (rest.startsWith('[')) {
        c.pos++;
        const inline = c.until(']');
        if (inline !== null) description = inline;
        else {
          // A description running over several lines, closed by a line that is just "]".
          const parts = [rest.slice(1)];
          let j = index + 1;
          while (j < this.lines.length && (this.lines[j]?.text ?? '') !== ']') parts.push(this.lines[j++]?.text ?? '');
          if (j >= this.lines.length) throw parseError('a [ description is never closed with ]', line);
          used = j - index + 1;
          description = parts
            .filter((p) => !/^(-{2,}|={2,}|\.{2,}|_{2,})$/.test(p.trim()))
            .join('\\n');
          c.pos = c.s.length;
        }
      } else if (rest === ';') {
        c.pos++;
      } else {
        throw parseError(`unexpected "${truncate(rest, 30)}" in the declaration of ${truncate(id, 40)}`, line);
      }
    }
    return { stereotypes, style, opensGroup, description, used };
  }

  private element(index: number): number {
    const { text, line } = this.lines[index] as PumlLine;
    const c = new Cursor(text);
    const name = this.elementName(c, text, line);
    const { keyword, id } = name;
    let label = name.label;
    const { stereotypes, style, opensGroup, description, used } = this.elementTail(c, index, id, line);
    if (description !== undefined) label = description;
    if (!opensGroup && id === '') throw parseError(`${keyword ?? 'element'} needs a name`, line);
    if (opensGroup) {
      this.openGroup(id, label, keyword ?? 'rectangle', style, stereotypes, line);
      return used;
    }
    if (this.g.groups.has(id)) throw parseError(`${truncate(id, 40)} is already a package or group`, line);
    const n = ensureNode(this.g, id, line);
    n.label = pumlText(label ?? id, this.lost, line, `element ${id}`);
    if (keyword !== undefined) {
      n.keyword = keyword;
      n.shape = KEYWORD_SHAPE[keyword] ?? 'rect';
    }
    n.style = mergeStyle(n.style, style);
    if (stereotypes.length > 0) n.stereotypes = [...(n.stereotypes ?? []), ...stereotypes];
    const grp = this.currentGroup();
    if (n.group === undefined && grp !== undefined) n.group = grp;
    return used;
  }

  private openGroup(rawId: string, label: string | undefined, kind: string, style: Style, stereotypes: string[], line: number): void {
    let id = rawId === '' ? `group${++this.groupCount}` : rawId;
    if (this.g.nodes.has(id)) {
      // An element of that name exists already: PlantUML would complain; keep both apart.
      const base = id;
      for (let k = 2; this.g.nodes.has(id) || this.g.groups.has(id); k++) id = `${base}_${k}`;
    }
    const existing = this.g.groups.get(id);
    if (!existing) {
      const grp: GraphGroup = { id, kind, classes: [], style, line };
      const title = pumlText(label ?? rawId, this.lost, line, `${kind} ${id}`);
      if (title !== '') grp.title = title;
      const parent = this.currentGroup();
      if (parent !== undefined) grp.parent = parent;
      if (stereotypes.length > 0) grp.stereotypes = stereotypes;
      addGroup(this.g, grp);
    }
    this.push(id, line);
  }

  /** Element-kind skinparams fill gaps in each element's style; stereotype skinparams become classes. */
  private applySkin(): void {
    for (const [name, style] of this.skin.byStereotype) this.g.classDefs.set(name, { style });
    const apply = (el: { keyword?: string; kind?: string; stereotypes?: string[]; classes: string[]; style: Style }): void => {
      for (const s of el.stereotypes ?? []) if (this.skin.byStereotype.has(s) && !el.classes.includes(s)) el.classes.push(s);
      const kind = el.keyword ?? el.kind;
      const base = kind === undefined ? undefined : this.skin.byKind.get(kind.replace('/', ''));
      if (!base) return;
      const fromClasses = el.classes.reduce<Style>((acc, c) => mergeStyle(acc, this.g.classDefs.get(c)?.style ?? {}), {});
      const filled: Style = { ...el.style };
      for (const [k, v] of Object.entries(base) as [keyof Style, unknown][]) {
        if (filled[k] === undefined && fromClasses[k] === undefined) (filled as Record<string, unknown>)[k] = v;
      }
      el.style = filled;
    };
    for (const n of this.g.nodes.values()) apply(n);
    for (const grp of this.g.groups.values()) apply(grp);
    this.skin.applyArrow(this.g.edges);
  }
}

export function parsePlantUmlComponent(lines: PumlLine[], lost: LostList): Graph {
  return new ComponentParser(lines, lost).parse();
}
