#!/usr/bin/env node
// An organization's full export (issue 16), on PostgreSQL.
//
//   node bench/data-export.mjs [--measurables 300] [--weeks 261] [--timeout-s 300] [--no-import]
//
// Seeds ONE organization with SQL (owner registered through the API): bench/lib/lists-seed.mjs's 500 members,
// 10 teams, 20,000 to-dos, 2,000 priorities with their milestones, and bench/lib/scorecard-seed.mjs's scorecard
// for the leadership team: `--measurables` weekly measurables with `--weeks` (5 years) of numbers. Then the
// owner asks for an export (`POST /organizations/{id}/data-exports`), the list is read every 200 ms until the
// export is `ready` (or `failed`), and the server's RSS (VmRSS) is sampled every 200 ms from just before the
// request. The archive is downloaded and opened (yauzl): manifest.json's row counts must match the rows the
// database holds for the seeded tables, and data/todos.json must parse to as many to-dos.
// Goals: ready in < 30 s; "steady memory" read as jobs-mail reads it: RSS maximum during the export <= its
// RSS at the request + 64 MB. Then (`--no-import` skips it) a second person imports the archive
// (`POST /organizations/import`, followed every 200 ms until done): its time and RSS are recorded (no goal is
// set for them), and the new organization must hold as many rows of the seeded tables (memberships aside: the
// members are invited, the importer owns it).
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { flag, numberOption } from './lib/args.mjs';
import { seedOrganization } from './lib/lists-seed.mjs';
import { rng, seedScorecardTeam, weekStarts } from './lib/scorecard-seed.mjs';
import {
  API,
  LOAD_ENV,
  getPostgres,
  httpJson,
  passFail,
  readRssMb,
  registerOwner,
  round,
  startServer,
  writeResult,
} from './lib/server.mjs';

const measurables = numberOption('measurables', 300);
const weeks = numberOption('weeks', 261);
const timeoutMs = numberOption('timeout-s', 300) * 1000;
const withImport = !flag('no-import');
const GOALS = { readySeconds: 30, rssGrowthMb: 64 };
const POLL_MS = 200;
const CHECKED_TABLES = [
  'todos',
  'priorities',
  'milestones',
  'measurables',
  'measurable_scores',
  'measurable_groups',
  'teams',
  'team_members',
  'memberships',
];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Streams a signed-in GET into `file`; resolves { status, bytes, contentType }. */
function download(port, urlPath, token, file) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, headers: { authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => reject(new Error(`${urlPath}: ${res.statusCode} ${Buffer.concat(chunks).toString()}`)));
          return;
        }
        pipeline(res, createWriteStream(file)).then(
          () =>
            resolve({ status: res.statusCode, bytes: statSync(file).size, contentType: res.headers['content-type'] }),
          reject,
        );
      },
    );
    req.on('error', reject);
  });
}

