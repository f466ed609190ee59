// Loghub benchmark arithmetic (pure): CSV ground truth, grouping accuracy and parsing accuracy as the benchmark defines them.
import { parseCsv } from '../kit/csv.ts';

export interface GroundTruth {
  eventIds: string[];
  templates: string[];
}

/** EventId and EventTemplate per line, in LineId order, from a `<Name>_2k.log_structured.csv` text. */
export function groundTruth(csvText: string): GroundTruth {
  const rows = parseCsv(csvText);
  const head = rows[0] ?? [];
  const idCol = head.indexOf('EventId');
  const tplCol = head.indexOf('EventTemplate');
  const lineCol = head.indexOf('LineId');
  const body = rows.slice(1).filter((r) => r.length === head.length);
  body.sort((a, b) => Number(a[lineCol]) - Number(b[lineCol]));
  return { eventIds: body.map((r) => r[idCol]!), templates: body.map((r) => r[tplCol]!) };
}

export interface WrongGroup {
  key: string;
  size: number;
  truthIds: Map<string, number>;
}

/**
 * Grouping accuracy (Loghub): group lines by predicted template; a group is correct when its lines are exactly
 * the lines of one ground-truth event. Returns the share of lines in correct groups, and the wrong groups
 * (largest first) for inspection.
 */
export function groupingAccuracy(predicted: readonly string[], truth: readonly string[]): { ga: number; wrong: WrongGroup[] } {
  const truthSize = new Map<string, number>();
  for (const t of truth) truthSize.set(t, (truthSize.get(t) ?? 0) + 1);
  const groups = new Map<string, Map<string, number>>();
  predicted.forEach((p, i) => {
    let g = groups.get(p);
    if (!g) {
      g = new Map();
      groups.set(p, g);
    }
    const t = truth[i]!;
    g.set(t, (g.get(t) ?? 0) + 1);
  });
  let correct = 0;
  const wrong: WrongGroup[] = [];
  for (const [key, g] of groups) {
    let size = 0;
    for (const v of g.values()) size += v;
    const only = g.size === 1 ? [...g.keys()][0]! : null;
    if (only !== null && truthSize.get(only) === size) correct += size;
    else wrong.push({ key, size, truthIds: g });
  }
  wrong.sort((a, b) => b.size - a.size || (a.key < b.key ? -1 : 1));
  return { ga: truth.length === 0 ? 0 : correct / truth.length, wrong };
}

/** A signature in the benchmark's notation: typed placeholders become `<*>`, whitespace runs one space. */
function asLoghubTemplate(signature: string): string {
  return signature.replace(/<(?:NUM|IP|HOST|PATH|UUID|HEX|DATE)>/g, '<*>').replace(/\s+/g, ' ').trim();
}

/** Parsing accuracy: share of lines whose template equals the ground-truth template (whitespace runs collapsed). */
export function parsingAccuracy(predicted: readonly string[], truthTemplates: readonly string[]): number {
  let exact = 0;
  predicted.forEach((p, i) => {
    if (asLoghubTemplate(p) === truthTemplates[i]!.replace(/\s+/g, ' ').trim()) exact++;
  });
  return predicted.length === 0 ? 0 : exact / predicted.length;
}
