// What the three writers share: the output lines, the walk of nodes inside nested groups, class flattening, and
// the table of how each notation draws each model shape (shapes.json).
import table from './shapes.json' with { type: 'json' };
import type { Graph, GraphGroup, GraphNode, LostList, Shape } from './model.ts';
import { childGroups, IdMap, LIMITS, nodesIn } from './model.ts';

/** How one notation draws a model shape; `approx` where it has no such shape and draws the nearest it has. */
interface ShapeWriting {
  /** DOT's `shape`, with a `style` word or an extra attribute where the shape needs one. */
  dot: { shape: string; style?: string; extra?: string; approx?: boolean };
  /** PlantUML's element keyword. */
  plantuml: { keyword: string; approx?: boolean };
  /** The shape Mermaid draws (this one, or the nearest its classic syntax has) and that shape's delimiters. */
  mermaid: { drawn: Shape; open: string; close: string };
}

/** A row of shapes.json: Mermaid's column holds delimiters, or (`as`) the shape Mermaid draws instead. */
type ShapeRow = Omit<ShapeWriting, 'mermaid'> & { mermaid: { open: string; close: string } | { as: string } };

/** Every shape of the model has a row (the compiler checks the keys against `Shape`). */
export const SHAPE_WRITING: Readonly<Record<Shape, ShapeWriting>> = resolved(table.shapes);

/** The table with each Mermaid fallback resolved to the delimiters of the shape drawn (checked once, at import). */
function resolved(rows: Record<Shape, ShapeRow>): Record<Shape, ShapeWriting> {
  const byName: Partial<Record<string, ShapeRow>> = rows;
  const out = {} as Record<Shape, ShapeWriting>;
  for (const shape of Object.keys(rows) as Shape[]) {
    const row = rows[shape];
    const drawn = 'as' in row.mermaid ? row.mermaid.as : shape;
    const m = byName[drawn]?.mermaid;
    if (!m || !('open' in m)) throw new Error(`shapes.json: ${shape} is drawn in Mermaid as ${drawn}, which has no delimiters`);
    out[shape] = { dot: row.dot, plantuml: row.plantuml, mermaid: { drawn: drawn as Shape, open: m.open, close: m.close } };
  }
  return out;
}

/**
 * A writer: the notation's parts (`node`, `group`) and the order of its sections (`write`); the walk of the
 * group tree, the output lines and the report of classes a notation cannot keep are the same for every notation.
 */
export abstract class GraphWriter {
  protected readonly out: string[] = [];
  private readonly flattened = new Set<string>();

  constructor(
    protected readonly g: Graph,
    protected readonly lost: LostList,
  ) {}

  /** The whole text of the converted diagram. */
  abstract write(): string;

  /** One node's lines at `depth` levels of indent. */
  protected abstract node(n: GraphNode, depth: number): void;

  /** A group's opening lines, then `inner()` (its nodes and the groups inside it), then its closing lines. */
  protected abstract group(grp: GraphGroup, depth: number, inner: () => void): void;

  /** The top-level nodes at `depth`, then each group with its nodes and nested groups, one level deeper each. */
  protected body(depth: number): void {
    for (const n of nodesIn(this.g, undefined)) this.node(n, depth);
    for (const grp of childGroups(this.g, undefined)) this.walk(grp, depth, 0);
  }

  private walk(grp: GraphGroup, depth: number, level: number): void {
    if (level > LIMITS.depth) return;
    this.group(grp, depth, () => {
      for (const n of nodesIn(this.g, grp.id)) this.node(n, depth + 1);
      for (const child of childGroups(this.g, grp.id)) this.walk(child, depth + 1, level + 1);
    });
  }

  /** The output lines as one text ending in a line break. */
  protected text(): string {
    return `${this.out.join('\n')}\n`;
  }

  /** Ids the notation accepts: every valid id kept as it is, the others rewritten (each rename reported). */
  protected idMap(valid: (id: string) => boolean, sanitize: (id: string) => string, target: string): IdMap {
    const ids = new IdMap(valid, sanitize, this.lost, target);
    ids.reserve([...this.g.nodes.keys(), ...this.g.groups.keys()]);
    return ids;
  }

  /** Reports class `name` as written into each element's own style, once, if the diagram defines it. */
  protected flatten(name: string, detail: string, line: number | undefined): void {
    if (!this.g.classDefs.has(name) || this.flattened.has(name)) return;
    this.flattened.add(name);
    this.lost.add('class_flattened', detail, line);
  }
}
