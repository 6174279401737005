import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import * as errors from './spreadsheet.errors.js';

export interface ZipLimits {
  /** Entries (files and folders) in the archive; a real workbook has a few dozen. */
  maxEntries: number;
  /** Total bytes all entries may unpack to. */
  maxUncompressedBytes: number;
  /** Largest unpacked ÷ packed ratio of one entry, checked on entries big enough to matter. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxUncompressedBytes: 100 * 1024 * 1024,
  maxRatio: 100,
};

/** Small entries compress far beyond 100:1 legitimately (a sheet of one repeated value): not a threat. */
const RATIO_MIN_BYTES = 1024 * 1024;

const open = (content: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.fromBuffer(content, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    );
  });

const openEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });

/**
 * Proves that a zip unpacks to a bounded size before any parser inflates it. The declared sizes are
 * checked first (cheap), then every entry is really inflated and its bytes counted, because declared
 * sizes can lie: the stream is torn down the moment the budget is passed, so a bomb never expands in
 * memory. yauzl also fails an entry whose real size differs from its declared one.
 *
 * Answers the entry names. Throws the spreadsheet's AppErrors (too expanded, too many parts) or `unreadable` for a broken zip.
 */
export async function assertSafeZip(content: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<string[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(content);
  } catch {
    throw errors.unreadable('xlsx');
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw errors.tooManyEntries(limits.maxEntries);
  }
  let inflated = 0;
  const names: string[] = [];
  const inflate = async (entry: yauzl.Entry) => {
    const stream = await openEntry(zip, entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > limits.maxUncompressedBytes) {
        stream.destroy();
        throw errors.tooExpanded(limits.maxUncompressedBytes);
      }
    }
  };
  try {
    await new Promise<void>((resolve, reject) => {
      let declared = 0;
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize;
        names.push(entry.fileName);
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (
          declared > limits.maxUncompressedBytes ||
          (entry.uncompressedSize >= RATIO_MIN_BYTES && ratio > limits.maxRatio)
        ) {
          reject(errors.tooExpanded(limits.maxUncompressedBytes));
          return;
        }
        if (entry.fileName.endsWith('/')) {
          zip.readEntry();
          return;
        }
        inflate(entry).then(() => zip.readEntry(), reject);
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') throw error;
    // An entry inflating past the size it declared is a bomb in disguise, not mere damage.
    if (error instanceof Error && error.message.startsWith('too many bytes')) {
      throw errors.tooExpanded(limits.maxUncompressedBytes);
    }
    // Sizes that lie, bad offsets, unsupported compression: not something we will unpack.
    throw errors.unreadable('xlsx');
  } finally {
    zip.close();
  }
  return names;
}
