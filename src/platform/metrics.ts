// Prometheus metrics: requests by endpoint and status, latency, credits charged and refunded.
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import type { Metric } from 'prom-client';

/** One label set's count, incremented on the hot path. */
export interface TallyCell {
  n: number;
}

/**
 * The per-call form of a labelled counter: a plain number per label set, added to the prom-client counter
 * when the registry is collected (its collect hook), so a call pays an increment rather than prom-client's
 * label validation and hashing.
 */
class Tally {
  private readonly cells = new Map<string, { labels: string[]; cell: TallyCell }>();
  private counter: Counter<string> | undefined;

  attach(counter: Counter<string>): void {
    this.counter = counter;
  }

  cell(...labels: string[]): TallyCell {
    const id = labels.join('\u0000');
    let entry = this.cells.get(id);
    if (!entry) this.cells.set(id, (entry = { labels, cell: { n: 0 } }));
    return entry.cell;
  }

  /** Moves the pending counts into the counter (called by prom-client before it reads the counter). */
  flush(): void {
    if (!this.counter) return;
    for (const { labels, cell } of this.cells.values()) {
      if (cell.n === 0) continue;
      this.counter.labels(...labels).inc(cell.n);
      cell.n = 0;
    }
  }
}

/** A metric value line as the registry formats it. */
interface ValueLine {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/** One label value's distribution: a count per bucket (the last is +Inf; not cumulative), their sum and total. */
export interface HistogramCell {
  counts: number[];
  sum: number;
  count: number;
}

/**
 * A histogram with one label, observed on the hot path with a bucket search and three additions; the
 * registry reads it like any prom-client metric (cumulative `_bucket` lines with `le`, `_sum`, `_count`).
 */
export class LabelledHistogram {
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  private readonly cells = new Map<string, HistogramCell>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelName: string,
    readonly buckets: readonly number[],
  ) {}

  cell(labelValue: string): HistogramCell {
    let cell = this.cells.get(labelValue);
    if (!cell) this.cells.set(labelValue, (cell = { counts: new Array<number>(this.buckets.length + 1).fill(0), sum: 0, count: 0 }));
    return cell;
  }

  observe(cell: HistogramCell, value: number): void {
    const b = this.buckets;
    let i = 0;
    while (i < b.length && value > b[i]!) i++;
    cell.counts[i]!++;
    cell.sum += value;
    cell.count++;
  }

  async get(): Promise<{ name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: ValueLine[] }> {
    const values: ValueLine[] = [];
    for (const [labelValue, cell] of this.cells) {
      let cumulative = 0;
      for (let i = 0; i <= this.buckets.length; i++) {
        cumulative += cell.counts[i]!;
        const le = i < this.buckets.length ? this.buckets[i]! : '+Inf';
        values.push({ metricName: `${this.name}_bucket`, labels: { le, [this.labelName]: labelValue }, value: cumulative });
      }
      values.push({ metricName: `${this.name}_sum`, labels: { [this.labelName]: labelValue }, value: cell.sum });
      values.push({ metricName: `${this.name}_count`, labels: { [this.labelName]: labelValue }, value: cell.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.cells.clear();
  }
}

export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<'endpoint' | 'status'>;
  readonly latency: LabelledHistogram;
  readonly charged: Counter<'endpoint'>;
  readonly refunded: Counter<'endpoint'>;
  /** Hot-path counts of requests (endpoint, status), charged and refunded credits (endpoint). */
  readonly requestCounts = new Tally();
  readonly chargedCredits = new Tally();
  readonly refundedCredits = new Tally();

  constructor(opts: { defaultMetrics?: boolean } = {}) {
    // Node's default metrics under their standard names (process_cpu_seconds_total, nodejs_heap_size_used_bytes...),
    // so stock Node.js dashboards and alerts match them.
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.requests = talliedCounter(this.registry, this.requestCounts, 'ddt_http_requests_total', 'HTTP requests by endpoint and status code.', ['endpoint', 'status']);
    this.latency = new LabelledHistogram('ddt_http_request_duration_seconds', 'Request latency by endpoint.', 'endpoint', [
      0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]);
    this.registry.registerMetric(this.latency as unknown as Metric);
    this.charged = talliedCounter(this.registry, this.chargedCredits, 'ddt_credits_charged_total', 'Credits charged by endpoint.', ['endpoint']);
    this.refunded = talliedCounter(
      this.registry,
      this.refundedCredits,
      'ddt_credits_refunded_total',
      'Credits refunded by endpoint (5xx after charging, engine-detected 4xx).',
      ['endpoint'],
    );
  }
}

/** A counter in `registry` fed by `tally`: the tally's pending counts are added each time the registry is collected. */
function talliedCounter<L extends string>(registry: Registry, tally: Tally, name: string, help: string, labelNames: L[]): Counter<L> {
  const counter = new Counter<L>({ name, help, labelNames, registers: [registry], collect: () => tally.flush() });
  tally.attach(counter);
  return counter;
}
