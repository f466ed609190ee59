// Mermaid theme variables: the vendored defaults of the five built-in themes and Mermaid's way of applying themeVariables.
import { converter } from 'culori';
import type { Hsl } from 'culori';
import data from './mermaid-themes.json' with { type: 'json' };
import { parseColor, toCss } from '../kit/colour/colour.ts';
import type { Rgba } from '../kit/colour/colour.ts';

export const THEME_NAMES = ['default', 'neutral', 'dark', 'forest', 'base'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

type Expr = string | number | boolean | Expr[] | { [k: string]: number };
type InitRule = [string, Expr];
type UpdateRule = [string, '=' | '?=', Expr];

interface ThemeData {
  updateInConstructor: boolean;
  init: InitRule[];
  update: UpdateRule[];
  effective: Record<string, string>;
}

const THEMES = data.themes as unknown as Record<ThemeName, ThemeData>;

/** Theme variable values: colours as CSS strings, plus fontSize/fontFamily and the darkMode flag. */
export type ThemeVars = Record<string, string | boolean | undefined>;

const toHsl = converter('hsl');
const toRgb = converter('rgb');

function isThemeName(name: string): name is ThemeName {
  return (THEME_NAMES as readonly string[]).includes(name);
}

function rgbaOf(value: unknown): Rgba | null {
  return typeof value === 'string' ? parseColor(value) : null;
}

/** khroma's adjust: hue in degrees (unbounded), saturation and lightness in percentage points, clamped. */
function adjust(value: unknown, delta: { h?: number; s?: number; l?: number }): string | undefined {
  const c = rgbaOf(value);
  if (!c) return undefined;
  const hsl = toHsl({ mode: 'rgb', r: c.r, g: c.g, b: c.b }) as Hsl;
  const h = (hsl.h ?? 0) + (delta.h ?? 0);
  const s = Math.min(1, Math.max(0, (hsl.s ?? 0) + (delta.s ?? 0) / 100));
  const l = Math.min(1, Math.max(0, (hsl.l ?? 0) + (delta.l ?? 0) / 100));
  const rgb = toRgb({ mode: 'hsl', h: ((h % 360) + 360) % 360, s, l });
  return toCss({ r: rgb.r, g: rgb.g, b: rgb.b, alpha: c.alpha });
}

function evaluate(expr: Expr, vars: ThemeVars): string | boolean | undefined {
  if (typeof expr === 'string') return expr.startsWith('$') ? vars[expr.slice(1)] : expr;
  if (typeof expr === 'number' || typeof expr === 'boolean') return String(expr);
  if (!Array.isArray(expr)) return undefined;
  const [op, ...args] = expr;
  const arg = (i: number): string | boolean | undefined => evaluate(args[i] as Expr, vars);
  const dark = vars.darkMode === true || vars.darkMode === 'true';
  switch (op) {
    case 'ifDark':
      return dark ? arg(0) : arg(1);
    case 'adjust':
      return adjust(arg(0), args[1] as { h?: number; s?: number; l?: number });
    case 'lighten':
      return adjust(arg(0), { l: Number(args[1]) });
    case 'darken':
      return adjust(arg(0), { l: -Number(args[1]) });
    case 'mkBorder':
      return adjust(arg(0), { s: -40, l: dark ? 10 : -10 });
    case 'invert': {
      const c = rgbaOf(arg(0));
      return c ? toCss({ r: 1 - c.r, g: 1 - c.g, b: 1 - c.b, alpha: c.alpha }) : undefined;
    }
    default:
      return undefined;
  }
}

function runUpdate(theme: ThemeData, vars: ThemeVars): void {
  for (const [target, op, expr] of theme.update) {
    if (op === '?=' && vars[target]) continue;
    vars[target] = evaluate(expr, vars);
  }
}

/** Only scalar overrides matter here (colours, font size, darkMode); nested objects are other diagrams' settings. */
export function cleanOverrides(raw: unknown): ThemeVars {
  const out: ThemeVars = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof v === 'string' && v.length <= 200) out[k] = v;
    else if (typeof v === 'number' && Number.isFinite(v)) out[k] = String(v);
    else if (typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/**
 * The variables of `name` with `overrides` applied as Mermaid's Theme.calculate does: constructor values,
 * overrides, derived values recomputed, overrides again. Null for a theme this tool does not model.
 */
export function themeVariables(name: string, overrides: ThemeVars = {}): ThemeVars | null {
  if (!isThemeName(name)) return null;
  const theme = THEMES[name];
  const vars: ThemeVars = {};
  for (const [target, expr] of theme.init) vars[target] = evaluate(expr, vars);
  if (theme.updateInConstructor) runUpdate(theme, vars);
  Object.assign(vars, overrides);
  runUpdate(theme, vars);
  Object.assign(vars, overrides);
  if (Object.keys(overrides).length === 0) Object.assign(vars, theme.effective);
  return vars;
}

/** The vendored effective defaults (for tests and documentation). */
export function vendoredDefaults(name: ThemeName): Record<string, string> {
  return { ...THEMES[name].effective };
}
