// Mermaid reading: themes and their vendored defaults, frontmatter and directives, statements, style precedence.
import { describe, expect, it } from 'vitest';
import { parseColor, toHex } from '../kit/colour/colour.ts';
import { runDiagramContrast } from './engine.ts';
import { analyseMermaid } from './mermaid-check.ts';
import { buildModel } from '../kit/mermaid/model.ts';
import { parseDecls } from '../kit/mermaid/style.ts';
import { readMermaidSource } from '../kit/mermaid/source.ts';
import { THEME_NAMES, themeVariables, vendoredDefaults } from './mermaid-theme.ts';
import { summarise } from './pairs.ts';

const model = (text: string): ReturnType<typeof buildModel> => buildModel(readMermaidSource(text));
const check = (text: string, theme?: (typeof THEME_NAMES)[number]): ReturnType<typeof summarise> =>
  summarise(analyseMermaid(readMermaidSource(text), 'AA', theme).pairs, 1000);

describe('themes', () => {
  for (const name of THEME_NAMES) {
    it(`${name}: the derivation rules reproduce every vendored default`, () => {
      // A dummy override forces the rule path (no override returns the vendored values directly).
      const derived = themeVariables(name, { unrelatedVariable: 'x' });
      for (const [k, v] of Object.entries(vendoredDefaults(name))) {
        const want = parseColor(v);
        const got = parseColor(String(derived?.[k]));
        if (!want) {
          expect(derived?.[k], k).toBe(v);
          continue;
        }
        expect(got, k).not.toBeNull();
        expect(Math.abs((got?.r ?? 0) - want.r) + Math.abs((got?.g ?? 0) - want.g) + Math.abs((got?.b ?? 0) - want.b), k).toBeLessThan(1e-6);
      }
    });
  }

  it('default theme: node fill #ECECFF, node text #333', () => {
    const v = themeVariables('default');
    expect(v?.mainBkg).toBe('#ECECFF');
    expect(v?.textColor).toBe('#333');
  });

  it('base theme: themeVariables drive the derived colours', () => {
    const v = themeVariables('base', { primaryColor: '#ffffff', primaryTextColor: '#E95420', primaryBorderColor: '#7C0000' });
    expect(v?.mainBkg).toBe('#ffffff');
    expect(v?.nodeTextColor).toBe('#E95420');
    expect(v?.nodeBorder).toBe('#7C0000');
  });

  it('default theme: primaryColor does not move the node fill (Mermaid hard-codes mainBkg)', () => {
    expect(themeVariables('default', { primaryColor: '#000000' })?.mainBkg).toBe('#ECECFF');
    expect(themeVariables('default', { mainBkg: '#000000' })?.nodeBkg).toBe('#000000');
  });

  it('an unknown theme is not modelled', () => {
    expect(themeVariables('neo')).toBeNull();
  });
});

describe('source', () => {
  it('frontmatter config and init directives merge, the directive winning', () => {
    const src = readMermaidSource('---\nconfig:\n  theme: forest\n  themeVariables:\n    lineColor: "#111"\n---\n%%{init: {"theme": "dark"}}%%\ngraph TD\n A');
    expect(src.config.theme).toBe('dark');
    expect((src.config.themeVariables as Record<string, string>).lineColor).toBe('#111');
    expect(src.keyword).toBe('graph');
  });

  it('a multi-line directive with single quotes (as Mermaid reads it)', () => {
    const src = readMermaidSource("%%{init: {\"theme\": \"base\", \"themeVariables\": {\n 'primaryColor': '#FFF'\n}}}%%\nflowchart TB\n a");
    expect(src.config.theme).toBe('base');
    expect(src.family).toBe('flowchart');
  });

  it('comments are ignored, statements split on ;', () => {
    const m = model('graph TD; A-->B; %% B-->C\n C-->D;');
    expect([...m.nodes.keys()]).toEqual(['A', 'B', 'C', 'D']);
    expect(m.edges).toHaveLength(2);
  });

  it('style lists split on commas outside parentheses', () => {
    expect(parseDecls('fill:rgb(1, 2, 3),stroke-dasharray: 9,5,color:#fff;').map((d) => [d.prop, d.value])).toEqual([
      ['fill', 'rgb(1, 2, 3)'],
      ['stroke-dasharray', '9,5'],
      ['color', '#fff'],
    ]);
  });
});

