#!/usr/bin/env node
// A team's lists in a large organization, on PostgreSQL, compressed (issue 3).
//
//   node bench/lists-load.mjs [--duration 15] [--connections 10]
//
// Seeds ONE organization (owner registered through the API; 499 more members, teams, 20,000 to-dos
// and, when the priorities module is built, 2,000 priorities with milestones inserted with SQL), then:
// - autocannon on a team's 200 open to-dos and on a team-quarter's 50 priorities with milestones,
//   `accept-encoding: gzip`. Goals: >= 1,500 req/s and p99 < 25 ms each, no non-2xx. The data does
//   not change during these runs, so they measure the revision cache's path (modules/revisions).
// - the to-do list again while a change lands every 100 ms (each makes the next answer be rebuilt).
// - the SQL statements one request runs, counted in PostgreSQL's own log (log_min_duration_statement
//   = 0 for the bench database only, reset afterwards), for answers built afresh and for unchanged
//   ones: a short list and the long list must run the same number (no N+1).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { numberOption } from './lib/args.mjs';
import { clusterLogFile, countStatements, getCompressed } from './lib/list-requests.mjs';
import { runLoad, signedInGzipGet, summarizeLoad } from './lib/load.mjs';
import { currentQuarter, seedOrganization } from './lib/lists-seed.mjs';
import { API, ROOT, getPostgres, passFail, registerOwner, round, startServer, writeResult } from './lib/server.mjs';

const duration = numberOption('duration', 15);
const connections = numberOption('connections', 10);
const GOALS = { rps: 1500, p99Ms: 25 };
const COUNTED_REQUESTS = 10;
const CHANGE_EVERY_MS = 100;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Built and migrated: the priorities module's folder and its migration are both there. */
function prioritiesBuilt() {
  const moduleDir = path.join(ROOT, 'apps', 'server', 'src', 'modules', 'priorities');
  const drizzleDir = path.join(ROOT, 'apps', 'server', 'drizzle');
  if (!existsSync(moduleDir)) return false;
  const migrations = execFileSync('ls', [drizzleDir], { encoding: 'utf8' }).split('\n');
  return migrations.some((file) => /^\d{4}_.*priorit.*\.sql$/.test(file));
}

const cannon = (url, token) => runLoad({ connections, duration, ...signedInGzipGet(url, token) });

