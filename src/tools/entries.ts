// The registry's list: every tool (deployed or not) by name, explicit and sorted, each loaded on first use. A
// server registers routes from the names at start and loads the tools' code in the background, so it listens
// before a single tool module is evaluated; `registry.ts` loads them all (tests, benches, the OpenAPI file).
import type { AnyTool } from './registry-types.ts';

export interface ToolEntry {
  /** The path segment, as in the tool's definition (a registry test checks they agree). */
  readonly name: string;
  /** As the definition's `deployed` (false: built, not deployed unless DDT_DEPLOY_EXTRA names it). */
  readonly deployed: boolean;
  /** The definition, loaded once. */
  load(): Promise<AnyTool>;
  /** The definition if it is loaded already. */
  loaded(): AnyTool | undefined;
}

function entry(name: string, deployed: boolean, importer: () => Promise<{ default: AnyTool }>): ToolEntry {
  let promise: Promise<AnyTool> | undefined;
  let tool: AnyTool | undefined;
  return {
    name,
    deployed,
    load: () =>
      (promise ??= importer().then((m) => {
        tool = m.default;
        return tool;
      })),
    loaded: () => tool,
  };
}

/** A tool already in memory as an entry (tests pass test-only tools this way). */
export function entryOf(tool: AnyTool): ToolEntry {
  return { name: tool.name, deployed: tool.deployed, load: async () => tool, loaded: () => tool };
}

export const toolEntries: readonly ToolEntry[] = [
  entry('acceptance-criteria-validator', true, () => import('./acceptance-criteria-validator/tool.ts')),
  entry('alignment-gate', true, () => import('./alignment-gate/tool.ts')),
  entry('blm-land-lookup', true, () => import('./blm-land-lookup/tool.ts')),
  entry('convert-diagram', false, () => import('./convert-diagram/tool.ts')),
  entry('coverage-check', true, () => import('./coverage-check/tool.ts')),
  entry('defect-triage', true, () => import('./defect-triage/tool.ts')),
  entry('dependency-check', true, () => import('./dependency-check/tool.ts')),
  entry('diagram-contrast', true, () => import('./diagram-contrast/tool.ts')),
  entry('humanize', true, () => import('./humanize/tool.ts')),
  entry('humanizer-score', true, () => import('./humanizer-score/tool.ts')),
  entry('log-analyzer', true, () => import('./log-analyzer/tool.ts')),
  entry('log-audit-creator', true, () => import('./log-audit-creator/tool.ts')),
  entry('model-advisor', true, () => import('./model-advisor/tool.ts')),
  entry('saas-metrics', true, () => import('./saas-metrics/tool.ts')),
  entry('sprint-health', true, () => import('./sprint-health/tool.ts')),
  entry('supply-chain-scan', false, () => import('./supply-chain-scan/tool.ts')),
  entry('ticket-lint', true, () => import('./ticket-lint/tool.ts')),
  entry('worklog-guardrail', true, () => import('./worklog-guardrail/tool.ts')),
];