describe('statements', () => {
  it("style names one node as Mermaid reads it: `style A,B` styles a node named A,B, never A and B", () => {
    const m = model('flowchart TD\nA-->B\nstyle A,B fill:#000\nclass A, B c');
    expect([...m.nodes.keys()]).toEqual(['A', 'B', 'A,B']);
    expect([...m.styles.keys()]).toEqual(['A,B']);
    expect(m.nodes.get('A')?.classes).toEqual([]);
  });

  it('harden gives nodes that need their own border colour one style statement each (issue 22)', () => {
    const diagram = 'flowchart LR\n  subgraph S[Group]\n    N0[Node 0]\n    N1[Node 1]\n  end\n  N2[Node 2]\n  N3[Node 3]\n  style N0 fill:#001aea\n  style S fill:#e1766a';
    const out = runDiagramContrast({ diagram, format: 'mermaid', level: 'AA', mode: 'harden', theme: 'dark' }).diagram ?? '';
    expect(out).toMatch(/^style N2 stroke:#[0-9a-f]{6}\nstyle N3 stroke:#[0-9a-f]{6}$/m);
    expect(out).not.toContain('style N2,N3');
  });

  it('shapes, labels, :::classes, & chains and link labels', () => {
    const m = model('flowchart LR\n A([Start]):::c1 -->|go| B{{Decide}} & C[(DB)]\n D -- text --> E\n F ~~~ G');
    expect(m.nodes.get('A')).toMatchObject({ label: 'Start', classes: ['c1'] });
    expect(m.nodes.get('B')?.label).toBe('Decide');
    expect(m.edges.map((e) => [e.from, e.to, e.hasLabel, e.invisible])).toEqual([
      ['A', 'B', true, false],
      ['A', 'C', true, false],
      ['D', 'E', true, false],
      ['F', 'G', false, true],
    ]);
  });

  it('unnamed subgraphs are numbered as they close, as Mermaid does (style subGraph2)', () => {
    const m = model('flowchart LR\n subgraph Input\n A1\n end\n subgraph "jPipe Runner"\n subgraph Core\n A1 --> P\n end\n P --> O\n end');
    expect([...m.clusters.keys()].sort()).toEqual(['Core', 'Input', 'subGraph2']);
    expect(m.nodes.get('A1')?.parent).toBe('Input');
    expect(m.nodes.get('P')?.parent).toBe('Core');
    expect(m.nodes.get('O')?.parent).toBe('subGraph2');
  });

  it('class statements (also "a, b" lists), classDef default and style', () => {
    const m = model('stateDiagram\n Still --> Moving\n Moving --> Crash\n class Moving, Crash movement\n classDef movement font-style:italic');
    expect(m.nodes.get('Moving')?.classes).toEqual(['movement']);
    expect(m.nodes.get('Crash')?.classes).toEqual(['movement']);
  });

  it('a click tooltip running over lines does not create nodes', () => {
    const m = model('graph LR\n A --> B\n click A "/x" "AAA\n6000"\n style A fill:#f9f');
    expect([...m.nodes.keys()]).toEqual(['A', 'B']);
  });

  it('class, state, ER and sequence diagrams find their elements', () => {
    expect([...model('classDiagram\n class Animal:::pink\n Animal <|-- Duck\n note for Duck "quack"').nodes.keys()]).toEqual(['Animal', 'Duck']);
    expect([...model('erDiagram\n CUSTOMER ||--o{ ORDER : places\n ORDER {\n string id\n }').nodes.keys()]).toEqual(['CUSTOMER', 'ORDER']);
    const seq = model('sequenceDiagram\n participant A as Alice\n rect rgb(0, 0, 0)\n A->>B: hi\n end\n Note over A,B: n');
    expect([...seq.actors.keys()]).toEqual(['A', 'B']);
    expect(seq.messages[0]?.layers).toMatchObject({ color: 'rgb(0, 0, 0)', parent: null });
    expect(seq.notes[0]?.layers ?? null).toBeNull();
  });
});

describe('colours of elements', () => {
  it('precedence: theme < classDef default < classes < style', () => {
    const s = check('graph TD\n A:::x\n B\n classDef default color:#aaaaaa\n classDef x color:#bbbbbb\n style A color:#cccccc');
    const byLabel = Object.fromEntries(s.failures.map((f) => [f.label, f.fg]));
    expect(byLabel['node text: A']).toBe('#cccccc');
    expect(byLabel['node text: B']).toBe('#aaaaaa');
  });

  it('edge labels sit on the edge label background over the canvas', () => {
    const s = check('graph TD\n A -->|label| B\n linkStyle 0 color:#bbbbbb');
    expect(s.failures).toContainEqual({ fg: '#bbbbbb', bg: '#ededed', ratio: 1.63, needed: 4.5, label: 'edge label: A-->B' });
  });

  it('a border passes when the fill itself stands out 3:1 from the background', () => {
    const s = check('graph TD\n A\n style A fill:#000000,stroke:#111111,color:#ffffff');
    expect(s.failures).toEqual([]);
  });

  it('opacity composites fill and text over the container', () => {
    const s = check('graph TD\n A\n style A fill:#000000,color:#ffffff,opacity:0.5');
    expect(s.failures.find((f) => f.label === 'node text: A')?.bg).toBe('#808080');
  });

  it('handDrawn look leaves node text unverified', () => {
    const s = check('---\nconfig:\n  look: handDrawn\n---\ngraph TD\n A');
    expect(s.unverified.map((u) => u.label)).toContain('node text: A');
  });

  it('venn labels are unverified, the title checked', () => {
    const s = check('venn-beta\n title T\n set A["x"]:1\n style A color:red');
    expect(s.unverified[0]?.reason).toContain('translucent');
    expect(s.checked.text).toBe(2);
  });

  it('rect blocks in sequence diagrams are the background of their messages', () => {
    const s = check('sequenceDiagram\n rect rgb(0, 0, 0)\n A->>B: hi\n end');
    expect(s.failures.find((f) => f.label.startsWith('message text'))?.bg).toBe(toHex({ r: 0, g: 0, b: 0, alpha: 1 }));
  });
});
