// Anomaly detection over time buckets (or line windows when the log has no timestamps): error spikes, bursts, new and rare events.
import type { Level } from './levels.ts';
import { levelRank } from './levels.ts';

import type { Output } from './tool.ts';

type Anomaly = Output['anomalies'][number];
type Severity = Anomaly['severity'];

export interface AnomalyInput {
  /** Per record, in log order: its timestamp (null when none), whether its level is error or worse, and its cluster (an index into `clusters`). */
  epochMs: (number | null)[];
  isError: Uint8Array;
  cluster: Int32Array;
  clusters: { signature: string; level: Level; count: number }[];
  bucketSeconds?: number;
}

export interface AnomalyResult {
  bucketSeconds: number | null;
  anomalies: Anomaly[];
}

export const MAX_ANOMALIES = 100;
const AUTO_BUCKETS = [1, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 604800, 2592000];
const TARGET_BUCKETS = 60;
const MAX_BUCKETS = 100000;
const MIN_WINDOWS = 4;

const SEVERITY_RANK: Record<Severity, number> = { high: 2, medium: 1, low: 0 };

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Code-unit order: the same everywhere (localeCompare depends on the runtime's locale data). */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

function pct(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(1)}%`;
}

interface Windows {
  /** Window index of each record (-1 when the record has no place, e.g. no timestamp). */
  of: number[];
  count: number;
  /** Start/end labels of a window range. */
  bounds(first: number, last: number): { start: string | null; end: string | null; label: string };
  bucketSeconds: number | null;
  timed: boolean;
}

function timeWindows(input: AnomalyInput): Windows | null {
  let min = Infinity;
  let max = -Infinity;
  let timed = 0;
  for (const t of input.epochMs) {
    if (t === null) continue;
    timed++;
    if (t < min) min = t;
    if (t > max) max = t;
  }
  if (timed < Math.max(2, input.epochMs.length / 2) || max <= min) return null;
  const spanSeconds = (max - min) / 1000;
  let bucket = input.bucketSeconds ?? AUTO_BUCKETS.find((b) => spanSeconds / b + 1 <= TARGET_BUCKETS) ?? AUTO_BUCKETS[AUTO_BUCKETS.length - 1]!;
  // A requested width that would make an absurd number of windows is widened (and reported as used).
  while (spanSeconds / bucket + 1 > MAX_BUCKETS) bucket *= 2;
  const width = bucket * 1000;
  const origin = Math.floor(min / width) * width;
  const count = Math.floor((max - origin) / width) + 1;
  const of = new Array<number>(input.epochMs.length);
  for (let i = 0; i < of.length; i++) {
    const t = input.epochMs[i]!;
    of[i] = t === null ? -1 : Math.floor((t - origin) / width);
  }
  return {
    of,
    count,
    bucketSeconds: bucket,
    timed: true,
    bounds(first, last) {
      const start = new Date(origin + first * width).toISOString();
      const end = new Date(origin + (last + 1) * width).toISOString();
      return { start, end, label: `${start} to ${end}` };
    },
  };
}

function windowOf(n: number, size: number): number[] {
  const of = new Array<number>(n);
  for (let i = 0; i < n; i++) of[i] = Math.floor(i / size);
  return of;
}

function lineWindows(input: AnomalyInput): Windows {
  const n = input.epochMs.length;
  const size = Math.max(1, Math.ceil(n / 50));
  return {
    of: windowOf(n, size),
    count: Math.ceil(n / size),
    bucketSeconds: null,
    timed: false,
    bounds(first, last) {
      return { start: null, end: null, label: `records ${first * size + 1} to ${Math.min(n, (last + 1) * size)}` };
    },
  };
}

/** Consecutive flagged windows become one anomaly. */
function runs(flags: boolean[]): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= flags.length; i++) {
    if (i < flags.length && flags[i]) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push([start, i - 1]);
      start = -1;
    }
  }
  return out;
}

/** Record indexes per window, so that describing a run of windows costs only its own records. */
function recordsByWindow(w: Windows): Map<number, number[]> {
  const by = new Map<number, number[]>();
  w.of.forEach((win, i) => {
    if (win < 0) return;
    const list = by.get(win);
    if (list) list.push(i);
    else by.set(win, [i]);
  });
  return by;
}

function topCluster(input: AnomalyInput, byWindow: Map<number, number[]>, first: number, last: number, errorsOnly: boolean): { cluster: number; count: number } {
  const counts = new Map<number, number>();
  for (let win = first; win <= last; win++) {
    for (const i of byWindow.get(win) ?? []) {
      if (errorsOnly && !input.isError[i]) continue;
      const c = input.cluster[i]!;
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
  }
  let cluster = 0;
  let count = -1;
  for (const [c, k] of counts) {
    if (k > count || (k === count && c < cluster)) {
      cluster = c;
      count = k;
    }
  }
  return { cluster, count: Math.max(0, count) };
}

/** Lines and error lines per window, and the same over the windows that have lines. */
interface WindowCounts {
  input: AnomalyInput;
  w: Windows;
  byWindow: Map<number, number[]>;
  /** "60 s window" or "window", for the details. */
  unit: string;
  total: number[];
  errors: number[];
  errorTotal: number;
  activeTotals: number[];
  activeErrors: number[];
  /** "over the N windows with lines", for the details. */
  activeLabel: string;
}

function countWindows(input: AnomalyInput, w: Windows): WindowCounts {
  const n = input.epochMs.length;
  const total = new Array<number>(w.count).fill(0);
  const errors = new Array<number>(w.count).fill(0);
  let errorTotal = 0;
  for (let i = 0; i < n; i++) {
    const win = w.of[i]!;
    if (win < 0) continue;
    total[win]!++;
    if (input.isError[i]) {
      errors[win]!++;
      errorTotal++;
    }
  }
  // The baseline is what a window holds while the log is being written: windows without a single line (the
  // service was idle, stopped, or logged elsewhere) say nothing about normal volume, and counting them would make
  // the median 0 around any idle stretch, so that steady traffic reads as a burst.
  const activeTotals: number[] = [];
  const activeErrors: number[] = [];
  for (let i = 0; i < w.count; i++) {
    if (total[i]! === 0) continue;
    activeTotals.push(total[i]!);
    activeErrors.push(errors[i]!);
  }
  const active = activeTotals.length;
  return {
    input,
    w,
    byWindow: recordsByWindow(w),
    unit: w.timed ? `${w.bucketSeconds} s window` : 'window',
    total,
    errors,
    errorTotal,
    activeTotals,
    activeErrors,
    activeLabel: `over the ${active} window${active === 1 ? '' : 's'} with lines`,
  };
}

/** A run of flagged windows: how many, their bounds, the event contributing the most lines, and how details name it. */
function describeRun(k: WindowCounts, a: number, b: number, errorsOnly: boolean): { windows: number; topCount: number; signature: string; start: string | null; end: string | null; where: string } {
  const windows = b - a + 1;
  const top = topCluster(k.input, k.byWindow, a, b, errorsOnly);
  const bounds = k.w.bounds(a, b);
  return { windows, topCount: top.count, signature: k.input.clusters[top.cluster]!.signature, start: bounds.start, end: bounds.end, where: `${windows} ${k.unit}${windows > 1 ? 's' : ''} (${bounds.label})` };
}

/** Error spikes: far more errors than usual in a window, at a higher error rate than the log's overall rate. */
function errorSpikes(k: WindowCounts, out: Anomaly[]): void {
  const { input, total, errors, errorTotal, activeLabel } = k;
  const n = input.epochMs.length;
  const active = k.activeTotals.length;
  const errMedian = median(k.activeErrors);
  const errMean = errorTotal / Math.max(1, active);
  const overallRate = errorTotal / Math.max(1, total.reduce((a, b) => a + b, 0));
  const spike = errors.map((e, i) => e >= 5 && e >= 3 * Math.max(1, errMedian) && e >= errMean + 3 * Math.sqrt(Math.max(1, errMean)) && e / Math.max(1, total[i]!) >= 1.5 * overallRate);
  for (const [a, b] of runs(spike)) {
    let e = 0;
    let t = 0;
    for (let i = a; i <= b; i++) {
      e += errors[i]!;
      t += total[i]!;
    }
    const r = describeRun(k, a, b, true);
    const perWindow = e / r.windows;
    out.push({
      type: 'error_spike',
      severity: perWindow >= 10 * Math.max(1, errMedian) || e / Math.max(1, t) >= 0.5 ? 'high' : 'medium',
      signature: r.signature,
      window_start: r.start,
      window_end: r.end,
      detail: `${e} error lines in ${r.where}, ${fmt(perWindow)} per window vs a median of ${fmt(errMedian)} ${activeLabel}; error rate ${pct(e, t)} vs ${pct(errorTotal, n)} overall; top event accounts for ${r.topCount}.`,
    });
  }
}

/** Bursts (timed windows only): far more lines than usual in a window. */
function bursts(k: WindowCounts, out: Anomaly[]): void {
  const { total, activeLabel, activeTotals } = k;
  const volMedian = median(activeTotals);
  const volMean = activeTotals.reduce((a, b) => a + b, 0) / Math.max(1, activeTotals.length);
  const burst = total.map((t) => t >= 20 && t >= 5 * Math.max(1, volMedian) && t >= volMean + 4 * Math.sqrt(Math.max(1, volMean)));
  for (const [a, b] of runs(burst)) {
    let t = 0;
    for (let i = a; i <= b; i++) t += total[i]!;
    const r = describeRun(k, a, b, false);
    const perWindow = t / r.windows;
    out.push({
      type: 'burst',
      severity: perWindow >= 20 * Math.max(1, volMedian) ? 'high' : perWindow >= 10 * Math.max(1, volMedian) ? 'medium' : 'low',
      signature: r.signature,
      window_start: r.start,
      window_end: r.end,
      detail: `${t} lines in ${r.where}, ${fmt(perWindow)} per window vs a median of ${fmt(volMedian)} ${activeLabel}; top event accounts for ${r.topCount}.`,
    });
  }
}

/** The first and last window of each cluster (Infinity and -1 when none of its records has a window). */
function clusterSpans(input: AnomalyInput, w: Windows): { firstWindow: number[]; lastWindow: number[] } {
  const firstWindow = new Array<number>(input.clusters.length).fill(Infinity);
  const lastWindow = new Array<number>(input.clusters.length).fill(-1);
  for (let i = 0; i < input.epochMs.length; i++) {
    const win = w.of[i]!;
    if (win < 0) continue;
    const c = input.cluster[i]!;
    if (win < firstWindow[c]!) firstWindow[c] = win;
    if (win > lastWindow[c]!) lastWindow[c] = win;
  }
  return { firstWindow, lastWindow };
}

/** New signatures: events that first appear in the second half of the log. Returns the clusters flagged. */
function newSignatures(input: AnomalyInput, w: Windows, spans: ReturnType<typeof clusterSpans>, out: Anomaly[]): Set<number> {
  const flaggedNew = new Set<number>();
  if (w.count < MIN_WINDOWS || input.clusters.length <= 1) return flaggedNew;
  const half = w.count / 2;
  input.clusters.forEach((c, idx) => {
    const first = spans.firstWindow[idx]!;
    if (!Number.isFinite(first) || first < half) return;
    flaggedNew.add(idx);
    const bounds = w.bounds(first, spans.lastWindow[idx]!);
    const rank = levelRank(c.level);
    out.push({
      type: 'new_signature',
      severity: rank >= levelRank('error') ? 'high' : rank >= levelRank('warn') ? 'medium' : 'low',
      signature: c.signature,
      window_start: bounds.start,
      window_end: bounds.end,
      detail: `First seen in window ${first + 1} of ${w.count} (${bounds.label}); ${c.count} line${c.count > 1 ? 's' : ''} at level ${c.level}.`,
    });
  });
  return flaggedNew;
}

/** Rare signatures: warnings and errors that occur only a handful of times (not already flagged as new). */
function rareSignatures(input: AnomalyInput, w: Windows, spans: ReturnType<typeof clusterSpans>, flaggedNew: ReadonlySet<number>, out: Anomaly[]): void {
  const n = input.epochMs.length;
  if (n < 100 || input.clusters.length < 3) return;
  const limit = Math.max(2, Math.floor(n * 0.0005));
  input.clusters.forEach((c, idx) => {
    if (flaggedNew.has(idx) || c.count > limit || levelRank(c.level) < levelRank('warn')) return;
    const first = spans.firstWindow[idx]!;
    const bounds = Number.isFinite(first) ? w.bounds(first, spans.lastWindow[idx]!) : { start: null, end: null, label: 'no timestamp' };
    out.push({
      type: 'rare_signature',
      severity: levelRank(c.level) >= levelRank('error') ? 'high' : 'medium',
      signature: c.signature,
      window_start: bounds.start,
      window_end: bounds.end,
      detail: `${c.count} of ${n} records (${pct(c.count, n)}) at level ${c.level}; rare events at this level deserve a look.`,
    });
  });
}

/** Find anomalies; deterministic, bounded to MAX_ANOMALIES (most severe first). */
export function detectAnomalies(input: AnomalyInput): AnomalyResult {
  const anomalies: Anomaly[] = [];
  if (input.epochMs.length === 0) return { bucketSeconds: null, anomalies };
  const w = timeWindows(input) ?? lineWindows(input);
  if (w.count >= MIN_WINDOWS) {
    const counts = countWindows(input, w);
    errorSpikes(counts, anomalies);
    if (w.timed) bursts(counts, anomalies);
  }
  const spans = clusterSpans(input, w);
  const flaggedNew = newSignatures(input, w, spans, anomalies);
  rareSignatures(input, w, spans, flaggedNew, anomalies);
  anomalies.sort(
    (a, b) =>
      SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
      cmp(a.window_start ?? '\uffff', b.window_start ?? '\uffff') ||
      cmp(a.type, b.type) ||
      cmp(a.signature, b.signature),
  );
  return { bucketSeconds: w.bucketSeconds, anomalies: anomalies.slice(0, MAX_ANOMALIES) };
}