/** POSTs `file` as the multipart field "archive", streamed; resolves { status, json }. */
function uploadArchive(port, urlPath, token, file) {
  const boundary = `----keelbench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="archive"; filename="export.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: urlPath,
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + statSync(file).size + tail.length,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode, text, json: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    const source = createReadStream(file);
    source.on('error', reject);
    source.on('end', () => req.end(tail));
    source.pipe(req, { end: false });
  });
}

/** Imports the archive as a newly registered person, sampling the server's RSS; resolves the figures. */
async function importBack(server, client, file, expected) {
  const importer = await registerOwner(server.port, 'data-import');
  const auth = { authorization: `Bearer ${importer.token}` };
  const rssAtStart = readRssMb(server.pid);
  let rssMax = rssAtStart;
  const sampler = setInterval(() => {
    const mb = readRssMb(server.pid);
    if (mb !== undefined && mb > rssMax) rssMax = mb;
  }, POLL_MS);
  const startedAt = performance.now();
  const phases = {};
  let item;
  let uploadSeconds;
  try {
    const started = await uploadArchive(server.port, `${API}/organizations/import`, importer.token, file);
    if (started.status !== 202) throw new Error(`importing: ${started.status} ${started.text.slice(0, 300)}`);
    uploadSeconds = round((performance.now() - startedAt) / 1000, 2);
    for (;;) {
      await sleep(POLL_MS);
      const read = await httpJson(
        server.port,
        'GET',
        `${API}/organizations/imports/${started.json.data.id}`,
        undefined,
        auth,
      );
      if (read.status !== 200) throw new Error(`reading the import: ${read.status} ${read.text.slice(0, 300)}`);
      item = read.json.data;
      if (item.phase) phases[item.phase] ??= round((performance.now() - startedAt) / 1000, 1);
      if (item.status === 'done' || item.status === 'failed') break;
      if (performance.now() - startedAt > timeoutMs)
        throw new Error(`the import was still ${item.status} after ${timeoutMs / 1000} s`);
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = round((performance.now() - startedAt) / 1000, 2);
  if (item.status === 'failed') throw new Error(`the import failed: ${item.error?.code} ${item.error?.message}`);
  const organizationId = item.result.organizationId;
  const mismatches = [];
  for (const table of CHECKED_TABLES.filter((name) => name !== 'memberships')) {
    const {
      rows: [{ count }],
    } = await client.query(`select count(*)::int as count from ${table} where organization_id = $1`, [organizationId]);
    if (count !== expected[table]) mismatches.push(`${table}: imported ${count}, exported ${expected[table]}`);
  }
  return {
    seconds,
    uploadSeconds,
    phasesSeenAt: phases,
    invitationsSent: item.result.invitationsSent,
    rssMb: { atStart: round(rssAtStart), max: round(rssMax) },
    mismatches,
  };
}

/** Opens the zip and reads the named entries whole; resolves { entries (count), texts: { name: text } }. */
function readZip(file, wanted) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const texts = {};
      let entries = 0;
      zip.on('error', reject);
      zip.on('end', () => resolve({ entries, texts }));
      zip.on('entry', (entry) => {
        entries += 1;
        if (!wanted.includes(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            texts[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

async function main() {
  const postgres = await getPostgres();
  console.log(`data-export: PostgreSQL = ${postgres.source}`);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgres.url });
  const downloadDir = mkdtempSync(path.join(os.tmpdir(), 'keel-bench-export-'));
  let server;
  try {
    server = await startServer({
      databaseUrl: postgres.url,
      env: { ...LOAD_ENV, JWT_SECRET: randomBytes(32).toString('hex') },
      name: 'data-export-server',
    });
    const owner = await registerOwner(server.port, 'data-export');
    const { organizationId } = owner;
    await client.connect();

    const seedStarted = performance.now();
    const seeded = await seedOrganization(client, {
      organizationId,
      ownerId: owner.userId,
      leadershipTeamId: owner.leadershipTeamId,
      withPriorities: true,
    });
    const {
      rows: [settings],
    } = await client.query('select week_start_day from organizations where id = $1', [organizationId]);
    await client.query('begin');
    const scorecard = await seedScorecardTeam(client, {
      organizationId,
      ownerId: owner.userId,
      teamId: owner.leadershipTeamId,
      measurableCount: measurables,
      weeks: weekStarts(settings.week_start_day, weeks),
      random: rng(20261127),
    });
    await client.query('commit');
    await client.query('update organization_revisions set revision = revision + 1 where organization_id = $1', [
      organizationId,
    ]);
    await client.query('analyze');
    const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);
    const expected = {};
    for (const table of CHECKED_TABLES) {
      const {
        rows: [{ count }],
      } = await client.query(`select count(*)::int as count from ${table} where organization_id = $1`, [
        organizationId,
      ]);
      expected[table] = count;
    }
    console.log(
      `data-export: seeded ${seeded.members} members, ${seeded.todos} to-dos, ${seeded.priorities} priorities, ${seeded.milestones} milestones, ${measurables} measurables with ${scorecard.scores} weekly numbers (${weeks} weeks) in ${seedSeconds} s`,
    );

    const org = `${API}/organizations/${organizationId}`;
    const auth = { authorization: `Bearer ${owner.token}` };
    await sleep(1000);
    const rssAtStart = readRssMb(server.pid);
    const rssTimeline = [];
    let rssMax = rssAtStart;
    const requestedAt = performance.now();
    const sampler = setInterval(() => {
      const mb = readRssMb(server.pid);
      if (mb === undefined) return;
      rssTimeline.push([round((performance.now() - requestedAt) / 1000, 1), round(mb, 1)]);
      if (mb > rssMax) rssMax = mb;
    }, POLL_MS);
    let exported;
    let polls = 0;
    let readyAt;
    try {
      const asked = await httpJson(server.port, 'POST', `${org}/data-exports`, {}, auth);
      if (asked.status !== 202) throw new Error(`asking for the export: ${asked.status} ${asked.text.slice(0, 300)}`);
      const exportId = asked.json.data.id;
      for (;;) {
        await sleep(POLL_MS);
        polls += 1;
        const list = await httpJson(server.port, 'GET', `${org}/data-exports`, undefined, auth);
        if (list.status !== 200) throw new Error(`reading the exports: ${list.status} ${list.text.slice(0, 300)}`);
        exported = list.json.data.find((item) => item.id === exportId);
        if (exported?.status === 'ready' || exported?.status === 'failed') break;
        if (performance.now() - requestedAt > timeoutMs)
          throw new Error(`the export was still ${exported?.status} after ${timeoutMs / 1000} s`);
      }
      readyAt = performance.now();
    } finally {
      clearInterval(sampler);
    }
    const rssAtReady = readRssMb(server.pid);
    const readySeconds = round((readyAt - requestedAt) / 1000, 2);
    if (exported.status === 'failed') throw new Error(`the export failed: ${exported.error}`);
    console.log(
      `data-export: ready in ${readySeconds} s (${exported.stepsDone}/${exported.stepsTotal} steps, ${round(exported.bytes / 1024 ** 2)} MB); RSS ${round(rssAtStart)} MB at the request, max ${round(rssMax)} MB, ${round(rssAtReady)} MB when ready`,
    );

    const file = path.join(downloadDir, 'export.zip');
    const downloadStarted = performance.now();
    const downloaded = await download(server.port, `${org}/data-exports/${exported.id}/archive`, owner.token, file);
    const downloadMs = performance.now() - downloadStarted;
    const zip = await readZip(file, ['manifest.json', 'data/todos.json']);
    const manifest = JSON.parse(zip.texts['manifest.json']);
    const todosInArchive = JSON.parse(zip.texts['data/todos.json']).length;
    const mismatches = CHECKED_TABLES.filter((table) => manifest.tables[table] !== expected[table]).map(
      (table) => `${table}: manifest ${manifest.tables[table]}, database ${expected[table]}`,
    );
    if (todosInArchive !== expected.todos)
      mismatches.push(`data/todos.json: ${todosInArchive} rows, database ${expected.todos}`);
    console.log(
      `data-export: archive ${round(downloaded.bytes / 1024 ** 2)} MB downloaded in ${round(downloadMs, 0)} ms, ${zip.entries} entries, ${Object.keys(manifest.tables).length} tables in the manifest`,
    );

    const imported = withImport ? await importBack(server, client, file, expected) : null;
    if (imported) {
      console.log(
        `data-export: imported back in ${imported.seconds} s (upload answered in ${imported.uploadSeconds} s; phases first seen at ${JSON.stringify(imported.phasesSeenAt)}), ${imported.invitationsSent} invitations; RSS ${imported.rssMb.atStart} → max ${imported.rssMb.max} MB`,
      );
    }

    const checks = {
      ...(imported ? { importedWhole: imported.mismatches.length === 0 } : {}),
      ready: readySeconds < GOALS.readySeconds,
      steadyMemory: rssMax - rssAtStart <= GOALS.rssGrowthMb,
      archive: mismatches.length === 0 && downloaded.bytes === exported.bytes,
    };
    const lines = [
      `${passFail(checks.ready)} export ready in ${readySeconds} s (goal < ${GOALS.readySeconds} s; polled every ${POLL_MS} ms)`,
      `${passFail(checks.steadyMemory)} server RSS ${round(rssAtStart)} MB at the request, max ${round(rssMax)} MB during the export (+${round(rssMax - rssAtStart)} MB; goal <= +${GOALS.rssGrowthMb} MB), ${round(rssAtReady)} MB when ready`,
      `${passFail(checks.archive)} archive opens (yauzl, ${zip.entries} entries, ${round(downloaded.bytes / 1024 ** 2)} MB); manifest counts match the database for ${CHECKED_TABLES.join(', ')}${mismatches.length ? `: ${mismatches.join('; ')}` : ` (to-dos ${manifest.tables.todos}, priorities ${manifest.tables.priorities}, measurable_scores ${manifest.tables.measurable_scores})`}`,
    ];
    if (imported) {
      lines.push(
        `${passFail(checks.importedWhole)} imported back in ${imported.seconds} s (no goal set), the new organization holding as many rows of ${CHECKED_TABLES.filter((name) => name !== 'memberships').join(', ')}${imported.mismatches.length ? `: ${imported.mismatches.join('; ')}` : ''}; server RSS max ${imported.rssMb.max} MB (+${round(imported.rssMb.max - imported.rssMb.atStart)} MB)`,
      );
    }
    for (const line of lines) console.log(`data-export: ${line}`);
    const pass = Object.values(checks).every(Boolean);
    const result = writeResult('data-export', {
      settings: { database: 'postgresql', databaseSource: postgres.source, measurables, weeks, pollMs: POLL_MS },
      goals: GOALS,
      seeded: {
        members: seeded.members,
        teams: seeded.teamIds.length,
        todos: seeded.todos,
        priorities: seeded.priorities,
        milestones: seeded.milestones,
        measurables,
        scores: scorecard.scores,
        seedSeconds,
      },
      readySeconds,
      polls,
      export: { steps: exported.stepsTotal, bytes: exported.bytes },
      rssMb: {
        atStart: round(rssAtStart),
        max: round(rssMax),
        atReady: round(rssAtReady),
        timeline: rssTimeline,
      },
      archive: {
        bytes: downloaded.bytes,
        contentType: downloaded.contentType,
        downloadMs: round(downloadMs, 0),
        entries: zip.entries,
        manifestTables: manifest.tables,
        expected,
        todosInArchive,
        mismatches,
      },
      imported,
      checks,
      pass,
      summary: lines,
    });
    console.log(`data-export: ${pass ? 'PASS' : 'FAIL'} (JSON: ${result})`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    rmSync(downloadDir, { recursive: true, force: true });
    await client.end().catch(() => undefined);
    if (server) await server.stop();
    await postgres
      .drop()
      .catch((error) => console.error(`data-export: could not drop the throwaway database: ${error.message}`));
  }
}

main().catch((error) => {
  console.error(`data-export: ERROR ${error.stack ?? error}`);
  process.exitCode = 2;
});
