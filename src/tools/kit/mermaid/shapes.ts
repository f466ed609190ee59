// Mermaid's node shape delimiters (`A[rect]`, `A((circle))`, `A[/lean/]` ...) and the shape each pair draws.

/** The shapes a delimiter pair draws; `block_arrow` (`<[...]>`) is block diagrams' own, `properties` is v11 `@{ }`. */
type DelimitedShape =
  | 'double_circle'
  | 'circle'
  | 'stadium'
  | 'ellipse'
  | 'round'
  | 'subroutine'
  | 'cylinder'
  | 'parallelogram'
  | 'trapezoid'
  | 'parallelogram_alt'
  | 'trapezoid_alt'
  | 'rect'
  | 'hexagon'
  | 'diamond'
  | 'block_arrow'
  | 'properties'
  | 'asymmetric';

export interface ShapeDelimiter<S extends DelimitedShape = DelimitedShape> {
  open: string;
  /** Closers in the order they are tried, each with the shape it makes (`[/x/]` a parallelogram, `[/x\]` a trapezoid). */
  closes: readonly (readonly [string, S])[];
}

/** Every opener, each longer one before the shorter one it starts with (`(((` before `((` before `(`). */
export const SHAPE_DELIMITERS: readonly ShapeDelimiter[] = [
  { open: '(((', closes: [[')))', 'double_circle']] },
  { open: '((', closes: [['))', 'circle']] },
  { open: '([', closes: [['])', 'stadium']] },
  { open: '(-', closes: [['-)', 'ellipse']] },
  { open: '[[', closes: [[']]', 'subroutine']] },
  { open: '[(', closes: [[')]', 'cylinder']] },
  {
    open: '[/',
    closes: [
      ['/]', 'parallelogram'],
      ['\\]', 'trapezoid'],
    ],
  },
  {
    open: '[\\',
    closes: [
      ['\\]', 'parallelogram_alt'],
      ['/]', 'trapezoid_alt'],
    ],
  },
  { open: '{{', closes: [['}}', 'hexagon']] },
  { open: '<[', closes: [[']>', 'block_arrow']] },
  { open: '@{', closes: [['}', 'properties']] },
  { open: '(', closes: [[')', 'round']] },
  { open: '[', closes: [[']', 'rect']] },
  { open: '{', closes: [['}', 'diamond']] },
  { open: '>', closes: [[']', 'asymmetric']] },
];

/** The shapes a flowchart node draws from a bracket pair (`>` and `@{` need their own reading, `<[` is block-only). */
export type BracketShape = Exclude<DelimitedShape, 'block_arrow' | 'properties' | 'asymmetric'>;

function isBracketPair(d: ShapeDelimiter): d is ShapeDelimiter<BracketShape> {
  return d.open !== '<[' && d.open !== '@{' && d.open !== '>';
}

/** The bracket pairs of a flowchart node, longest opener first. */
export const BRACKET_DELIMITERS: readonly ShapeDelimiter<BracketShape>[] = SHAPE_DELIMITERS.filter(isBracketPair);

/** A node shape read from its opener: the shape its closer draws, the label as written, where the shape ends. */
export interface ShapeText<S extends DelimitedShape> {
  shape: S;
  /** The label: a quoted one without its quotes (and with any text after the closing quote, as Mermaid joins them). */
  text: string;
  quoted: boolean;
  end: number;
}

/** Why no shape could be read: a quote never closed, or no closer before `limit`. */
export interface ShapeProblem {
  problem: 'quote_unclosed' | 'unclosed';
  closes: readonly string[];
}

/**
 * The shape whose opener `d` stands at `p`, its label ending at the first closer of that opener on its line and
 * before `limit` (one forward scan). A label in double quotes may hold closers and line breaks; text between its
 * closing quote and the closer is part of the label, as Mermaid reads `A["x" y]` (label `x y`).
 */
export function readShape<S extends DelimitedShape>(src: string, p: number, limit: number, d: ShapeDelimiter<S>): ShapeText<S> | ShapeProblem {
  const closes = d.closes.map(([c]) => c);
  let from = p + d.open.length;
  while (from < limit && (src[from] === ' ' || src[from] === '\t')) from++;
  let quotedText: string | null = null;
  let scanFrom = from;
  if (src[from] === '"') {
    const close = src.indexOf('"', from + 1);
    if (close < 0) return { problem: 'quote_unclosed', closes };
    quotedText = src.slice(from + 1, close);
    scanFrom = close + 1;
  }
  for (let k = scanFrom; k < limit && src[k] !== '\n'; k++) {
    const hit = d.closes.find(([c]) => src.startsWith(c, k));
    if (!hit) continue;
    const end = k + hit[0].length;
    if (quotedText === null) return { shape: hit[1], text: src.slice(from, k).trim(), quoted: false, end };
    return { shape: hit[1], text: quotedText + src.slice(scanFrom, k).trimEnd(), quoted: true, end };
  }
  return { problem: 'unclosed', closes };
}
