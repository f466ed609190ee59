// The registry: every tool, deployed or not, loaded (from the explicit sorted list in entries.ts). Every surface
// derives from it. A server does not import this module: it loads tools through their entries, after it listens.
import { toolEntries } from './entries.ts';
import type { AnyTool } from './registry-types.ts';

export type { AnyTool } from './registry-types.ts';

export const tools: readonly AnyTool[] = await Promise.all(toolEntries.map((e) => e.load()));

export function findTool(name: string): AnyTool | undefined {
  return tools.find((t) => t.name === name);
}
