// convert-diagram engine: detect the notation, parse to the neutral graph, write the target, report what was lost.
import { ToolError } from '../kit/contract.ts';
import { emitDot } from './dot-emit.ts';
import { parseDot } from './dot-parse.ts';
import { emitMermaid } from './mermaid-emit.ts';
import { parseMermaid } from './mermaid-parse.ts';
import type { Format, Graph } from './model.ts';
import { LostList } from './model.ts';
import { APPROX_KEYWORDS, KEYWORD_SHAPE, parsePlantUmlComponent } from './plantuml-component.ts';
import { emitPlantUml } from './plantuml-emit.ts';
import { parsePlantUmlActivity } from './plantuml-activity.ts';
import { detectKind, readPlantUml } from './plantuml-source.ts';
import { normaliseNewlines } from './text.ts';
import type { Input, Output } from './tool.ts';
import { truncate } from '../kit/text.ts';

const MERMAID_HEADER = /^(graph|flowchart(-v2|-elk)?|sequenceDiagram|classDiagram(-v2)?|stateDiagram(-v2)?|erDiagram|journey|gantt|pie|quadrantChart|requirementDiagram|gitGraph|C4[A-Za-z]+|mindmap|timeline|zenuml|sankey(-beta)?|xychart(-beta)?|block(-beta)?|packet(-beta)?|kanban|architecture(-beta)?|radar-beta|treemap(-beta)?|venn-beta)\b/;

/** Where the first statement starts: past blank lines, comments (DOT // /* # and Mermaid %%), frontmatter, directives. */
function leading(text: string): string {
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const rest2 = text.slice(i, i + 3);
    let end = -1;
    if (rest2.startsWith('%%{')) {
      const close = text.indexOf('}%%', i + 3);
      end = close < 0 ? n : close + 3;
    } else if (rest2.startsWith('//') || rest2.startsWith('%%') || c === '#') {
      const nl = text.indexOf('\n', i);
      end = nl < 0 ? n : nl + 1;
    } else if (rest2.startsWith('/*')) {
      const close = text.indexOf('*/', i + 2);
      end = close < 0 ? n : close + 2;
    } else if (rest2 === '---' && (text[i + 3] === '\n' || text.slice(i + 3, i + 5).trim() === '')) {
      const close = text.indexOf('\n---', i + 3);
      end = close < 0 ? n : close + 4;
    }
    if (end < 0) break;
    i = end;
  }
  return text.slice(i, i + 2_000);
}

