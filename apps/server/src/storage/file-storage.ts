import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live; the local-disk driver is the default, an S3-compatible one can replace it. */
export interface FileStorage {
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-zA-Z0-9/_.-]+$/;

function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..') || key.startsWith('/')) throw new Error(`unsafe storage key: ${key}`);
}

export function createLocalStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'files');
  const locate = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, content) {
      const file = locate(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    },
    async get(key) {
      try {
        return await readFile(locate(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(locate(key), { force: true });
    },
  };
}

/** For tests: the same contract held in memory. */
export function createMemoryStorage(): FileStorage {
  const files = new Map<string, Buffer>();
  return {
    put(key, content) {
      assertSafeKey(key);
      files.set(key, content);
      return Promise.resolve();
    },
    get(key) {
      return Promise.resolve(files.get(key));
    },
    remove(key) {
      files.delete(key);
      return Promise.resolve();
    },
  };
}
