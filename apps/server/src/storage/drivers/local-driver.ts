import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageError, isStorageError, type StorageDriver } from '../storage-driver.js';
import { probeDriver } from './probe.js';
import { isSafeStorageName } from '../storage-name.js';
import { SourceReadError, exactLength } from './exact-length.js';

/** Half-written files wait here, inside the root so that the final rename stays on one file system. */
const INCOMING_DIR = '.incoming';

/** Where the local driver writes a file before renaming it into place (what a stop mid-write leaves behind). */
export const incomingDirOf = (rootDir: string) => path.join(rootDir, INCOMING_DIR);

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** The disk's refusal in the contract's kinds, worded for the administrator who runs the server. */
function diskError(error: unknown, action: string, rootDir: string): StorageError {
  if (isStorageError(error)) return error;
  const code = errnoOf(error);
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new StorageError('rejected', `The server's disk is full: free some space under ${rootDir}.`, {
      cause: error,
    });
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new StorageError(
      'unavailable',
      `The server may not ${action} files under ${rootDir}: check the folder's owner and permissions.`,
      { cause: error },
    );
  }
  return new StorageError(
    'unavailable',
    `The server could not ${action} a file under ${rootDir} (${code ?? 'error'}).`,
    {
      cause: error,
    },
  );
}

/**
 * Files on the server's own disk under `rootDir`; the locator is the name itself. With `rootDir` set to
 * `<DATA_DIR>/files` it reads the keys written earlier by `createLocalStorage` (file-storage.ts). Failures are
 * `StorageError`s, except a failure of the source itself, rethrown unchanged.
 */
export function createLocalDriver(rootDir: string): StorageDriver {
  const root = path.resolve(rootDir);

  const locate = (name: string) => {
    if (!isSafeStorageName(name)) {
      throw new StorageError('rejected', 'This file name is not allowed in storage.');
    }
    return path.join(root, ...name.split('/'));
  };

  async function writeAtomically(target: string, source: Readable, expectedBytes: number) {
    const incoming = incomingDirOf(root);
    const temporary = path.join(incoming, randomUUID());
    let sink: WriteStream | undefined;
    try {
      await mkdir(incoming, { recursive: true });
      sink = createWriteStream(temporary, { flags: 'wx', flush: true });
      await pipeline(exactLength(source, expectedBytes), sink);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temporary, target);
    } catch (error) {
      source.destroy();
      // A stream destroyed before its file finished opening still creates it: remove it only once it is closed.
      if (sink && !sink.closed) await once(sink, 'close').catch(() => undefined);
      await rm(temporary, { force: true }).catch(() => undefined);
      if (error instanceof SourceReadError) throw error.reason;
      throw diskError(error, 'write', root);
    }
  }

  const driver: StorageDriver = {
    async put(name, source) {
      const target = locate(name);
      await writeAtomically(target, source.open(), source.bytes);
      return { locator: name };
    },

    async open(locator) {
      const file = locate(locator);
      try {
        const handle = await open(file, 'r');
        const isFile = await handle.stat().then(
          (stats) => stats.isFile(),
          () => false,
        );
        if (!isFile) {
          await handle.close();
          throw Object.assign(new Error(`not a file: ${locator}`), { code: 'ENOENT' });
        }
        return handle.createReadStream();
      } catch (error) {
        const code = errnoOf(error);
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') {
          throw new StorageError('not_found', 'This file is no longer in storage.', { cause: error });
        }
        throw diskError(error, 'read', root);
      }
    },

    async remove(locator) {
      const file = locate(locator);
      try {
        await rm(file, { force: true });
      } catch (error) {
        if (errnoOf(error) === 'ENOTDIR') return;
        throw diskError(error, 'remove', root);
      }
    },

    check: () => probeDriver(driver, `The folder ${root}`, (error) => diskError(error, 'read', root)),
  };
  return driver;
}
