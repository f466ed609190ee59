// Prometheus metrics: requests by endpoint and status, latency, credits charged and refunded.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One label set's count, incremented on the hot path. */
export interface TallyCell {
  n: number;
}

/**
 * The per-call form of a labelled counter: a plain number per label set, added to the prom-client counter
 * when the registry is collected (its collect hook), so a call pays an increment rather than prom-client's
 * label validation and hashing.
 */
export class Tally {
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

export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<'endpoint' | 'status'>;
  readonly latency: Histogram<'endpoint'>;
  readonly charged: Counter<'endpoint'>;
  readonly refunded: Counter<'endpoint'>;
  /** Hot-path counts of requests (endpoint, status), charged and refunded credits (endpoint). */
  readonly requestCounts = new Tally();
  readonly chargedCredits = new Tally();
  readonly refundedCredits = new Tally();

  constructor(opts: { defaultMetrics?: boolean } = {}) {
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'ddt_process_' });
    this.requests = new Counter({
      name: 'ddt_http_requests_total',
      help: 'HTTP requests by endpoint and status code.',
      labelNames: ['endpoint', 'status'],
      registers: [this.registry],
      collect: () => this.requestCounts.flush(),
    });
    this.latency = new Histogram({
      name: 'ddt_http_request_duration_seconds',
      help: 'Request latency by endpoint.',
      labelNames: ['endpoint'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.charged = new Counter({
      name: 'ddt_credits_charged_total',
      help: 'Credits charged by endpoint.',
      labelNames: ['endpoint'],
      registers: [this.registry],
      collect: () => this.chargedCredits.flush(),
    });
    this.refunded = new Counter({
      name: 'ddt_credits_refunded_total',
      help: 'Credits refunded by endpoint (5xx after charging, engine-detected 4xx).',
      labelNames: ['endpoint'],
      registers: [this.registry],
      collect: () => this.refundedCredits.flush(),
    });
    this.requestCounts.attach(this.requests);
    this.chargedCredits.attach(this.charged);
    this.refundedCredits.attach(this.refunded);
  }
}
