#!/usr/bin/env node
// Documents (issue 15): a large upload streams through the server, and a big folder lists fast.
//
//   node bench/documents.mjs [--upload-mb 100] [--documents 5000] [--requests 400]
//
// 1. Upload, on the embedded database and the default local-disk storage: one `upload-mb` MB PDF sent as a
//    streamed multipart request (never held whole by this script either), while the server's resident memory
//    is sampled every 50 ms; then the same file downloaded and its SHA-256 compared. Goal: the server's memory
//    grows by less than 50 MB over its level before the upload.
// 2. Listing, on PostgreSQL: `documents` file documents (each with its version and stored file) written into
//    one folder with SQL, then GET …/documents?folderId=… (the first page of 50, as the page asks) timed one
//    request at a time, sorted by name, by last change and by size, the second page by name, and a search by
//    name. Goal: p95 < 50 ms for the first page by name.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { numberOption } from './lib/args.mjs';
import { timeSequentialGets } from './lib/load.mjs';
import { insertRows } from './lib/seed-rows.mjs';
import {
  API,
  LOAD_ENV,
  ensureTmpDir,
  getPostgres,
  httpJson,
  passFail,
  readRssMb,
  registerOwner,
  round,
  sampleRss,
  startServer,
  writeResult,
} from './lib/server.mjs';

const uploadMb = numberOption('upload-mb', 100);
const documentCount = numberOption('documents', 5000);
const requests = numberOption('requests', 400);
const GOALS = { uploadMemoryGrowthMb: 50, listP95Ms: 50 };

/** A file of `megabytes` MB that its bytes make a PDF: the header, then random bytes, then the trailer. */
async function writeLargePdf(file, megabytes) {
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  const write = (chunk) => {
    hash.update(chunk);
    return out.write(chunk) ? Promise.resolve() : new Promise((resolve) => out.once('drain', resolve));
  };
  await write(Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1'));
  for (let written = 0; written < megabytes; written += 1) await write(randomBytes(1024 * 1024));
  await write(Buffer.from('\n%%EOF\n', 'latin1'));
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
  return hash.digest('hex');
}

/** POST …/documents as multipart/form-data, the file streamed from disk; resolves { status, text }. */
function uploadFile(port, urlPath, token, file) {
  const boundary = `----keel-bench-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="visibility"\r\n\r\ncompany\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, text }));
      },
    );
    request.on('error', reject);
    request.write(head);
    const body = createReadStream(file);
    body.on('error', reject);
    body.on('end', () => request.end(tail));
    body.pipe(request, { end: false });
  });
}

/** GET the document's content, hashing it as it arrives; resolves { status, sha256, bytes }. */
function downloadHash(port, urlPath, token) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, headers: { authorization: `Bearer ${token}` } }, (response) => {
        const hash = createHash('sha256');
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
          hash.update(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode, sha256: hash.digest('hex'), bytes }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function measureUpload() {
  const file = path.join(ensureTmpDir(), `documents-upload-${uploadMb}mb.pdf`);
  const expectedSha = await writeLargePdf(file, uploadMb);
  const server = await startServer({ env: LOAD_ENV, name: 'documents-upload' });
  try {
    const owner = await registerOwner(server.port, 'documents-upload');
    const documentsPath = `${API}/organizations/${owner.organizationId}/documents`;
    // Every code path the big upload takes, loaded and warm: a small upload and a listing first.
    const warm = path.join(ensureTmpDir(), 'documents-warm.pdf');
    await writeLargePdf(warm, 1);
    const warmUp = await uploadFile(server.port, documentsPath, owner.token, warm);
    if (warmUp.status !== 201) throw new Error(`warm-up upload: ${warmUp.status} ${warmUp.text.slice(0, 300)}`);
    rmSync(warm);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const beforeMb = readRssMb(server.pid);
    const sampler = sampleRss(server.pid, 50);
    const started = performance.now();
    const uploaded = await uploadFile(server.port, documentsPath, owner.token, file);
    const uploadMs = performance.now() - started;
    const { maxMb, samples } = sampler.stop();
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${uploaded.text.slice(0, 300)}`);
    const document = JSON.parse(uploaded.text).data[0];
    const downloadSampler = sampleRss(server.pid, 50);
    const downloaded = await downloadHash(server.port, `${documentsPath}/${document.id}/content`, owner.token);
    const download = downloadSampler.stop();
    return {
      megabytes: uploadMb,
      uploadSeconds: round(uploadMs / 1000, 2),
      rssBeforeMb: round(beforeMb),
      rssMaxDuringUploadMb: round(maxMb),
      growthMb: round(maxMb - beforeMb),
      samples,
      rssMaxDuringDownloadMb: round(download.maxMb),
      downloadGrowthMb: round(download.maxMb - beforeMb),
      downloadedIntact: downloaded.status === 200 && downloaded.sha256 === expectedSha,
    };
  } finally {
    await server.stop();
    rmSync(file, { force: true });
  }
}

