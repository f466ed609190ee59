// Function-calling definitions (OpenAI and Anthropic forms), from the same JSON Schemas as MCP and OpenAPI.
import { mcpName } from '../tools/contract.ts';
import type { AnyTool } from '../tools/registry.ts';
import { toolSchemas } from './schemas.ts';
import type { JsonSchema } from './schemas.ts';

export interface FunctionDefinitions {
  openai: Array<{ type: 'function'; function: { name: string; description: string; parameters: JsonSchema } }>;
  anthropic: Array<{ name: string; description: string; input_schema: JsonSchema }>;
}

function describe(tool: AnyTool): string {
  return `${tool.summary}. ${tool.description} Costs ${tool.credits} credit${tool.credits === 1 ? '' : 's'}; call POST /v1/${tool.name} or the MCP tool ${mcpName(tool.name)}.`;
}

export function functionDefinitions(tools: readonly AnyTool[]): FunctionDefinitions {
  const sorted = [...tools].sort((a, b) => a.name.localeCompare(b.name));
  return {
    openai: sorted.map((t) => ({ type: 'function', function: { name: mcpName(t.name), description: describe(t), parameters: toolSchemas(t).input } })),
    anthropic: sorted.map((t) => ({ name: mcpName(t.name), description: describe(t), input_schema: toolSchemas(t).input })),
  };
}
