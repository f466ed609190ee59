// The hot-path metric forms read back through the Prometheus registry exactly as prom-client's own would.
import { describe, expect, it } from 'vitest';
import { Metrics } from '../src/platform/metrics.ts';

function lines(text: string, prefix: string): string[] {
  return text.split('\n').filter((l) => l.startsWith(prefix));
}

describe('latency histogram', () => {
  it.each([
    // value, the first bucket (le) that counts it
    [0.0005, '0.001'],
    [0.001, '0.001'], // an edge value belongs to its own bucket (le is "less or equal")
    [0.0011, '0.0025'],
    [10, '10'],
    [10.5, '+Inf'],
  ])('%f s is counted from le=%s upwards', async (value, firstLe) => {
    const m = new Metrics({ defaultMetrics: false });
    m.latency.observe(m.latency.cell('saas-metrics'), value);
    const text = await m.registry.metrics();
    const buckets = lines(text, 'ddt_http_request_duration_seconds_bucket{');
    expect(buckets).toHaveLength(14);
    const first = buckets.findIndex((l) => l.endsWith(' 1'));
    expect(buckets[first]).toContain(`le="${firstLe}"`);
    expect(buckets.slice(first).every((l) => l.endsWith(' 1'))).toBe(true);
    expect(buckets.slice(0, first).every((l) => l.endsWith(' 0'))).toBe(true);
    expect(lines(text, 'ddt_http_request_duration_seconds_count')).toEqual(['ddt_http_request_duration_seconds_count{endpoint="saas-metrics"} 1']);
    expect(lines(text, 'ddt_http_request_duration_seconds_sum')).toEqual([`ddt_http_request_duration_seconds_sum{endpoint="saas-metrics"} ${value}`]);
  });

  it('keeps one series per endpoint, cumulative, and reads the same in JSON', async () => {
    const m = new Metrics({ defaultMetrics: false });
    const a = m.latency.cell('a');
    for (const v of [0.002, 0.002, 0.2]) m.latency.observe(a, v);
    m.latency.observe(m.latency.cell('b'), 3);
    const text = await m.registry.metrics();
    expect(text).toContain('# TYPE ddt_http_request_duration_seconds histogram');
    expect(text).toContain('ddt_http_request_duration_seconds_bucket{le="0.0025",endpoint="a"} 2');
    expect(text).toContain('ddt_http_request_duration_seconds_bucket{le="0.25",endpoint="a"} 3');
    expect(text).toContain('ddt_http_request_duration_seconds_bucket{le="2.5",endpoint="b"} 0');
    expect(text).toContain('ddt_http_request_duration_seconds_bucket{le="5",endpoint="b"} 1');
    const json = (await m.registry.getMetricsAsJSON()).find((x) => x.name === 'ddt_http_request_duration_seconds');
    const values = (json?.values ?? []) as Array<{ metricName?: string; value: number }>;
    expect(values.filter((v) => v.metricName === 'ddt_http_request_duration_seconds_count').map((v) => v.value)).toEqual([3, 1]);
  });
});

describe('tallied counters', () => {
  it('move their counts into the counter when scraped, once', async () => {
    const m = new Metrics({ defaultMetrics: false });
    const ok = m.requestCounts.cell('saas-metrics', '200');
    ok.n += 3;
    m.requestCounts.cell('saas-metrics', '402').n++;
    m.chargedCredits.cell('saas-metrics').n += 5;
    const first = await m.registry.metrics();
    expect(first).toContain('ddt_http_requests_total{endpoint="saas-metrics",status="200"} 3');
    expect(first).toContain('ddt_http_requests_total{endpoint="saas-metrics",status="402"} 1');
    expect(first).toContain('ddt_credits_charged_total{endpoint="saas-metrics"} 5');
    // A second scrape without new calls reads the same totals; new calls add to them.
    expect(await m.registry.metrics()).toContain('ddt_http_requests_total{endpoint="saas-metrics",status="200"} 3');
    ok.n++;
    expect(await m.registry.metrics()).toContain('ddt_http_requests_total{endpoint="saas-metrics",status="200"} 4');
    expect(m.requestCounts.cell('saas-metrics', '200')).toBe(ok);
  });
});

describe('default metrics', () => {
  it("carry Node's standard names, so stock dashboards match them (no doubled prefix)", async () => {
    const m = new Metrics();
    const text = await m.registry.metrics();
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(text).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
    expect(text).not.toContain('ddt_process_');
  });
});
