// Prometheus metrics: requests by endpoint and status, latency, credits charged and refunded.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<'endpoint' | 'status'>;
  readonly latency: Histogram<'endpoint'>;
  readonly charged: Counter<'endpoint'>;
  readonly refunded: Counter<'endpoint'>;

  constructor(opts: { defaultMetrics?: boolean } = {}) {
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'ddt_process_' });
    this.requests = new Counter({
      name: 'ddt_http_requests_total',
      help: 'HTTP requests by endpoint and status code.',
      labelNames: ['endpoint', 'status'],
      registers: [this.registry],
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
    });
    this.refunded = new Counter({
      name: 'ddt_credits_refunded_total',
      help: 'Credits refunded by endpoint (5xx after charging, engine-detected 4xx).',
      labelNames: ['endpoint'],
      registers: [this.registry],
    });
  }
}
