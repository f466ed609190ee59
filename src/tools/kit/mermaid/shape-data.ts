// The `A@{ shape: ..., label: ... }` form of Mermaid v11: the text between the braces read as Mermaid reads it.
import { parse } from 'yaml';

export interface ShapeData {
  /** The `label`, a number or a boolean written out as Mermaid draws it (`label: 5` draws 5). */
  label?: string;
  /** The `shape` name as written. */
  shape?: string;
  /** Every key, in order. */
  keys: string[];
}

/**
 * The body of `@{ ... }` (between the braces) as YAML: on one line Mermaid reads it as a flow mapping (`{ shape:
 * rect, label: x }`), over several lines as a block mapping (`shape: rect` and `label: x` on lines of their own).
 * null when that is not valid YAML (Mermaid refuses the diagram).
 */
export function readShapeData(body: string): ShapeData | null {
  let data: unknown;
  try {
    data = parse(body.includes('\n') ? `${body}\n` : `{\n${body}\n}`, { maxAliasCount: 0 });
  } catch {
    return null;
  }
  const out: ShapeData = { keys: [] };
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return out;
  const rec = data as Record<string, unknown>;
  out.keys = Object.keys(rec);
  const label = rec.label;
  if (typeof label === 'string') out.label = label;
  else if (typeof label === 'number' || typeof label === 'boolean') out.label = String(label);
  if (typeof rec.shape === 'string') out.shape = rec.shape;
  return out;
}
