import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeStorageCode } from '../oauth/storage-oauth.js';
import type { StorageDriver } from '../storage-driver.js';
import { startGraphStandIn, type GraphStandIn } from '../test-support/graph-stand-in.js';
import { digest, readAll, sampleSource } from '../test-support/sample-bytes.js';
import { GRAPH_CHUNK_BYTES, createMicrosoftGraphDriver, listMicrosoftDrives } from './microsoft-graph-driver.js';

const TWELVE_MB = 12 * 1024 * 1024;
const SITES = [
  {
    id: 'contoso.sharepoint.com,1111,2222',
    displayName: 'Finance',
    drives: [
      { id: 'b!finance-documents', name: 'Documents' },
      { id: 'b!finance-archive', name: 'Archive' },
    ],
  },
  {
    id: 'contoso.sharepoint.com,3333,4444',
    displayName: 'Operations',
    drives: [{ id: 'b!ops-documents', name: 'Documents' }],
  },
];

async function connect(graph: GraphStandIn, account = 'admin@contoso.com') {
  return exchangeStorageCode('microsoft', graph.config, { code: graph.issueCode(account) });
}

describe('Microsoft Graph driver (against a local stand-in of Graph)', () => {
  let graph: GraphStandIn;
  let refreshToken: string;
  let driver: StorageDriver;

  beforeAll(async () => {
    graph = await startGraphStandIn({ sites: SITES });
    ({ refreshToken } = await connect(graph));
    driver = createMicrosoftGraphDriver({ config: graph.config, refreshToken, driveId: graph.oneDriveId });
  });
  afterAll(() => graph.close());

  it('lists the OneDrive and the libraries of the SharePoint sites', async () => {
    const drives = await listMicrosoftDrives({ config: graph.config, refreshToken });

    expect(drives).toEqual([
      { id: graph.oneDriveId, name: 'OneDrive', kind: 'onedrive', siteName: null },
      { id: 'b!finance-documents', name: 'Documents', kind: 'sharepoint', siteName: 'Finance' },
      { id: 'b!finance-archive', name: 'Archive', kind: 'sharepoint', siteName: 'Finance' },
      { id: 'b!ops-documents', name: 'Documents', kind: 'sharepoint', siteName: 'Operations' },
    ]);
  });

  it('uploads 12 MB in 5 MiB chunks into the Keel folder and streams the same bytes back', async () => {
    graph.chunkRanges.length = 0;
    const source = sampleSource(TWELVE_MB);

    const { locator } = await driver.put('board-pack.pdf', source);

    expect(graph.chunkRanges).toEqual([
      `bytes 0-${GRAPH_CHUNK_BYTES - 1}/${TWELVE_MB}`,
      `bytes ${GRAPH_CHUNK_BYTES}-${2 * GRAPH_CHUNK_BYTES - 1}/${TWELVE_MB}`,
      `bytes ${2 * GRAPH_CHUNK_BYTES}-${TWELVE_MB - 1}/${TWELVE_MB}`,
    ]);
    expect(graph.items.get(locator)).toMatchObject({ driveId: graph.oneDriveId, path: 'Keel/board-pack.pdf' });
    const back = await readAll(await driver.open(locator));
    expect(back.length).toBe(TWELVE_MB);
    expect(digest(back)).toBe(digest(source.content));
  });

  it('writes into a chosen SharePoint library as well', async () => {
    const library = createMicrosoftGraphDriver({ config: graph.config, refreshToken, driveId: 'b!finance-archive' });

    const { locator } = await library.put('minutes.txt', sampleSource(300, { contentType: 'text/plain' }));

    expect(graph.items.get(locator)).toMatchObject({ driveId: 'b!finance-archive', path: 'Keel/minutes.txt' });
  });

  it('refuses to overwrite a file of the same name', async () => {
    await driver.put('twice.txt', sampleSource(10));

    await expect(driver.put('twice.txt', sampleSource(10))).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('answers not_found for a removed file, and removing it again is no error', async () => {
    const { locator } = await driver.put('to-remove.txt', sampleSource(1000, { contentType: 'text/plain' }));

    await driver.remove(locator);

    expect(graph.items.has(locator)).toBe(false);
    await expect(driver.open(locator)).rejects.toMatchObject({ name: 'StorageError', kind: 'not_found' });
    await expect(driver.remove(locator)).resolves.toBeUndefined();
  });

  it('cancels the upload session when the bytes are fewer than announced', async () => {
    const items = graph.items.size;
    const short = { ...sampleSource(GRAPH_CHUNK_BYTES + 10), bytes: GRAPH_CHUNK_BYTES + 20 };

    await expect(driver.put('short.pdf', short)).rejects.toMatchObject({ kind: 'rejected' });
    expect(graph.items.size).toBe(items);
    expect(graph.sessions.size).toBe(0);
  });

  it('checks the connection by writing, reading and removing a probe', async () => {
    const before = [...graph.items.keys()];

    await driver.check();

    expect([...graph.items.keys()]).toEqual(before);
  });

  it('says not_found for a drive that does not exist', async () => {
    const missing = createMicrosoftGraphDriver({ config: graph.config, refreshToken, driveId: 'b!no-such-drive' });

    await expect(missing.check()).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('says unauthorized when access is revoked mid-upload, and leaves no partial file', async () => {
    const revocable = await startGraphStandIn();
    try {
      const grant = await connect(revocable);
      const inUse = createMicrosoftGraphDriver({ ...grant, config: revocable.config, driveId: revocable.oneDriveId });
      const source = sampleSource(TWELVE_MB, {
        onRead: (bytesSoFar) => {
          if (bytesSoFar === 2 * GRAPH_CHUNK_BYTES) revocable.revoke();
        },
      });

      await expect(inUse.put('revoked.pdf', source)).rejects.toMatchObject({
        kind: 'unauthorized',
        message:
          'Microsoft OneDrive / SharePoint refused access: an administrator must connect it again in Storage settings.',
      });
      expect(revocable.chunkRanges).toHaveLength(2);
      expect(revocable.items.size).toBe(0);
      expect(revocable.sessions.size).toBe(0);
      await expect(inUse.check()).rejects.toMatchObject({ kind: 'unauthorized' });
    } finally {
      await revocable.close();
    }
  });
});
