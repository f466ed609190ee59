// Colour values of Mermaid/CSS, Graphviz DOT and PlantUML, read into one form (#rrggbb or #rrggbbaa).
import { parseColor, toHex, withoutImportant } from './colour.ts';

// Real colour values are short; capping keeps culori's parsers away from hostile long strings.
const MAX_COLOUR = 80;

export interface ColourRead {
  hex?: string;
  /** The value carried more than one colour (a gradient or DOT colour list); only the first was kept. */
  partial?: boolean;
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

function fromRgb(r: number, g: number, b: number): string {
  return toHex({ r, g, b, alpha: 1 });
}

/** A CSS colour (Mermaid styles; names, #rgb, #rrggbb[aa], rgb(), hsl() ...). */
export function cssColour(raw: string): string | undefined {
  const text = withoutImportant(raw.trim()).toLowerCase();
  if (text === '' || text.length > MAX_COLOUR) return undefined;
  const rgba = parseColor(text);
  return rgba === null ? undefined : toHex(rgba);
}

/** HSV (all channels 0..1, as DOT writes them) to hex. */
function hsvHex(h: number, s: number, v: number): string {
  const hh = (((h % 1) + 1) % 1) * 6;
  const i = Math.floor(hh);
  const f = hh - i;
  const p = v * (1 - s);
  const q = v * (1 - s * f);
  const t = v * (1 - s * (1 - f));
  const table: [number, number, number][] = [
    [v, t, p],
    [q, v, p],
    [p, v, t],
    [p, q, v],
    [t, p, v],
    [v, p, q],
  ];
  const [r, g, b] = table[i % 6] ?? [v, v, v];
  return fromRgb(r, g, b);
}

/** A Graphviz colour: #rgb[a] hex, "H,S,V" or "H S V" in 0..1, X11/SVG names, `/scheme/name`, colour lists. */
export function dotColour(raw: string): ColourRead {
  let text = raw.trim();
  if (text === '' || text.length > MAX_COLOUR * 4) return {};
  let partial = false;
  // Colour lists ("red:blue", "red;0.3:blue") colour parallel edges or gradients; keep the first.
  if (text.includes(':')) {
    partial = true;
    text = (text.split(':')[0] ?? '').split(';')[0] ?? '';
  }
  text = text.trim().replace(/^\/[^/]*\//, '');
  // redos-bounded: text is at most MAX_COLOUR * 4 characters (checked above)
  const hsv = /^([0-9]*\.?[0-9]+)[,\s]+([0-9]*\.?[0-9]+)[,\s]+([0-9]*\.?[0-9]+)$/.exec(text);
  if (hsv) return { hex: hsvHex(Number(hsv[1]), clamp01(Number(hsv[2])), clamp01(Number(hsv[3]))), partial };
  const grey = /^gr[ae]y(\d{1,3})$/i.exec(text);
  if (grey) {
    const v = clamp01(Number(grey[1]) / 100);
    return { hex: fromRgb(v, v, v), partial };
  }
  const hex = cssColour(text);
  return hex === undefined ? { partial } : { hex, partial };
}

/** A PlantUML colour: `#name`, `#hex`, `name`, `hex`, gradients `#a-b`, `#a/b`, `#a|b`, `#a\b`. */
export function plantumlColour(raw: string): ColourRead {
  let text = raw.trim().replace(/^#/, '');
  if (text === '' || text.length > MAX_COLOUR) return {};
  let partial = false;
  const grad = /^([^-/|\\]+)[-/|\\]#?.+$/.exec(text);
  if (grad) {
    partial = true;
    text = grad[1] ?? '';
  }
  if (/^[0-9a-f]{3}$|^[0-9a-f]{6}$|^[0-9a-f]{8}$/i.test(text)) {
    const hex = cssColour(`#${text}`);
    return hex === undefined ? { partial } : { hex, partial };
  }
  const hex = cssColour(text);
  return hex === undefined ? { partial } : { hex, partial };
}

/** `#rrggbb` for PlantUML (no alpha there) plus whether an alpha channel was dropped. */
export function opaque(hex: string): { hex: string; alphaDropped: boolean } {
  if (hex.length === 9) return { hex: hex.slice(0, 7), alphaDropped: true };
  return { hex, alphaDropped: false };
}
