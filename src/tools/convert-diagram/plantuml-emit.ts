// PlantUML writer: a description (component/deployment) diagram, the one PlantUML form that holds any graph.
import { opaque } from '../kit/colour/notations.ts';
import { GraphWriter, SHAPE_WRITING } from './emit.ts';
import type { Graph, GraphEdge, GraphGroup, GraphNode, Head, LostList, Style } from './model.ts';
import { effectiveStyle } from './model.ts';
import { KEYWORD_SHAPE } from './plantuml-component.ts';
import { ELEMENT_KEYWORD_SET } from './plantuml-source.ts';
import { trimChars } from './text.ts';
import { truncate } from '../kit/text.ts';

const RIGHT: Partial<Record<Head, string>> = { none: '', normal: '>', vee: '>>', empty: '^', diamond: '*', odiamond: 'o', box: '#', odot: '0', dot: '0', cross: '>', tee: '>' };
const LEFT: Partial<Record<Head, string>> = { none: '', normal: '<', vee: '<<', empty: '^', diamond: '*', odiamond: 'o', box: '#', odot: '0', dot: '0', cross: '<', tee: '<' };
const HEAD_APPROX = new Set<Head>(['dot', 'cross', 'tee']);

// Words that start another kind of PlantUML diagram (class, state, object, timing): an id spelt like one is
// written with a prefix, as a reader may take `map --> b` for an object diagram's map.
const DIAGRAM_KEYWORDS = ['class', 'abstract', 'enum', 'annotation', 'struct', 'protocol', 'state', 'object', 'map', 'json', 'robust', 'concise', 'clock', 'binary'];
const RESERVED = new Set([...ELEMENT_KEYWORD_SET, 'as', 'end', 'skinparam', 'title', 'left', 'right', 'top', 'bottom', 'together', 'note', 'hide', 'show', 'remove', 'legend', 'header', 'footer', 'caption', 'scale', 'start', 'stop', 'if', 'else', 'endif', 'while', 'repeat', 'fork', 'partition', 'participant', ...DIAGRAM_KEYWORDS]);

function validPlantUmlId(id: string): boolean {
  return /^[\p{L}_][\p{L}\p{N}_]*$/u.test(id) && !RESERVED.has(id.toLowerCase());
}

function sanitize(id: string): string {
  return trimChars(id.normalize('NFKC').replace(/[^\p{L}\p{N}_]+/gu, '_'), '_').replace(/^(?=\p{N})/u, 'n_');
}

/**
 * Label text safe from PlantUML's readers: `~` and doubled Creole markers escaped, backslashes, comment
 * markers and (in quoted names) quotes written as <U+...> characters, line breaks as \n.
 */
function pumlLabel(text: string, quoted = false): string {
  let s = text.replace(/~/g, '~~');
  s = quoted ? s.replace(/"/g, '<U+0022>').replace(/([*/_-])(?=\1)/g, '~$1') : s.replace(/([*/"_-])(?=\1)/g, '~$1');
  return (
    s
      .replace(/\\/g, '<U+005C>')
      // /' and '/ open and close block comments even inside quotes: every quote next to a slash is written as
      // <U+0027>, so overlapping markers ("'/'a" holds both '/ and /') leave none behind.
      .replace(/'(?=\/)|(?<=\/)'/g, '<U+0027>')
      .replace(/\n/g, '\\n')
  );
}

/** A quoted PlantUML name. */
function pumlQuoted(text: string): string {
  return `"${pumlLabel(text, true)}"`;
}

class PlantUmlWriter extends GraphWriter {
  private readonly ids = this.idMap(validPlantUmlId, sanitize, 'PlantUML');

  write(): string {
    const g = this.g;
    this.out.push('@startuml');
    if (g.title !== undefined) this.out.push(`title ${pumlLabel(g.title)}`);
    if (g.direction === 'LR' || g.direction === 'RL') this.out.push('left to right direction');
    if (g.direction === 'RL' || g.direction === 'BT') {
      this.lost.add('direction_approximated', `PlantUML has no ${g.direction} direction; written as ${g.direction === 'RL' ? 'left to right' : 'top to bottom'}`);
    }
    this.body(0);
    for (const e of g.edges) this.edge(e);
    this.out.push('@enduml');
    return this.text();
  }

  /** `#back:..;line:..;line.dashed;text:..` (hex without `#` after the keys, which every PlantUML version reads). */
  private colourSpec(s: Style, where: string, line: number | undefined): string {
    const parts: string[] = [];
    const hex = (c: string): string => {
      const o = opaque(c);
      if (o.alphaDropped) this.lost.add('colour_dropped', `${truncate(where, 60)}: PlantUML colours have no transparency; ${c} written opaque`, line);
      return o.hex.slice(1).toUpperCase();
    };
    if (s.fill) parts.push(s.fill.length === 9 && s.fill.endsWith('00') ? 'back:transparent' : `back:${hex(s.fill)}`);
    if (s.stroke) parts.push(`line:${hex(s.stroke)}`);
    if (s.dash) parts.push(`line.${s.dash}`);
    if (s.strokeWidth !== undefined && s.strokeWidth >= 2) parts.push('line.bold');
    if (s.color) parts.push(`text:${hex(s.color)}`);
    const dropped = [s.fontSize !== undefined && 'font size', s.fontFamily !== undefined && 'font family', s.fontWeight && 'bold text', s.fontStyle && 'italic text', s.strokeWidth !== undefined && s.strokeWidth < 2 && s.strokeWidth !== 1 && 'stroke width'].filter(
      (x): x is string => typeof x === 'string',
    );
    for (const d of dropped) this.lost.add('style_property_dropped', `${truncate(where, 60)}: ${d} has no inline PlantUML equivalent`, line);
    return parts.length > 0 ? ` #${parts.join(';')}` : '';
  }

