// autocannon runs and the figures the load benchmarks keep of them.
import autocannon from 'autocannon';
import { httpJson, percentile, round } from './server.mjs';

/** One autocannon run (its options as autocannon takes them), as a promise of its result. */
export const runLoad = (options) =>
  new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

/** A signed-in GET of `url` that accepts gzip, as the web app asks for a list. */
export const signedInGzipGet = (url, token) => ({
  url,
  headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
});

/** What a result file keeps of a run: throughput, latency percentiles and every kind of failure. */
export function summarizeLoad(result) {
  return {
    requestsPerSecond: round(result.requests.average, 1),
    totalRequests: result.requests.total,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      average: round(result.latency.average, 2),
    },
    throughputKBps: round(result.throughput.average / 1024, 1),
    status2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
  };
}

/**
 * `count` signed-in GETs of `urlPath`, one at a time after `warmup` untimed ones, each timed from sending to the
 * whole answer received; its p50, p95, p99 and max in ms. Any other status than 200 stops the benchmark.
 */
export async function timeSequentialGets(port, urlPath, token, { count, warmup = 30 }) {
  const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const times = [];
  for (let n = 0; n < warmup + count; n += 1) {
    const response = await httpJson(port, 'GET', urlPath, undefined, auth);
    if (response.status !== 200) throw new Error(`${urlPath}: ${response.status} ${response.text.slice(0, 300)}`);
    if (n >= warmup) times.push(response.receivedMs);
  }
  return {
    p50: round(percentile(times, 50), 2),
    p95: round(percentile(times, 95), 2),
    p99: round(percentile(times, 99), 2),
    max: round(Math.max(...times), 2),
  };
}
