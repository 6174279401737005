#!/usr/bin/env node
// One large import on PostgreSQL (issue 3, "progress for large files"): a CSV of 10,000 to-dos sent
// to `POST /organizations/{id}/imports/todos` (read, check every row, write in one transaction),
// timed from the first byte sent to the answer, plain and with the streamed progress of
// `Accept: application/x-ndjson`. No goal in the issue; the figure shows what a user waits for.
//
//   node bench/import-load.mjs [--rows 10000] [--runs 3]
import { numberOption } from './lib/args.mjs';
import { API, getPostgres, median, round, registerOwner, startServer, writeResult } from './lib/server.mjs';

const rows = numberOption('rows', 10_000);
const runs = numberOption('runs', 3);

function csvOf(count, ownerEmail) {
  const lines = ['Title,Owner,Due Date,Description'];
  for (let index = 0; index < count; index += 1) {
    lines.push(`Imported task ${index},${ownerEmail},2026-12-31,"Row ${index}, from the bench"`);
  }
  return lines.join('\n');
}

async function importOnce(server, owner, csv, streamed) {
  const form = new FormData();
  form.append('teamId', owner.leadershipTeamId);
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'todos.csv');
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${API}/organizations/${owner.organizationId}/imports/todos`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${owner.token}`,
      accept: streamed ? 'application/x-ndjson' : 'application/json',
    },
    body: form,
  });
  let progressLines = 0;
  let firstProgressMs;
  let result;
  if (streamed) {
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body) {
      buffered += decoder.decode(chunk, { stream: true });
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = JSON.parse(buffered.slice(0, newline));
        buffered = buffered.slice(newline + 1);
        if (line.type === 'progress') {
          progressLines += 1;
          firstProgressMs ??= performance.now() - started;
        } else result = line;
      }
    }
  } else result = await response.json();
  const elapsedMs = performance.now() - started;
  if (!response.ok || (streamed && result?.type !== 'result')) {
    throw new Error(`import failed: ${response.status} ${JSON.stringify(result).slice(0, 300)}`);
  }
  return { elapsedMs, progressLines, firstProgressMs };
}

async function main() {
  const postgres = await getPostgres();
  let server;
  try {
    server = await startServer({ databaseUrl: postgres.url, name: 'import-load-server' });
    const owner = await registerOwner(server.port, 'import');
    const profile = await fetch(`${server.baseUrl}${API}/auth/profile`, {
      headers: { authorization: `Bearer ${owner.token}` },
    }).then((response) => response.json());
    const csv = csvOf(rows, profile.data.email);
    console.log(`import-load: ${postgres.source}; ${rows} rows, ${round(csv.length / 1024 / 1024, 2)} MB CSV`);
    const plain = [];
    const streamed = [];
    for (let run = 0; run < runs; run += 1) {
      plain.push(await importOnce(server, owner, csv, false));
      streamed.push(await importOnce(server, owner, csv, true));
    }
    const summary = {
      plainMs: plain.map((run) => round(run.elapsedMs, 0)),
      streamedMs: streamed.map((run) => round(run.elapsedMs, 0)),
      medianPlainMs: round(median(plain.map((run) => run.elapsedMs)), 0),
      medianStreamedMs: round(median(streamed.map((run) => run.elapsedMs)), 0),
      firstProgressMs: round(median(streamed.map((run) => run.firstProgressMs)), 0),
      progressLines: streamed[0].progressLines,
    };
    console.log(
      `import-load: ${rows} to-dos in one transaction: median ${summary.medianPlainMs} ms (${summary.plainMs.join(', ')}); streamed ${summary.medianStreamedMs} ms, first progress line after ${summary.firstProgressMs} ms, ${summary.progressLines} progress lines`,
    );
    const file = writeResult('import-load', { settings: { rows, runs, database: postgres.source }, ...summary });
    console.log(`import-load: done (JSON: ${file})`);
  } finally {
    if (server) await server.stop();
    await postgres.drop().catch(() => {});
  }
}

main().catch((error) => {
  console.error(`import-load: ERROR ${error.stack ?? error}`);
  process.exitCode = 2;
});
