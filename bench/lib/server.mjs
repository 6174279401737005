// Helpers shared by the benchmarks: build check, start/stop the built server, RSS, PostgreSQL.
// Plain Node ESM, no build step. Everything listens on 127.0.0.1 only.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const TMP_DIR = path.join(ROOT, 'bench', '.tmp');
export const SERVER_ENTRY = path.join(ROOT, 'apps', 'server', 'dist', 'main.js');
export const WEB_DIST = path.join(ROOT, 'apps', 'web', 'dist');
export const API = '/api/v1';

/** The per-address ceiling on sign-in/registration (default 120/min) would refuse a benchmark from one address. */
export const LOAD_ENV = { AUTH_RATE_LIMIT_PER_MINUTE: '100000' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function ensureTmpDir() {
  mkdirSync(TMP_DIR, { recursive: true });
  return TMP_DIR;
}

/** Writes bench/.tmp/<name>.json and returns its path. */
export function writeResult(name, data) {
  ensureTmpDir();
  const file = path.join(TMP_DIR, `${name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ benchmark: name, at: new Date().toISOString(), machine: machineInfo(), ...data }, null, 2)}\n`,
  );
  return file;
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    kernel: os.release(),
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

export const passFail = (ok) => (ok ? 'PASS' : 'FAIL');
export const round = (n, digits = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : n);
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The value below which `p` percent of `values` fall (nearest rank). */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Runs `npm run build` when apps/server/dist/main.js is missing. */
export function ensureServerBuilt() {
  if (existsSync(SERVER_ENTRY)) return;
  console.log('bench: apps/server/dist/main.js is missing, running `npm run build` ...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(SERVER_ENTRY))
    throw new Error('`npm run build` failed: cannot benchmark the server');
}

/** A port free on 127.0.0.1 at the time of asking. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One GET on 127.0.0.1; resolves { status, body } or rejects (connection refused, timeout). */
export function httpGet(port, urlPath, { timeoutMs = 2000, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, headers, agent: false, timeout: timeoutMs },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/**
 * One JSON request on 127.0.0.1; resolves { status, json, text, receivedMs }: `receivedMs` from sending
 * to the answer's last byte, before the client decodes and parses it.
 */
export function httpJson(port, method, urlPath, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent: false,
        timeout: 30_000,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const receivedMs = performance.now() - started;
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode, json, text, receivedMs });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Resident set size of a process in MB, from /proc/<pid>/status VmRSS; undefined once it has exited. */
export function readRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Polls a process's RSS every intervalMs; stop() returns { maxMb, samples }. */
export function sampleRss(pid, intervalMs = 200) {
  let maxMb = readRssMb(pid) ?? 0;
  let samples = 1;
  const timer = setInterval(() => {
    const mb = readRssMb(pid);
    if (mb !== undefined) {
      samples += 1;
      if (mb > maxMb) maxMb = mb;
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return { maxMb, samples };
    },
  };
}

// Servers started by this process, killed (SIGKILL) if the benchmark itself dies before stopping them.
const running = new Set();
process.on('exit', () => {
  for (const child of running) {
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`bench: ${signal}, stopping servers started by this benchmark`);
    process.exit(130);
  });
}

/**
 * Starts `node apps/server/dist/main.js` on a free port of 127.0.0.1 and waits for GET /api/v1/health = 200.
 * databaseUrl set: PostgreSQL; unset: embedded (PGlite) in dataDir (a fresh temp dir unless given).
 * entry: another build's main.js to compare with (default apps/server/dist/main.js).
 * Returns { pid, port, baseUrl, dataDir, spawnedAt, readyMs, logFile, rssMb(), stop() }.
 */
export async function startServer({
  databaseUrl,
  dataDir,
  env = {},
  name = 'server',
  timeoutMs = 60_000,
  pollMs = 20,
  entry = SERVER_ENTRY,
} = {}) {
  if (entry === SERVER_ENTRY) ensureServerBuilt();
  ensureTmpDir();
  const port = await freePort();
  const ownDataDir = !dataDir;
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'keel-bench-data-'));
  const logFile = path.join(TMP_DIR, `${name}.log`);
  const logFd = openSync(logFile, 'w');

  const childEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'PORT', 'HOST', 'DATA_DIR', 'APP_URL', 'JWT_SECRET', 'TRUST_PROXY', 'SMTP_URL'])
    delete childEnv[key];
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });

  const spawnedAt = performance.now();
  // BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") reaches the server's node, for profiling.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  running.add(child);
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      running.delete(child);
      resolve(exited);
    });
  });

  const handle = {
    pid: child.pid,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir: dir,
    logFile,
    spawnedAt,
    readyMs: undefined,
    rssMb: () => readRssMb(child.pid),
    /** SIGTERM, wait up to timeoutMs, then SIGKILL. Removes a temp DATA_DIR it created unless keepDataDir. */
    async stop({ keepDataDir = false, timeoutMs: stopTimeout = 15_000 } = {}) {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeout);
        await exitPromise;
        clearTimeout(timer);
      }
      if (ownDataDir && !keepDataDir) rmSync(dir, { recursive: true, force: true });
      return exited;
    },
  };

  const deadline = spawnedAt + timeoutMs;
  while (performance.now() < deadline) {
    if (exited) break;
    try {
      const res = await httpGet(port, `${API}/health`, { timeoutMs: 2000 });
      if (res.status === 200) {
        handle.readyMs = performance.now() - spawnedAt;
        return handle;
      }
    } catch {
      /* not listening yet */
    }
    await sleep(pollMs);
  }
  await handle.stop();
  const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
  throw new Error(
    `server did not answer /health with 200 within ${timeoutMs} ms (exit: ${JSON.stringify(exited)}). Log tail (${logFile}):\n${tail}`,
  );
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------------------------

