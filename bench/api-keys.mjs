#!/usr/bin/env node
// What an API key costs a request, next to a signed-in one, on PostgreSQL (issue 16).
//
//   node bench/api-keys.mjs [--duration 15] [--connections 10] [--rounds 2]
//
// The owner registers through the API, creates 50 to-dos in the leadership team and an API key with
// `todos:read`. Then autocannon (like lists-load: `--connections`, `--duration` s a run, gzip accepted) on
// `GET /organizations/{id}/todos?teamId=…&status=open&limit=50`, alternately with the owner's access token and
// with the key's secret (`Authorization: Bearer <secret>`), `--rounds` times each (session, key, session, key…),
// so both see the same machine state. Goal: "an API key request costs no more than a signed-in request" read as
// the key's best run >= 90% of the session's best run (the medians are reported too), and no non-2xx.
//
// The server runs with API_KEY_RATE_LIMIT_PER_MINUTE=100000000: the per-key ceiling (default in
// @keel/contract) would otherwise refuse a benchmark that sends thousands of requests a second with one key.
import { randomBytes } from 'node:crypto';
import { numberOption } from './lib/args.mjs';
import { runLoad, signedInGzipGet, summarizeLoad } from './lib/load.mjs';
import {
  API,
  LOAD_ENV,
  getPostgres,
  httpJson,
  median,
  passFail,
  registerOwner,
  round,
  startServer,
  writeResult,
} from './lib/server.mjs';

const duration = numberOption('duration', 15);
const connections = numberOption('connections', 10);
const rounds = numberOption('rounds', 2);
const TODOS = 50;
const GOALS = { keyToSessionRatio: 0.9 };
const SERVER_ENV = { ...LOAD_ENV, API_KEY_RATE_LIMIT_PER_MINUTE: '100000000' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const postgres = await getPostgres();
  console.log(
    `api-keys: PostgreSQL = ${postgres.source}; ${connections} connections, ${duration} s a run, ${rounds} rounds`,
  );
  let server;
  try {
    server = await startServer({
      databaseUrl: postgres.url,
      env: { ...SERVER_ENV, JWT_SECRET: randomBytes(32).toString('hex') },
      name: 'api-keys-server',
    });
    const owner = await registerOwner(server.port, 'api-keys');
    const org = `${API}/organizations/${owner.organizationId}`;
    const auth = { authorization: `Bearer ${owner.token}` };
    for (let n = 0; n < TODOS; n += 1) {
      const res = await httpJson(
        server.port,
        'POST',
        `${org}/todos`,
        { title: `Bench to-do ${n}: call the supplier back`, ownerIds: [owner.userId], teamId: owner.leadershipTeamId },
        auth,
      );
      if (res.status !== 201) throw new Error(`creating a to-do: ${res.status} ${res.text.slice(0, 300)}`);
    }
    const created = await httpJson(
      server.port,
      'POST',
      `${org}/api-keys`,
      { name: 'Bench key', scopes: ['todos:read'] },
      auth,
    );
    if (created.status !== 201) throw new Error(`creating the key: ${created.status} ${created.text.slice(0, 300)}`);
    const { secret } = created.json.data;

    const listPath = `${org}/todos?teamId=${owner.leadershipTeamId}&status=open&limit=${TODOS}`;
    const callers = [
      { name: 'session', label: "the owner's access token", bearer: owner.token, runs: [] },
      { name: 'key', label: "an API key's secret (todos:read)", bearer: secret, runs: [] },
    ];
    // Both answer the same list; then a warm-up (JIT, pool connections, the key's remembered check).
    for (const caller of callers) {
      const res = await httpJson(server.port, 'GET', listPath, undefined, { authorization: `Bearer ${caller.bearer}` });
      if (res.status !== 200) throw new Error(`${caller.name}: ${res.status} ${res.text.slice(0, 300)}`);
      if (res.json.data.length !== TODOS)
        throw new Error(`${caller.name}: ${res.json.data.length} to-dos, not ${TODOS}`);
      caller.bytes = res.text.length;
      for (let i = 0; i < 200; i += 1)
        await httpJson(server.port, 'GET', listPath, undefined, { authorization: `Bearer ${caller.bearer}` });
    }
    await sleep(1000);
    for (let r = 0; r < rounds; r += 1) {
      for (const caller of callers) {
        console.log(
          `api-keys: round ${r + 1}, ${caller.name}: autocannon ${connections} connections, ${duration} s ...`,
        );
        const run = summarizeLoad(
          await runLoad({ connections, duration, ...signedInGzipGet(`${server.baseUrl}${listPath}`, caller.bearer) }),
        );
        caller.runs.push(run);
        console.log(
          `api-keys: round ${r + 1}, ${caller.name}: ${run.requestsPerSecond} req/s, p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms, non-2xx ${run.non2xx}`,
        );
        await sleep(1000);
      }
    }

    for (const caller of callers) {
      const rates = caller.runs.map((run) => run.requestsPerSecond);
      caller.bestRps = Math.max(...rates);
      caller.medianRps = round(median(rates), 1);
      caller.non2xx = caller.runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0);
    }
    const [session, key] = callers;
    const bestRatio = round(key.bestRps / session.bestRps, 3);
    const medianRatio = round(key.medianRps / session.medianRps, 3);
    const checks = {
      keyThroughput: bestRatio >= GOALS.keyToSessionRatio,
      non2xx: session.non2xx === 0 && key.non2xx === 0,
    };
    const lines = [
      `${passFail(checks.keyThroughput)} API key ${key.bestRps} req/s vs signed-in ${session.bestRps} req/s (best of ${rounds} runs each): ${Math.round(bestRatio * 100)}% (goal >= ${GOALS.keyToSessionRatio * 100}%); medians ${key.medianRps} vs ${session.medianRps} req/s (${Math.round(medianRatio * 100)}%)`,
      `${passFail(checks.non2xx)} non-2xx/errors/timeouts: signed-in ${session.non2xx}, API key ${key.non2xx} (goal 0)`,
    ];
    for (const line of lines) console.log(`api-keys: ${line}`);
    const pass = Object.values(checks).every(Boolean);
    const file = writeResult('api-keys', {
      settings: {
        duration,
        connections,
        rounds,
        database: 'postgresql',
        databaseSource: postgres.source,
        path: listPath.replace(owner.organizationId, '{organizationId}').replace(owner.leadershipTeamId, '{teamId}'),
        todos: TODOS,
        serverEnv: SERVER_ENV,
      },
      goals: GOALS,
      session: { ...session, bearer: undefined },
      key: { ...key, bearer: undefined },
      bestRatio,
      medianRatio,
      checks,
      pass,
      summary: lines,
    });
    console.log(`api-keys: ${pass ? 'PASS' : 'FAIL'} (JSON: ${file})`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    if (server) await server.stop();
    await postgres
      .drop()
      .catch((error) => console.error(`api-keys: could not drop the throwaway database: ${error.message}`));
  }
}

main().catch((error) => {
  console.error(`api-keys: ERROR ${error.stack ?? error}`);
  process.exitCode = 2;
});
