import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { csvFile } from '../../test-support/imports-fixture.js';
import { queryAsOwner, useTenantFixture } from '../../test-support/test-app.js';
import { inviteMembers } from '../members/index.js';
import { createMemberImportService } from './member-import.service.js';

const t = useTenantFixture([]);
const meta = { ipAddress: '203.0.113.9', userAgent: 'vitest' };
const caller = () => ({ organizationId: t.owner.user.organizationId, userId: t.owner.user.id });
const file = () => {
  const { name, content } = csvFile(['Email', 'one@example.com', 'two@example.com', 'three@example.com']);
  return { fileName: name, content };
};
const invitations = async () =>
  Number(
    (
      await queryAsOwner<{ n: string }>(
        t.context.database,
        `select count(*) as n from invitations where organization_id = '${t.owner.user.organizationId}'`,
      )
    )[0]!.n,
  );

describe('member import service', () => {
  it('writes all of the file or none of it: a failure after the invitations rolls every one back, unmailed', async () => {
    let mailed = false;
    const service = createMemberImportService({
      db: t.context.database.db,
      invite: async (organizationId, actor, rows, requestMeta) => {
        await inviteMembers(organizationId, actor, rows, requestMeta);
        throw new Error('disk full');
      },
    });
    await expect(service.commit(caller(), file(), meta)).rejects.toThrow('disk full');
    expect(await invitations()).toBe(0);
    const audit = await queryAsOwner(
      t.context.database,
      `select 1 from audit_events where organization_id = '${t.owner.user.organizationId}' and action in ('invitation.created', 'members.imported')`,
    );
    expect(audit).toHaveLength(0);

    const working = createMemberImportService({
      db: t.context.database.db,
      invite: async (organizationId, actor, rows, requestMeta) => {
        await inviteMembers(organizationId, actor, rows, requestMeta);
        mailed = true;
        return { mailed: true, unmailed: [] };
      },
    });
    await expect(working.commit(caller(), file(), meta)).resolves.toEqual({
      invited: 3,
      skipped: 0,
      invalid: 0,
      delivery: { mailed: true, unmailed: [] },
    });
    expect(mailed).toBe(true);
    expect(await invitations()).toBe(3);
  });

  it('answers 503 "not yet" while invitations cannot be sent, and still previews', async () => {
    const service = createMemberImportService({ db: t.context.database.db, invite: null });
    const refused = await service.commit(caller(), file(), meta).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'member_import.not_yet' });
    await expect(service.preview(caller(), file())).resolves.toMatchObject({ totalRows: 3 });
  });
});
