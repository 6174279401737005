export { registerMetrics, METRICS_PATH, type Metrics, type MetricsOptions } from './metrics.plugin.js';
export type { CacheLookupCounter } from './system-metrics.js';
