#!/usr/bin/env node
// Webhook deliveries to a local receiver (issue 16), on the embedded database and on PostgreSQL.
//
//   node bench/webhooks.mjs [--deliveries 1000] [--concurrency 20] [--before-endpoint 200] [--databases embedded,postgres]
//                           [--hold]
//
// A receiver inside this process (HTTP on 127.0.0.1, answers 200, keeps each `webhook-id` and when it came).
// The server runs with WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=true (otherwise it refuses to post to 127.0.0.1). The
// owner registers, adds an endpoint subscribed to `todo.created` (the answer holds its signing secret), then
// creates `--deliveries` to-dos through the API (before adding the endpoint, `--before-endpoint` to-dos are created the
// same way for the record: what a create costs with no delivery to queue), `--concurrency` requests in flight. Timed from the first
// request to the arrival of the last distinct webhook-id; the receiver keeps listening 2 s longer to count
// repeats. The first 50 deliveries' signatures are checked with the `standardwebhooks` library.
// With `--hold`, the receiver answers nothing until every create is answered (the server's first batch of
// deliveries waits on it, the rest stay queued), then answers: the time from then to the last webhook-id is the
// drain of a queue of deliveries alone (no goal; a held request that reached the server's 15 s timeout is sent
// again later and counted when it comes).
// Goal: 1,000 deliveries in < 10 s on each database.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { flag, numberOption, option } from './lib/args.mjs';
import {
  API,
  LOAD_ENV,
  getPostgres,
  httpJson,
  passFail,
  percentile,
  registerOwner,
  round,
  sampleRss,
  startServer,
  writeResult,
} from './lib/server.mjs';

const deliveries = numberOption('deliveries', 1000);
const concurrency = numberOption('concurrency', 20);
const timeoutMs = numberOption('timeout-s', 300) * 1000;
const baselineCount = numberOption('before-endpoint', 200);
const hold = flag('hold');
const phases = option('databases', 'embedded,postgres')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const database of phases)
  if (!['embedded', 'postgres'].includes(database)) throw new Error(`unknown database ${database}`);
const GOALS = { seconds: 10 };
const SIGNATURES_CHECKED = 50;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An HTTP receiver on 127.0.0.1 that answers 200 to every POST and keeps what it got. While held, it answers
 * nothing; `release()` answers the requests still open and counts them as arrived then.
 */
async function startReceiver({ held = false } = {}) {
  const arrivals = [];
  const firstArrival = new Map();
  const samples = [];
  const pending = [];
  let holding = held;
  let waiter;
  const accept = (req, res, chunks) => {
    const at = performance.now();
    const id = req.headers['webhook-id'];
    arrivals.push({ id, at });
    if (id && !firstArrival.has(id)) firstArrival.set(id, at);
    if (samples.length < SIGNATURES_CHECKED)
      samples.push({ body: Buffer.concat(chunks).toString('utf8'), headers: { ...req.headers } });
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    if (waiter && firstArrival.size >= waiter.count) {
      waiter.resolve();
      waiter = undefined;
    }
  };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => (holding ? pending.push({ req, res, chunks }) : accept(req, res, chunks)));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/keel-webhooks`,
    arrivals,
    firstArrival,
    samples,
    /** Stops holding; answers the held requests whose sender still waits (a timed-out one will be sent again). */
    release() {
      holding = false;
      const open = pending.splice(0).filter(({ res }) => !res.socket?.destroyed);
      for (const { req, res, chunks } of open) accept(req, res, chunks);
      return open.length;
    },
    waitForDistinct(count, ms) {
      if (firstArrival.size >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${firstArrival.size} of ${count} webhook-ids after ${ms / 1000} s`)),
          ms,
        );
        waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** Creates `count` to-dos through the API, `concurrency` requests in flight; any answer but 201 stops the benchmark. */
