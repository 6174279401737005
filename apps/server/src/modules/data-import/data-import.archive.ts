import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { UPLOAD_HEAD_BYTES } from '../../storage/upload-spool.js';
import * as errors from './data-import.errors.js';

export interface ImportLimits {
  /** The uploaded zip itself. */
  maxArchiveBytes: number;
  maxEntries: number;
  /** Everything the archive unpacks to, files included. */
  maxUncompressedBytes: number;
  /** The JSON entries, parsed in memory before anything is written. */
  maxJsonBytes: number;
  /** Largest unpacked ÷ packed ratio of one entry of at least a megabyte. */
  maxRatio: number;
}

const GB = 1024 * 1024 * 1024;
export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxArchiveBytes: 2 * GB,
  maxEntries: 200_000,
  maxUncompressedBytes: 8 * GB,
  maxJsonBytes: GB / 4,
  maxRatio: 200,
};
const RATIO_MIN_BYTES = 1024 * 1024;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ROOT_JSON = new Set(['manifest.json', 'organization.json', 'people.json']);
const DATA_ENTRY = /^data\/([a-z][a-z0-9_]{0,62})\.json$/;
const KNOWN_ENTRY = new RegExp(`^(README\\.md|csv/[a-z][a-z0-9_]{0,62}\\.csv|files/${UUID}|data/|csv/|files/)$`);
const FILE_ENTRY = new RegExp(`^files/(${UUID})$`);

/** A file's bytes as the archive holds them, checked once already: its size and SHA-256. */
export interface ArchivedFile {
  bytes: number;
  sha256: string;
  /** The first bytes, for proving the type its row claims. */
  head: Buffer;
  open(): Readable;
}

/** An archive read and checked through: its JSON parsed, its files measured; nothing of it written anywhere yet. */
export interface ReadArchive {
  json: Map<string, unknown>;
  /** data/<table>.json, parsed, by table. */
  tables: Map<string, unknown>;
  files: Map<string, ArchivedFile>;
  close(): void;
}

/** Absolute, climbing out, Windows separators or drive letters: refused whatever else the name says. */
function isUnsafe(name: string): boolean {
  return (
    name.startsWith('/') ||
    name.includes('\\') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((part) => part === '..' || part === '.') ||
    name.includes('\0')
  );
}

const openZip = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false },
      (error, zip) => (error ? reject(errors.notAZip()) : resolve(zip)),
    );
  });

const openEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(errors.notAZip()) : resolve(stream)));
  });

/**
 * Reads the archive at `path` through before anything is imported: every name is one of the export's layout,
 * the entries, their total size and each one's ratio are bounded (declared sizes first, then the bytes really
 * inflated, torn down past the budget: a bomb never expands), the JSON entries parse, the files are hashed.
 */