const CLUSTER = { name: 'keel', port: 5433 };
const ADMIN_URL = `postgres://postgres:postgres@127.0.0.1:${CLUSTER.port}/postgres`;

function run(cmd, args, options = {}) {
  return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

function pgIsReady() {
  return spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(CLUSTER.port)]).status === 0;
}

/** The local `keel` cluster on 5433 that .ci/run creates: created (as .ci/run does) if missing, started if down. */
async function ensureLocalCluster() {
  const listed = spawnSync('pg_lsclusters', ['-h'], { encoding: 'utf8' });
  if (listed.error)
    throw new Error('pg_lsclusters not found: install PostgreSQL (see .ci/run) or set BENCH_DATABASE_URL');
  const row = listed.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((cols) => cols[1] === CLUSTER.name);
  let version;
  let touched = false;
  if (!row) {
    // Same steps as .ci/run: newest installed PostgreSQL, cluster `keel` on 5433.
    version = readdirSorted('/usr/lib/postgresql').at(-1);
    if (!version)
      throw new Error('no PostgreSQL under /usr/lib/postgresql: install it (see .ci/run) or set BENCH_DATABASE_URL');
    console.log(
      `bench: creating PostgreSQL cluster ${version}/${CLUSTER.name} on port ${CLUSTER.port} (as .ci/run does)`,
    );
    run('pg_createcluster', [version, CLUSTER.name, '-p', String(CLUSTER.port)]);
    touched = true;
  } else {
    version = row[0];
  }
  if (!row || row[3] !== 'online') {
    console.log(`bench: starting PostgreSQL cluster ${version}/${CLUSTER.name} (it is left running afterwards)`);
    spawnSync('pg_ctlcluster', [version, CLUSTER.name, 'start'], { stdio: 'ignore' });
    touched = true;
  }
  for (let i = 0; i < 60 && !pgIsReady(); i += 1) await sleep(500);
  if (!pgIsReady()) throw new Error(`PostgreSQL on 127.0.0.1:${CLUSTER.port} is not ready`);
  if (touched) run('su', ['postgres', '-c', `psql -q -p ${CLUSTER.port} -c "alter user postgres password 'postgres'"`]);
}

function readdirSorted(dir) {
  try {
    return run('ls', [dir])
      .split('\n')
      .filter(Boolean)
      .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  } catch {
    return [];
  }
}

async function loadPg() {
  const { default: pg } = await import('pg');
  return pg;
}

/**
 * A PostgreSQL URL for a benchmark: BENCH_DATABASE_URL as given, or a throwaway database on the local
 * `keel` cluster (127.0.0.1:5433). Returns { url, source, drop() }; drop() removes the throwaway database.
 */
export async function getPostgres() {
  if (process.env.BENCH_DATABASE_URL) {
    return { url: process.env.BENCH_DATABASE_URL, source: 'BENCH_DATABASE_URL', drop: async () => {} };
  }
  await ensureLocalCluster();
  const pg = await loadPg();
  const name = `keel_bench_${Date.now()}_${process.pid}`;
  let admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    if (error?.code !== '28P01') throw error;
    // Password not set yet on a cluster someone else started: set it as .ci/run does, once.
    run('su', ['postgres', '-c', `psql -q -p ${CLUSTER.port} -c "alter user postgres password 'postgres'"`]);
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
  }
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${CLUSTER.port}/${name}`;
  return {
    url,
    source: `throwaway database ${name} on 127.0.0.1:${CLUSTER.port}`,
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A registration body for the bench's own accounts (the password meets the rules; legal terms accepted). */
export function registrationPayload({ email, organizationName = 'Bench Organization', lastName = 'Account' }) {
  return {
    firstName: 'Bench',
    lastName,
    email,
    password: 'correct horse battery',
    organizationName,
    legalAgreement: {
      termsAccepted: true,
      privacyAccepted: true,
      acceptedAt: new Date().toISOString(),
      ipAddress: '127.0.0.1',
      userAgent: 'keel-bench',
      version: '1.0',
    },
  };
}

/** Registers a new organization through the API; its owner's token, ids and leadership team. */
export async function registerOwner(port, label) {
  const email = `bench.${label}.${Date.now()}.${process.pid}@example.com`;
  const res = await httpJson(
    port,
    'POST',
    `${API}/auth/register`,
    registrationPayload({ email, organizationName: `Bench ${label}`, lastName: 'Owner' }),
  );
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${res.text.slice(0, 300)}`);
  const { user, accessToken } = res.json.data;
  const leadership = user.teams.find((team) => team.is_leadership_team) ?? user.teams[0];
  return { token: accessToken, userId: user.id, organizationId: user.organizationId, leadershipTeamId: leadership.id };
}
