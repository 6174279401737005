import { expect } from 'vitest';
import type { DataExport, DataImport, Session } from '@keel/contract';
import { ZipFile } from 'yazl';
import { tenantRows, tenantTables } from '../db/tenant-dump.js';
import { bearer, bodyOf, multipart, type TestContext } from './test-app.js';

/** Exports `session`'s organization with the real job and answers the archive's bytes. */
export async function exportArchive(context: TestContext, session: Session): Promise<Buffer> {
  const base = `/api/v1/organizations/${session.user.organizationId}/data-exports`;
  const requested = await context.app.inject({ method: 'POST', url: base, headers: bearer(session) });
  expect(requested.statusCode, requested.body).toBe(202);
  await context.app.jobs.whenIdle(30_000);
  const id = bodyOf<{ data: DataExport }>(requested).data.id;
  const archive = await context.app.inject({ method: 'GET', url: `${base}/${id}/archive`, headers: bearer(session) });
  expect(archive.statusCode, archive.body).toBe(200);
  return archive.rawPayload;
}

/** POST /organizations/import of `zip` as `session` (none: anonymous). */
export function importArchive(context: TestContext, session: Session | null, zip: Buffer, field = 'archive') {
  const form = multipart(field, 'keel-export.zip', 'application/zip', zip);
  return context.app.inject({
    method: 'POST',
    url: '/api/v1/organizations/import',
    headers: { ...form.headers, ...(session ? bearer(session) : {}) },
    payload: form.payload,
  });
}

/** Imports `zip` as `session` and runs the import's job: answers the import once it is over, done or failed. */
export async function importAndWait(context: TestContext, session: Session, zip: Buffer): Promise<DataImport> {
  const started = await importArchive(context, session, zip);
  expect(started.statusCode, started.body).toBe(202);
  await context.app.jobs.whenIdle(30_000);
  const id = bodyOf<{ data: DataImport }>(started).data.id;
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/v1/organizations/imports/${id}`,
    headers: bearer(session),
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ data: DataImport }>(response).data;
}

/** Every row of the organization, table by table, serialized exactly as an export writes it. */
export async function dumpOrganization(context: TestContext, organizationId: string) {
  const db = context.database.db;
  const dump = new Map<string, Record<string, unknown>[]>();
  for (const table of await tenantTables(db, organizationId)) {
    const rows: Record<string, unknown>[] = [];
    for await (const batch of tenantRows(db, organizationId, table)) {
      rows.push(...batch.map((row) => JSON.parse(JSON.stringify(row)) as Record<string, unknown>));
    }
    dump.set(table.name, rows);
  }
  return dump;
}

/** A zip of `entries` as yazl writes it (the export's own writer): for archives edited the way a person would. */
export async function rezip(entries: ReadonlyMap<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of entries) zip.addBuffer(content, name);
  zip.end();
  const pieces: Buffer[] = [];
  for await (const piece of zip.outputStream as AsyncIterable<Buffer>) pieces.push(piece);
  return Buffer.concat(pieces);
}
