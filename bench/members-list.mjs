#!/usr/bin/env node
// The user list (/users) of a 500-member organization, on PostgreSQL, compressed (issue 4).
//
//   node bench/members-list.mjs [--requests 300] [--duration 10] [--connections 5]
//
// Seeds ONE organization (owner registered through the API; 499 more members in 10 teams, 3 sessions
// each, 50 open invitations, inserted with SQL), then measures an administrator's
// GET /organizations/{id}/members (50 per page): the first page and a name search.
// - one request at a time (`--requests` each, after a warm-up): p50/p95/max. Goal p95 < 30 ms.
// - autocannon on the first page with `--connections` (no goal: shows the throughput).
import { numberOption } from './lib/args.mjs';
import { getCompressed } from './lib/list-requests.mjs';
import { runLoad, signedInGzipGet } from './lib/load.mjs';
import { seedMembers } from './lib/members-seed.mjs';
import { API, getPostgres, passFail, registerOwner, round, startServer, writeResult } from './lib/server.mjs';

const requests = numberOption('requests', 300);
const duration = numberOption('duration', 10);
const connections = numberOption('connections', 5);
const GOALS = { p95Ms: 30 };

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const cannon = (url, token) => runLoad({ connections, duration, ...signedInGzipGet(url, token) });

async function main() {
  const postgres = await getPostgres();
  console.log(`members-list: PostgreSQL = ${postgres.source}; ${requests} sequential requests per query`);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgres.url });
  let server;
  try {
    server = await startServer({ databaseUrl: postgres.url, name: 'members-list-server' });
    const owner = await registerOwner(server.port, 'members');
    await client.connect();
    const seedStarted = performance.now();
    const seeded = await seedMembers(client, {
      organizationId: owner.organizationId,
      ownerId: owner.userId,
      leadershipTeamId: owner.leadershipTeamId,
    });
    console.log(
      `members-list: seeded ${seeded.members} members, ${seeded.teams} teams, ${seeded.refreshTokens} sessions, ${seeded.invitations} invitations in ${round((performance.now() - seedStarted) / 1000, 1)} s`,
    );
    const base = `${API}/organizations/${owner.organizationId}/members`;
    const queries = [
      { name: 'firstPage', label: 'first page (50 of 500)', path: `${base}?limit=50`, expect: 50 },
      { name: 'search', label: 'search "hopper" (50 of ~55)', path: `${base}?limit=50&search=hopper`, expect: 50 },
      {
        name: 'invitations',
        label: 'open invitations (50)',
        path: `${API}/organizations/${owner.organizationId}/invitations?limit=50`,
        expect: 50,
      },
    ];
    for (const query of queries) {
      const res = await getCompressed(server.port, query.path, owner.token);
      if (res.status !== 200) throw new Error(`${query.name}: ${res.status} ${res.text.slice(0, 300)}`);
      const items = res.json?.data ?? [];
      if (items.length !== query.expect)
        throw new Error(`${query.name}: expected ${query.expect}, got ${items.length}`);
      query.bytes = res.bytes;
      query.encoding = res.encoding;
      for (let i = 0; i < 50; i += 1) await getCompressed(server.port, query.path, owner.token);
      const times = [];
      for (let i = 0; i < requests; i += 1) {
        const t0 = performance.now();
        const answer = await getCompressed(server.port, query.path, owner.token);
        times.push(performance.now() - t0);
        if (answer.status !== 200) throw new Error(`${query.name}: ${answer.status}`);
      }
      times.sort((a, b) => a - b);
      query.sequentialMs = {
        p50: round(percentile(times, 50), 2),
        p95: round(percentile(times, 95), 2),
        p99: round(percentile(times, 99), 2),
        max: round(times.at(-1), 2),
      };
      console.log(
        `members-list: ${query.label}: p50 ${query.sequentialMs.p50} ms, p95 ${query.sequentialMs.p95} ms, max ${query.sequentialMs.max} ms (${query.encoding} ${round(query.bytes / 1024)} KB)`,
      );
    }
    console.log(`members-list: first page: autocannon ${connections} connections, ${duration} s ...`);
    const load = await cannon(`${server.baseUrl}${queries[0].path}`, owner.token);
    const loadSummary = {
      requestsPerSecond: round(load.requests.average, 1),
      latencyMs: { p50: load.latency.p50, p90: load.latency.p90, p99: load.latency.p99, max: load.latency.max },
      non2xx: load.non2xx,
      errors: load.errors,
      timeouts: load.timeouts,
    };
    const checks = {};
    for (const query of queries.slice(0, 2)) checks[`${query.name}P95`] = query.sequentialMs.p95 < GOALS.p95Ms;
    checks.loadNon2xx = load.non2xx === 0 && load.errors === 0 && load.timeouts === 0;
    const pass = Object.values(checks).every(Boolean);
    for (const query of queries.slice(0, 2)) {
      console.log(
        `members-list: ${query.label}: p95 ${query.sequentialMs.p95} ms (goal < ${GOALS.p95Ms}) ${passFail(checks[`${query.name}P95`])}`,
      );
    }
    console.log(
      `members-list: under load: ${loadSummary.requestsPerSecond} req/s, p99 ${loadSummary.latencyMs.p99} ms, non-2xx ${load.non2xx} ${passFail(checks.loadNon2xx)}`,
    );
    const file = writeResult('members-list', {
      settings: { requests, duration, connections },
      goals: GOALS,
      seeded,
      queries: queries.map(({ name, label, encoding, bytes, sequentialMs }) => ({
        name,
        label,
        encoding,
        bytes,
        sequentialMs,
      })),
      load: loadSummary,
      checks,
      pass,
    });
    console.log(`members-list: ${passFail(pass)} (JSON: ${file})`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await client.end().catch(() => {});
    if (server) await server.stop();
    await postgres.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 2;
});
