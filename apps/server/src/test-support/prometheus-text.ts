/**
 * A strict parser of the Prometheus text exposition format 0.0.4 (what prom-client writes), for tests.
 * The npm parser tried first (parse-prometheus-text-format 1.1.1, unmaintained since 2019) folds every
 * labelled histogram into one sample and drops its labels, so it cannot check per-route histograms.
 * This one refuses what Prometheus would refuse: a malformed line, a sample of an undeclared family or
 * with a suffix its type does not allow, a label repeated, a series given twice.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface MetricSample {
  /** The sample's own name: `x_bucket`, `x_sum`, `x_count` for a histogram `x`. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: MetricType;
  samples: MetricSample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<MetricType, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/** As Prometheus reads it (Go's ParseFloat): NaN and Inf in any case, so prom-client's `Nan` too. */
function parseValue(text: string, line: string): number {
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  if (lower === 'nan') return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`not a sample value: ${line}`);
  return value;
}

/** `{a="x",b="y\"z"}` from `start` (its `{`): the labels and the index after the `}`. */
function parseLabels(line: string, start: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let index = start + 1;
  while (line[index] !== '}') {
    const equals = line.indexOf('=', index);
    if (equals < 0 || line[equals + 1] !== '"') throw new Error(`malformed labels: ${line}`);
    const name = line.slice(index, equals).trim();
    if (!LABEL_NAME.test(name) || name in labels) throw new Error(`bad or repeated label ${name}: ${line}`);
    let value = '';
    let cursor = equals + 2;
    for (; cursor < line.length && line[cursor] !== '"'; cursor += 1) {
      if (line[cursor] !== '\\') {
        value += line[cursor];
        continue;
      }
      cursor += 1;
      const escaped = line[cursor];
      if (escaped === 'n') value += '\n';
      else if (escaped === '\\' || escaped === '"') value += escaped;
      else throw new Error(`bad escape in a label value: ${line}`);
    }
    if (cursor >= line.length) throw new Error(`unterminated label value: ${line}`);
    labels[name] = value;
    index = cursor + 1;
    if (line[index] === ',') index += 1;
    else if (line[index] !== '}') throw new Error(`malformed labels: ${line}`);
  }
  return { labels, end: index + 1 };
}

export function parsePrometheusText(text: string): MetricFamily[] {
  const families = new Map<string, MetricFamily>();
  const series = new Set<string>();
  const familyOfSample = (sampleName: string) => {
    for (const family of families.values()) {
      if (SUFFIXES[family.type].some((suffix) => `${family.name}${suffix}` === sampleName)) return family;
    }
    return undefined;
  };

  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      const [, keyword, name = '', rest = ''] = meta;
      if (!NAME.test(name)) throw new Error(`bad metric name: ${line}`);
      const family = families.get(name) ?? { name, help: '', type: 'untyped' as MetricType, samples: [] };
      families.set(name, family);
      if (keyword === 'HELP') family.help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      else if (TYPES.has(rest as MetricType) && family.samples.length === 0) family.type = rest as MetricType;
      else throw new Error(`bad or late TYPE: ${line}`);
      continue;
    }
    if (line.startsWith('#')) continue;

    const nameEnd = line.search(/[{ ]/);
    const name = nameEnd < 0 ? line : line.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`bad sample name: ${line}`);
    const { labels, end } = line[nameEnd] === '{' ? parseLabels(line, nameEnd) : { labels: {}, end: nameEnd };
    const [valueText = '', timestamp, ...extra] = line.slice(end).trim().split(/\s+/);
    if (extra.length > 0 || (timestamp !== undefined && !/^-?\d+$/.test(timestamp))) {
      throw new Error(`malformed sample: ${line}`);
    }
    const family = familyOfSample(name);
    if (!family) throw new Error(`sample of no declared family: ${line}`);
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (series.has(key)) throw new Error(`series given twice: ${line}`);
    series.add(key);
    family.samples.push({ name, labels, value: parseValue(valueText, line) });
  }
  return [...families.values()];
}