/** Which notation a text is written in, or a 400 when it is none of the three. */
export function detectFormat(text: string): Format {
  // Per line (`\s*` here ran across line breaks from every line start: 300,000 newlines took over 20 s).
  if (/^[ \t]*@start[a-z0-9_]+\b/im.test(text)) return 'plantuml';
  const head = leading(text);
  // redos-bounded: head is at most 2,000 characters (leading())
  if (/^(strict\s+)?digraph\b/i.test(head) || /^(strict\s+)?graph\s*("[^"\n]*"|[A-Za-z_][\w]*|-?[0-9.]+)?\s*\{/i.test(head)) return 'dot';
  if (MERMAID_HEADER.test(head)) return 'mermaid';
  throw new ToolError(400, 'diagram_format_undetected', 'Could not tell the notation: expected a Mermaid header (flowchart TD, graph LR ...), a DOT graph/digraph { ... } or a PlantUML @startuml block. Set `from` to say which it is.');
}

function parse(text: string, from: Format, lost: LostList): { g: Graph; activity: boolean } {
  if (from === 'mermaid') return { g: parseMermaid(text, lost), activity: false };
  if (from === 'dot') return { g: parseDot(text, lost), activity: false };
  const lines = readPlantUml(text, lost);
  const kind = detectKind(lines);
  return kind === 'activity' ? { g: parsePlantUmlActivity(lines, lost), activity: true } : { g: parsePlantUmlComponent(lines, lost), activity: false };
}

/** What only PlantUML can show: element keywords drawn approximately, stereotypes, container kinds, swimlanes. */
function reportPlantUmlOnly(g: Graph, to: Format, activity: boolean, lost: LostList): void {
  if (to === 'plantuml') {
    if (activity) lost.add('activity_flattened', 'the activity diagram is written as a PlantUML component diagram (elements and arrows)');
    return;
  }
  const target = to === 'dot' ? 'DOT' : 'Mermaid';
  for (const n of g.nodes.values()) {
    if (n.keyword !== undefined && APPROX_KEYWORDS.has(n.keyword)) {
      lost.add('shape_approximated', `node ${truncate(n.id, 40)}: PlantUML ${n.keyword} has no ${target} shape; drawn as ${KEYWORD_SHAPE[n.keyword] ?? 'rect'}`, n.line);
    }
    if (n.stereotypes && n.stereotypes.length > 0) lost.add('stereotype_dropped', `node ${truncate(n.id, 40)}: stereotype <<${truncate(n.stereotypes.join(', '), 40)}>> is not shown`, n.line);
  }
  const kinds = new Set<string>();
  for (const grp of g.groups.values()) {
    if (grp.stereotypes && grp.stereotypes.length > 0) lost.add('stereotype_dropped', `${grp.kind ?? 'group'} ${truncate(grp.id, 40)}: stereotype <<${truncate(grp.stereotypes.join(', '), 40)}>> is not shown`, grp.line);
    if (grp.kind === undefined || kinds.has(grp.kind) || grp.kind === 'rectangle' || grp.kind === 'partition' || grp.kind === 'group') continue;
    kinds.add(grp.kind);
    if (grp.kind === 'swimlane') lost.add('activity_flattened', 'swimlanes are written as subgraphs', grp.line);
    else lost.add('shape_approximated', `PlantUML ${grp.kind} containers are drawn as plain ${to === 'dot' ? 'clusters' : 'subgraphs'}`, grp.line);
  }
}

/**
 * The diagram read into the neutral graph: everything that can refuse the input (diagram_empty,
 * diagram_format_undetected, diagram_parse_error, diagram_unsupported_type, diagram_too_large, diagram_too_deep)
 * happens here, so the tool runs it in its `prepare` step, before the call is charged.
 */
export interface PreparedDiagram {
  g: Graph;
  from: Format;
  activity: boolean;
  lost: LostList;
}

/** Reads the diagram (detecting its notation when `from` is auto); throws the tool's 400s. */
export function prepareConvert(input: Pick<Input, 'diagram' | 'from'>): PreparedDiagram {
  const text = normaliseNewlines(input.diagram ?? '');
  if (text.trim() === '') throw new ToolError(400, 'diagram_empty', 'The diagram is empty.');
  const from = input.from === 'auto' ? detectFormat(text) : input.from;
  const lost = new LostList();
  const { g, activity } = parse(text, from, lost);
  return { g, from, activity, lost };
}

/** Writes a prepared diagram in the target notation (never refuses). */
export function emitConverted(prepared: PreparedDiagram, to: Format): Output {
  const { g, from, activity, lost } = prepared;
  if (from === 'plantuml') reportPlantUmlOnly(g, to, activity, lost);
  const out = to === 'mermaid' ? emitMermaid(g, lost) : to === 'dot' ? emitDot(g, lost) : emitPlantUml(g, lost);
  return {
    diagram: out,
    from,
    to,
    stats: { nodes: g.nodes.size, edges: g.edges.length, subgraphs: g.groups.size },
    // Source order reads best; items without a line (whole-diagram notes) go last. The sort is stable.
    lost: [...lost.items].sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER)),
    lost_total: lost.total,
  };
}

/** Read and write in one step (the tests' shortcut; the tool runs the two apart). */
export function convert(input: Pick<Input, 'diagram' | 'from' | 'to'>): Output {
  return emitConverted(prepareConvert(input), input.to);
}