async function main() {
  const withPriorities = prioritiesBuilt();
  const postgres = await getPostgres();
  const database = new URL(postgres.url).pathname.slice(1);
  const pgPort = Number(new URL(postgres.url).port || 5432);
  console.log(
    `lists-load: PostgreSQL = ${postgres.source}; ${connections} connections, ${duration} s per list; priorities ${withPriorities ? 'built: included' : 'not built: skipped'}`,
  );
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgres.url });
  let server;
  // The statement count runs on a second server process: the owner's token must stay valid there.
  const serverEnv = { JWT_SECRET: randomBytes(32).toString('hex') };
  let loggingOn = false;
  let clientOpen = false;
  try {
    server = await startServer({ databaseUrl: postgres.url, env: serverEnv, name: 'lists-load-server' });
    console.log(`lists-load: server pid ${server.pid} on ${server.baseUrl} ready in ${round(server.readyMs, 0)} ms`);
    const owner = await registerOwner(server.port, 'lists');

    await client.connect();
    clientOpen = true;
    const seedStarted = performance.now();
    const seeded = await seedOrganization(client, {
      organizationId: owner.organizationId,
      ownerId: owner.userId,
      leadershipTeamId: owner.leadershipTeamId,
      withPriorities,
    });
    const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);
    console.log(
      `lists-load: seeded ${seeded.members} members, ${seeded.teamIds.length} teams, ${seeded.todos} to-dos, ${seeded.priorities} priorities, ${seeded.milestones} milestones in ${seedSeconds} s`,
    );

    const org = `${API}/organizations/${owner.organizationId}`;
    const { year, quarter } = seeded.quarter ?? currentQuarter();
    const lists = [
      {
        name: 'todos',
        label: "a team's 200 open to-dos",
        path: `${org}/todos?teamId=${seeded.bigTeamId}&status=open&limit=200`,
        shortPath: `${org}/todos?teamId=${seeded.smallTeamId}&status=open&limit=200`,
        expect: 200,
        shortExpect: 10,
      },
    ];
    if (withPriorities) {
      lists.push({
        name: 'priorities',
        label: "a team-quarter's 50 priorities with milestones",
        path: `${org}/priorities?teamId=${seeded.bigTeamId}&year=${year}&quarter=${quarter}`,
        shortPath: `${org}/priorities?teamId=${seeded.smallTeamId}&year=${year}&quarter=${quarter}`,
        expect: 50,
        shortExpect: 10,
      });
    }

    // Each list answers what it should, compressed.
    for (const list of lists) {
      for (const [urlPath, expected] of [
        [list.path, list.expect],
        [list.shortPath, list.shortExpect],
      ]) {
        const res = await getCompressed(server.port, urlPath, owner.token);
        if (res.status !== 200) throw new Error(`${list.name}: ${res.status} ${res.text.slice(0, 300)}`);
        const items = res.json?.data ?? [];
        if (items.length !== expected)
          throw new Error(`${list.name}: expected ${expected} items, got ${items.length} (${urlPath})`);
        if (urlPath === list.path) {
          list.encoding = res.encoding;
          list.bytes = res.bytes;
          list.uncompressedBytes = res.uncompressedBytes;
          if (list.name === 'priorities')
            list.milestones = items.reduce((sum, item) => sum + (item.milestones?.length ?? 0), 0);
        }
      }
      console.log(
        `lists-load: ${list.label}: ${list.expect} items, ${list.encoding} ${round(list.bytes / 1024)} KB (${round(list.uncompressedBytes / 1024)} KB uncompressed)${list.milestones !== undefined ? `, ${list.milestones} milestones` : ''}`,
      );
    }

    // Warm-up (JIT, pool connections, prepared statements), then the measured runs one after the other.
    // The last 100 of 200 sequential requests also give one request's latency with no concurrency (no goal).
    for (const list of lists) {
      const times = [];
      for (let i = 0; i < 200; i += 1) {
        const t0 = performance.now();
        await getCompressed(server.port, list.path, owner.token);
        if (i >= 100) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      list.sequentialMs = { p50: round(times[49], 2), p90: round(times[89], 2), max: round(times[99], 2) };
      console.log(
        `lists-load: ${list.name}: one request at a time: p50 ${list.sequentialMs.p50} ms, p90 ${list.sequentialMs.p90} ms`,
      );
    }
    await sleep(1000);
    for (const list of lists) {
      console.log(`lists-load: ${list.name}: autocannon ${connections} connections, ${duration} s ...`);
      list.load = summarizeLoad(await cannon(`${server.baseUrl}${list.path}`, owner.token));
      await sleep(1000);
    }
    // The same to-do list while the organization keeps changing: every change makes a new revision,
    // so the next request rebuilds the answer (no goal: shows what a busy meeting costs).
    const todoList = lists[0];
    const {
      rows: [changing],
    } = await client.query(`select id from todos where team_id = $1 limit 1`, [seeded.bigTeamId]);
    let changes = 0;
    let keepChanging = true;
    const writer = (async () => {
      while (keepChanging) {
        await client.query(`update todos set title = $2 where id = $1`, [changing.id, `Changed ${(changes += 1)}`]);
        await sleep(CHANGE_EVERY_MS);
      }
    })();
    console.log(`lists-load: todos with a change every ${CHANGE_EVERY_MS} ms: autocannon ...`);
    todoList.loadWhileChanging = summarizeLoad(await cannon(`${server.baseUrl}${todoList.path}`, owner.token));
    keepChanging = false;
    await writer;
    todoList.loadWhileChanging.changes = changes;
    await server.stop();
    server = undefined;

    // Statements per request: log every statement of the bench database, on a fresh server (new connections).
    const logFile = clusterLogFile(pgPort);
    let statements;
    if (!logFile) {
      console.log(`lists-load: no readable cluster log for port ${pgPort}: statements per request not counted`);
    } else {
      await client.query(`alter database "${database}" set log_min_duration_statement = 0`);
      loggingOn = true;
      await client.end();
      clientOpen = false;
      const counter = new pg.Client({ connectionString: postgres.url });
      await counter.connect();
      try {
        const {
          rows: [{ pid }],
        } = await counter.query('select pg_backend_pid() as pid');
        server = await startServer({ databaseUrl: postgres.url, env: serverEnv, name: 'lists-load-count-server' });
        statements = {};
        for (const list of lists) {
          for (let i = 0; i < 20; i += 1) {
            await getCompressed(server.port, list.shortPath, owner.token);
            await getCompressed(server.port, list.path, owner.token);
          }
          const common = { logFile, client: counter, clientPid: pid, database, port: server.port, token: owner.token };
          // Built afresh (a change before each request: a new revision) and served unchanged.
          const newRevision = () =>
            counter.query(`update organization_revisions set revision = revision + 1 where organization_id = $1`, [
              owner.organizationId,
            ]);
          const count = (urlPath, kind, beforeEach) =>
            countStatements({ ...common, urlPath, count: COUNTED_REQUESTS, label: `${list.name}-${kind}`, beforeEach });
          const warmThenCount = async (urlPath, kind) => {
            await getCompressed(server.port, urlPath, owner.token);
            return count(urlPath, kind);
          };
          statements[list.name] = {
            short: await count(list.shortPath, 'short-built', newRevision),
            long: await count(list.path, 'long-built', newRevision),
            shortUnchanged: await warmThenCount(list.shortPath, 'short-unchanged'),
            longUnchanged: await warmThenCount(list.path, 'long-unchanged'),
            requests: COUNTED_REQUESTS,
            shortItems: list.shortExpect,
            longItems: list.expect,
          };
        }
      } finally {
        await counter.query(`alter database "${database}" reset log_min_duration_statement`).catch(() => {});
        loggingOn = false;
        await counter.end();
      }
    }

    const checks = {};
    const lines = [];
    for (const list of lists) {
      const s = list.load;
      checks[`${list.name}Rps`] = s.requestsPerSecond >= GOALS.rps;
      checks[`${list.name}P99`] = s.latencyMs.p99 < GOALS.p99Ms;
      checks[`${list.name}Non2xx`] = s.non2xx === 0 && s.errors === 0 && s.timeouts === 0;
      checks[`${list.name}Compressed`] = list.encoding === 'gzip';
      lines.push(
        `${list.name} (${list.label}, ${list.encoding}): ${s.requestsPerSecond} req/s (goal >= ${GOALS.rps}) ${passFail(checks[`${list.name}Rps`])}; p99 ${s.latencyMs.p99} ms (goal < ${GOALS.p99Ms}) ${passFail(checks[`${list.name}P99`])}; p50 ${s.latencyMs.p50} ms; non-2xx ${s.non2xx}, errors ${s.errors}, timeouts ${s.timeouts} ${passFail(checks[`${list.name}Non2xx`])}`,
      );
      const counted = statements?.[list.name];
      if (counted) {
        checks[`${list.name}FixedQueries`] =
          counted.short.total === counted.long.total &&
          counted.long.total > 0 &&
          counted.shortUnchanged.total === counted.longUnchanged.total;
        lines.push(
          `${list.name} SQL statements per request: built afresh ${counted.short.perRequest} for ${list.shortExpect} items, ${counted.long.perRequest} for ${list.expect} items; unchanged since last read ${counted.shortUnchanged.perRequest} and ${counted.longUnchanged.perRequest} (${COUNTED_REQUESTS} requests each) ${passFail(checks[`${list.name}FixedQueries`])}`,
        );
      }
    }
    const busy = lists[0].loadWhileChanging;
    lines.push(
      `todos while the organization changes every ${CHANGE_EVERY_MS} ms (${busy.changes} changes): ${busy.requestsPerSecond} req/s, p99 ${busy.latencyMs.p99} ms, p50 ${busy.latencyMs.p50} ms; non-2xx ${busy.non2xx}, errors ${busy.errors} (no goal)`,
    );
    for (const line of lines) console.log(`lists-load: ${line}`);
    const pass = Object.values(checks).every(Boolean);
    const file = writeResult('lists-load', {
      settings: { duration, connections, database: 'postgresql', databaseSource: postgres.source, compression: 'gzip' },
      goals: GOALS,
      seeded: { ...seeded, teamIds: undefined, teams: seeded.teamIds.length, seedSeconds },
      lists: lists.map(
        ({
          name,
          label,
          path: urlPath,
          expect,
          encoding,
          bytes,
          uncompressedBytes,
          milestones,
          sequentialMs,
          load,
          loadWhileChanging,
        }) => ({
          name,
          label,
          path: urlPath,
          items: expect,
          milestones,
          encoding,
          bytes,
          uncompressedBytes,
          sequentialMs,
          load,
          loadWhileChanging,
        }),
      ),
      statements,
      checks,
      pass,
      summary: lines,
    });
    console.log(`lists-load: ${pass ? 'PASS' : 'FAIL'} (JSON: ${file})`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    if (server) await server.stop();
    if (loggingOn) {
      const reset = new pg.Client({ connectionString: postgres.url });
      await reset.connect().then(
        () => reset.query(`alter database "${database}" reset log_min_duration_statement`).finally(() => reset.end()),
        () => {},
      );
    }
    if (clientOpen) await client.end().catch(() => {});
    await postgres
      .drop()
      .catch((error) => console.error(`lists-load: could not drop the throwaway database: ${error.message}`));
  }
}

main().catch((error) => {
  console.error(`lists-load: ERROR ${error.stack ?? error}`);
  process.exitCode = 2;
});
