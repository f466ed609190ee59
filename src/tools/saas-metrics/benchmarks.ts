// The benchmark each metric is judged against (data/benchmarks.json): family, unit, label, the benchmark as quoted
// with its source, and its bands. Loaded and checked once, at import.
import { z } from 'zod';
import raw from './data/benchmarks.json' with { type: 'json' };
import type { Output } from './tool.ts';

type MetricResult = Output['metrics']['runway_months'];
export type Status = MetricResult['status'];
export type MetricName = keyof Output['metrics'];

const status = z.enum(['excellent', 'healthy', 'pass', 'borderline', 'concerning', 'unhealthy', 'fail', 'unknown']);

const scaleSchema = z.object({
  family: z.enum(['survival', 'retention', 'efficiency', 'growth']),
  unit: z.enum(['ratio', 'percent', 'months']),
  /** What the message calls the metric. */
  label: z.string(),
  /** The bands in words, with their source, as every message quotes them. */
  benchmark: z.string(),
  /** The direction in which a value is better. */
  better: z.enum(['higher', 'lower']),
  /**
   * Best first: a value at or beyond `from` (in the better direction) gets `status`. `strict`, higher-is-better
   * bands only: the band starts just past `from` (the source says "> 1", not ">= 1"). A lower-is-better band
   * always starts just short of `from` (the sources say "< 1").
   */
  bands: z.array(z.object({ from: z.number(), status, strict: z.boolean().optional() })),
  /** The status of a value no band holds. */
  otherwise: status,
});

export type Scale = z.output<typeof scaleSchema>;

const SCALES = z.record(z.string(), scaleSchema).parse(raw);

export function scaleOf(name: MetricName): Scale {
  const scale = SCALES[name];
  if (!scale) throw new Error(`saas-metrics: no benchmark for ${name} in data/benchmarks.json`);
  return scale;
}

/** The status of a value on a scale. */
export function band(value: number, scale: Scale): Status {
  const higher = scale.better === 'higher';
  for (const b of scale.bands) {
    if (higher ? value > b.from || (value === b.from && !b.strict) : value < b.from) return b.status;
  }
  return scale.otherwise;
}
