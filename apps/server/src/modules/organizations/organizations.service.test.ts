import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@keel/contract';
import { createTestApp, registerOrganization, type TestContext } from '../../test-support/test-app.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { createOrganizationsService } from './organizations.service.js';

let context: TestContext;
let owner: Session;
beforeAll(async () => {
  context = await createTestApp();
  owner = await registerOrganization(context.app);
});
afterAll(async () => {
  await context.close();
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(17),
]);
const meta = { ipAddress: '127.0.0.1', userAgent: 'vitest' };

function recordingStorage() {
  const files = new Map<string, Buffer>();
  const storage: FileStorage = {
    put: async (key, content) => void files.set(key, content),
    get: async (key) => files.get(key),
    remove: async (key) => void files.delete(key),
  };
  return { files, storage };
}

describe('logo storage', () => {
  it('keeps exactly one file per organization: a new upload or a removal deletes the previous one', async () => {
    const { files, storage } = recordingStorage();
    const service = createOrganizationsService({ db: context.database.db, storage });
    const caller = { organizationId: owner.user.organizationId, userId: owner.user.id };

    await service.uploadLogo(caller, async () => PNG, meta);
    const [firstKey] = [...files.keys()];
    expect(firstKey).toMatch(new RegExp(`^organizations/${caller.organizationId}/logo-[0-9a-f]+$`));

    await service.uploadLogo(caller, async () => PNG, meta);
    expect(files.size).toBe(1);
    expect(files.has(firstKey!)).toBe(false);

    await service.deleteLogo(caller, meta);
    expect(files.size).toBe(0);
  });

  it('stores nothing when the file is refused, and never reads the upload of a non-admin', async () => {
    const { files, storage } = recordingStorage();
    const service = createOrganizationsService({ db: context.database.db, storage });
    const caller = { organizationId: owner.user.organizationId, userId: owner.user.id };
    await expect(service.uploadLogo(caller, async () => Buffer.from('text'), meta)).rejects.toMatchObject({
      statusCode: 415,
    });
    expect(files.size).toBe(0);

    const stranger = { organizationId: owner.user.organizationId, userId: '00000000-0000-4000-8000-000000000000' };
    let read = false;
    await expect(service.uploadLogo(stranger, async () => ((read = true), PNG), meta)).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(read).toBe(false);
  });
});
