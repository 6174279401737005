import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
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
async function* jsonArray(batches: AsyncIterable<Record<string, unknown>[]>) {
  let first = true;
  yield '[\n';
  for await (const batch of batches) {
    const lines = batch.map((row) => JSON.stringify(row));
    yield `${first ? '' : ',\n'}${lines.join(',\n')}`;
    first = false;
  }
  yield '\n]\n';
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
  const csvDir = await mkdtemp(path.join(path.dirname(target), 'csv-'));
  try {
    for (const [index, table] of tables.entries()) {
      const csvFile = path.join(csvDir, `${table.name}.csv`);
      counts[table.name] = await addTable(zip, tenantRows(db, organizationId, table), table, csvFile, (rows) => {
        if (table.name === 'stored_files') fileIds.push(...rows.map((row) => String(row.id)));
      });
      await addEntry(zip, createReadStream(csvFile), `csv/${table.name}.csv`);
      await onStep(index + 1, total);
    }
  } finally {
    await rm(csvDir, { recursive: true, force: true });
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

/**
 * One read of the table for both forms: each batch goes into the zip as JSON and into a temporary CSV file (added
 * once the JSON entry is written), so a batch is dropped as soon as both are written. Answers the rows written.
 */
async function addTable(
  zip: ZipFile,
  batches: AsyncIterable<Record<string, unknown>[]>,
  table: DumpedTable,
  csvFile: string,
  onBatch: (rows: Record<string, unknown>[]) => void,
): Promise<number> {
  const csv = stringify({ header: true, columns: table.columns, cast: csvCell });
  const csvWritten = pipeline(csv, createWriteStream(csvFile));
  let rows = 0;
  async function* withCsv() {
    for await (const batch of batches) {
      rows += batch.length;
      onBatch(batch);
      for (const row of batch) {
        if (!csv.write(row)) await once(csv, 'drain');
      }
      yield batch;
    }
    csv.end();
  }
  await addEntry(zip, Readable.from(jsonArray(withCsv())), `data/${table.name}.json`);
  await csvWritten;
  return rows;
}
