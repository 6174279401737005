import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { parsePrometheusText, type MetricFamily, type MetricSample } from './prometheus-text.js';

export interface HistogramSeries {
  /** Cumulative counts by upper bound, ascending, ending with +Inf. */
  buckets: (readonly [number, number])[];
  sum: number;
  count: number;
}

/** One scrape of GET /metrics, parsed as Prometheus would, with look-ups by name and labels. */
export interface Scrape {
  text: string;
  families: MetricFamily[];
  family(name: string): MetricFamily;
  /** The one sample named `name` whose labels include `labels`; undefined when none matches. */
  sample(name: string, labels?: Record<string, string>): MetricSample | undefined;
  /** A sample's value; 0 when the series does not exist yet. */
  value(name: string, labels?: Record<string, string>): number;
  /** The histogram `name`'s series with exactly these labels (besides `le`). */
  histogram(name: string, labels: Record<string, string>): HistogramSeries | undefined;
}

const hasLabels = (sample: MetricSample, labels: Record<string, string>) =>
  Object.entries(labels).every(([key, value]) => sample.labels[key] === value);

export async function scrapeMetrics(app: FastifyInstance, token: string): Promise<Scrape> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = parsePrometheusText(response.body);
  const samples = families.flatMap((family) => family.samples);
  const family = (name: string) => {
    const found = families.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no metric ${name} in the scrape`);
    return found;
  };
  const sample = (name: string, labels: Record<string, string> = {}) => {
    const matching = samples.filter((candidate) => candidate.name === name && hasLabels(candidate, labels));
    if (matching.length > 1) throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`);
    return matching[0];
  };
  const histogram = (name: string, labels: Record<string, string>) => {
    const exactly = (candidate: MetricSample) =>
      hasLabels(candidate, labels) &&
      Object.keys(candidate.labels).filter((key) => key !== 'le').length === Object.keys(labels).length;
    const series = family(name).samples.filter(exactly);
    if (series.length === 0) return undefined;
    const buckets = series
      .filter((candidate) => candidate.name === `${name}_bucket`)
      .map((bucket) => [Number(bucket.labels.le === '+Inf' ? Infinity : bucket.labels.le), bucket.value] as const)
      .sort(([a], [b]) => a - b);
    const valueOf = (suffix: string) => series.find((candidate) => candidate.name === `${name}${suffix}`)?.value;
    return { buckets, sum: valueOf('_sum') ?? NaN, count: valueOf('_count') ?? NaN };
  };
  return {
    text: response.body,
    families,
    family,
    sample,
    value: (name, labels) => sample(name, labels)?.value ?? 0,
    histogram,
  };
}
