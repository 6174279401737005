#!/usr/bin/env node
// Sign-in and profile throughput/latency on PostgreSQL, with the server's memory idle and under load.
//
//   node bench/auth-load.mjs [--duration 15] [--connections 10] [--accounts 50]
//
// Goals (from the issue): sign-in >= 30 req/s, p99 < 400 ms; profile >= 5,000 req/s, p99 < 10 ms;
// server RSS < 150 MB idle and < 300 MB under load; no non-2xx answers.
import { numberOption } from './lib/args.mjs';
import { runLoad, summarizeLoad } from './lib/load.mjs';
import {
  API,
  LOAD_ENV,
  getPostgres,
  httpJson,
  passFail,
  registrationPayload,
  round,
  sampleRss,
  startServer,
  writeResult,
} from './lib/server.mjs';

const duration = numberOption('duration', 15);
const connections = numberOption('connections', 10);
const accountCount = numberOption('accounts', 50);
const GOALS = { loginRps: 30, loginP99Ms: 400, profileRps: 5000, profileP99Ms: 10, idleRssMb: 150, loadRssMb: 300 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function registerAccounts(port, count) {
  const runId = Date.now();
  const accounts = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const payload = registrationPayload({ email: `bench.${runId}.${i}@example.com` });
      const res = await httpJson(port, 'POST', `${API}/auth/register`, payload);
      if (res.status !== 201) throw new Error(`registration ${i} failed: ${res.status} ${res.text.slice(0, 300)}`);
      accounts[i] = { email: payload.email, password: payload.password, accessToken: res.json.data.accessToken };
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, count) }, worker));
  return accounts;
}

const cannon = (opts) => runLoad({ connections, duration, ...opts });

const loginRequest = (accounts) => {
  let i = 0;
  return {
    method: 'POST',
    path: `${API}/auth/login`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: accounts[0].email, password: accounts[0].password }),
    setupRequest(request) {
      const account = accounts[i++ % accounts.length];
      return { ...request, body: JSON.stringify({ email: account.email, password: account.password }) };
    },
  };
};

async function main() {
  const postgres = await getPostgres();
  console.log(
    `auth-load: PostgreSQL = ${postgres.source}; ${connections} connections, ${duration} s per phase, ${accountCount} accounts`,
  );
  let server;
  try {
    server = await startServer({ databaseUrl: postgres.url, env: LOAD_ENV, name: 'auth-load-server' });
    console.log(`auth-load: server pid ${server.pid} on ${server.baseUrl} ready in ${round(server.readyMs, 0)} ms`);

    const accounts = await registerAccounts(server.port, accountCount);
    console.log(`auth-load: registered ${accounts.length} accounts`);

    // Warm-up: a few sign-ins and profile reads (JIT, pool connections), then let the server settle.
    const token = accounts[0].accessToken;
    for (const account of accounts.slice(0, 10)) {
      const res = await httpJson(server.port, 'POST', `${API}/auth/login`, {
        email: account.email,
        password: account.password,
      });
      if (res.status !== 200) throw new Error(`warm-up sign-in failed: ${res.status} ${res.text.slice(0, 300)}`);
    }
    for (let i = 0; i < 200; i += 1) {
      const res = await httpJson(server.port, 'GET', `${API}/auth/profile`, undefined, {
        authorization: `Bearer ${token}`,
      });
      if (res.status !== 200) throw new Error(`warm-up profile failed: ${res.status} ${res.text.slice(0, 300)}`);
    }
    await sleep(2000);
    const idleRssMb = server.rssMb();
    console.log(`auth-load: idle RSS ${round(idleRssMb)} MB`);

    const rss = sampleRss(server.pid, 200);
    const login = await cannon({ url: server.baseUrl, requests: [loginRequest(accounts)] });
    const loginRss = rss.stop();
    const profileSampler = sampleRss(server.pid, 200);
    const profile = await cannon({
      url: `${server.baseUrl}${API}/auth/profile`,
      headers: { authorization: `Bearer ${token}` },
    });
    const profileRss = profileSampler.stop();
    const maxLoadRssMb = Math.max(loginRss.maxMb, profileRss.maxMb);

    const s = { login: summarizeLoad(login), profile: summarizeLoad(profile) };
    const checks = {
      loginRps: s.login.requestsPerSecond >= GOALS.loginRps,
      loginP99: s.login.latencyMs.p99 < GOALS.loginP99Ms,
      loginNon2xx: s.login.non2xx === 0 && s.login.errors === 0 && s.login.timeouts === 0,
      profileRps: s.profile.requestsPerSecond >= GOALS.profileRps,
      profileP99: s.profile.latencyMs.p99 < GOALS.profileP99Ms,
      profileNon2xx: s.profile.non2xx === 0 && s.profile.errors === 0 && s.profile.timeouts === 0,
      idleRss: idleRssMb < GOALS.idleRssMb,
      loadRss: maxLoadRssMb < GOALS.loadRssMb,
    };

    const lines = [
      `sign-in  (POST /auth/login):  ${s.login.requestsPerSecond} req/s (goal >= ${GOALS.loginRps}) ${passFail(checks.loginRps)}; p99 ${s.login.latencyMs.p99} ms (goal < ${GOALS.loginP99Ms}) ${passFail(checks.loginP99)}; non-2xx ${s.login.non2xx}, errors ${s.login.errors}, timeouts ${s.login.timeouts} ${passFail(checks.loginNon2xx)}`,
      `profile  (GET /auth/profile): ${s.profile.requestsPerSecond} req/s (goal >= ${GOALS.profileRps}) ${passFail(checks.profileRps)}; p99 ${s.profile.latencyMs.p99} ms (goal < ${GOALS.profileP99Ms}) ${passFail(checks.profileP99)}; non-2xx ${s.profile.non2xx}, errors ${s.profile.errors}, timeouts ${s.profile.timeouts} ${passFail(checks.profileNon2xx)}`,
      `server RSS: idle ${round(idleRssMb)} MB (goal < ${GOALS.idleRssMb}) ${passFail(checks.idleRss)}; max under load ${round(maxLoadRssMb)} MB (goal < ${GOALS.loadRssMb}) ${passFail(checks.loadRss)}`,
    ];
    for (const line of lines) console.log(`auth-load: ${line}`);

    const file = writeResult('auth-load', {
      settings: {
        duration,
        connections,
        accounts: accountCount,
        database: 'postgresql',
        databaseSource: postgres.source,
        env: LOAD_ENV,
      },
      goals: GOALS,
      login: s.login,
      profile: s.profile,
      rssMb: {
        idle: round(idleRssMb),
        maxDuringLogin: round(loginRss.maxMb),
        maxDuringProfile: round(profileRss.maxMb),
        maxUnderLoad: round(maxLoadRssMb),
        samples: loginRss.samples + profileRss.samples,
      },
      checks,
      pass: Object.values(checks).every(Boolean),
      summary: lines,
    });
    console.log(`auth-load: ${Object.values(checks).every(Boolean) ? 'PASS' : 'FAIL'} (JSON: ${file})`);
    process.exitCode = Object.values(checks).every(Boolean) ? 0 : 1;
  } finally {
    if (server) await server.stop();
    await postgres
      .drop()
      .catch((error) => console.error(`auth-load: could not drop the throwaway database: ${error.message}`));
  }
}

main().catch((error) => {
  console.error(`auth-load: ERROR ${error.stack ?? error}`);
  process.exitCode = 2;
});
