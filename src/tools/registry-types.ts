// The type of any tool definition, whatever its schemas (shared by the registry and its lazy entries).
import type { ToolDefinition } from './kit/contract.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any, any, any>;
