#!/usr/bin/env node
// Memory of the server on the embedded database (PGlite): `node apps/server/dist/main.js` on a fresh
// DATA_DIR (the first start creates and migrates the database), then restarted on that same DATA_DIR.
// For each start: time to the first 200 from GET /api/v1/health, the server's RSS (VmRSS of
// /proc/<pid>/status) once settled, and again after a few requests (register an organization, read
// the profile, a team's to-dos and the member list). Median of --runs fresh folders.
//
//   node bench/first-start-memory.mjs [--runs 3] [--settle-ms 2000] [--baseline <other build's main.js>]
//
// --baseline: another build of the server (e.g. the commit before, built elsewhere) measured in turn
// with this one within each run, for a before/after on the same machine state; goals apply to this one.
//
// Goal (issue 10): RSS < 300 MB after the first start and after a restart, both once settled and
// after the requests. The restart time is reported for comparison (it must not get slower).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { numberOption, option } from './lib/args.mjs';
import {
  API,
  ensureServerBuilt,
  httpJson,
  median,
  passFail,
  registerOwner,
  round,
  SERVER_ENTRY,
  startServer,
  writeResult,
} from './lib/server.mjs';

const runs = numberOption('runs', 3);
const settleMs = numberOption('settle-ms', 2000);
const baselineEntry = option('baseline', undefined);
const GOAL_RSS_MB = 300;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function someRequests(server, label) {
  const owner = await registerOwner(server.port, label);
  const auth = { authorization: `Bearer ${owner.token}` };
  const org = `${API}/organizations/${owner.organizationId}`;
  for (const urlPath of [
    `${API}/auth/profile`,
    `${org}/todos?teamId=${owner.leadershipTeamId}&status=open&limit=200`,
    `${org}/members`,
  ]) {
    const res = await httpJson(server.port, 'GET', urlPath, undefined, auth);
    if (res.status !== 200) throw new Error(`GET ${urlPath}: ${res.status} ${res.text.slice(0, 200)}`);
  }
}

/** One start on dataDir: ready time, settled RSS, RSS after a few requests. The folder is kept. */
async function measureStart(entry, dataDir, label) {
  const server = await startServer({ entry, dataDir, name: 'first-start-memory-server' });
  try {
    await sleep(settleMs);
    const settledMb = server.rssMb();
    await someRequests(server, label);
    await sleep(settleMs);
    const afterRequestsMb = server.rssMb();
    return { readyMs: server.readyMs, settledMb, afterRequestsMb };
  } finally {
    await server.stop();
  }
}

const describe = (values, unit, digits = 1) =>
  `median ${round(median(values), digits)} ${unit} (${values.map((v) => round(v, digits)).join(', ')})`;

function summarize(first, restart, withGoals) {
  const pick = (starts, key) => starts.map((start) => start[key]);
  const rss = (starts, key) => median(pick(starts, key));
  const checks = {
    firstSettled: rss(first, 'settledMb') < GOAL_RSS_MB,
    firstAfterRequests: rss(first, 'afterRequestsMb') < GOAL_RSS_MB,
    restartSettled: rss(restart, 'settledMb') < GOAL_RSS_MB,
    restartAfterRequests: rss(restart, 'afterRequestsMb') < GOAL_RSS_MB,
  };
  const goal = (check) => (withGoals ? ` (goal < ${GOAL_RSS_MB} MB) ${passFail(check)}` : '');
  const lines = [
    `first start, RSS settled: ${describe(pick(first, 'settledMb'), 'MB')}${goal(checks.firstSettled)}`,
    `first start, RSS after requests: ${describe(pick(first, 'afterRequestsMb'), 'MB')}${goal(checks.firstAfterRequests)}`,
    `restart, RSS settled: ${describe(pick(restart, 'settledMb'), 'MB')}${goal(checks.restartSettled)}`,
    `restart, RSS after requests: ${describe(pick(restart, 'afterRequestsMb'), 'MB')}${goal(checks.restartAfterRequests)}`,
    `first start to /health 200: ${describe(pick(first, 'readyMs'), 'ms', 0)}`,
    `restart to /health 200: ${describe(pick(restart, 'readyMs'), 'ms', 0)}`,
  ];
  const rounded = (starts) =>
    starts.map((start) => ({
      readyMs: round(start.readyMs, 0),
      settledMb: round(start.settledMb),
      afterRequestsMb: round(start.afterRequestsMb),
    }));
  const medians = (starts) => ({
    readyMs: round(median(pick(starts, 'readyMs')), 0),
    settledMb: round(rss(starts, 'settledMb')),
    afterRequestsMb: round(rss(starts, 'afterRequestsMb')),
  });
  return {
    checks,
    lines,
    result: {
      firstStart: rounded(first),
      restart: rounded(restart),
      medians: { firstStart: medians(first), restart: medians(restart) },
    },
  };
}

async function main() {
  ensureServerBuilt();
  const root = mkdtempSync(path.join(os.tmpdir(), 'keel-bench-first-start-'));
  const builds = [
    ...(baselineEntry ? [{ name: 'baseline', entry: path.resolve(baselineEntry), first: [], restart: [] }] : []),
    { name: 'current', entry: SERVER_ENTRY, first: [], restart: [] },
  ];
  try {
    for (let i = 0; i < runs; i += 1) {
      // With a baseline, both builds start in turn within each run, so a drifting machine weighs on both alike.
      for (const build of builds) {
        const dataDir = path.join(root, `${build.name}-${i}`);
        const first = await measureStart(build.entry, dataDir, `first${i}`);
        const restart = await measureStart(build.entry, dataDir, `restart${i}`);
        build.first.push(first);
        build.restart.push(restart);
        console.log(
          `first-start-memory: ${build.name} run ${i + 1}/${runs}: first start ${round(first.readyMs, 0)} ms, ${round(first.settledMb)} MB settled, ${round(first.afterRequestsMb)} MB after requests; restart ${round(restart.readyMs, 0)} ms, ${round(restart.settledMb)} MB, ${round(restart.afterRequestsMb)} MB`,
        );
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }

  const summaries = Object.fromEntries(
    builds.map((build) => [build.name, summarize(build.first, build.restart, build.name === 'current')]),
  );
  for (const build of builds) {
    for (const line of summaries[build.name].lines)
      console.log(`first-start-memory: ${builds.length > 1 ? `${build.name}: ` : ''}${line}`);
  }
  const { checks } = summaries.current;
  const pass = Object.values(checks).every(Boolean);
  const file = writeResult('first-start-memory', {
    settings: { runs, settleMs, database: 'embedded (PGlite)', baseline: baselineEntry ?? null },
    goalRssMb: GOAL_RSS_MB,
    ...summaries.current.result,
    ...(summaries.baseline ? { baseline: summaries.baseline.result } : {}),
    checks,
    pass,
    summary: builds.flatMap((build) => summaries[build.name].lines.map((line) => `${build.name}: ${line}`)),
  });
  console.log(`first-start-memory: ${pass ? 'PASS' : 'FAIL'} (JSON: ${file})`);
  process.exitCode = pass ? 0 : 1;
}

main().catch((error) => {
  console.error(`first-start-memory: ERROR ${error.stack ?? error}`);
  process.exitCode = 2;
});