/** `count` file documents in one new folder, each with its stored file and first version, by SQL. */
async function seedFolder(databaseUrl, owner, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const folderId = randomUUID();
    await insertRows(
      client,
      'document_folders',
      ['id', 'organization_id', 'name', 'visibility', 'owner_id'],
      [[folderId, owner.organizationId, 'Bench folder', 'company', owner.userId]],
    );
    const rows = Array.from({ length: count }, (_, index) => ({
      documentId: randomUUID(),
      storedFileId: randomUUID(),
      name: `Report ${String(index + 1).padStart(5, '0')} ${['budget', 'minutes', 'plan', 'review'][index % 4]}.pdf`,
      bytes: 10_000 + ((index * 7919) % 5_000_000),
      updatedAt: new Date(Date.now() - index * 60_000).toISOString(),
    }));
    await insertRows(
      client,
      'stored_files',
      ['id', 'organization_id', 'driver', 'locator', 'content_type', 'bytes', 'sha256', 'created_by_id'],
      rows.map((row) => [
        row.storedFileId,
        owner.organizationId,
        'local',
        `${owner.organizationId}/bench/${row.storedFileId}`,
        'application/pdf',
        row.bytes,
        '0'.repeat(64),
        owner.userId,
      ]),
    );
    await insertRows(
      client,
      'documents',
      [
        'id',
        'organization_id',
        'folder_id',
        'kind',
        'name',
        'visibility',
        'owner_id',
        'current_version',
        'content_type',
        'bytes',
        'updated_at',
      ],
      rows.map((row) => [
        row.documentId,
        owner.organizationId,
        folderId,
        'file',
        row.name,
        'company',
        owner.userId,
        1,
        'application/pdf',
        row.bytes,
        row.updatedAt,
      ]),
    );
    await insertRows(
      client,
      'document_versions',
      ['organization_id', 'document_id', 'number', 'name', 'stored_file_id', 'content_type', 'bytes', 'uploaded_by_id'],
      rows.map((row) => [
        owner.organizationId,
        row.documentId,
        1,
        row.name,
        row.storedFileId,
        'application/pdf',
        row.bytes,
        owner.userId,
      ]),
    );
    await client.query('analyze');
    return folderId;
  } finally {
    await client.end();
  }
}

async function measureListing() {
  const postgres = await getPostgres();
  let server;
  try {
    server = await startServer({ databaseUrl: postgres.url, env: LOAD_ENV, name: 'documents-list' });
    const owner = await registerOwner(server.port, 'documents-list');
    const folderId = await seedFolder(postgres.url, owner, documentCount);
    const list = `${API}/organizations/${owner.organizationId}/documents?folderId=${folderId}&limit=50`;
    const first = await httpJson(server.port, 'GET', list, undefined, { authorization: `Bearer ${owner.token}` });
    if (first.status !== 200) throw new Error(`list: ${first.status} ${first.text.slice(0, 300)}`);
    const cursor = first.json.page.nextCursor;
    const reads = {
      byName: list,
      byUpdated: `${list}&sort=updated&direction=desc`,
      bySize: `${list}&sort=size&direction=desc`,
      byNameSecondPage: `${list}&cursor=${encodeURIComponent(cursor)}`,
      search: `${API}/organizations/${owner.organizationId}/documents?q=budget&limit=50`,
    };
    const timed = {};
    for (const [name, urlPath] of Object.entries(reads)) {
      timed[name] = await timeSequentialGets(server.port, urlPath, owner.token, { count: requests });
      console.log(
        `documents: ${documentCount} in a folder, GET ${name}: p50 ${timed[name].p50} ms, p95 ${timed[name].p95} ms`,
      );
    }
    return { database: postgres.source, documents: documentCount, firstPageItems: first.json.data.length, timed };
  } finally {
    await server?.stop();
    await postgres.drop();
  }
}

async function main() {
  const upload = await measureUpload();
  console.log(
    `documents: a ${uploadMb} MB upload in ${upload.uploadSeconds} s: server memory ${upload.rssBeforeMb} MB before, ` +
      `at most ${upload.rssMaxDuringUploadMb} MB during (grew ${upload.growthMb} MB; goal < ${GOALS.uploadMemoryGrowthMb}); ` +
      `download intact: ${upload.downloadedIntact}, at most ${upload.rssMaxDuringDownloadMb} MB during it`,
  );
  const listing = await measureListing();
  const checks = {
    uploadMemory: upload.growthMb < GOALS.uploadMemoryGrowthMb && upload.downloadedIntact,
    listing: listing.timed.byName.p95 < GOALS.listP95Ms,
  };
  writeResult('documents', { goals: GOALS, upload, listing, checks });
  for (const [name, ok] of Object.entries(checks)) console.log(`documents: ${name}: ${passFail(ok)}`);
  process.exitCode = Object.values(checks).every(Boolean) ? 0 : 1;
}

await main();