export async function readArchive(
  path: string,
  limits: ImportLimits,
  onProgress: (entriesRead: number, entries: number) => Promise<void> = async () => undefined,
): Promise<ReadArchive> {
  const zip = await openZip(path);
  try {
    if (zip.entryCount > limits.maxEntries) throw errors.tooManyEntries(limits.maxEntries);
    const archive = await readEntries(zip, limits, 'whole', onProgress);
    return { ...archive, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/**
 * The quick look taken while the uploader waits: the same checks of every entry's name and declared size, but
 * only manifest.json inflated and parsed (answered, unchecked). The rest is read through by `readArchive` later.
 */
export async function surveyArchive(path: string, limits: ImportLimits): Promise<unknown> {
  const zip = await openZip(path);
  try {
    if (zip.entryCount > limits.maxEntries) throw errors.tooManyEntries(limits.maxEntries);
    const archive = await readEntries(zip, limits, 'manifest');
    return archive.json.get('manifest.json');
  } finally {
    zip.close();
  }
}

async function readEntries(
  zip: yauzl.ZipFile,
  limits: ImportLimits,
  depth: 'whole' | 'manifest',
  onProgress: (entriesRead: number, entries: number) => Promise<void> = async () => undefined,
) {
  const json = new Map<string, unknown>();
  const tables = new Map<string, unknown>();
  const files = new Map<string, ArchivedFile>();
  const seen = new Set<string>();
  let declared = 0;
  let inflated = 0;
  let jsonBytes = 0;

  async function inflate(entry: yauzl.Entry, onChunk: (chunk: Buffer) => void) {
    const stream = await openEntry(zip, entry);
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > limits.maxUncompressedBytes) throw errors.tooExpanded();
        onChunk(chunk);
      }
    } catch (error) {
      stream.destroy();
      if (error instanceof Error && error.name === 'AppError') throw error;
      // yauzl fails an entry that inflates past the size it declared: a bomb in disguise.
      if (error instanceof Error && /too many bytes/.test(error.message)) throw errors.tooExpanded();
      throw errors.notAZip();
    }
  }

  async function parsed(entry: yauzl.Entry, name: string): Promise<unknown> {
    jsonBytes += entry.uncompressedSize;
    if (jsonBytes > limits.maxJsonBytes) throw errors.tooExpanded();
    const pieces: Buffer[] = [];
    await inflate(entry, (chunk) => pieces.push(chunk));
    try {
      return JSON.parse(Buffer.concat(pieces).toString('utf8'));
    } catch (error) {
      throw errors.badJson(name, error instanceof Error ? error.message : 'unreadable');
    }
  }

  async function handle(entry: yauzl.Entry) {
    const name = (entry.fileName as unknown as Buffer).toString('utf8');
    if (isUnsafe(name)) throw errors.unsafeEntry(name);
    if (seen.has(name)) throw errors.duplicateEntry(name);
    seen.add(name);
    declared += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (
      declared > limits.maxUncompressedBytes ||
      (entry.uncompressedSize >= RATIO_MIN_BYTES && ratio > limits.maxRatio)
    ) {
      throw errors.tooExpanded();
    }
    const table = DATA_ENTRY.exec(name)?.[1];
    if (depth === 'manifest' && name !== 'manifest.json') {
      if (!ROOT_JSON.has(name) && !table && !FILE_ENTRY.test(name) && !KNOWN_ENTRY.test(name)) {
        throw errors.unknownEntry(name);
      }
      return;
    }
    const fileId = FILE_ENTRY.exec(name)?.[1];
    if (ROOT_JSON.has(name)) json.set(name, await parsed(entry, name));
    else if (table) tables.set(table, await parsed(entry, name));
    else if (fileId) {
      const hash = createHash('sha256');
      const head: Buffer[] = [];
      let bytes = 0;
      await inflate(entry, (chunk) => {
        if (bytes < UPLOAD_HEAD_BYTES) head.push(chunk.subarray(0, UPLOAD_HEAD_BYTES - bytes));
        bytes += chunk.length;
        hash.update(chunk);
      });
      files.set(fileId, {
        bytes,
        sha256: hash.digest('hex'),
        head: Buffer.concat(head),
        open: () => reopen(zip, entry),
      });
    } else if (KNOWN_ENTRY.test(name)) await inflate(entry, () => undefined);
    else throw errors.unknownEntry(name);
  }

  let entriesRead = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', () => reject(errors.notAZip()));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      handle(entry)
        .then(() => onProgress(++entriesRead, zip.entryCount))
        .then(() => zip.readEntry(), reject);
    });
    zip.readEntry();
  });
  return { json, tables, files };
}

/** A checked file's bytes again, for storing: a stream at once, fed when the zip has opened the entry. */
function reopen(zip: yauzl.ZipFile, entry: yauzl.Entry): Readable {
  const stream = new PassThrough();
  zip.openReadStream(entry, (error, source) => {
    if (error) stream.destroy(error);
    else source.on('error', (failure) => stream.destroy(failure)).pipe(stream);
  });
  return stream;
}
