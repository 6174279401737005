import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

interface Entry {
  json: string;
  encoded: Map<ContentEncoding, Buffer>;
  bytes: number;
  storedAt: number;
}

export interface ResponseCacheOptions {
  maxBytes: number;
  /** Also bounds answers that depend on the clock (the current quarter) rather than on the data. */
  maxAgeMs: number;
  now?: () => number;
}

const encoders: Record<Exclude<ContentEncoding, 'identity'>, (json: string) => Buffer> = {
  // Quality 5 and level 6: each answer is compressed once and then served many times.
  br: (json) => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (json) => gzipSync(json, { level: 6 }),
};

/**
 * Serialized answers kept with their compressed forms, least recently used out first, bounded by
 * bytes. Keys carry everything the answer depends on (see revision-cache.plugin.ts).
 */
export function createResponseCache({ maxBytes, maxAgeMs, now = Date.now }: ResponseCacheOptions) {
  const entries = new Map<string, Entry>();
  let totalBytes = 0;

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    totalBytes -= entry.bytes;
  };
  const evictBeyond = (limit: number) => {
    for (const [key, entry] of entries) {
      if (totalBytes <= limit) break;
      drop(key, entry);
    }
  };
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.storedAt > maxAgeMs) {
      drop(key, entry);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };
  const body = (entry: Entry, encoding: ContentEncoding): Buffer | string => {
    if (encoding === 'identity') return entry.json;
    let encoded = entry.encoded.get(encoding);
    if (!encoded) {
      encoded = encoders[encoding](entry.json);
      entry.encoded.set(encoding, encoded);
      entry.bytes += encoded.length;
      totalBytes += encoded.length;
      evictBeyond(maxBytes);
    }
    return encoded;
  };

  return {
    /** The stored answer in `encoding`, compressed on first use; undefined when absent or too old. */
    get(key: string, encoding: ContentEncoding): Buffer | string | undefined {
      const entry = live(key);
      return entry && body(entry, encoding);
    },
    /** Stores `json` and answers it in `encoding`. Answers larger than a quarter of the cache are not kept. */
    put(key: string, json: string, encoding: ContentEncoding): Buffer | string {
      const existing = entries.get(key);
      if (existing) drop(key, existing);
      const entry: Entry = { json, encoded: new Map(), bytes: Buffer.byteLength(json), storedAt: now() };
      if (entry.bytes * 4 > maxBytes) return encoding === 'identity' ? json : encoders[encoding](json);
      entries.set(key, entry);
      totalBytes += entry.bytes;
      evictBeyond(maxBytes);
      return body(entry, encoding);
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return totalBytes;
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
