// Function-calling definitions (OpenAI and Anthropic forms), from the same public tool list and JSON Schemas as MCP.
import type { PublicTool } from './api.ts';
import type { JsonSchema } from './schemas.ts';

export interface FunctionDefinitions {
  openai: Array<{ type: 'function'; function: { name: string; description: string; parameters: JsonSchema } }>;
  anthropic: Array<{ name: string; description: string; input_schema: JsonSchema }>;
}

function describe(tool: PublicTool): string {
  const path = tool.endpoint.kind === 'tool' ? `/v1/${tool.endpoint.tool.name}` : `/v1/${tool.endpoint.name}`;
  return `${tool.description} Call POST ${path} or the MCP tool ${tool.name}.`;
}

export function functionDefinitions(tools: readonly PublicTool[]): FunctionDefinitions {
  return {
    openai: tools.map((t) => ({ type: 'function', function: { name: t.name, description: describe(t), parameters: t.inputSchema } })),
    anthropic: tools.map((t) => ({ name: t.name, description: describe(t), input_schema: t.inputSchema })),
  };
}
