// Worked examples of diagram-contrast: real engine outputs, executed by the registry test and the tool's tests.
// The examples share one flowchart and one SVG label; each mode's answer is the check answer plus what that mode adds.
import type { Example } from './tool.ts';

type Output = Example['output'];
type Failure = Output['failures'][number];

const CORAL = 'flowchart LR\n  A[Start] --> B[Review]\n  classDef warn fill:#ff6b6b,color:#ffffff\n  class B warn\n';
const CORAL_TEXT: Failure = { fg: '#ffffff', bg: '#ff6b6b', ratio: 2.77, needed: 4.5, label: 'node text: B' };
const CHECK_HEAD = { passed: false, format: 'mermaid', diagram_type: 'flowchart', theme: 'default', level: 'AA' } as const;
const CORAL_CHECK: Output = { ...CHECK_HEAD, checked: { text: 2, non_text: 2 }, failures: [CORAL_TEXT], unverified: [] };

const SVG_HEAD = { passed: false, format: 'svg', diagram_type: 'svg', theme: null, level: 'AA' } as const;
const QUEUE_TEXT: Failure = { fg: '#999999', bg: '#ececff', ratio: 2.44, needed: 4.5, label: 'text: "Queue"' };
const ARCHIVED_TEXT: Failure = { fg: '#ffffff', bg: '#8f949b', ratio: 3.05, needed: 4.5, label: 'text: "Archived"' };
const OPACITY_REASON =
  'it is drawn at 50% opacity (opacity, fill-opacity or a translucent group), which caps its contrast at 3.94:1: no text colour or fill reaches 4.5:1; raise the opacity';

export const examples: Example[] = [
  {
    title: 'Check a flowchart whose class puts white text on a coral fill',
    input: { diagram: CORAL },
    output: CORAL_CHECK,
  },
  {
    title: 'Fix mode: the nearest passing label colour',
    input: { diagram: CORAL, mode: 'fix' },
    output: { ...CORAL_CHECK, fixes: [{ ...CORAL_TEXT, suggested_fg: '#333333', fixed_ratio: 4.55 }], unfixable: [] },
  },
  {
    title: 'Harden mode: classDef and linkStyle rewritten until the diagram passes',
    input: { diagram: `${CORAL}  linkStyle 0 stroke:#bbbbbb\n`, format: 'mermaid', mode: 'harden' },
    output: {
      ...CORAL_CHECK,
      failures: [CORAL_TEXT, { fg: '#bbbbbb', bg: '#ffffff', ratio: 1.91, needed: 3, label: 'edge: A-->B' }],
      changes: [
        { target: 'classDef warn', line: 3, old_fill: '#ff6b6b', fill: '#ff6b6b', old_color: '#ffffff', color: '#333333', ratio: 4.55, fill_remapped: false },
        {
          target: 'linkStyle 0',
          line: 5,
          old_fill: '#ffffff',
          fill: '#ffffff',
          old_color: '#bbbbbb',
          color: '#949494',
          ratio: 3.03,
          fill_remapped: false,
          old_stroke: '#bbbbbb',
          stroke: '#949494',
          stroke_ratio: 3.03,
        },
      ],
      diagram: 'flowchart LR\n  A[Start] --> B[Review]\n  classDef warn fill:#ff6b6b,color:#333333\n  class B warn\n  linkStyle 0 stroke:#949494\n',
      unfixable: [],
    },
  },
  {
    title: 'Dark theme: the built-in note colours fall just short of 4.5:1',
    input: { diagram: 'sequenceDiagram\n  Alice->>Bob: Hello\n  Note right of Bob: Thinking\n', theme: 'dark' },
    output: {
      ...CHECK_HEAD,
      diagram_type: 'sequenceDiagram',
      theme: 'dark',
      checked: { text: 3, non_text: 3 },
      failures: [
        { fg: '#b8b6b6', bg: '#474949', ratio: 4.49, needed: 4.5, label: 'note text: note1' },
        { fg: '#2f2f2f', bg: '#333333', ratio: 1.05, needed: 3, label: 'note border: note1' },
      ],
      unverified: [],
    },
  },
  {
    title: 'SVG with a CSS class rule: grey label on a pale box',
    input: {
      diagram:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 80"><style>.box{fill:#ececff;stroke:#9370db}.label{fill:#999999;font-size:14px}</style><rect class="box" x="10" y="10" width="180" height="60"/><text class="label" x="100" y="45" text-anchor="middle">Queue</text></svg>',
      mode: 'fix',
    },
    output: {
      ...SVG_HEAD,
      checked: { text: 1, non_text: 1 },
      failures: [QUEUE_TEXT],
      unverified: [],
      fixes: [{ ...QUEUE_TEXT, suggested_fg: '#6c6c6c', fixed_ratio: 4.5 }],
      unfixable: [],
    },
  },
  {
    title: 'Fix mode: a label in a half-transparent group cannot reach 4.5:1, and says so',
    input: {
      diagram:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><g opacity="0.5"><rect width="120" height="40" fill="#1f2937"/><text x="60" y="25" text-anchor="middle" fill="#ffffff">Archived</text></g></svg>',
      mode: 'fix',
    },
    output: {
      ...SVG_HEAD,
      checked: { text: 1, non_text: 0 },
      failures: [ARCHIVED_TEXT],
      unverified: [],
      fixes: [{ ...ARCHIVED_TEXT, suggested_fg: '#ffffff', fixed_ratio: 3.05, unfixable: true, reason: OPACITY_REASON }],
      unfixable: [{ ...ARCHIVED_TEXT, reason: OPACITY_REASON, best_ratio: 3.94 }],
    },
  },
];
