import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DATA_EXPORT_FORMAT, DATA_EXPORT_SCHEMA_VERSION, type DataExportManifest } from '@keel/contract';
import { stringify } from 'csv-stringify';
import { ZipFile } from 'yazl';
import type { Database } from '../../db/database.js';
import { readInTenant } from '../../db/scope.js';
import { tenantRows, tenantTables, type DumpedTable } from '../../db/tenant-dump.js';
import { findOrganization, peopleOfOrganization } from '../people/index.js';
import type { StoredFilesService } from '../storage/index.js';
import { ARCHIVE_README } from './data-export.readme.js';

export interface ArchiveDeps {
  db: Database;
  storedFiles: StoredFilesService;
}

/** JSON text of an array, one row a line, produced as it is read: memory holds one batch, never the table. */
async function* jsonArray(batches: AsyncIterable<Record<string, unknown>[]>, count: (rows: number) => void) {
  let first = true;
  yield '[\n';
  for await (const batch of batches) {
    count(batch.length);
    const lines = batch.map((row) => JSON.stringify(row));
    yield `${first ? '' : ',\n'}${lines.join(',\n')}`;
    first = false;
  }
  yield '\n]\n';
}

async function* rowsOf(batches: AsyncIterable<Record<string, unknown>[]>) {
  for await (const batch of batches) yield* batch;
}

const csvCell = {
  date: (value: Date) => value.toISOString(),
  boolean: (value: boolean) => String(value),
  object: (value: object) => JSON.stringify(value),
};

/** Adds an entry and waits until the zip has read it to the end: one entry in flight at a time. */
async function addEntry(zip: ZipFile, stream: Readable, name: string): Promise<void> {
  const done = finished(stream);
  zip.addReadStream(stream, name);
  await done;
}

/**
 * Writes the organization's archive to `target`: manifest.json, README.md, organization.json, people.json,
 * data/<table>.json and csv/<table>.csv for every table of its rows, and files/<id> for every stored file.
 */
export async function writeOrganizationArchive(
  deps: ArchiveDeps,
  organizationId: string,
  target: string,
  onStep: (done: number, total: number) => Promise<void>,
): Promise<{ bytes: number }> {
  const { db } = deps;
  const scope = { organizationId, userId: null };
  const tables = await tenantTables(db, organizationId);
  const { organization, people } = await readInTenant(db, scope, async () => ({
    organization: await findOrganization(organizationId),
    people: await peopleOfOrganization(organizationId),
  }));
  if (!organization) throw new Error('the organization no longer exists');
  const total = tables.length + 1;

  const zip = new ZipFile();
  const output = createWriteStream(target);
  const written = finished(zip.outputStream.pipe(output));
  const counts: Record<string, number> = {};
  const fileIds: string[] = [];

  zip.addBuffer(Buffer.from(JSON.stringify(organization, null, 2)), 'organization.json');
  zip.addBuffer(Buffer.from(JSON.stringify(people, null, 2)), 'people.json');
  for (const [index, table] of tables.entries()) {
    counts[table.name] = 0;
    const count = (rows: number) => {
      counts[table.name] = (counts[table.name] ?? 0) + rows;
    };
    await addEntry(
      zip,
      Readable.from(jsonArray(tenantRows(db, organizationId, table), count)),
      `data/${table.name}.json`,
    );
    await addEntry(
      zip,
      csvOf(db, organizationId, table, table.name === 'stored_files' ? fileIds : null),
      `csv/${table.name}.csv`,
    );
    await onStep(index + 1, total);
  }

  const missingFiles: DataExportManifest['missingFiles'] = [];
  for (const id of fileIds) {
    try {
      const { stream } = await deps.storedFiles.open(organizationId, id);
      await addEntry(zip, stream, `files/${id}`);
    } catch (error) {
      missingFiles.push({ id, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  await onStep(total, total);

  const manifest: DataExportManifest = {
    format: DATA_EXPORT_FORMAT,
    schemaVersion: DATA_EXPORT_SCHEMA_VERSION,
    exportedAt: new Date().toISOString(),
    organization: { id: organization.id, name: organization.name },
    tables: counts,
    files: fileIds.length - missingFiles.length,
    missingFiles,
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
  zip.addBuffer(Buffer.from(ARCHIVE_README), 'README.md');
  zip.end();
  await written;
  return { bytes: (await stat(target)).size };
}

/** The table as CSV (a header of its columns), noting the stored files' ids on the way when asked. */
function csvOf(db: Database, organizationId: string, table: DumpedTable, fileIds: string[] | null): Readable {
  const rows = Readable.from(rowsOf(tenantRows(db, organizationId, table)));
  if (fileIds) rows.on('data', (row: Record<string, unknown>) => fileIds.push(String(row.id)));
  return rows.pipe(stringify({ header: true, columns: table.columns, cast: csvCell }));
}
