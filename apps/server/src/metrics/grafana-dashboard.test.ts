import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMetrics, type Scrape } from '../test-support/prometheus-scrape.js';
import { createTestApp, type TestContext } from '../test-support/test-app.js';

const METRICS_TOKEN = 'metrics-token-for-the-dashboard-check';
const DASHBOARD_FILE = new URL('../../../../docs/grafana/keel-dashboard.json', import.meta.url);
const DATASOURCE = { type: 'prometheus', uid: '${DS_PROMETHEUS}' };

interface Panel {
  type: string;
  title: string;
  datasource?: unknown;
  targets?: { expr?: string; datasource?: unknown }[];
  panels?: Panel[];
}
interface Dashboard {
  schemaVersion: number;
  __inputs: { name: string; type: string; pluginId: string }[];
  panels: Panel[];
  templating: { list: { name: string; definition: string }[] };
}

const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as Dashboard;
const graphs = dashboard.panels
  .flatMap((panel) => [panel, ...(panel.panels ?? [])])
  .filter((panel) => panel.type !== 'row');

const SELECTOR = /([a-zA-Z_:][a-zA-Z0-9_:]*)\{[^}]*\}/g;
/** The metric names an expression selects; each must carry a selector (the dashboard's job and instance). */
function metricsNamedIn(expr: string): string[] {
  const named = [...expr.matchAll(SELECTOR)].map((match) => match[1]!);
  const bare = expr
    .replace(SELECTOR, '')
    .replace(/\b(by|without)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/[a-zA-Z_]+\s*\(/g, '(')
    .match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g);
  expect(bare, `a metric without a selector in ${expr}`).toBeNull();
  return named;
}

/** The names a query may use for each family in the scrape: a histogram's series are name_bucket/_sum/_count. */
const queryableNames = (scrape: Scrape) =>
  new Set(
    scrape.families.flatMap((family) =>
      family.type === 'histogram'
        ? ['_bucket', '_sum', '_count'].map((suffix) => `${family.name}${suffix}`)
        : family.type === 'summary'
          ? [family.name, `${family.name}_sum`, `${family.name}_count`]
          : [family.name],
    ),
  );

describe('the Grafana dashboard in docs/grafana', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ METRICS_TOKEN });
  });
  afterAll(async () => {
    await context.close();
  });

  it('is an importable dashboard asking for a Prometheus data source', () => {
    expect(dashboard.schemaVersion).toBe(39);
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' }),
    ]);
    expect(graphs.map((panel) => panel.title)).toEqual([
      'Request rate by route',
      '5xx rate by route',
      'Latency p50 by route',
      'Latency p95 by route',
      'Latency p99 by route',
      'Database pool clients',
      'Job queue depth',
      'Job failures',
      'Live connections',
      'Live connections by process',
      'Cache hit ratio',
      'Memory',
      'CPU',
      'Event loop lag p99',
    ]);
    for (const panel of graphs) {
      expect(panel.datasource, panel.title).toEqual(DATASOURCE);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource, panel.title).toEqual(DATASOURCE);
    }
  });

  it('queries only metrics the server exposes', async () => {
    const exposed = queryableNames(await scrapeMetrics(context.app, METRICS_TOKEN));
    for (const panel of graphs) {
      for (const target of panel.targets ?? []) {
        const named = metricsNamedIn(target.expr ?? '');
        expect(named.length, panel.title).toBeGreaterThan(0);
        for (const name of named) expect(exposed, `${panel.title}: ${name}`).toContain(name);
      }
    }
    // The job and instance pickers list the label values of one metric: `label_values(metric{…}, label)`.
    for (const variable of dashboard.templating.list) {
      const name = /^label_values\(([a-zA-Z_:][a-zA-Z0-9_:]*)[{,]/.exec(variable.definition)?.[1];
      expect(exposed, `$${variable.name}`).toContain(name);
    }
  });
});
