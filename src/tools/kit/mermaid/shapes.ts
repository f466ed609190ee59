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
