// diagram-contrast: WCAG contrast QA and auto-fix for Mermaid and SVG diagrams (check, fix and harden modes).
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import type { ToolCodeSpecs, ToolExample } from '../kit/contract.ts';
import { requireTextOrUpload, uploadIdField } from '../kit/fields.ts';
import { analyseDiagram, MAX_ITEMS, prepareDiagram } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { THEME_NAMES } from './mermaid-theme.ts';

/** Uploads are up to 5 MB; an SVG with embedded fonts is that big. Mermaid text is capped lower by the engine. */
const MAX_DIAGRAM = 5_000_000;

const colorString = z.string().max(100);

const input = z
  .object({
    diagram: z
      .string()
      .min(1)
      .max(MAX_DIAGRAM)
      .optional()
      .describe('The diagram: Mermaid source (up to 50,000 characters, Mermaid\'s own maxTextSize) or an SVG document (up to 5,000,000). Required unless upload_id is given.'),
    upload_id: uploadIdField.optional(),
    format: z.enum(['mermaid', 'svg', 'auto']).default('auto').describe('mermaid, svg, or auto (default): SVG when the text starts with markup, Mermaid otherwise.'),
    level: z.enum(['AA', 'AAA']).default('AA').describe('WCAG level: AA (default; text 4.5:1, large text 3:1) or AAA (text 7:1, large text 4.5:1). Non-text contrast is 3:1 at both.'),
    mode: z
      .enum(['check', 'fix', 'harden'])
      .default('check')
      .describe('check (default) reports; fix adds the nearest passing colour for each failure; harden also returns the diagram rewritten so that it passes.'),
    theme: z
      .enum(THEME_NAMES)
      .optional()
      .describe('Mermaid theme the diagram is rendered with when it sets none itself (default, neutral, dark, forest, base); default: default. Ignored for SVG.'),
  })
  .superRefine(requireTextOrUpload('diagram'));

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const failure = z.object({
  fg: colorString.describe('Foreground colour as declared (#rrggbb, or #rrggbbaa when translucent): text colour, stroke or border.'),
  bg: colorString.describe('Resolved background (#rrggbb): the fill, subgraph and canvas colours under the element, composited.'),
  ratio: z.number().min(1).max(21).describe('Contrast ratio achieved on the painted (8-bit sRGB) colours, truncated to two decimals.'),
  needed: z.number().min(1).max(21).describe('Ratio required: 4.5 or 3 (large text) at AA, 7 or 4.5 at AAA, 3 for non-text (borders, edges).'),
  label: z.string().max(400).describe('The failing element: role and names, e.g. "node text: A, C" or "edge: A-->B"; elements sharing a colour pair are listed together.'),
});

const unverified = z.object({
  fg: colorString.describe('Foreground colour as declared (hex when readable, otherwise the raw value).'),
  bg: z.null().describe('Always null: the background could not be determined statically.'),
  ratio: z.null().describe('Always null.'),
  needed: z.number().min(1).max(21).describe('Ratio that would be required.'),
  label: z.string().max(400).describe('The element, as in failures.'),
  unverified: z.literal(true).describe('Always true.'),
  reason: z.string().max(400).describe('Why the pair could not be measured: a gradient or pattern fill, an image, an HTML foreignObject label, a blend mode, overlapping shapes, a theme this tool does not model ...'),
});

const fix = failure.extend({
  suggested_fg: colorString.describe('Nearest passing foreground (#rrggbb): OKLCH lightness moved towards black or white, hue kept, measured after 8-bit rounding.'),
  fixed_ratio: z.number().min(1).max(21).describe('Ratio with the suggested colour(s), truncated to two decimals; against suggested_bg when present.'),
  suggested_bg: colorString.optional().describe('Only when no text colour can reach the threshold on the original fill: the nearest fill (same hue) on which suggested_fg passes.'),
  fill_unrescuable: z.literal(true).optional().describe('Present (true) exactly when suggested_bg is.'),
  unfixable: z
    .literal(true)
    .optional()
    .describe('Present (true) when no colour this tool can set reaches `needed` (a translucent element caps the contrast): suggested_fg is then the best colour and fixed_ratio the ratio it really reaches, below needed.'),
  reason: z.string().max(400).optional().describe('Present with unfixable: why no colour reaches the threshold.'),
});

const unfixable = failure.extend({
  reason: z.string().max(400).describe('Why no colour change reaches the threshold: an opacity that caps the contrast, colours that are not written in the diagram, colours shared with elements that would fail.'),
  best_ratio: z.number().min(1).max(21).describe('The highest ratio a change of colour (text or line, and fill) reaches here, truncated.'),
});

const change = z.object({
  target: z.string().max(400).describe('What was rewritten: "classDef warn", "style A", "linkStyle 2", "themeVariables.nodeBorder", or an SVG element.'),
  line: z.number().int().min(1).describe('Line of the rewritten statement in the returned diagram (1-based).'),
  old_fill: colorString.describe('Fill under the label before the change (for a line that styles no label: the background its stroke is drawn on).'),
  fill: colorString.describe('Fill after the change; unchanged unless fill_remapped.'),
  old_color: colorString.nullable().describe('Label colour the line declared before, or null when it declared none (for a stroke-only line: its stroke).'),
  color: colorString.describe('Label colour after the change (for a stroke-only line: its stroke).'),
  ratio: z.number().min(1).max(21).describe('Ratio of color on fill after the change, truncated to two decimals.'),
  fill_remapped: z.boolean().describe('True when no label colour could reach the threshold on the original fill, so the fill was changed.'),
  old_stroke: colorString.nullable().optional().describe('Present when a border or line colour was changed: the value declared before, or null.'),
  stroke: colorString.optional().describe('Present when a border or line colour was changed: the new value.'),
  stroke_ratio: z.number().min(1).max(21).optional().describe('Present with stroke: its ratio against the background, truncated.'),
});

