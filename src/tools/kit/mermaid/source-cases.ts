// Mermaid texts that the two diagram tools once read differently (frontmatter fences, directives, node ids, links,
// shape labels, subgraph headers, style and class statements, `@{ }` shape blocks), each with Mermaid's own verdict
// (`mermaid.parse`, mermaid 11.17.2) and, when it accepts, the node ids it draws. kit/mermaid's and convert-diagram's
// tests check our reading against these; diagram-contrast's mermaid-parse.test.ts checks the verdicts themselves
// against Mermaid, so a new Mermaid cannot leave them stale.

export interface SourceCase {
  name: string;
  text: string;
  /** The node ids Mermaid draws, or null when it refuses the text. */
  nodes: string[] | null;
  /** The links Mermaid draws, `from>to|label`, when the case is about links. */
  edges?: string[];
  /** Node labels Mermaid draws, when the case is about labels. */
  labels?: Record<string, string>;
  /** Subgraph ids Mermaid gives, when the case is about subgraphs. */
  subgraphs?: string[];
  /** Node classes Mermaid assigns, when the case is about classes. */
  classes?: Record<string, string[]>;
  /**
   * When Mermaid refuses a single statement: the node ids the element model draws all the same (it checks
   * colours and skips the statement; convert-diagram refuses the text).
   */
  modelNodes?: string[];
}

export const SOURCE_CASES: readonly SourceCase[] = [
  { name: 'frontmatter fences indented alike', text: '  ---\n  title: hi\n  ---\nflowchart TD\nA-->B', nodes: ['A', 'B'] },
  { name: 'an indented opening fence, a closing one at the margin', text: '  ---\ntitle: hi\n---\nflowchart TD\nA-->B', nodes: ['A', 'B'] },
  { name: 'an opening fence at the margin, an indented closing one', text: '---\ntitle: hi\n  ---\nflowchart TD\nA-->B', nodes: null },
  { name: 'a blank line before the frontmatter', text: '\n---\ntitle: hi\n---\nflowchart TD\nA-->B', nodes: ['A', 'B'] },
  { name: 'frontmatter indented with tabs', text: '\t---\n\ttitle: hi\n\t---\nflowchart TD\nA-->B', nodes: ['A', 'B'] },
  { name: 'white space after the fences', text: '--- \ntitle: hi\n---  \nflowchart TD\nA-->B', nodes: ['A', 'B'] },
  { name: 'frontmatter never closed', text: '---\ntitle: hi\nflowchart TD\nA-->B', nodes: null },
  { name: 'a closing fence with nothing after it', text: '---\ntitle: hi\n---', nodes: null },
  { name: 'a key twice in the frontmatter', text: '---\ntitle: hi\ntitle: ho\n---\nflowchart TD\nA-->B', nodes: null },
  { name: 'a directive never closed, before the header', text: '%%{init: {}\nflowchart TD\nA-->B', nodes: null },
  { name: 'a directive never closed takes the rest of the text', text: 'flowchart TD\nA-->B\n%%{init: {}\nC-->D', nodes: ['A', 'B'] },
  { name: 'a directive after a statement', text: 'flowchart TD\nA-->B %%{init: {}}%%\nC-->D', nodes: ['A', 'B', 'C', 'D'] },
  { name: 'a directive inside a label', text: 'flowchart TD\nA["50%%{x}%% off"]-->B', nodes: ['A', 'B'] },
  { name: 'a classDef ending with a semicolon', text: 'flowchart TD\nA-->B\nclassDef foo fill:#f00;\nclass A foo', nodes: ['A', 'B'] },
  { name: 'ids with $', text: 'flowchart TD\nA$b[lbl]-->$\na$-->C', nodes: ['A$b', '$', 'a$', 'C'] },
  { name: 'ids opening with a dot', text: 'flowchart TD\n.a.b-->c.d', nodes: ['.a.b', 'c.d'] },
  { name: 'a link with a circle end before a node', text: 'flowchart TD\nio --o trap[/Wide bottom\\] --x inv[\\Wide top/]', nodes: ['io', 'trap', 'inv'], edges: ['io>trap|', 'trap>inv|'] },
  { name: 'a cross end glued to the next node', text: 'flowchart TD\nA--xB', nodes: ['A', 'B'], edges: ['A>B|'] },
  { name: 'a quoted link label holding a bar', text: 'flowchart TD\nA -->|"a|b"| B', nodes: ['A', 'B'], edges: ['A>B|a|b'] },
  { name: 'an ellipse', text: 'flowchart TD\nA(-x-)-->B', nodes: ['A', 'B'], labels: { A: 'x' } },
  { name: 'text after a quoted label joins it', text: 'flowchart TD\nA["x" y]-->B\nC["x"y]', nodes: ['A', 'B', 'C'], labels: { A: 'x y', C: 'xy' } },
  { name: 'a quoted subgraph title without a blank is its id', text: 'flowchart TD\nsubgraph "one"\nA\nend\nsubgraph "a b"\nB\nend', nodes: ['A', 'B'], subgraphs: ['one', 'subGraph1'] },
  { name: 'a style naming two ids styles one node named by both', text: 'flowchart TD\nA-->B\nstyle A,B fill:red', nodes: ['A', 'B', 'A,B'] },
  { name: 'a style naming "A, B" styles a node "A,"', text: 'flowchart TD\nA-->B\nstyle A, B fill:red', nodes: ['A', 'B', 'A,'] },
  { name: 'a class statement with a blank after a comma', text: 'flowchart TD\nA-->B\nclass A, B foo', nodes: null, modelNodes: ['A', 'B'] },
  { name: 'a class statement with three words', text: 'flowchart TD\nA-->B\nclass A foo bar', nodes: null, modelNodes: ['A', 'B'] },
  { name: 'a linkStyle with a blank after a comma', text: 'flowchart TD\nA-->B\nB-->C\nlinkStyle 0, 1 stroke:red', nodes: null, modelNodes: ['A', 'B', 'C'] },
  { name: 'a shape block over several lines', text: 'flowchart TD\nA@{\n  shape: rect\n  label: hi\n}\nA-->B', nodes: ['A', 'B'], labels: { A: 'hi' } },
  { name: 'a shape label without quotes', text: 'flowchart TD\nA@{ shape: rect, label: hello world }', nodes: ['A'], labels: { A: 'hello world' } },
  { name: 'a shape label that is a number', text: 'flowchart TD\nA@{ label: 5 }', nodes: ['A'], labels: { A: '5' } },
  { name: 'a shape label holding a colon and a blank, unquoted', text: 'flowchart TD\nA@{ shape: circle, label: hi: there }', nodes: null, modelNodes: ['A'] },
  { name: 'properties of a link by its id', text: 'flowchart TD\nA e1@--> B\ne1@{ animate: true }', nodes: ['A', 'B'], edges: ['A>B|'] },
  { name: 'an edge id holding a hyphen', text: 'flowchart TD\nA a-b@--> B', nodes: ['A', 'B'], edges: ['A>B|'] },
  { name: 'an edge id holding a dot', text: 'flowchart TD\nA e.1@--> B', nodes: ['A', 'B'], edges: ['A>B|'] },
  { name: 'an edge id holding a bracket', text: 'flowchart TD\nA e[1@--> B', nodes: ['A', 'B'], edges: ['A>B|'] },
  { name: 'a blank between an edge id and its link', text: 'flowchart TD\nA e1@ --> B', nodes: ['A', 'B'], edges: ['A>B|'] },
  { name: 'an edge id glued to the link before it', text: 'flowchart TD\nA-->e1@-->B', nodes: null, modelNodes: ['B'] },
  { name: 'class names holding a dot or a $', text: 'flowchart TD\nA:::c.d --> B:::c$d', nodes: ['A', 'B'], edges: ['A>B|'], classes: { A: ['c.d'], B: ['c$d'] } },
  { name: 'a class name ending with a hyphen', text: 'flowchart TD\nA:::c- --> B:::d-->C', nodes: ['A', 'B', 'C'], edges: ['A>B|', 'B>C|'], classes: { A: ['c-'], B: ['d'] } },
  { name: 'a title statement in a flowchart', text: 'flowchart TD\ntitle Foo\nA-->B', nodes: null, modelNodes: ['A', 'B'] },
  { name: 'a link statement in a flowchart', text: 'flowchart TD\nA-->B\nlink A "http://x"', nodes: null, modelNodes: ['A', 'B'] },
  { name: 'a callback statement in a flowchart', text: 'flowchart TD\nA-->B\ncallback A cb', nodes: null, modelNodes: ['A', 'B'] },
];

