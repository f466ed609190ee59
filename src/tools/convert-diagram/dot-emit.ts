// Graphviz DOT writer: nodes in nested clusters, edges with arrowheads and styles, classes resolved inline.
import { GraphWriter, SHAPE_WRITING } from './emit.ts';
import type { Graph, GraphEdge, GraphGroup, GraphNode, Head, LostList, Style } from './model.ts';
import { effectiveStyle, firstNodeIn } from './model.ts';
import { truncate } from '../kit/text.ts';

const HEADS: Record<Head, string> = {
  none: 'none',
  normal: 'normal',
  vee: 'vee',
  empty: 'empty',
  dot: 'dot',
  odot: 'odot',
  diamond: 'diamond',
  odiamond: 'odiamond',
  cross: 'tee',
  tee: 'tee',
  box: 'box',
};

const KEYWORDS = new Set(['node', 'edge', 'graph', 'digraph', 'subgraph', 'strict']);

/** A DOT ID: bare when it is a plain identifier or numeral (and not a keyword), quoted otherwise. */
function dotId(id: string): string {
  if ((/^[A-Za-z_][A-Za-z0-9_]*$/.test(id) && !KEYWORDS.has(id.toLowerCase())) || /^-?(\.[0-9]+|[0-9]+(\.[0-9]*)?)$/.test(id)) return id;
  return dotString(id);
}

/** A quoted DOT string: backslashes doubled, quotes escaped, line breaks as \n. */
function dotString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** A label: as a string, with `&` written as an entity because Graphviz decodes entities in labels. */
function dotLabel(text: string): string {
  return dotString(text.replace(/&/g, '&amp;'));
}

function quoteColour(hex: string): string {
  return `"${hex}"`;
}

class DotWriter extends GraphWriter {
  private compound = false;
  private readonly anchors = new Map<string, string>();
  /** Whether a group being written lies inside a titled one (Graphviz hands the title down). */
  private titledAbove = false;

  write(): string {
    const g = this.g;
    const undirected = g.edges.length > 0 && g.edges.every((e) => e.head === 'none' && e.tail === 'none');
    // Edges first: an edge to a cluster makes the graph compound and may give the cluster an anchor node.
    const edges = g.edges.map((e) => this.edge(e, undirected));
    this.out.push(`${undirected ? 'graph' : 'digraph'} G {`);
    if (g.title !== undefined) this.out.push(`  label=${dotLabel(g.title)};`, '  labelloc=t;');
    if (g.direction !== undefined && g.direction !== 'TB') this.out.push(`  rankdir=${g.direction};`);
    if (this.compound) this.out.push('  compound=true;');
    this.body(1);
    this.out.push(...edges, '}');
    return this.text();
  }

  private styleAttrs(s: Style, words: string[], where: string, line: number | undefined, isCluster: boolean): string[] {
    const attrs: string[] = [];
    const style = [...words];
    if (s.fill) {
      style.push('filled');
      attrs.push(`fillcolor=${quoteColour(s.fill)}`);
    }
    if (s.dash) style.push(s.dash);
    if (s.stroke) attrs.push(`${isCluster ? 'pencolor' : 'color'}=${quoteColour(s.stroke)}`);
    if (s.color) attrs.push(`fontcolor=${quoteColour(s.color)}`);
    if (s.strokeWidth !== undefined) attrs.push(`penwidth=${s.strokeWidth}`);
    if (s.fontSize !== undefined) attrs.push(`fontsize=${s.fontSize}`);
    const family = s.fontFamily ?? (s.fontWeight || s.fontStyle ? 'Helvetica' : undefined);
    if (family !== undefined) {
      const suffix = `${s.fontWeight ? '-Bold' : ''}${s.fontStyle ? (s.fontWeight ? 'Oblique' : '-Oblique') : ''}`;
      attrs.push(`fontname=${dotString(`${family.split(',')[0]?.trim() ?? family}${suffix}`)}`);
      if (s.fontFamily === undefined) this.lost.add('style_property_dropped', `${truncate(where, 50)}: bold/italic text is written as a Helvetica font variant`, line);
    }
    if (style.length > 0) attrs.unshift(`style=${dotString(style.join(','))}`);
    return attrs;
  }

  private resolvedStyle(classes: string[], inline: Style, isNode: boolean, line: number | undefined): Style {
    for (const c of classes) this.flatten(c, `class ${truncate(c, 40)}: DOT has no classes; its style is written on each element`, this.g.classDefs.get(c)?.line ?? line);
    if (isNode) this.flatten('default', "classDef default: written as each node's own style", this.g.classDefs.get('default')?.line);
    return effectiveStyle(this.g, classes, inline, isNode);
  }

