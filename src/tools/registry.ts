// The registry: an explicit, sorted list of every tool, deployed or not. Every surface derives from it.
import acceptanceCriteriaValidator from './acceptance-criteria-validator/tool.ts';
import alignmentGate from './alignment-gate/tool.ts';
import blmLandLookup from './blm-land-lookup/tool.ts';
import type { ToolDefinition } from './contract.ts';
import convertDiagram from './convert-diagram/tool.ts';
import coverageCheck from './coverage-check/tool.ts';
import defectTriage from './defect-triage/tool.ts';
import dependencyCheck from './dependency-check/tool.ts';
import diagramContrast from './diagram-contrast/tool.ts';
import humanize from './humanize/tool.ts';
import humanizerScore from './humanizer-score/tool.ts';
import logAnalyzer from './log-analyzer/tool.ts';
import logAuditCreator from './log-audit-creator/tool.ts';
import modelAdvisor from './model-advisor/tool.ts';
import saasMetrics from './saas-metrics/tool.ts';
import sprintHealth from './sprint-health/tool.ts';
import supplyChainScan from './supply-chain-scan/tool.ts';
import ticketLint from './ticket-lint/tool.ts';
import worklogGuardrail from './worklog-guardrail/tool.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any, any, any>;

export const tools: readonly AnyTool[] = [
  acceptanceCriteriaValidator,
  alignmentGate,
  blmLandLookup,
  convertDiagram,
  coverageCheck,
  defectTriage,
  dependencyCheck,
  diagramContrast,
  humanize,
  humanizerScore,
  logAnalyzer,
  logAuditCreator,
  modelAdvisor,
  saasMetrics,
  sprintHealth,
  supplyChainScan,
  ticketLint,
  worklogGuardrail,
];

export function findTool(name: string): AnyTool | undefined {
  return tools.find((t) => t.name === name);
}
