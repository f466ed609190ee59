// Adversarial diagrams built from the three notations' own syntax, at the size the `diagram` field allows.
import type { HostileCase } from '../kit/contract.ts';
import { fillBetween } from '../kit/hostile.ts';
import { LIMITS } from './model.ts';

/** Hostile inputs of at most the `diagram` field's maximum. */
export function hostileCases(): HostileCase[] {
  const body = (head: string, unit: string, tail = ''): string => fillBetween(head, unit, tail, LIMITS.chars);
  const cases: [string, string, string, string][] = [
    ['newlines only', body('', '\n'), 'auto', 'dot'],
    ['a Mermaid header and newlines', body('flowchart TD', '\n'), 'auto', 'dot'],
    ['carriage returns', body('flowchart TD', '\r'), 'mermaid', 'plantuml'],
    ['one --> chain', body('flowchart LR\nA', ' --> A'), 'mermaid', 'dot'],
    ['a chain of dotted links', body('flowchart LR\nA', ' -.-> A'), 'mermaid', 'plantuml'],
    ['a dotted link text that never ends', body('flowchart LR\nA -. ', '.'), 'mermaid', 'dot'],
    ['a run of dashes', body('flowchart LR\nA ', '-'), 'mermaid', 'dot'],
    ['opening brackets', body('flowchart LR\nA', '['), 'mermaid', 'dot'],
    ['nested shape brackets', body('flowchart LR\nA', '([{'), 'mermaid', 'dot'],
    ['an unclosed quote', body('flowchart LR\nA["', 'x'), 'mermaid', 'dot'],
    ['quotes', body('flowchart LR\nA[', '"'), 'mermaid', 'dot'],
    ['subgraph nesting', body('flowchart LR\n', 'subgraph s\n'), 'mermaid', 'dot'],
    ['subgraph headers with spaces', body('flowchart LR\nsubgraph a', ' \t'), 'mermaid', 'dot'],
    ['class statements with spaces', body('flowchart LR\nA\nclass A', '\t'), 'mermaid', 'dot'],
    ['style !important with tabs', body('flowchart LR\nA\nstyle A fill:red', '\t', '!important'), 'mermaid', 'dot'],
    ['edge ids', body('flowchart LR\n', 'e@'), 'mermaid', 'dot'],
    ['DOT braces', body('digraph {', '{'), 'dot', 'mermaid'],
    ['DOT semicolons', body('digraph {', ';'), 'dot', 'mermaid'],
    ['DOT edge chain', body('digraph { a', ' -> a', ' }'), 'dot', 'plantuml'],
    ['DOT HTML label with spaces around line breaks', body('digraph { a [label=<', ' \n ', '>] }'), 'dot', 'mermaid'],
    ['DOT style with parentheses', body('digraph { a [style="', '(', '"] }'), 'dot', 'mermaid'],
    ['@startuml blocks', body('', '@startuml\n'), 'auto', 'mermaid'],
    ['an unclosed @startuml and tabs', body('@startuml\n', '\t'), 'plantuml', 'mermaid'],
    ['PlantUML arrows', body('@startuml\n[A]', ' --> [A]', '\n@enduml'), 'plantuml', 'dot'],
    ['PlantUML action ending in "<"', body('@startuml\nstart\n:a', '<', '\n@enduml'), 'plantuml', 'dot'],
    ['PlantUML swimlane bars', body('@startuml\nstart\n', '|', '\n@enduml'), 'plantuml', 'dot'],
    ['PlantUML skinparam with tabs', body('@startuml\nskinparam a', '\t', 'b\n[A]\n@enduml'), 'plantuml', 'dot'],
    ['PlantUML block comment opened', body('@startuml\n', "/'"), 'plantuml', 'dot'],
  ];
  return cases.map(([name, diagram, from, to]) => ({ name, input: { diagram: diagram.slice(0, LIMITS.chars), from, to } }));
}
