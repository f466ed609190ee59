// convert-diagram: Mermaid flowcharts, Graphviz DOT and PlantUML activity/component diagrams, each to the others.
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import type { ToolCodeSpecs, ToolExample } from '../kit/contract.ts';
import { requireTextOrUpload, uploadIdField } from '../kit/fields.ts';
import { emitConverted, prepareConvert } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { LIMITS, LOST_CODES } from './model.ts';


const format = ['mermaid', 'dot', 'plantuml'] as const;

const input = z
  .object({
    diagram: z
      .string()
      .min(1)
      .max(LIMITS.chars)
      .optional()
      .describe(`The diagram text (up to ${LIMITS.chars.toLocaleString('en-US')} characters): a Mermaid flowchart, a Graphviz DOT graph or a PlantUML activity or component/deployment/use-case diagram. Required unless upload_id is given.`),
    upload_id: uploadIdField.optional(),
    from: z
      .enum(['mermaid', 'dot', 'plantuml', 'auto'])
      .default('auto')
      .describe('Notation of the diagram; auto (the default) detects it from the header (flowchart/graph, graph/digraph {, @startuml).'),
    to: z.enum(format).describe('Notation to write: mermaid (a flowchart), dot (Graphviz) or plantuml (a component-style diagram, the PlantUML form that can hold any graph).'),
  })
  .superRefine(requireTextOrUpload('diagram'));

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const lostItem = z.object({
  code: z.enum(LOST_CODES).describe('Stable identifier of the kind of loss (see the tool README for the list).'),
  detail: z.string().max(300).describe('What was lost or changed, naming the element.'),
  line: z.number().int().min(1).optional().describe('Line of the source text it comes from, when known.'),
});

const output = z.object({
  diagram: z.string().max(20_000_000).describe('The converted diagram text, ending with a line break.'),
  from: z.enum(format).describe('Notation the input was read as (the detected one when from was auto).'),
  to: z.enum(format).describe('Notation written.'),
  stats: z
    .object({
      nodes: z.number().int().min(0).max(LIMITS.nodes).describe('Nodes in the diagram (activity start/stop points and decisions count as nodes).'),
      edges: z.number().int().min(0).max(LIMITS.edges).describe('Edges (links, arrows); a chain a -> b -> c or a fan-out A & B --> C counts each edge.'),
      subgraphs: z.number().int().min(0).max(LIMITS.groups).describe('Subgraphs, clusters, packages, partitions and swimlanes, nested ones included.'),
    })
    .describe('Size of the diagram as read.'),
  lost: z
    .array(lostItem)
    .max(LIMITS.lost)
    .describe(`What could not be carried over exactly (approximated shapes, dropped attributes, flattened classes ...), in source order; at most ${LIMITS.lost} items. Empty when the conversion is exact.`),
  lost_total: z.number().int().min(0).describe('How many distinct items were lost, including any beyond the listed ones.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export type Example = ToolExample<z.input<typeof input>, Output>;

/** Every refusal happens while reading the diagram (`prepare`), before the charge. */
const codes: ToolCodeSpecs = {
  diagram_empty: 'The diagram is only white space.',
  diagram_format_undetected: 'from is auto and the text has no Mermaid header, DOT graph/digraph { or @startuml.',
  diagram_unsupported_type: 'A diagram of another kind (Mermaid sequence/class/state ..., PlantUML sequence/class ...); details.type names it.',
  diagram_parse_error: 'Malformed text: an unclosed block, bracket, quote or comment, or an unexpected token; details.line.',
  diagram_too_large: 'More than 5,000 nodes, 20,000 edges or 1,000 subgraphs.',
  diagram_too_deep: 'Subgraphs, clusters, packages or blocks nested more than 64 deep.',
};

export default defineTool({
  name: 'convert-diagram',
  title: 'Convert diagram',
  summary: 'Convert a diagram between Mermaid flowchart, Graphviz DOT and PlantUML',
  description:
    'Converts a diagram between Mermaid flowcharts, Graphviz DOT and PlantUML (activity diagrams in the new syntax and ' +
    'component/deployment/use-case diagrams as input; a component-style diagram as output). Carries over node ids and labels, ' +
    'shapes where the target has an equivalent, edges with labels, direction (directed/undirected), arrowheads and line styles ' +
    '(dotted, dashed, bold, invisible), nested subgraphs/clusters/packages with titles, fill/stroke/text colours (Mermaid classDef ' +
    'and style, DOT attributes, PlantUML #colour specs and skinparam) and the graph direction. Everything that cannot be carried ' +
    'over exactly is listed in `lost` with a stable code, a detail and the source line. Use it to move a diagram to the notation ' +
    'a tool or document needs, or to normalise one. Limits: other diagram types (Mermaid sequence/class/state, PlantUML ' +
    'sequence/class/state ...) are refused with diagram_unsupported_type; layout hints (rank constraints, arrow directions, ' +
    'ports) are dropped; PlantUML activity control flow becomes a plain graph (fork bars and merge points are not drawn); at ' +
    'most 5000 nodes and 20000 edges.',
  deployed: false,
  input,
  output,
  uploadField: 'diagram',
  examples,
  hostile: hostileCases,
  codes,
  // Every refusal (empty, undetected, unparsable, unsupported, too large, too deep) happens while reading, before
  // the charge; run only writes the target notation.
  prepare(body) {
    return prepareConvert(body);
  },
  run(body, _ctx, prepared) {
    return emitConverted(prepared, body.to);
  },
});
