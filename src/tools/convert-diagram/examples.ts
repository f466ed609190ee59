// Worked examples for convert-diagram: real engine outputs, checked by the registry test and the tool's tests.
import type { Example } from './tool.ts';

export const examples: Example[] = [
  {
    title: 'Mermaid flowchart with a subgraph and a classDef to DOT',
    input: {
      diagram: 'flowchart LR\n  subgraph api [Public API]\n    gw[Gateway] --> auth{Token valid?}\n  end\n  auth -->|yes| svc(Orders service)\n  auth -.->|no| err[[401 page]]\n  svc --> db[(Orders DB)]\n  classDef store fill:#fde68a,stroke:#92400e,color:#1f2937\n  class db store\n',
      to: 'dot',
    },
    output: {
      diagram: 'digraph G {\n  rankdir=LR;\n  svc [label="Orders service", shape=box, style="rounded"];\n  err [label="401 page", shape=box, peripheries=2];\n  db [label="Orders DB", shape=cylinder, style="filled", fillcolor="#fde68a", color="#92400e", fontcolor="#1f2937"];\n  subgraph cluster_api {\n    label="Public API";\n    gw [label="Gateway", shape=box];\n    auth [label="Token valid?", shape=diamond];\n  }\n  gw -> auth;\n  auth -> svc [label="yes"];\n  auth -> err [label="no", style=dotted];\n  svc -> db;\n}\n',
      from: 'mermaid',
      to: 'dot',
      stats: { nodes: 5, edges: 4, subgraphs: 1 },
      lost: [
        { code: 'shape_approximated', detail: 'node err: subroutine drawn as DOT box', line: 6 },
        { code: 'class_flattened', detail: 'class store: DOT has no classes; its style is written on each element', line: 8 },
      ],
      lost_total: 2,
    },
  },
  {
    title: 'DOT digraph with a cluster, an HTML label and a port to Mermaid',
    input: {
      diagram: 'digraph build {\n  rankdir=LR;\n  node [shape=box];\n  subgraph cluster_ci {\n    label="CI";\n    style=filled; fillcolor="#eef2ff";\n    lint -> test -> package;\n  }\n  package -> deploy [label="on main", color=red];\n  deploy [label=<<b>Deploy</b><br/>prod>, shape=ellipse];\n  test:junit -> report [style=dashed];\n}\n',
      from: 'dot',
      to: 'mermaid',
    },
    output: {
      diagram: 'flowchart LR\n  deploy(["Deploy<br>prod"])\n  report\n  subgraph ci ["CI"]\n    lint\n    test\n    package\n  end\n  lint --> test\n  test --> package\n  package -->|on main| deploy\n  test -.-> report\n  style ci fill:#eef2ff\n  linkStyle 2 stroke:#ff0000\n  linkStyle 3 stroke-dasharray:5 5\n',
      from: 'dot',
      to: 'mermaid',
      stats: { nodes: 5, edges: 4, subgraphs: 1 },
      lost: [
        { code: 'shape_approximated', detail: 'node deploy: ellipse drawn as Mermaid stadium', line: 9 },
        { code: 'html_label_flattened', detail: 'node deploy: the HTML label was reduced to its text', line: 10 },
        { code: 'port_dropped', detail: 'node test: ports (record fields, compass points) are not carried over', line: 11 },
      ],
      lost_total: 3,
    },
  },
  {
    title: 'PlantUML activity diagram to Mermaid',
    input: {
      diagram: '@startuml\nstart\n:Receive order;\nif (In stock?) then (yes)\n  :Ship;\nelse (no)\n  #pink:Back-order;\nendif\nstop\n@enduml\n',
      to: 'mermaid',
    },
    output: {
      diagram: 'flowchart TD\n  start((" "))\n  action1(Receive order)\n  if1{"In stock?"}\n  action2(Ship)\n  action3("Back-order")\n  stop(((" ")))\n  start --> action1\n  action1 --> if1\n  if1 -->|yes| action2\n  if1 -->|no| action3\n  action2 --> stop\n  action3 --> stop\n  style start fill:#000000,stroke:#000000\n  style action3 fill:#ffc0cb\n  style stop fill:#000000,stroke:#000000\n',
      from: 'plantuml',
      to: 'mermaid',
      stats: { nodes: 6, edges: 6, subgraphs: 0 },
      lost: [],
      lost_total: 0,
    },
  },
];