  protected node(n: GraphNode, depth: number): void {
    const attrs: string[] = [];
    if (n.label !== n.id) attrs.push(`label=${dotLabel(n.label)}`);
    const words: string[] = [];
    if (n.shape !== undefined) {
      const m = SHAPE_WRITING[n.shape].dot;
      attrs.push(`shape=${m.shape}`);
      if (m.style) words.push(m.style);
      if (m.extra) attrs.push(m.extra);
      if (m.approx) this.lost.add('shape_approximated', `node ${truncate(n.id, 40)}: ${n.shape} drawn as DOT ${m.shape}${m.style ? ` (${m.style})` : ''}`, n.line);
    }
    attrs.push(...this.styleAttrs(this.resolvedStyle(n.classes, n.style, true, n.line), words, `node ${n.id}`, n.line, false));
    this.out.push(`${'  '.repeat(depth)}${dotId(n.id)}${attrs.length > 0 ? ` [${attrs.join(', ')}]` : ''};`);
  }

  protected group(grp: GraphGroup, depth: number, inner: () => void): void {
    const pad = '  '.repeat(depth);
    this.out.push(`${pad}subgraph ${dotId(`cluster_${grp.id}`)} {`);
    // Graphviz hands a cluster's attributes down to clusters opened after them: an untitled cluster inside a
    // titled one says label="" so it does not repeat the title, and the style attributes come after the
    // nested clusters so they stay this cluster's own.
    if (grp.title !== undefined) this.out.push(`${pad}  label=${dotLabel(grp.title)};`);
    else if (this.titledAbove) this.out.push(`${pad}  label="";`);
    if (grp.direction) this.lost.add('subgraph_direction_dropped', `subgraph ${truncate(grp.id, 40)}: DOT clusters cannot change direction (direction ${grp.direction})`, grp.line);
    const attrs = this.styleAttrs(this.resolvedStyle(grp.classes, grp.style, false, grp.line), [], `subgraph ${grp.id}`, grp.line, true);
    const above = this.titledAbove;
    this.titledAbove = above || grp.title !== undefined;
    inner();
    this.titledAbove = above;
    const anchor = this.anchors.get(grp.id);
    if (anchor !== undefined) this.out.push(`${pad}  ${dotId(anchor)} [shape=point, style=invis, label=""];`);
    for (const a of attrs) this.out.push(`${pad}  ${a};`);
    this.out.push(`${pad}}`);
  }

  /** A node standing in for a cluster endpoint (DOT draws edges between nodes, clipped at the cluster). */
  private clusterEnd(id: string, where: string, line: number | undefined): string {
    this.compound = true;
    const inside = firstNodeIn(this.g, id);
    if (inside) return inside.id;
    let anchor = this.anchors.get(id);
    if (anchor === undefined) {
      anchor = `__anchor_${id}`;
      for (let k = 2; this.g.nodes.has(anchor); k++) anchor = `__anchor_${id}_${k}`;
      this.anchors.set(id, anchor);
      this.lost.add('edge_to_subgraph_approximated', `${truncate(where, 60)}: the empty subgraph ${truncate(id, 30)} gets an invisible anchor node`, line);
    }
    return anchor;
  }

  private edge(e: GraphEdge, undirected: boolean): string {
    const where = `edge ${e.from} -> ${e.to}`;
    const attrs: string[] = [];
    let from = e.from;
    let to = e.to;
    if (this.g.groups.has(e.to)) {
      to = this.clusterEnd(e.to, where, e.sourceLine);
      attrs.push(`lhead=${dotId(`cluster_${e.to}`)}`);
    }
    if (this.g.groups.has(e.from)) {
      from = this.clusterEnd(e.from, where, e.sourceLine);
      attrs.push(`ltail=${dotId(`cluster_${e.from}`)}`);
    }
    if (e.label !== undefined) attrs.push(`label=${dotLabel(e.label)}`);
    if (!undirected) {
      if (e.head === 'none' && e.tail === 'none') attrs.push('dir=none');
      else if (e.head !== 'none' && e.tail !== 'none') attrs.push('dir=both');
      else if (e.head === 'none') attrs.push('dir=back');
      for (const [end, h] of [
        ['arrowhead', e.head],
        ['arrowtail', e.tail],
      ] as const) {
        if (h === 'none' || h === 'normal') continue;
        if (h === 'cross') this.lost.add('arrowhead_approximated', `${truncate(where, 60)}: DOT has no cross arrowhead; drawn as tee`, e.sourceLine);
        attrs.push(`${end}=${HEADS[h]}`);
      }
    }
    if (e.line !== 'solid') attrs.push(`style=${e.line === 'invisible' ? 'invis' : e.line}`);
    if (e.style.color) attrs.push(`color=${quoteColour(e.style.color)}`);
    if (e.style.width !== undefined) attrs.push(`penwidth=${e.style.width}`);
    if (e.style.fontColor) attrs.push(`fontcolor=${quoteColour(e.style.fontColor)}`);
    if (e.length !== 1) attrs.push(`minlen=${e.length}`);
    const op = undirected ? '--' : '->';
    return `  ${dotId(from)} ${op} ${dotId(to)}${attrs.length > 0 ? ` [${attrs.join(', ')}]` : ''};`;
  }
}

export function emitDot(g: Graph, lost: LostList): string {
  return new DotWriter(g, lost).write();
}
