// Mermaid flowchart writer: nodes inside their subgraphs, links with labels and styles, classDef/class/style/linkStyle.
import { GraphWriter, SHAPE_WRITING } from './emit.ts';
import type { EdgeStyle, Graph, GraphEdge, GraphGroup, GraphNode, Head, LostList, Style } from './model.ts';
import { styleIsEmpty } from './model.ts';
import { trimChars } from './text.ts';
import { truncate } from '../kit/text.ts';

const RESERVED = new Set(['end', 'subgraph', 'graph', 'flowchart', 'style', 'class', 'classDef', 'linkStyle', 'click', 'direction', 'call', 'href', 'accTitle', 'accDescr', 'default']);

const HEAD_CHAR: Partial<Record<Head, string>> = { normal: '>', cross: 'x', dot: 'o' };
const HEAD_FALLBACK: Partial<Record<Head, Head>> = { vee: 'normal', empty: 'normal', odot: 'dot', diamond: 'normal', odiamond: 'normal', tee: 'cross', box: 'normal' };

/** Letters, digits and underscores, with single inner hyphens (`my-node`), and not a keyword. */
function validMermaidId(id: string): boolean {
  return /^[\p{L}\p{N}_]+(?:-[\p{L}\p{N}_]+)*$/u.test(id) && !RESERVED.has(id);
}

function sanitize(id: string): string {
  return trimChars(
    id
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}_-]+/gu, '_')
      .replace(/-{2,}/g, '_'),
    '_-',
  );
}

