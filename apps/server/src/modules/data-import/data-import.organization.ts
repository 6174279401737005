import { roleSchema, type DataImportResult, type Role } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { inTenant } from '../../db/scope.js';
import type { RestorableTable } from '../../db/tenant-restore.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAuditEvent } from '../audit/index.js';
import { invitationMailContext, inviteMembers, queueInvitationMails } from '../members/index.js';
import { createOrganizationWithOwner, type RequestMeta } from '../organizations/index.js';
import { insertInvitedAccounts, updateOrganization, updateUser } from '../people/index.js';
import type { PlacedCopy } from '../storage/index.js';
import type { CheckedArchive } from './data-import.contents.js';
import { restoreRows } from './data-import.restore.js';

export interface RestoreOrganizationInput {
  userId: string;
  organizationId: string;
  archive: CheckedArchive;
  tables: Map<string, RestorableTable>;
  copies: Map<string, PlacedCopy>;
  meta: RequestMeta;
}

/** Who joined the old organization (active or invited) is invited to the new one, with their role there. */
function invitationsOf(archive: CheckedArchive, importerId: string, accountOf: (personId: string) => string | null) {
  const emailOf = new Map(archive.people.map((person) => [person.id, person]));
  return (archive.rows.get('memberships') ?? []).flatMap((membership) => {
    const person = emailOf.get(String(membership.user_id));
    if (!person || accountOf(person.id) === importerId) return [];
    if (membership.status !== 'active' && membership.status !== 'invited') return [];
    const role = roleSchema.safeParse(membership.role);
    // An organization has one owner, the importer: the old owner comes back as an admin.
    const invitedRole: Role = !role.success ? 'member' : role.data === 'owner' ? 'admin' : role.data;
    return [
      { email: person.email, role: invitedRole, teamIds: [], firstName: person.firstName, lastName: person.lastName },
    ];
  });
}

/**
 * In one transaction: the organization and its owner; every person of the archive found by e-mail or given an
 * account; those who were members invited to join (a mail each, after the commit), never let in unasked; every
 * row. A statement refused by the database leaves nothing to undo but the transaction.
 */
export async function restoreOrganization(
  deps: { db: Database; mailer: Mailer; appUrl: string },
  input: RestoreOrganizationInput,
): Promise<DataImportResult> {
  const { userId, organizationId, archive } = input;
  return inTenant(deps.db, { organizationId, userId }, async () => {
    const { name, ...settings } = archive.organization;
    await createOrganizationWithOwner(organizationId, { name, ownerUserId: userId, now: new Date() });
    if (Object.keys(settings).length > 0) await updateOrganization(organizationId, settings);
    // There is no switching between one's organizations in a session: the next sign-in opens the new one.
    await updateUser(userId, { lastOrganizationId: organizationId });

    const accounts = await insertInvitedAccounts(archive.people);
    const accountOf = (personId: string) => {
      const person = archive.people.find((one) => one.id === personId);
      return person ? (accounts.get(person.email.toLowerCase())?.userId ?? null) : null;
    };
    const outcome = await inviteMembers(
      organizationId,
      { userId },
      invitationsOf(archive, userId, accountOf),
      input.meta,
    );
    const delivery = await queueInvitationMails(deps, outcome, await invitationMailContext(organizationId, userId));
    const invitedEmails = new Set(outcome.created.map((created) => created.invitation.email.toLowerCase()));
    const people = new Map(
      archive.people.flatMap((person) => {
        const account = accounts.get(person.email.toLowerCase());
        if (!account) return [];
        return [
          [person.id, { userId: account.userId, invited: invitedEmails.has(person.email.toLowerCase()) }] as const,
        ];
      }),
    );

    const outcomeOfRows = await restoreRows({
      organizationId,
      oldOrganizationId: archive.manifest.organization.id,
      ownerId: userId,
      archive,
      tables: input.tables,
      people,
      copies: input.copies,
    });
    const others = archive.people.filter((person) => accounts.get(person.email.toLowerCase())?.userId !== userId);
    const created = others.filter((person) => accounts.get(person.email.toLowerCase())?.created).length;
    const leftOut = Object.entries(outcomeOfRows.leftOut).map(([table, count]) => ({
      table,
      reason: `${count} ${count === 1 ? 'row holds' : 'rows hold'} a file the export could not read`,
    }));
    const result: DataImportResult = {
      organizationId,
      organizationName: name,
      rows: outcomeOfRows.rows,
      files: input.copies.size,
      filesMissing: archive.missingFileIds.size,
      peopleMatched: others.length - created,
      peopleNew: created,
      invitationsSent: outcome.created.length,
      invitationsMailed: delivery.mailed,
      notRestored: [...outcomeOfRows.notRestored, ...leftOut],
    };
    await recordAuditEvent(organizationId, {
      actorUserId: userId,
      action: 'data_import.completed',
      targetType: 'organization',
      targetId: organizationId,
      summary: {
        exportedAt: archive.manifest.exportedAt,
        fromOrganizationName: archive.manifest.organization.name,
        files: result.files,
        filesMissing: result.filesMissing,
        peopleMatched: result.peopleMatched,
        peopleNew: result.peopleNew,
        invitationsSent: result.invitationsSent,
      },
      ...input.meta,
    });
    return result;
  });
}