const output = z.object({
  passed: z.boolean().describe('True when no pair fails. Unverified pairs do not fail the check; review them.'),
  format: z.enum(['mermaid', 'svg']).describe('The format read.'),
  diagram_type: z.string().max(60).describe('The Mermaid diagram keyword (flowchart, graph, sequenceDiagram, classDiagram ...), "fragment" for classDef/style lines without one, or "svg".'),
  theme: z.string().max(60).nullable().describe('The Mermaid theme applied (the diagram\'s own, else the theme input, else default); null for SVG.'),
  level: z.enum(['AA', 'AAA']).describe('The WCAG level checked.'),
  checked: z
    .object({
      text: z.number().int().min(0).describe('Distinct text/background pairs examined (passing, failing and unverified).'),
      non_text: z.number().int().min(0).describe('Distinct non-text pairs examined: borders, edges, lines against their background (3:1).'),
    })
    .describe('How many pairs were examined; elements sharing a role and colour pair count once.'),
  failures: z.array(failure).max(MAX_ITEMS).describe('Pairs below the required ratio (SPEC failure objects).'),
  unverified: z.array(unverified).max(MAX_ITEMS).describe('Pairs whose background cannot be determined statically (SPEC unverifiedFailure objects); never guessed.'),
  fixes: z.array(fix).max(MAX_ITEMS).optional().describe('fix mode: one per failure, in the same order (SPEC fix objects).'),
  unfixable: z
    .array(unfixable)
    .max(MAX_ITEMS)
    .optional()
    .describe('fix and harden modes: failures that no colour change brings to the threshold, with the reason (fix: of the input; harden: still failing in the returned diagram). Never reported as fixed.'),
  changes: z.array(change).max(MAX_ITEMS).optional().describe('harden mode: one per rewritten line, theme variable or SVG element (SPEC hardenChange objects, plus target, line and stroke fields).'),
  diagram: z.string().max(MAX_DIAGRAM * 2).optional().describe('harden mode: the rewritten diagram; checked again with the same inputs, it passes, except for the pairs listed in unfixable.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

export type Example = ToolExample<z.input<typeof input>, Output>;

/** Every refusal comes from `prepare` (reading the diagram), before the charge. */
const codes: ToolCodeSpecs = {
  diagram_empty: 'The diagram is only white space.',
  diagram_not_recognized: 'The text is neither an SVG document nor a Mermaid diagram (no diagram type and no classDef/style statements).',
  mermaid_too_long: "The Mermaid source is over 50,000 characters, Mermaid's own maxTextSize.",
  mermaid_too_complex: 'The Mermaid diagram draws more than 20,000 links.',
  mermaid_frontmatter_invalid: 'The frontmatter is unclosed, too long, not valid YAML, repeats a key or nests too deep.',
  mermaid_directive_invalid: 'An %%{init: ...}%% directive is not valid JSON or nests too deep.',
  svg_malformed: 'The SVG is not well-formed XML or has no root element.',
  svg_not_svg: 'The root element of the markup is not <svg>.',
  svg_too_complex: 'The SVG has more than 10,000 elements or nests them more than 256 deep.',
};

export default defineTool({
  name: 'diagram-contrast',
  title: 'Diagram contrast',
  summary: 'Check Mermaid and SVG diagrams for WCAG contrast and fix the colours that fail',
  description:
    'Finds every text/background and non-text pair in a Mermaid diagram or an SVG and measures it with the WCAG 2.x contrast formula: label text against its fill (4.5:1, large text 3:1; AAA 7:1 and 4.5:1) and borders, edges and lines against what surrounds them (3:1, SC 1.4.11). ' +
    'Mermaid: the five built-in themes with their real defaults, themeVariables from frontmatter or %%{init}%%, classDef/class/:::/style/linkStyle (default class < classes < style), subgraphs, edge labels, notes, actors. ' +
    'SVG: fills and stroke from attributes, inline styles and <style> rules, nested groups and opacity, text over shapes (alpha-composited like a browser). ' +
    'Gradients, patterns, images, blend modes and HTML foreignObject labels are reported as unverified with the reason, never guessed. ' +
    'mode=fix suggests the nearest passing colour (hue kept); mode=harden returns the diagram rewritten so that a new check passes. Deterministic; no rendering, so layout-dependent overlaps are estimated.',
  uploadField: 'diagram',
  input,
  output,
  examples,
  hostile: hostileCases,
  codes,
  // Every refusal happens here, before the charge; run works on the document read here.
  prepare(body) {
    return prepareDiagram(body);
  },
  run(body, _ctx, prepared) {
    return analyseDiagram(prepared, { level: body.level, mode: body.mode, theme: body.theme });
  },
});