/** Label text in Mermaid's quoted form: `"` and `#...;` look-alikes as entity codes, line breaks as `<br>`. */
function mermaidText(label: string): string {
  return label
    .replace(/#(?=[\p{L}\p{N}]{1,10};)/gu, '#35;')
    .replace(/"/g, '#quot;')
    .replace(/%/g, '#37;')
    .replace(/\n/g, '<br>');
}

function quoted(label: string): string {
  return `"${label === '' ? ' ' : mermaidText(label)}"`;
}

/** Plain words need no quotes; anything with punctuation is quoted so Mermaid's lexer cannot misread it. */
function shapeText(label: string): string {
  return /^[\p{L}\p{N}_]+(?: [\p{L}\p{N}_]+)*$/u.test(label) && !/^(end|graph|subgraph)$/.test(label) ? label : quoted(label);
}

/** Mermaid style list text; font families keep their first name only (commas separate properties). */
function styleText(s: Style, lost: LostList, where: string): string {
  const parts: string[] = [];
  if (s.fill) parts.push(`fill:${s.fill}`);
  if (s.stroke) parts.push(`stroke:${s.stroke}`);
  if (s.color) parts.push(`color:${s.color}`);
  if (s.strokeWidth !== undefined) parts.push(`stroke-width:${s.strokeWidth}px`);
  if (s.dash) parts.push(s.dash === 'dotted' ? 'stroke-dasharray:2 2' : 'stroke-dasharray:5 5');
  if (s.fontWeight) parts.push('font-weight:bold');
  if (s.fontStyle) parts.push('font-style:italic');
  if (s.fontSize !== undefined) parts.push(`font-size:${s.fontSize}px`);
  if (s.fontFamily) {
    const first = s.fontFamily.split(',')[0]?.trim() ?? '';
    if (first !== s.fontFamily.trim()) lost.add('style_property_dropped', `${where}: only the first font family (${truncate(first, 30)}) is kept`);
    if (first !== '' && /^[\w -]+$/.test(first)) parts.push(`font-family:${first}`);
  }
  return parts.join(',');
}

function edgeStyleText(s: EdgeStyle, dash: 'dashed' | 'dotted' | undefined): string {
  const parts: string[] = [];
  if (s.color) parts.push(`stroke:${s.color}`);
  if (s.width !== undefined) parts.push(`stroke-width:${s.width}px`);
  if (s.fontColor) parts.push(`color:${s.fontColor}`);
  if (dash === 'dashed') parts.push('stroke-dasharray:5 5');
  return parts.join(',');
}

class MermaidWriter extends GraphWriter {
  private readonly ids = this.idMap(validMermaidId, sanitize, 'Mermaid');

  write(): string {
    const g = this.g;
    if (g.title !== undefined) this.out.push('---', `title: ${JSON.stringify(g.title)}`, '---');
    this.out.push(`flowchart ${g.direction === undefined || g.direction === 'TB' ? 'TD' : g.direction}`);
    this.body(1);
    const linkStyles: string[] = [];
    let index = 0;
    for (const e of g.edges) {
      const written = this.edge(e);
      if (!written) continue;
      if (written.style !== '') linkStyles.push(`  linkStyle ${index} ${written.style}`);
      index++;
    }
    this.styles();
    this.out.push(...linkStyles);
    return this.text();
  }

  protected node(n: GraphNode, depth: number): void {
    const id = this.ids.get(n.id, n.line);
    const shape = n.shape ?? 'rect';
    const { drawn, open, close } = SHAPE_WRITING[shape].mermaid;
    if (drawn !== shape) this.lost.add('shape_approximated', `node ${truncate(n.id, 40)}: ${shape} drawn as Mermaid ${drawn}`, n.line);
    const indent = '  '.repeat(depth);
    if (drawn === 'rect' && n.label === n.id && id === n.id) this.out.push(`${indent}${id}`);
    else this.out.push(`${indent}${id}${open}${shapeText(n.label)}${close}`);
  }

  protected group(grp: GraphGroup, depth: number, inner: () => void): void {
    const id = this.ids.get(grp.id, grp.line);
    const indent = '  '.repeat(depth);
    const title = grp.title ?? '';
    this.out.push(title === grp.id && id === grp.id ? `${indent}subgraph ${id}` : `${indent}subgraph ${id} [${quoted(title)}]`);
    if (grp.direction) this.out.push(`${indent}  direction ${grp.direction}`);
    inner();
    this.out.push(`${indent}end`);
  }

  private head(h: Head, where: string, line?: number): Head {
    if (h === 'none' || HEAD_CHAR[h]) return h;
    const f = HEAD_FALLBACK[h] ?? 'normal';
    this.lost.add('arrowhead_approximated', `${where}: arrowhead ${h} drawn as ${f}`, line);
    return f;
  }

  /** One link statement; returns its linkStyle text, or null when the edge was not written. */
  private edge(e: GraphEdge): { style: string } | null {
    const where = `edge ${truncate(e.from, 30)} -> ${truncate(e.to, 30)}`;
    let from = e.from;
    let to = e.to;
    let head = this.head(e.head, where, e.sourceLine);
    let tail = this.head(e.tail, where, e.sourceLine);
    if (head === 'none' && tail !== 'none') {
      // Mermaid has no arrow at the start only; the edge is turned round so the arrow still points the same way.
      [from, to] = [to, from];
      [head, tail] = [tail, 'none'];
      this.lost.add('edge_reversed', `${where}: an arrow only at the start is written as ${truncate(to, 30)} --> ${truncate(from, 30)}`, e.sourceLine);
    }
    if (tail !== 'none' && tail !== head) {
      this.lost.add('arrowhead_approximated', `${where}: different arrowheads at the two ends; both drawn as ${head}`, e.sourceLine);
      tail = head;
    }
    if (e.length === 0) this.lost.add('edge_style_approximated', 'same-rank links (PlantUML single-dash arrows, DOT minlen=0) are drawn at the normal length', e.sourceLine);
    const len = Math.max(1, Math.min(e.length, 10));
    const end = HEAD_CHAR[head] ?? '';
    const start = tail === 'none' ? '' : tail === 'normal' ? '<' : end;
    let link: string;
    let dash: 'dashed' | undefined;
    switch (e.line) {
      case 'bold':
        link = `${start}${'='.repeat(len + 1)}${end === '' ? '=' : end}`;
        break;
      case 'dotted':
      case 'dashed':
        link = `${start}-${'.'.repeat(len)}-${end}`;
        if (e.line === 'dashed') dash = 'dashed';
        break;
      case 'invisible':
        link = '~'.repeat(len + 2);
        break;
      default:
        link = `${start}${'-'.repeat(len + 1)}${end === '' ? '-' : end}`;
    }
    let label = '';
    if (e.label !== undefined && e.label !== '') {
      if (e.line === 'invisible') this.lost.add('label_dropped', `${where}: an invisible link cannot carry a label in Mermaid`, e.sourceLine);
      else label = `|${shapeText(e.label)}|`;
    }
    this.out.push(`  ${this.ids.get(from, e.sourceLine)} ${link}${label} ${this.ids.get(to, e.sourceLine)}`);
    return { style: edgeStyleText(e.style, dash) };
  }

  private styles(): void {
    const g = this.g;
    for (const [name, def] of g.classDefs) {
      const text = styleText(def.style, this.lost, `classDef ${name}`);
      if (text !== '' && /^[\p{L}\p{N}_-]+$/u.test(name)) this.out.push(`  classDef ${name} ${text}`);
    }
    const byClass = new Map<string, string[]>();
    const collect = (id: string, classes: string[], line?: number): void => {
      for (const c of classes) {
        if (!/^[\p{L}\p{N}_-]+$/u.test(c)) continue;
        const list = byClass.get(c) ?? [];
        const mapped = this.ids.get(id, line);
        if (!list.includes(mapped)) list.push(mapped);
        byClass.set(c, list);
      }
    };
    for (const n of g.nodes.values()) collect(n.id, n.classes, n.line);
    for (const grp of g.groups.values()) collect(grp.id, grp.classes, grp.line);
    for (const [c, list] of byClass) this.out.push(`  class ${list.join(',')} ${c}`);
    for (const n of g.nodes.values()) {
      if (styleIsEmpty(n.style)) continue;
      const text = styleText(n.style, this.lost, `node ${n.id}`);
      if (text !== '') this.out.push(`  style ${this.ids.get(n.id, n.line)} ${text}`);
    }
    for (const grp of g.groups.values()) {
      if (styleIsEmpty(grp.style)) continue;
      const text = styleText(grp.style, this.lost, `subgraph ${grp.id}`);
      if (text !== '') this.out.push(`  style ${this.ids.get(grp.id, grp.line)} ${text}`);
    }
  }
}

export function emitMermaid(g: Graph, lost: LostList): string {
  return new MermaidWriter(g, lost).write();
}
