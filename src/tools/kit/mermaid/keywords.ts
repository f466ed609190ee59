// Mermaid's diagram keywords (the first word of a diagram), each with the family of diagram it opens.

export type Family = 'flowchart' | 'block' | 'class' | 'state' | 'er' | 'sequence' | 'venn' | 'other' | 'fragment';

const KEYWORDS: Record<string, Exclude<Family, 'fragment'>> = {
  graph: 'flowchart',
  flowchart: 'flowchart',
  'flowchart-v2': 'flowchart',
  'flowchart-elk': 'flowchart',
  block: 'block',
  'block-beta': 'block',
  classDiagram: 'class',
  'classDiagram-v2': 'class',
  stateDiagram: 'state',
  'stateDiagram-v2': 'state',
  erDiagram: 'er',
  sequenceDiagram: 'sequence',
  'venn-beta': 'venn',
};

const OTHER = [
  'journey',
  'gantt',
  'pie',
  'quadrantChart',
  'requirementDiagram',
  'requirement',
  'gitGraph',
  'C4Context',
  'C4Container',
  'C4Component',
  'C4Dynamic',
  'C4Deployment',
  'mindmap',
  'timeline',
  'zenuml',
  'sankey',
  'sankey-beta',
  'xychart',
  'xychart-beta',
  'packet',
  'packet-beta',
  'kanban',
  'architecture',
  'architecture-beta',
  'radar-beta',
  'treemap',
  'treemap-beta',
  'info',
  'ishikawa',
  'ishikawa-beta',
  'eventmodeling',
  'treeView-beta',
  'wardley-beta',
];
for (const k of OTHER) KEYWORDS[k] = 'other';

/** The family a diagram keyword opens, or undefined when the word is no Mermaid diagram keyword. */
export function familyOf(keyword: string): Exclude<Family, 'fragment'> | undefined {
  return Object.hasOwn(KEYWORDS, keyword) ? KEYWORDS[keyword] : undefined;
}