/** A reading of a case's text as either tool drew it: node ids in order, with labels and classes; links; subgraphs. */
export interface DrawnView {
  nodes: Map<string, { label?: string | null; classes: string[] }>;
  edges: { from?: string; to?: string; label?: string | null }[];
  subgraphs: Iterable<string>;
}

/** The parts of a reading a case is about, to compare with `expectedView(c)`. */
export function drawnView(c: SourceCase, drawn: DrawnView): Partial<SourceCase> {
  const view: Partial<SourceCase> = { nodes: [...drawn.nodes.keys()] };
  if (c.edges) view.edges = drawn.edges.map((e) => `${e.from ?? ''}>${e.to ?? ''}|${e.label ?? ''}`);
  if (c.labels) view.labels = Object.fromEntries(Object.keys(c.labels).map((id) => [id, drawn.nodes.get(id)?.label ?? '']));
  if (c.subgraphs) view.subgraphs = [...drawn.subgraphs];
  if (c.classes) view.classes = Object.fromEntries(Object.keys(c.classes).map((id) => [id, drawn.nodes.get(id)?.classes ?? []]));
  return view;
}

/** What Mermaid draws for an accepted case, in `drawnView`'s terms. */
export function expectedView(c: SourceCase): Partial<SourceCase> {
  const view: Partial<SourceCase> = { nodes: c.nodes ?? [] };
  if (c.edges) view.edges = c.edges;
  if (c.labels) view.labels = c.labels;
  if (c.subgraphs) view.subgraphs = c.subgraphs;
  if (c.classes) view.classes = c.classes;
  return view;
}
