// diagram-contrast engine: detect the format, collect colour pairs, and answer in check, fix or harden mode.
import { ToolError } from '../kit/contract.ts';
import { displayRatio, searchColor, toHex } from '../kit/colour/colour.ts';
import { analyseMermaid } from './mermaid-check.ts';
import { boundChange, hardenMermaid } from './mermaid-harden.ts';
import type { HardenResult } from './mermaid-harden.ts';
import { buildModel } from '../kit/mermaid/model.ts';
import type { MermaidModel } from '../kit/mermaid/model.ts';
import { readMermaidSource } from '../kit/mermaid/source.ts';
import type { MermaidSource } from '../kit/mermaid/source.ts';
import { summarise, toConstraint } from './pairs.ts';
import { bestReachable, moveFill, unfixableOf, whyUnfixable } from './reach.ts';
import type { Failure, Pair } from './pairs.ts';
import { analyseSvg } from './svg-check.ts';
import { hardenSvg } from './svg-harden.ts';
import { parseSvg } from './svg-parse.ts';
import type { SvgDocument } from './svg-parse.ts';
import type { Input, Output } from './tool.ts';

type Fix = NonNullable<Output['fixes']>[number];

/** Caps on the reported lists (distinct colour pairs, not elements). */
export const MAX_ITEMS = 2000;

/** SVG when the text opens with markup (after a BOM and whitespace), Mermaid otherwise. */
function detectFormat(text: string, requested: Input['format']): 'mermaid' | 'svg' {
  if (requested !== 'auto') return requested;
  return text.replace(/^\uFEFF/, '').trimStart().startsWith('<') ? 'svg' : 'mermaid';
}

/**
 * The nearest passing colour for a failure; when no label colour can rescue the fill, a new fill too, both
 * measured as the reader sees them. When nothing passes (a translucent element caps the contrast), the best
 * colour and the ratio it really reaches, marked unfixable with the reason: never a ratio not achieved.
 */
function fixFor(failure: Failure, group: readonly Pair[]): Fix {
  // Members of a failure share their colours; one of them stands for all.
  const first = group[0];
  if (!first) return { ...failure, suggested_fg: failure.fg, fixed_ratio: failure.ratio, unfixable: true, reason: 'no colour found that reaches the threshold' };
  const choice = first.fg ? searchColor(first.fg, [toConstraint(first)]) : null;
  if (choice) return { ...failure, suggested_fg: choice.hex, fixed_ratio: displayRatio(choice.ratio) };
  const move = moveFill(first, false);
  if (move) return { ...failure, suggested_fg: move.textHex, fixed_ratio: displayRatio(move.ratio), suggested_bg: move.fill.hex, fill_unrescuable: true };
  const best = bestReachable(first);
  const current = first.ratio ?? 0;
  const improves = best.ratio > current;
  return {
    ...failure,
    suggested_fg: improves ? toHex(best.color) : failure.fg,
    fixed_ratio: displayRatio(improves ? best.ratio : current),
    unfixable: true,
    reason: whyUnfixable(first, 'physics'),
  };
}

/**
 * Mermaid refuses text over 50,000 characters (its `maxTextSize`, a setting diagrams cannot raise from a
 * directive or frontmatter): a longer source is no diagram Mermaid draws, and reading one costs time.
 */
export const MAX_MERMAID_CHARS = 50_000;

/** A diagram read and checked for everything that can refuse it: what `run` works on. */
export type PreparedDiagram =
  | { format: 'svg'; text: string; doc: SvgDocument }
  | { format: 'mermaid'; text: string; src: MermaidSource; model: MermaidModel };

/**
 * Every refusal (400) the engine can make, before anything is charged: an empty text, Mermaid over its size,
 * a source that is neither SVG nor Mermaid, malformed frontmatter or directives, too many links, malformed
 * or oversized SVG. The parsed document is handed on, so nothing is parsed twice.
 */
export function prepareDiagram(input: Pick<Input, 'diagram' | 'format'>): PreparedDiagram {
  const text = input.diagram ?? '';
  if (text.trim() === '') throw new ToolError(400, 'diagram_empty', 'The diagram is empty.');
  const format = detectFormat(text, input.format);
  if (format === 'svg') return { format, text, doc: parseSvg(text) };
  if (text.length > MAX_MERMAID_CHARS) {
    throw new ToolError(400, 'mermaid_too_long', `A Mermaid diagram may be at most ${MAX_MERMAID_CHARS} characters, Mermaid's own maxTextSize (SVG up to the field limit).`, { limit: MAX_MERMAID_CHARS });
  }
  const src = readMermaidSource(text);
  return { format, text, src, model: buildModel(src) };
}

/** Prepare and analyse in one step (the bench and the tests' shortcut; the tool runs the two apart). */
export function runDiagramContrast(input: Input): Output {
  return analyseDiagram(prepareDiagram(input), input);
}

export function analyseDiagram(prepared: PreparedDiagram, input: Pick<Input, 'level' | 'mode' | 'theme'>): Output {
  const { format, text } = prepared;
  let pairs: Pair[];
  let diagramType: string;
  let theme: string | null = null;
  let harden: () => HardenResult;
  if (prepared.format === 'svg') {
    const a = analyseSvg(prepared.doc, input.level);
    pairs = a.pairs;
    diagramType = 'svg';
    harden = () => hardenSvg(text, input.level, a);
  } else {
    const a = analyseMermaid(prepared.src, input.level, input.theme, prepared.model);
    pairs = a.pairs;
    diagramType = prepared.src.keyword ?? 'fragment';
    theme = a.theme;
    harden = () => hardenMermaid(text, input.level, input.theme, a);
  }
  const summary = summarise(pairs, MAX_ITEMS);
  const out: Output = {
    passed: summary.failures.length === 0,
    format,
    diagram_type: diagramType,
    theme,
    level: input.level,
    checked: summary.checked,
    failures: summary.failures,
    unverified: summary.unverified,
  };
  if (input.mode === 'fix') {
    out.fixes = summary.failures.map((f, i) => fixFor(f, summary.failureGroups[i] ?? []));
    out.unfixable = summary.failures.flatMap((f, i) => (out.fixes?.[i]?.unfixable ? [unfixableOf(f, summary.failureGroups[i] ?? [], 'physics')] : []));
  } else if (input.mode === 'harden') {
    const hardened = harden();
    out.changes = hardened.changes.slice(0, MAX_ITEMS).map(boundChange);
    out.diagram = hardened.diagram;
    // What still fails in the returned diagram is said, with the reason, never left for a re-check to find.
    const left = summarise(hardened.remaining, MAX_ITEMS);
    out.unfixable = left.failures.map((f, i) => unfixableOf(f, left.failureGroups[i] ?? [], 'harden', hardened.exhausted));
  }
  return out;
}
