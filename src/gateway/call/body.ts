// Step 4a of a call: the body's JSON, and the fields it names that the endpoint does not take.
import { distance } from 'fastest-levenshtein';
import type { z } from 'zod';
import { ValidationError, fail } from './result.ts';

/** JSON from raw bytes (REST) or the parsed body as it is (MCP arguments, CLI, tests). An empty body is `{}`. */
export function parseBody(body: { raw: Buffer | string | undefined } | { parsed: unknown }): unknown {
  if ('parsed' in body) return body.parsed;
  const raw = body.raw;
  const text = raw === undefined ? '' : typeof raw === 'string' ? raw : raw.toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    return invalidJson(text, (err as Error).message);
  }
}

/** invalid_json with where the parser stopped: `position` (UTF-16 offset), `line` and `column` (1-based). */
function invalidJson(text: string, reason: string): never {
  // V8 names the position in most messages ("... at position 12"); "Unexpected end" means the end.
  const m = /at position (\d+)/.exec(reason);
  const position = m ? Number(m[1]) : text.length;
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const column = position - lineStart + 1;
  // V8's wording without its own position suffixes (" (line 1 column 2)", " in JSON at position 1").
  let what = reason;
  const lineAt = what.lastIndexOf(' (line ');
  if (lineAt >= 0 && what.endsWith(')')) what = what.slice(0, lineAt);
  const posAt = what.lastIndexOf(' in JSON at position ');
  if (posAt >= 0) what = what.slice(0, posAt);
  return fail('invalid_json', { position, line, column }, {}, `The body is not valid JSON: ${what} at line ${line}, column ${column} (position ${position}).`);
}

/** The fields a schema takes, level by level: what the unknown-field check walks the body against. */
type Shape = { kind: 'object'; fields: Map<string, Shape> } | { kind: 'array'; element: Shape } | { kind: 'open' } | { kind: 'scalar' };

/** Any key allowed (records, loose objects, unknown). */
const OPEN: Shape = { kind: 'open' };
/** A string, number, boolean, enum...: nothing inside to check. */
const SCALAR: Shape = { kind: 'scalar' };
const shapes = new WeakMap<z.ZodType, Shape>();

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function merge(a: Shape, b: Shape): Shape {
  if (a.kind === 'open' || b.kind === 'open') return OPEN;
  if (a.kind === 'scalar') return b;
  if (b.kind === 'scalar') return a;
  if (a.kind === 'object' && b.kind === 'object') {
    const fields = new Map(a.fields);
    for (const [k, v] of b.fields) fields.set(k, fields.has(k) ? merge(fields.get(k) as Shape, v) : v);
    return { kind: 'object', fields };
  }
  if (a.kind === 'array' && b.kind === 'array') return { kind: 'array', element: merge(a.element, b.element) };
  return OPEN;
}

/**
 * The shape of a zod schema: strip objects name their fields; records, catch-alls, loose objects and anything
 * else are open (every key allowed). Unions merge their members' fields.
 */
function shapeOf(schema: z.ZodType, depth = 0): Shape {
  const hit = shapes.get(schema);
  if (hit) return hit;
  if (depth > 64) return OPEN;
  const def = defOf(schema);
  let shape: Shape;
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall ? defOf(def.catchall).type : undefined;
      if (catchall !== undefined && catchall !== 'never') {
        shape = OPEN;
        break;
      }
      const fields = new Map<string, Shape>();
      for (const [k, v] of Object.entries(def.shape ?? {})) fields.set(k, shapeOf(v, depth + 1));
      shape = { kind: 'object', fields };
      break;
    }
    case 'array':
      shape = def.element ? { kind: 'array', element: shapeOf(def.element, depth + 1) } : OPEN;
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      shape = def.innerType ? shapeOf(def.innerType, depth + 1) : OPEN;
      break;
    case 'pipe':
      shape = def.in ? shapeOf(def.in, depth + 1) : OPEN;
      break;
    case 'union':
      // A union of an object and a scalar constrains the object; a union with an open member constrains nothing.
      shape = (def.options ?? []).map((o) => shapeOf(o, depth + 1)).reduce(merge, SCALAR);
      break;
    case 'intersection':
      shape = def.left && def.right ? merge(shapeOf(def.left, depth + 1), shapeOf(def.right, depth + 1)) : OPEN;
      break;
    case 'record':
    case 'map':
    case 'any':
    case 'unknown':
    case 'lazy':
    case 'custom':
      shape = OPEN;
      break;
    default:
      shape = SCALAR;
  }
  shapes.set(schema, shape);
  return shape;
}

/** Refuses a body that names a field the schema does not take: 400 unknown_field, with did_you_mean when one is close. */
export function checkFields(schema: z.ZodType, body: unknown): void {
  const shape = shapeOf(schema);
  if (shape.kind === 'object' || shape.kind === 'array') walk(shape, body, '');
}

function walk(shape: Shape, value: unknown, path: string): void {
  if (value === null || typeof value !== 'object') return;
  if (shape.kind === 'array') {
    if (!Array.isArray(value)) return;
    if (shape.element.kind !== 'object' && shape.element.kind !== 'array') return;
    for (let i = 0; i < value.length; i++) walk(shape.element, value[i], path === '' ? String(i) : `${path}.${i}`);
    return;
  }
  if (shape.kind !== 'object' || Array.isArray(value)) return;
  const fields = shape.fields;
  // Own keys only (JSON.parse makes every key its own, "__proto__" included).
  for (const k of Object.keys(value)) {
    const sub = fields.get(k);
    const at = path === '' ? k : `${path}.${k}`;
    if (sub === undefined) unknownField(at, k, fields);
    if (sub.kind === 'object' || sub.kind === 'array') walk(sub, (value as Record<string, unknown>)[k], at);
  }
}

/** Names echoed in an answer are cut: a 1 MB field name must not come back as a 1 MB error. */
const ECHO_MAX = 100;
const cut = (s: string): string => (s.length > ECHO_MAX ? `${s.slice(0, ECHO_MAX)}…` : s);

function unknownField(path: string, name: string, fields: Map<string, Shape>): never {
  const near = closest(name, [...fields.keys()]);
  const where = path.includes('.') ? ` at ${cut(path)}` : '';
  const known = [...fields.keys()];
  const list = known.length <= 12 ? ` Fields taken here: ${known.join(', ')}.` : '';
  throw new ValidationError({
    error: 'unknown_field',
    message: `This endpoint does not take the field "${cut(name)}"${where}.${near ? ` Did you mean "${near}"?` : list}`,
    field: cut(path),
    ...(near ? { did_you_mean: near } : {}),
  });
}

const squash = (s: string): string => s.toLowerCase().replace(/[-_\s]/g, '');

/** The known name closest to `name`: the same once case and separators are ignored, or within a third of its length in edits. */
export function closest(name: string, known: readonly string[]): string | undefined {
  if (name.length > 200) return undefined;
  const sq = squash(name);
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = squash(k) === sq ? 0 : distance(sq, squash(k));
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  const allowed = Math.max(1, Math.floor(Math.max(sq.length, 3) / 3));
  return best !== undefined && bestD <= allowed ? best : undefined;
}