  private resolved(classes: string[], inline: Style, isNode: boolean, line: number | undefined): Style {
    for (const c of isNode ? [...classes, 'default'] : classes) this.flatten(c, `class ${truncate(c, 40)}: written as each element's own colours`, this.g.classDefs.get(c)?.line ?? line);
    return effectiveStyle(this.g, classes, inline, isNode);
  }

  private stereotypes(list: string[] | undefined): string {
    return (list ?? []).map((s) => ` <<${s.replace(/[<>]/g, '')}>>`).join('');
  }

  private keywordFor(n: GraphNode): string {
    if (n.keyword !== undefined && ELEMENT_KEYWORD_SET.has(n.keyword.replace('/', '')) && KEYWORD_SHAPE[n.keyword] === n.shape) return n.keyword;
    const shape = n.shape ?? 'rect';
    const m = SHAPE_WRITING[shape].plantuml;
    if (m.approx) this.lost.add('shape_approximated', `node ${truncate(n.id, 40)}: ${shape} drawn as PlantUML ${m.keyword}`, n.line);
    return m.keyword;
  }

  protected node(n: GraphNode, depth: number): void {
    const id = this.ids.get(n.id, n.line);
    const kw = this.keywordFor(n);
    const name = n.label === id ? id : `${pumlQuoted(n.label === '' ? ' ' : n.label)} as ${id}`;
    const style = this.colourSpec(this.resolved(n.classes, n.style, true, n.line), `node ${n.id}`, n.line);
    this.out.push(`${'  '.repeat(depth)}${kw} ${name}${this.stereotypes(n.stereotypes)}${style}`);
  }

  protected group(grp: GraphGroup, depth: number, inner: () => void): void {
    const id = this.ids.get(grp.id, grp.line);
    const kw = grp.kind !== undefined && ELEMENT_KEYWORD_SET.has(grp.kind) ? grp.kind : 'rectangle';
    const pad = '  '.repeat(depth);
    const title = grp.title ?? '';
    const name = title === id ? id : `${pumlQuoted(title === '' ? ' ' : title)} as ${id}`;
    if (grp.direction) this.lost.add('subgraph_direction_dropped', `subgraph ${truncate(grp.id, 40)}: PlantUML groups cannot change direction (direction ${grp.direction})`, grp.line);
    const style = this.colourSpec(this.resolved(grp.classes, grp.style, false, grp.line), `subgraph ${grp.id}`, grp.line);
    this.out.push(`${pad}${kw} ${name}${this.stereotypes(grp.stereotypes)}${style} {`);
    inner();
    this.out.push(`${pad}}`);
  }

  private edge(e: GraphEdge): void {
    const where = `edge ${e.from} -> ${e.to}`;
    for (const h of [e.head, e.tail]) {
      if (HEAD_APPROX.has(h)) this.lost.add('arrowhead_approximated', `${truncate(where, 60)}: arrowhead ${h} has no PlantUML equivalent; drawn as ${h === 'dot' ? 'an open circle' : 'an arrow'}`, e.sourceLine);
    }
    const ch = e.line === 'dotted' ? '.' : e.line === 'bold' ? '=' : '-';
    const len = Math.max(1, Math.min(e.length + 1, 11));
    const opts: string[] = [];
    if (e.style.color) opts.push(`#${opaque(e.style.color).hex.slice(1).toUpperCase()}`);
    if (e.line === 'dashed') opts.push('dashed');
    if (e.line === 'invisible') opts.push('hidden');
    if (e.style.width !== undefined) opts.push(`thickness=${e.style.width}`);
    if (e.style.fontColor) this.lost.add('style_property_dropped', `${truncate(where, 60)}: the label colour has no inline PlantUML equivalent`, e.sourceLine);
    const body = opts.length > 0 ? `${ch}[${opts.join(',')}]${ch.repeat(Math.max(1, len - 1))}` : ch.repeat(len);
    const arrow = `${LEFT[e.tail] ?? ''}${body}${RIGHT[e.head] ?? ''}`;
    const label = e.label !== undefined && e.label !== '' ? ` : ${pumlLabel(e.label)}` : '';
    this.out.push(`${this.ids.get(e.from, e.sourceLine)} ${arrow} ${this.ids.get(e.to, e.sourceLine)}${label}`);
  }
}

export function emitPlantUml(g: Graph, lost: LostList): string {
  return new PlantUmlWriter(g, lost).write();
}
