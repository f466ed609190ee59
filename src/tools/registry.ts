// The registry: an explicit, sorted list of every tool, deployed or not. Every surface derives from it.
import type { ToolDefinition } from './contract.ts';
import acceptanceCriteriaValidator from './acceptance-criteria-validator/tool.ts';
import coverageCheck from './coverage-check/tool.ts';
import defectTriage from './defect-triage/tool.ts';
import saasMetrics from './saas-metrics/tool.ts';
import ticketLint from './ticket-lint/tool.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any, any>;

export const tools: readonly AnyTool[] = [acceptanceCriteriaValidator, coverageCheck, defectTriage, saasMetrics, ticketLint];

export function findTool(name: string): AnyTool | undefined {
  return tools.find((t) => t.name === name);
}
