// The log-analyzer engine: lines -> records (header detection) -> mined events -> clusters, levels, anomalies.
import { detectAnomalies } from './anomalies.ts';
import { DEFAULT_MINING, SequenceIndex, mineSequences, sortRecordIndexes } from './cluster.ts';
import type { MiningConfig } from './cluster.ts';
import type { Level } from './levels.ts';
import { LEVELS, inferLevel, levelRank } from './levels.ts';
import { parseLines } from './records.ts';
import type { LogRecord } from './records.ts';
import { renderSignature } from './render.ts';
import type { TimeReference } from './timestamps.ts';
import { SkeletonIds, TokenTable, appendLiteral, newTokenScratch, sanitize, tokenizeInto } from './tokens.ts';
import type { Input, Output } from './tool.ts';
import { truncate } from '../kit/text.ts';

export interface AnalyzeOptions {
  /** Clusters listed in the output (the most frequent first). */
  maxClusters: number;
  /** Anomaly window width; undefined picks one from the time span. */
  bucketSeconds?: number;
  returnAssignments: boolean;
  /** "Now", used only to place year-less timestamps (syslog) in the right year. */
  nowMs: number;
  mining?: MiningConfig;
}

type ClusterOut = Output['clusters'][number];

const MAX_SAMPLE = 1000;
const MAX_MESSAGE_FOR_MINING = 4000;

/** The tool's call: a request's fields as the engine's options ("now" places year-less timestamps). */
export function analyzeInput(args: Input, nowMs: number): Output {
  return analyzeLog(args.log ?? '', {
    maxClusters: args.max_clusters,
    bucketSeconds: args.bucket_seconds,
    returnAssignments: args.return_assignments,
    nowMs,
  });
}

/** A cluster as built, before it is listed: its records in log order, its level and its time span. */
interface Built {
  signature: string;
  records: number[];
  level: Level;
  first: number | null;
  last: number | null;
}

/**
 * Tokenizes every message and mines the event clusters. Each message is tokenized into one reused buffer; only
 * its distinct skeleton sequence and its raw token offsets are kept.
 */
function mineRecords(records: readonly LogRecord[], mining: MiningConfig): { table: TokenTable; mined: ReturnType<typeof mineSequences> } {
  const table = new TokenTable(records.length);
  const sequences = new SequenceIndex();
  const scratch = newTokenScratch();
  const skeletons = new SkeletonIds();
  for (let r = 0; r < records.length; r++) {
    const rec = records[r]!;
    const msg = sanitize(rec.message.length > MAX_MESSAGE_FOR_MINING ? rec.message.slice(0, MAX_MESSAGE_FOR_MINING) : rec.message);
    // Only access-log requests carry a literal tail (the status); their paths name endpoints, so keep them.
    tokenizeInto(msg, rec.literalTail === null, skeletons, scratch);
    if (rec.literalTail !== null) appendLiteral(scratch, rec.literalTail, skeletons);
    table.add(msg, scratch);
    sequences.add(r, scratch.ids, scratch.count, skeletons.strings);
  }
  return { table, mined: mineSequences(sequences.seqs, mining, (skel) => skeletons.identifier(skel)) };
}

/** Renders each mined cluster's signature and folds clusters whose signatures coincide, in first-mined order. */
function foldBySignature(table: TokenTable, mined: ReturnType<typeof mineSequences>): Map<string, number[]> {
  const bySignature = new Map<string, number[]>();
  for (const m of mined) {
    let sig = m.columns === 0 ? '(empty message)' : renderSignature(table, m.renderSeqs, m.columns, m.records.length);
    if (sig.length === 0) sig = '(empty message)';
    const list = bySignature.get(sig);
    if (list) for (const r of m.records) list.push(r);
    else bySignature.set(sig, [...m.records]);
  }
  return bySignature;
}