async function createTodos(port, org, owner, auth, count, title) {
  const requestMs = [];
  let next = 0;
  let failed = 0;
  let lastFailure = '';
  const startedAt = performance.now();
  const worker = async () => {
    while (next < count) {
      next += 1;
      const res = await httpJson(
        port,
        'POST',
        `${org}/todos`,
        { title: `${title} to-do ${next}`, ownerIds: [owner.userId], teamId: owner.leadershipTeamId },
        auth,
      );
      requestMs.push(res.receivedMs);
      if (res.status !== 201) {
        failed += 1;
        lastFailure = `${res.status} ${res.text.slice(0, 200)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failed) throw new Error(`${failed} to-dos not created, last: ${lastFailure}`);
  const seconds = (performance.now() - startedAt) / 1000;
  return {
    count,
    seconds: round(seconds, 2),
    perSecond: round(count / seconds, 1),
    requestMs: { p50: round(percentile(requestMs, 50), 1), p95: round(percentile(requestMs, 95), 1) },
  };
}

async function run(database) {
  const postgres = database === 'postgres' ? await getPostgres() : undefined;
  const receiver = await startReceiver({ held: hold });
  let server;
  try {
    server = await startServer({
      databaseUrl: postgres?.url,
      env: { ...LOAD_ENV, WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true', JWT_SECRET: randomBytes(32).toString('hex') },
      name: `webhooks-${database}-server`,
    });
    console.log(`webhooks: ${database}${postgres ? ` (${postgres.source})` : ''}: server pid ${server.pid} ready`);
    const owner = await registerOwner(server.port, `webhooks-${database}`);
    const org = `${API}/organizations/${owner.organizationId}`;
    const auth = { authorization: `Bearer ${owner.token}` };
    // The same creates before any endpoint exists, for the record: what a to-do costs without a delivery to queue.
    const baseline = await createTodos(server.port, org, owner, auth, baselineCount, 'Before the endpoint');
    const endpoint = await httpJson(
      server.port,
      'POST',
      `${org}/webhooks`,
      { url: receiver.url, events: ['todo.created'] },
      auth,
    );
    if (endpoint.status !== 201)
      throw new Error(`adding the endpoint: ${endpoint.status} ${endpoint.text.slice(0, 300)}`);
    const { secret } = endpoint.json.data;

    const rss = sampleRss(server.pid);
    const rssAtStart = round(server.rssMb(), 1);
    const startedAt = performance.now();
    const created = await createTodos(server.port, org, owner, auth, deliveries, 'Webhook bench');
    const createdAt = performance.now();
    const heldDeliveries = hold ? receiver.release() : undefined;
    await receiver.waitForDistinct(deliveries, timeoutMs);
    const lastAt = Math.max(...receiver.firstArrival.values());
    const rssMaxMb = round(rss.stop().maxMb, 1);
    // Repeats would come after the first arrival: give them a moment to show.
    await sleep(2000);

    const verifier = new Webhook(secret);
    let verified = 0;
    const verifyErrors = [];
    for (const sample of receiver.samples) {
      try {
        const payload = verifier.verify(sample.body, sample.headers);
        if (payload?.type === 'todo.created') verified += 1;
        else verifyErrors.push(`type ${payload?.type}`);
      } catch (error) {
        verifyErrors.push(error.message);
      }
    }
    const seconds = (lastAt - startedAt) / 1000;
    const drainSeconds = hold ? round((lastAt - createdAt) / 1000, 2) : undefined;
    const result = {
      database,
      databaseSource: postgres?.source ?? 'embedded (PGlite)',
      deliveries,
      concurrency,
      seconds: round(seconds, 2),
      deliveriesPerSecond: round(deliveries / seconds, 1),
      createSeconds: round((createdAt - startedAt) / 1000, 2),
      createRequestMs: created.requestMs,
      withoutEndpoint: baseline,
      lastDeliveryAfterLastCreateMs: round(lastAt - createdAt, 0),
      hold: hold ? { heldAnsweredAtRelease: heldDeliveries, drainSeconds } : undefined,
      received: receiver.arrivals.length,
      distinctWebhookIds: receiver.firstArrival.size,
      repeats: receiver.arrivals.length - receiver.firstArrival.size,
      withoutWebhookId: receiver.arrivals.filter((arrival) => !arrival.id).length,
      signaturesChecked: receiver.samples.length,
      signaturesValid: verified,
      signatureErrors: verifyErrors.slice(0, 5),
      rssMb: { atStart: rssAtStart, max: rssMaxMb },
    };
    result.checks = {
      inTime: seconds < GOALS.seconds,
      everyOnce: result.distinctWebhookIds === deliveries && result.repeats === 0 && result.withoutWebhookId === 0,
      signatures: verified === receiver.samples.length && verified > 0,
    };
    result.pass = Object.values(result.checks).every(Boolean);
    console.log(
      `webhooks: ${passFail(result.checks.inTime)} ${database}: ${deliveries} deliveries in ${result.seconds} s from the first request (goal < ${GOALS.seconds} s), ${result.deliveriesPerSecond}/s; to-dos created in ${result.createSeconds} s (p50 ${result.createRequestMs.p50} ms; before the endpoint existed ${baseline.count} took ${baseline.seconds} s, ${baseline.perSecond}/s, p50 ${baseline.requestMs.p50} ms), last delivery ${result.lastDeliveryAfterLastCreateMs} ms after the last create`,
    );
    if (hold)
      console.log(
        `webhooks: ${database}: receiver held until the last create was answered (${heldDeliveries} requests open then): the rest drained in ${drainSeconds} s after it answered (${round((deliveries - heldDeliveries) / drainSeconds, 1)} deliveries/s; no goal)`,
      );
    console.log(
      `webhooks: ${passFail(result.checks.everyOnce)} ${database}: ${result.distinctWebhookIds} distinct webhook-ids of ${result.received} received (repeats ${result.repeats}, without id ${result.withoutWebhookId})`,
    );
    console.log(
      `webhooks: ${passFail(result.checks.signatures)} ${database}: ${verified} of ${receiver.samples.length} signatures valid (standardwebhooks)${verifyErrors.length ? `: ${verifyErrors[0]}` : ''}; server RSS ${rssAtStart} MB at the start, max ${rssMaxMb} MB`,
    );
    return result;
  } finally {
    if (server) await server.stop();
    await receiver.close();
    await postgres?.drop().catch((error) => console.error(`webhooks: could not drop the database: ${error.message}`));
  }
}

async function main() {
  const runs = [];
  for (const database of phases) runs.push(await run(database));
  const pass = runs.every((r) => r.pass);
  const file = writeResult('webhooks', { goals: GOALS, deliveries, concurrency, runs, pass });
  console.log(`webhooks: ${pass ? 'PASS' : 'FAIL'} (JSON: ${file})`);
  process.exitCode = pass ? 0 : 1;
}

main().catch((error) => {
  console.error(`webhooks: ERROR ${error.stack ?? error}`);
  process.exitCode = 2;
});
