// Reading a list over HTTP the way a browser does, and counting the SQL statements a request runs.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One GET asking for gzip; resolves { status, encoding, bytes, json } (decompressed). */
export function getCompressed(port, urlPath, token) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        agent: false,
        timeout: 10_000,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'] ?? 'identity';
          const text = (encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({
            status: res.statusCode,
            encoding,
            bytes: raw.length,
            uncompressedBytes: Buffer.byteLength(text),
            json,
            text,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/** The cluster log of the PostgreSQL on `port` (Debian's pg_lsclusters), or undefined. */
export function clusterLogFile(port) {
  try {
    const lines = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).split('\n');
    const row = lines.map((line) => line.trim().split(/\s+/)).find((cols) => cols[2] === String(port));
    return row?.[6] && existsSync(row[6]) ? row[6] : undefined;
  } catch {
    return undefined;
  }
}

function readFrom(file, offset) {
  const size = statSync(file).size;
  if (size <= offset) return '';
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

/**
 * Statements the server ran for `count` sequential GETs of `urlPath`, read from the PostgreSQL log
 * (simple-protocol "statement:" and extended-protocol "execute" lines of the bench database; the
 * counting client's own backend excluded, so `beforeEach` may use it to change data). The end is found
 * by a marker query from that client.
 */
export async function countStatements({
  logFile,
  client,
  clientPid,
  database,
  port,
  token,
  urlPath,
  count,
  label,
  beforeEach,
}) {
  const start = statSync(logFile).size;
  for (let i = 0; i < count; i += 1) {
    if (beforeEach) await beforeEach();
    const res = await getCompressed(port, urlPath, token);
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  const marker = `keel-bench-marker-${label}-${Date.now()}`;
  await client.query(`select '${marker}'`);
  let text = '';
  for (let i = 0; i < 100 && !text.includes(marker); i += 1) {
    await sleep(50);
    text = readFrom(logFile, start);
  }
  if (!text.includes(marker)) throw new Error(`${label}: marker not found in ${logFile}`);
  text = text.slice(0, text.indexOf(marker));
  const statement = /^\S+ \S+ \S+ \[(\d+)\] \S*@(\S+) LOG:\s+duration: [\d.]+ ms\s+(statement|execute [^:]*): (.*)$/;
  const statements = [];
  for (const line of text.split('\n')) {
    const match = statement.exec(line);
    if (!match || match[2] !== database || Number(match[1]) === clientPid) continue;
    statements.push(match[4].slice(0, 160));
  }
  return { total: statements.length, perRequest: statements.length / count, distinct: [...new Set(statements)] };
}
