// JSON Schemas of each tool, generated once from its zod schemas; every surface uses these same objects.
import { z } from 'zod';
import type { AnyTool } from '../tools/registry.ts';

export type JsonSchema = Record<string, unknown>;

const cache = new WeakMap<AnyTool, { input: JsonSchema; output: JsonSchema }>();

/**
 * A zod schema as JSON Schema (draft 2020-12). Request bodies are closed: the call path refuses a field a
 * schema does not name (unknown_field), so every object that lists its properties says
 * `additionalProperties: false` (records and open objects keep what zod says).
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const js = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete js.$schema;
  if (io === 'input') closeObjects(js);
  return js;
}

function closeObjects(node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) closeObjects(n);
    return;
  }
  const s = node as JsonSchema;
  if (s.type === 'object' && s.properties !== undefined && !('additionalProperties' in s) && !('patternProperties' in s) && !('propertyNames' in s)) {
    s.additionalProperties = false;
  }
  for (const k of ['properties', '$defs']) {
    const map = s[k];
    if (map && typeof map === 'object') for (const v of Object.values(map)) closeObjects(v);
  }
  for (const k of ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'not']) closeObjects(s[k]);
}

/** The tool's input schema, and its success body schema (the output plus request_id). */
export function toolSchemas(tool: AnyTool): { input: JsonSchema; output: JsonSchema } {
  const hit = cache.get(tool);
  if (hit) return hit;
  const input = jsonSchemaOf(tool.input, 'input');
  const out = jsonSchemaOf(tool.output, 'output');
  const properties = { ...((out.properties as JsonSchema | undefined) ?? {}), request_id: { type: 'string', description: 'Id of this metered call; quote it to support.' } };
  const required = [...new Set([...((out.required as string[] | undefined) ?? []), 'request_id'])];
  const output: JsonSchema = { ...out, type: 'object', properties, required };
  const entry = { input, output };
  cache.set(tool, entry);
  return entry;
}
