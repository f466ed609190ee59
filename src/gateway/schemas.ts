// JSON Schemas of each tool, generated once from its zod schemas; every surface uses these same objects.
import { z } from 'zod';
import type { AnyTool } from '../tools/registry.ts';

export type JsonSchema = Record<string, unknown>;

const cache = new WeakMap<AnyTool, { input: JsonSchema; output: JsonSchema }>();

function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const js = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete js.$schema;
  return js;
}

/** The tool's input schema, and its success body schema (the output plus request_id). */
export function toolSchemas(tool: AnyTool): { input: JsonSchema; output: JsonSchema } {
  const hit = cache.get(tool);
  if (hit) return hit;
  const input = toJson(tool.input, 'input');
  const out = toJson(tool.output, 'output');
  const properties = { ...((out.properties as JsonSchema | undefined) ?? {}), request_id: { type: 'string', description: 'Id of this metered call; quote it to support.' } };
  const required = [...new Set([...((out.required as string[] | undefined) ?? []), 'request_id'])];
  const output: JsonSchema = { ...out, type: 'object', properties, required };
  const entry = { input, output };
  cache.set(tool, entry);
  return entry;
}