/** A cluster's most common level (ties: the more severe), or the one its wording suggests; and its time span. */
function buildCluster(signature: string, recs: number[], records: readonly LogRecord[]): Built {
  // Records per level, by rank (least to most severe): no map update per record.
  const counts = new Int32Array(LEVELS.length);
  let first: number | null = null;
  let last: number | null = null;
  for (const r of recs) {
    const rec = records[r]!;
    if (rec.level) counts[levelRank(rec.level)]!++;
    if (rec.epochMs !== null) {
      if (first === null || rec.epochMs < first) first = rec.epochMs;
      if (last === null || rec.epochMs > last) last = rec.epochMs;
    }
  }
  // The most common level; among equally common ones, the more severe.
  let level: Level | null = null;
  let best = 0;
  for (let rank = 0; rank < LEVELS.length; rank++) {
    const c = counts[rank]!;
    if (c > 0 && c >= best) {
      level = LEVELS[rank]!;
      best = c;
    }
  }
  return { signature, records: recs, level: level ?? inferLevel(signature), first, last };
}

/** Each record's cluster and error flag, and the records per level; lines without a level take their event's. */
function tallyLevels(built: readonly Built[], records: readonly LogRecord[]): { recordCluster: Int32Array; isError: Uint8Array; levels: Partial<Record<Level, number>> } {
  const recordCluster = new Int32Array(records.length);
  const isError = new Uint8Array(records.length);
  const levelCounts = new Array<number>(LEVELS.length).fill(0);
  const errorRank = levelRank('error');
  built.forEach((b, idx) => {
    for (const r of b.records) {
      const rank = levelRank(records[r]!.level ?? b.level);
      recordCluster[r] = idx;
      if (rank >= errorRank) isError[r] = 1;
      levelCounts[rank]!++;
    }
  });
  // Least to most severe, levels that occur only.
  const levels: Partial<Record<Level, number>> = {};
  LEVELS.forEach((l, rank) => {
    if (levelCounts[rank]! > 0) levels[l] = levelCounts[rank]!;
  });
  return { recordCluster, isError, levels };
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function clusterOut(b: Built, lines: readonly string[], records: readonly LogRecord[]): ClusterOut {
  const line = lines[records[b.records[0]!]!.line]!;
  return {
    signature: b.signature,
    count: b.records.length,
    level: b.level,
    first_seen: iso(b.first),
    last_seen: iso(b.last),
    sample: truncate(line, MAX_SAMPLE),
  };
}

/** Analyse a log text. Pure: the same text and options always give the same result. */
export function analyzeLog(text: string, options: AnalyzeOptions): Output {
  const ref: TimeReference = { nowMs: options.nowMs };
  const parsed = parseLines(text, ref);
  const { lines, records } = parsed;
  const { table, mined } = mineRecords(records, options.mining ?? DEFAULT_MINING);
  const bySignature = foldBySignature(table, mined);
  const built: Built[] = [...bySignature.keys()].map((signature) => buildCluster(signature, sortRecordIndexes(bySignature.get(signature)!), records));
  built.sort((a, b) => b.records.length - a.records.length || a.records[0]! - b.records[0]!);
  const { recordCluster, isError, levels } = tallyLevels(built, records);

  // Loops rather than map over record-sized arrays: V8's inlined map deoptimises ("out of bounds") on arrays this
  // long, and the rest of the call would then run unoptimised.
  const epochMs = new Array<number | null>(records.length);
  for (let r = 0; r < records.length; r++) epochMs[r] = records[r]!.epochMs;
  const anomalyResult = detectAnomalies({
    epochMs,
    isError,
    cluster: recordCluster,
    clusters: built.map((b) => ({ signature: b.signature, level: b.level, count: b.records.length })),
    bucketSeconds: options.bucketSeconds,
  });

  const result: Output = {
    clusters: built.slice(0, options.maxClusters).map((b) => clusterOut(b, lines, records)),
    cluster_count: built.length,
    total_lines: lines.length,
    records: records.length,
    format: parsed.format,
    levels,
    bucket_seconds: anomalyResult.bucketSeconds,
    anomalies: anomalyResult.anomalies,
  };
  if (options.returnAssignments) {
    const lineRecord = parsed.lineRecord;
    const assignments = new Array<number>(lineRecord.length);
    for (let i = 0; i < lineRecord.length; i++) {
      const r = lineRecord[i]!;
      assignments[i] = r >= 0 ? recordCluster[r]! : -1;
    }
    result.assignments = assignments;
  }
  return result;
}
